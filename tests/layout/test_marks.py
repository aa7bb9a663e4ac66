"""Cut marks by numbers: one line per shared edge, marks at the ends of occupied cuts only,
clear of art and of the footer, inside the printer margin, in the bleed or a guide where the
margin is too narrow."""

from __future__ import annotations

import pytest

from pnp.layout.blocks import Arrangement, Component, grid_block
from pnp.layout.furniture import Item
from pnp.layout.geometry import EPS, Box
from pnp.layout.kit import finish
from pnp.layout.marks import MIN_IN_BLEED, MIN_MARK, MarkRules, cut_lines, place_marks
from pnp.model.units import mm
from pnp.shapes import RECTANGLE
from tests.layout.conftest import GAMES, kit_of

ITEMS = [[Item("bar", mm(60), mm(3)), Item("text", mm(110), mm(3))],
         [Item("bar", mm(60), mm(3)), Item("text-1", mm(60), mm(3)), Item("text-2", mm(55), mm(3))]]
PRINTABLE = Box(mm(5), mm(5), mm(200), mm(287))


def poker(count: int) -> list[Component]:
    return [Component("cards", i, mm(63.5), mm(88.9), RECTANGLE, mm(3), mm(3), "x") for i in range(count)]


def placed_grid(count: int):
    block = grid_block(poker(count), 3, 3, 0, Arrangement("butted", mm(3)), (mm(200), mm(287)))
    return block.moved(mm(9.75), mm(15.15))


def test_a_shared_edge_is_one_cut_line():
    lines = cut_lines([placed_grid(9)])
    assert len(lines) == 8  # 4 across and 4 down for 3 × 3 touching cards


def test_marks_of_a_ragged_grid_point_only_at_occupied_cells():
    block = placed_grid(7)  # the last row holds one card: two empty cells
    cells = block.cells
    marks, guides = place_marks(cut_lines([block]), [c.clip_box for c in cells], [], MarkRules(mm(5), mm(1), PRINTABLE))
    assert not guides
    for mark in marks:
        line = mark.line
        vertical = abs(line.x0 - line.x1) < EPS
        at = line.x0 if vertical else line.y0
        # The mark continues a trim edge of an occupied card ...
        owners = [c for c in cells
                  if any(abs(at - e) < EPS for e in ((c.trim.x, c.trim.right) if vertical else (c.trim.y, c.trim.top)))]
        assert owners
        # ... and starts right outside that card's art: the nearest occupied card along its line
        # is at most bleed + gap away, so it never points across an empty cell.
        near = min(_distance(line, c.trim, vertical) for c in owners)
        assert near <= mm(3 + 1) + EPS
        # Outside the art; a mark in the bleed (no room beyond it) still never enters a card.
        assert not any((c.trim if mark.in_bleed else c.clip_box).overlaps(_thin(line), tol=0.02) for c in cells)


def _distance(line, trim: Box, vertical: bool) -> float:
    if vertical:
        return min(abs(y - e) for y in (line.y0, line.y1) for e in (trim.y, trim.top))
    return min(abs(x - e) for x in (line.x0, line.x1) for e in (trim.x, trim.right))


def _thin(line) -> Box:
    return Box(min(line.x0, line.x1) - 0.01, min(line.y0, line.y1) - 0.01, abs(line.x1 - line.x0) + 0.02,
               abs(line.y1 - line.y0) + 0.02)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", GAMES)
def test_marks_stay_inside_the_printer_margin_clear_of_art_and_footer(games, name, paper):
    kit, settings = kit_of(games[name], paper)
    for sheet in kit.sheets:
        done = finish(sheet, ITEMS, settings)
        printable = sheet.front.paper.box.inset(settings.margin)
        art = [c.clip_box for c in sheet.front.fronts]
        for mark in done.front_marks:
            box = _thin(mark.line)
            assert printable.contains(box, tol=0.02)
            assert not any(_thin(mark.line).overlaps(p.box.outset(mm(0.4))) for p in done.front_items)
            if mark.in_bleed:
                assert mark.line.length >= MIN_IN_BLEED - EPS
            else:
                assert mark.line.length >= MIN_MARK - EPS and not any(box.overlaps(a) for a in art)
        for item in done.front_items:
            assert printable.contains(item.box) and not any(item.box.overlaps(a) for a in art)


def test_on_letter_the_cards_vertical_cuts_have_no_room_for_marks_so_they_get_guides(games):
    kit, settings = kit_of(games["quatrefoil"], "letter")
    done = finish(kit.sheets[0], ITEMS, settings)
    vertical_guides = [g for g in done.guides if abs(g.cut.x1 - g.cut.x0) < EPS]
    vertical_marks = [m for m in done.front_marks if abs(m.line.x0 - m.line.x1) < EPS]
    assert len(vertical_guides) == 5 and not vertical_marks  # 3 columns, one separation
    across = [m for m in done.front_marks if abs(m.line.y0 - m.line.y1) < EPS]
    across_lines = [line for line in kit.sheets[0].lines if abs(line.start[1] - line.end[1]) < EPS]
    assert {round(m.line.y0, 3) for m in across} == {round(line.start[1], 3) for line in across_lines}


def test_on_a4_the_side_marks_sit_in_the_bleed(games):
    kit, settings = kit_of(games["quatrefoil"], "a4")
    done = finish(kit.sheets[0], ITEMS, settings)
    side = [m for m in done.front_marks if abs(m.line.y0 - m.line.y1) < EPS]
    assert side and all(m.in_bleed for m in side)
    for mark in side:  # from the cut outward: the end nearer the card is on its trim
        trims = [c.trim for c in kit.sheets[0].front.fronts]
        assert any(abs(min(mark.line.x0, mark.line.x1) - t.right) < EPS
                   or abs(max(mark.line.x0, mark.line.x1) - t.x) < EPS for t in trims)


def test_backs_carry_the_fronts_marks_mirrored(games):
    kit, settings = kit_of(games["trifoil"], "a4", flip="short")
    sheet = kit.sheets[0]
    done = finish(sheet, ITEMS, settings)
    assert len(done.back_marks) == len(done.front_marks)
    for front, back in zip(done.front_marks, done.back_marks):
        assert sheet.mirror.line(front.line) == back.line


def test_a_back_carries_only_the_marks_of_components_that_have_a_back(games):
    kit, settings = kit_of(games["folio"], "a4")
    sheet = kit.sheets[0]  # the pieces, which have backs, and the board's first part, which has none
    done = finish(sheet, ITEMS, settings)
    board = [c.trim for c in sheet.front.fronts if c.component.back is None]
    pieces = [c.trim for c in sheet.front.fronts if c.component.back is not None]
    assert board and pieces
    on_board = [m for m in done.front_marks if any(_at_edge(m.at, t) for t in board)]
    assert on_board and len(done.back_marks) == len(done.front_marks) - len(on_board)
    mirrored = {sheet.mirror.line(m.line) for m in done.front_marks if m not in on_board}
    assert set(m.line for m in done.back_marks) == mirrored
    assert not finish(kit.sheets[1], ITEMS, settings).back_marks  # the board's second part: a blank back


def _at_edge(point, box: Box) -> bool:
    return box.outset(0.01).contains(Box(point[0], point[1], 0, 0)) and not box.inset(0.01).contains(Box(*point, 0, 0))


def test_marks_of_no_length_are_no_marks_and_no_guides():
    block = placed_grid(9)
    assert place_marks(cut_lines([block]), [c.clip_box for c in block.cells], [],
                       MarkRules(0.0, mm(1), PRINTABLE)) == ([], [])
