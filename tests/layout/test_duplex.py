"""Where a back lands behind its front: mirrors for both flips on both orientations, by numbers."""

from __future__ import annotations

import pytest

from pnp.layout.geometry import Box, Line
from pnp.layout.paper import PAPERS, Paper
from pnp.layout.sheet import (
    Mirror,
    back_line,
    back_slot,
    mirror_of,
    turns_about_vertical,
)
from pnp.model.units import mm

A4 = PAPERS["a4"]
CARD = Box(mm(20), mm(30), mm(63.5), mm(88.9))


def test_paper_sizes_and_orientation():
    assert (round(A4.width, 3), round(A4.height, 3)) == (round(mm(210), 3), round(mm(297), 3))
    assert PAPERS["letter"].landscape() == Paper("letter", 792, 612)
    assert A4.orientations() == (A4, A4.landscape())


def test_back_on_long_edge_is_mirrored_left_right_and_upright():
    placement = back_slot(CARD, A4, "long")
    assert placement.box.x == pytest.approx(A4.width - CARD.x - CARD.w) and placement.box.y == pytest.approx(CARD.y)
    assert placement.rotation == 0


def test_back_on_short_edge_is_mirrored_top_bottom_and_turned():
    placement = back_slot(CARD, A4, "short")
    assert placement.box.x == pytest.approx(CARD.x) and placement.box.y == pytest.approx(A4.height - CARD.y - CARD.h)
    assert placement.rotation == 180


def test_landscape_paper_swaps_which_flip_mirrors_which_way():
    landscape = A4.landscape()
    assert turns_about_vertical(A4, "long") and not turns_about_vertical(landscape, "long")
    assert back_slot(CARD, landscape, "long").box.y == pytest.approx(landscape.height - CARD.y - CARD.h)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_turning_twice_puts_a_back_where_it_started(flip):
    mirror = mirror_of(A4, flip)
    assert mirror.box(mirror.box(CARD)).rect == pytest.approx(CARD.rect)
    line = Line(1, 2, 3, 4)
    assert mirror.line(mirror.line(line)) == line
    assert back_line(line, A4, flip) == mirror.line(line)


def test_an_offset_moves_the_back_by_that_much():
    offset = (mm(1.5), mm(-0.5))
    moved, still = back_slot(CARD, A4, "long", offset).box, back_slot(CARD, A4, "long").box
    assert (moved.x - still.x, moved.y - still.y) == pytest.approx(offset)


def test_the_back_of_a_turned_card_is_upright_when_the_card_is_turned_over_about_its_own_axis():
    # Turned over left-right (long edge on portrait paper), the mirror reverses a turn;
    # turned over top-bottom, it also adds a half turn.
    assert [Mirror(True, 0).turn(t) for t in (0, 90, 180, 270)] == [0, 270, 180, 90]
    assert [Mirror(False, 0).turn(t) for t in (0, 90, 180, 270)] == [180, 90, 0, 270]
