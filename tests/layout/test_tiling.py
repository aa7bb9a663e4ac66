"""Boards by numbers: one block if it fits, else numbered parts with glue tabs whose alignment
triangles sit at the same places on both sides of every join."""

from __future__ import annotations

import pytest

from pnp.layout.blocks import Component
from pnp.layout.geometry import EPS
from pnp.layout.paper import PAPERS
from pnp.layout.tiling import TAB, board_parts
from pnp.model.units import mm
from pnp.shapes import RECTANGLE


def board(width: float, height: float) -> Component:
    return Component("board", 0, mm(width), mm(height), RECTANGLE, 0.0, mm(3), None)


def parts_on(component: Component, paper: str = "a4"):
    papers = PAPERS[paper].orientations()
    return board_parts(component, [p.box.inset(mm(5)) for p in papers], [p.box for p in papers])


def regions(parts):
    """Each part's piece of the board in board coordinates (trim less its tabs)."""
    found = []
    for part in parts:
        [cell] = part.cells
        shift_x, shift_y = cell.art.x + mm(3), cell.art.y + mm(3)  # the board's corner in the block
        tabs = part.details.tabs
        w = cell.trim.w - (TAB if any(t.side == "right" for t in tabs) else 0)
        h = cell.trim.h - (TAB if any(t.side == "bottom" for t in tabs) else 0)
        y = TAB if any(t.side == "bottom" for t in tabs) else 0.0
        found.append((-shift_x, y - shift_y, w, h))
    return found


def test_folios_board_prints_in_two_parts_with_one_glue_tab():
    parts = parts_on(board(224, 224))
    assert len(parts) == 2
    first, second = parts
    assert first.cells[0].trim.w == pytest.approx(mm(112) + TAB) and second.cells[0].trim.w == pytest.approx(mm(112))
    [tab] = first.details.tabs
    assert (tab.side, tab.under) == ("right", 2) and not second.details.tabs
    assert [p.details.part.number for p in parts] == [1, 2]


def test_the_parts_cover_the_board_exactly_once():
    for size in ((224, 224), (600, 400)):
        parts = parts_on(board(*size))
        area = sum(w * h for _, _, w, h in regions(parts))
        assert area == pytest.approx(mm(size[0]) * mm(size[1]))
        xs = sorted({round(x, 4) for x, _, _, _ in regions(parts)})
        assert xs[0] == pytest.approx(0)


def test_alignment_triangles_sit_at_the_same_places_on_both_sides_of_a_join():
    first, second = parts_on(board(224, 224))
    tips = []
    for part in (first, second):
        [cell] = part.cells
        corner = (cell.art.x + mm(3), cell.art.y + mm(3))
        tips.append(sorted((round(t[0][0] - corner[0], 4), round(t[0][1] - corner[1], 4))
                           for t in part.details.notches))
    assert tips[0] == tips[1] and len(tips[0]) == 3
    assert all(x == pytest.approx(mm(112), abs=1e-3) for x, _ in tips[0])


def test_a_large_board_is_numbered_row_by_row_with_tabs_to_the_right_and_below():
    parts = parts_on(board(600, 400))
    cols = max(p.details.part.col for p in parts) + 1
    for part in parts:
        info = part.details.part
        assert info.number == info.row * cols + info.col + 1
        sides = {t.side for t in part.details.tabs}
        assert ("right" in sides) == (info.col < info.cols - 1) and ("bottom" in sides) == (info.row < info.rows - 1)
        assert part.width <= mm(287) + EPS and part.height <= mm(287) + EPS


def test_a_board_that_fits_is_one_block_without_tabs():
    [part] = parts_on(board(180, 250))
    assert part.details is None and not part.edge_to_edge
