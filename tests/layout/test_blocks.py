"""Blocks of cells by numbers: shared cuts, separations between different backs, gutters, honeycombs."""

from __future__ import annotations

import math

import pytest

from pnp.layout.blocks import (
    MIN_SEPARATION,
    Arrangement,
    Component,
    assign,
    grid_block,
    honeycomb_block,
    honeycomb_size,
)
from pnp.layout.geometry import EPS, Box
from pnp.model.units import mm
from pnp.shapes import HEXAGON, RECTANGLE

BUTTED = Arrangement("butted", mm(3))
ROOM = (mm(200), mm(287))  # A4 inside a 5 mm printer margin


def poker(backs: str) -> list[Component]:
    """One poker card per letter, the letter its back class."""
    return [Component("cards", i, mm(63.5), mm(88.9), RECTANGLE, mm(3), mm(3), back) for i, back in enumerate(backs)]


def edges(block, axis: int) -> list[float]:
    values = sorted({round(v, 6) for c in block.cells
                     for v in ((c.trim.x, c.trim.right) if axis == 0 else (c.trim.y, c.trim.top))})
    return values


def clip_box(cell) -> Box:
    return cell.clip_box


def test_a_butted_3x3_shares_every_interior_cut_and_bleeds_only_outside():
    block = grid_block(poker("x" * 9), 3, 3, 0, BUTTED, ROOM)
    assert (block.width, block.height) == pytest.approx((mm(190.5), mm(266.7)))
    assert len(edges(block, 0)) == 4 and len(edges(block, 1)) == 4  # one cut per shared edge
    middle = block.cells[4]
    assert clip_box(middle).rect == pytest.approx(middle.trim.rect)  # an inner card has no bleed of its own
    corner = block.cells[0]
    grown = clip_box(corner)
    assert (corner.trim.x - grown.x, grown.top - corner.trim.top) == pytest.approx((mm(3), mm(3)))
    assert (grown.right - corner.trim.right, corner.trim.y - grown.y) == pytest.approx((0, 0))


@pytest.mark.parametrize("room", [(mm(200), mm(287)), (mm(205.9), mm(269.4))], ids=["a4", "letter"])
def test_nine_poker_cards_fit_a4_and_letter_inside_the_printer_margin(room):
    assert grid_block(poker("x" * 9), 3, 3, 0, BUTTED, room) is not None


def test_gutter_gives_every_card_its_own_bleed_and_a_gap():
    block = grid_block(poker("xy"), 2, 1, 0, Arrangement("gutter", mm(3), mm(2)), ROOM)
    a, b = block.cells
    assert b.trim.x - a.trim.right == pytest.approx(mm(3 + 3 + 2))
    assert clip_box(a).rect == pytest.approx(a.trim.outset(mm(3)).rect)


def neighbours(block):
    cells = block.cells
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            same_row = abs(a.trim.y - b.trim.y) < EPS and abs(a.trim.h - b.trim.h) < EPS
            same_col = abs(a.trim.x - b.trim.x) < EPS
            gap = (max(b.trim.x - a.trim.right, a.trim.x - b.trim.right) if same_row else
                   max(b.trim.y - a.trim.top, a.trim.y - b.trim.top) if same_col else None)
            if gap is not None and gap < mm(10):
                yield a, b, gap


def test_cards_with_different_backs_never_share_a_cut():
    block = grid_block(poker("ccccc" + "pppp"), 3, 3, 0, BUTTED, ROOM)
    pairs = list(neighbours(block))
    assert len(pairs) == 12
    for a, b, gap in pairs:
        if a.component.back != b.component.back:
            assert gap >= MIN_SEPARATION - EPS
            # each side's art reaches the middle of the gap (up to its bleed): its own back, never the other's
            reach = min(mm(3), gap / 2)
            first, second = sorted((a, b), key=lambda c: (c.trim.x, -c.trim.y))
            if abs(a.trim.y - b.trim.y) < EPS:
                assert clip_box(first).right - first.trim.right == pytest.approx(reach)
                assert second.trim.x - clip_box(second).x == pytest.approx(reach)
            else:
                upper, lower = sorted((a, b), key=lambda c: -c.trim.y)
                assert upper.trim.y - clip_box(upper).y == pytest.approx(reach)
                assert clip_box(lower).top - lower.trim.top == pytest.approx(reach)
        assert not clip_box(a).overlaps(clip_box(b))


def test_the_fewest_separation_lines_are_chosen():
    panes = assign(poker("ccccc" + "pppp"), 3, 3)
    assert len(panes.cols) + len(panes.rows) == 2  # 5 and 4 cannot be parted by one straight line
    panes = assign(poker("cccccc" + "ppp"), 3, 3)
    assert (len(panes.cols), len(panes.rows)) == (0, 1)
    assert assign(poker("abcde"), 5, 1) is None  # five back designs in one row need four lines


def test_a_separation_shrinks_to_fit_but_never_below_two_millimetres():
    letter = (mm(205.9), mm(3 * 88.9 + 2.7))
    block = grid_block(poker("ccccc" + "pppp"), 3, 3, 0, BUTTED, letter)
    assert block.height == pytest.approx(mm(3 * 88.9 + 2.7))
    assert grid_block(poker("ccccc" + "pppp"), 3, 3, 0, BUTTED, (mm(205.9), mm(3 * 88.9 + 1.9))) is None


def test_a_turned_grid_turns_its_cells_and_their_art():
    block = grid_block(poker("xx"), 2, 1, 90, BUTTED, ROOM)
    assert all(c.turn == 90 and c.trim.w == pytest.approx(mm(88.9)) for c in block.cells)
    assert block.cells[0].art_box.w == pytest.approx(mm(88.9 + 6))


def hexes(count: int) -> list[Component]:
    return [Component("tiles", i, mm(60), mm(60) * math.sqrt(3) / 2, HEXAGON, 0.0, mm(2), "t") for i in range(count)]


def test_a_butted_honeycomb_shares_each_edge_and_bleeds_only_around_the_outside():
    block = honeycomb_block(hexes(12), 3, 4, Arrangement("butted", mm(2), guides=True, lattice="honeycomb"))
    apothem = mm(60) * math.sqrt(3) / 4
    centres = [c.trim.centre for c in block.cells]
    shared = 0
    for i, a in enumerate(block.cells):
        for j, b in enumerate(block.cells[i + 1:], start=i + 1):
            if abs(math.dist(centres[i], centres[j]) - 2 * apothem) < 1e-6:
                shared += 1
                common = {(round(x, 4), round(y, 4)) for x, y in a.clip} & {(round(x, 4), round(y, 4))
                                                                            for x, y in b.clip}
                assert len(common) == 2  # the shared edge is the same line in both clips
    assert shared == 23
    # 12 hexagons have 72 edges; each shared one is drawn (and cut) once.
    assert len(block.guides) == 72 - shared
    outer = block.cells[0]  # top of the first column: its top edge is outside, grown by the bleed
    top = max(y for _, y in outer.clip)
    assert top - outer.trim.centre[1] == pytest.approx(apothem + mm(2))


def test_a_honeycomb_with_a_gutter_gives_each_hexagon_its_own_bleed_and_white_paper_around_it():
    block = honeycomb_block(hexes(12), 3, 4, Arrangement("gutter", mm(2), mm(2), guides=True, lattice="honeycomb"))
    apothem = mm(60) * math.sqrt(3) / 4
    centres = [c.trim.centre for c in block.cells]
    neighbours = 0
    for i, a in enumerate(centres):
        for b in centres[i + 1:]:
            apart = math.dist(a, b)
            assert apart >= 2 * apothem + mm(6) - EPS  # facing edges: bleed, 2 mm of paper, bleed
            neighbours += abs(apart - (2 * apothem + mm(6))) < EPS
    assert neighbours == 23  # the same honeycomb, spread evenly
    for cell in block.cells:  # bleed on all six sides
        assert all(math.dist(cell.trim.centre, corner) == pytest.approx((apothem + mm(2)) * 2 / math.sqrt(3))
                   for corner in cell.clip)
    # Each hexagon's own outline is its cut, drawn on it.
    assert [g.owner for g in block.guides] == [c.component for c in block.cells]
    assert (block.width, block.height) == pytest.approx(honeycomb_size(3, 4, mm(60), mm(6)))
