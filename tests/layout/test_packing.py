"""Kits laid out by numbers: sheet counts, trims inside the printer margin, nothing overlapping,
small parts beside boards, sets on sheets of their own, turning to fit more, fold-over sheets."""

from __future__ import annotations

import dataclasses
import math

import pytest

from pnp.layout.blocks import Arrangement, Component
from pnp.layout.geometry import EPS, DoesNotFit
from pnp.layout.kit import lay_out
from pnp.layout.packing import Group, build, pack
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import CUT_GAP, arrangement_for, settings_for
from pnp.model import load_game
from pnp.model.sheets import SheetChoices
from pnp.model.units import mm
from pnp.shapes import CIRCLE, HEXAGON, RECTANGLE
from tests.layout.conftest import GAMES, kit_of

# Before the sheet issue: 11 sheets on A4 and 12 on Letter for a one-language kit.
SHEETS = {"quatrefoil": 2, "trifoil": 1, "boardless-quarto": 1, "folio": 2}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_four_games_need_six_sheets_on_each_paper(games, paper):
    counts = {name: len(kit_of(games[name], paper)[0].sheets) for name in GAMES}
    assert counts == SHEETS


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", GAMES)
def test_trims_stay_inside_the_printer_margin_and_art_never_overlaps(games, name, paper):
    kit, settings = kit_of(games[name], paper)
    for sheet in kit.sheets:
        printable = sheet.front.paper.box.inset(settings.margin)
        cells = sheet.front.fronts
        for i, cell in enumerate(cells):
            assert printable.contains(cell.trim)
            for other in cells[i + 1:]:
                if cell.component.shape is other.component.shape is HEXAGON:
                    assert polygon_gap(cell.clip, other.clip) >= CUT_GAP - EPS  # white paper between their bleeds
                else:
                    assert not cell.clip_box.overlaps(other.clip_box), (cell, other)
                if cell.component.shape is other.component.shape is CIRCLE:
                    assert _box_gap(cell.clip_box, other.clip_box) >= CUT_GAP - EPS


def polygon_gap(a, b) -> float:
    """The least distance between two convex polygons that do not overlap (their corner lists):
    from a corner of one to a side of the other."""
    def sides(poly):
        return list(zip(poly, (*poly[1:], poly[0])))

    return min(_to_segment(point, *side) for one, other in ((a, b), (b, a)) for point in one for side in sides(other))


def _to_segment(point, p, q) -> float:
    (x, y), (x0, y0), (x1, y1) = point, p, q
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - x0 - t * dx, y - y0 - t * dy)


def _box_gap(a, b) -> float:
    return max(b.x - a.right, a.x - b.right, b.y - a.top, a.y - b.top)


def test_small_parts_fill_the_room_the_board_leaves(games):
    kit, _ = kit_of(games["folio"], "a4")
    first, second = kit.sheets
    assert first.sets == ("pieces", "board") and len(first.front.fronts) == 17
    assert second.sets == ("board",) and second.blank_back
    assert [p.number for s in kit.sheets for p in s.parts] == [1, 2]


def test_a_set_may_ask_for_sheets_of_its_own(games):
    game = games["folio"]
    board = dataclasses.replace(game.sets[1], sheet=SheetChoices(own_sheets=True))
    kit = lay_out((game.sets[0], board), game.sheets, PAPERS["a4"], settings_for(game.sheets))
    assert [s.sets for s in kit.sheets] == [("pieces",), ("board",), ("board",)]


def cards(width: float, height: float, count: int) -> list[Component]:
    return [Component("cards", i, mm(width), mm(height), RECTANGLE, 0.0, mm(3), "x") for i in range(count)]


def test_components_turn_where_turned_they_fit_more():
    room = (mm(200), mm(130))
    upright = Group("cards", Arrangement("butted", mm(3), turnable=False), cards(60, 95, 10))
    turnable = Group("cards", Arrangement("butted", mm(3)), cards(60, 95, 10))
    assert len(build(upright, upright.components, room).cells) == 3  # 3 × 1 upright
    block = build(turnable, turnable.components, room)
    assert len(block.cells) == 4 and all(c.turn == 90 for c in block.cells)  # 2 × 2 turned


def test_a_board_that_fits_only_the_paper_keeps_its_size_on_a_page_of_its_own():
    board = Component("board", 0, mm(205), mm(290), RECTANGLE, 0.0, mm(3), None)
    from pnp.layout.tiling import board_parts

    a4 = PAPERS["a4"]
    [part] = board_parts(board, [p.box.inset(mm(5)) for p in a4.orientations()], [p.box for p in a4.orientations()])
    assert part.edge_to_edge
    [page] = pack([Group("board", Arrangement("butted", mm(3)), parts=[part])], a4.orientations(),
                  lambda p: [p.box.inset(mm(5))], mm(6))
    [cell] = page.blocks[0].cells
    assert (cell.trim.w, cell.trim.h) == pytest.approx((mm(205), mm(290)))
    assert cell.trim.x == pytest.approx(mm(2.5)) and cell.trim.y == pytest.approx(mm(3.5))


def test_a_component_larger_than_the_paper_is_an_error_naming_its_set():
    group = Group("huge-cards", Arrangement("butted", mm(3)), cards(250, 300, 1))
    with pytest.raises(DoesNotFit, match="huge-cards does not fit on a4") as raised:
        pack([group], PAPERS["a4"].orientations(), lambda p: [p.box.inset(mm(5))], mm(6))
    assert raised.value.set_id == group.components[0].set_id


def test_fold_sheets_hold_backs_mirrored_across_the_fold_and_nothing_crosses_it(games):
    kit, _ = kit_of(games["quatrefoil"], "a4", layout="fold")
    assert not kit.two_sided and len(kit.sheets) >= 2
    for sheet in kit.sheets:
        side, fold = sheet.front, sheet.front.fold
        assert sheet.back is None and fold is not None
        assert len(side.backs) == len(side.fronts)
        for front, back in zip(side.fronts, side.backs):
            assert sheet.mirror.box(front.trim).rect == pytest.approx(back.trim.rect)
        for cell in (*side.fronts, *side.backs):
            box = cell.clip_box
            if fold.y0 == fold.y1:  # a fold across the page
                assert box.top <= fold.y0 + EPS or box.y >= fold.y0 - EPS
            else:
                assert box.right <= fold.x0 + EPS or box.x >= fold.x0 - EPS


def test_a_kit_without_backs_is_one_sided(make_game):
    board_only = """\
sets:
  board:
    kind: board
    width: 300mm
    height: 250mm
    items: [{id: board}]
    front: {background: gold}
"""
    game = load_game(make_game({"components.yaml": board_only}))
    kit = lay_out(game.sets, game.sheets, PAPERS["a4"], settings_for(game.sheets))
    assert not kit.two_sided and all(s.back is None for s in kit.sheets) and len(kit.sheets) == 2


def test_the_layout_override_changes_what_each_shape_can_take(games):
    kit, _ = kit_of(games["quatrefoil"], "a4", layout="gutter")
    cards_sheet = kit.sheets[0]
    trims = sorted(c.trim.x for c in cards_sheet.front.fronts if c.component.set_id.endswith("cards"))
    gaps = {round(b - a, 3) for a, b in zip(trims, trims[1:]) if b - a > EPS}
    assert min(gaps) >= mm(63.5 + 6) - EPS  # every card with its own bleed


def test_discs_and_hexagons_stand_a_white_gap_apart_unless_hexagons_are_butted(games):
    trifoil = games["trifoil"]
    tiles, links, markers = trifoil.sets
    assert arrangement_for(tiles, trifoil.sheets) == Arrangement("gutter", mm(2), CUT_GAP, True, lattice="honeycomb")
    assert arrangement_for(markers, trifoil.sheets) == Arrangement("gutter", mm(2), CUT_GAP, True)
    assert arrangement_for(links, trifoil.sheets) == Arrangement("butted", mm(2), 0.0, False)  # rectangles share cuts
    # Hexagons sharing edges, on request; a grid of hexagons; a gutter of the game's own.
    assert arrangement_for(tiles, trifoil.sheets, "butted").kind == "butted"
    assert arrangement_for(tiles, trifoil.sheets, "butted").lattice == "honeycomb"
    assert arrangement_for(tiles, trifoil.sheets, "gutter").lattice == "grid"
    narrow = dataclasses.replace(trifoil.sheets, gutter=mm(1))
    assert arrangement_for(tiles, narrow).gutter == arrangement_for(markers, narrow).gutter == mm(1)


def test_on_fold_over_sheets_only_components_with_backs_fold(games):
    kit, _ = kit_of(games["folio"], "a4", layout="fold")
    folded = [s for s in kit.sheets if s.front.fold is not None]
    whole = [s for s in kit.sheets if s.front.fold is None]
    assert [s.sets for s in folded] == [("pieces",)] and [s.sets for s in whole] == [("board",), ("board",)]
    assert all(not s.front.backs for s in whole)  # the board has no back: whole pages, no mirrored marks
    pieces = folded[0]
    fronts = [line for line in pieces.lines if line.start[1] > pieces.front.paper.height / 2]
    assert len(pieces.lines) == 2 * len(fronts)  # every cut line again behind, on the other half
