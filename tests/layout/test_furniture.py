"""Footer items by numbers: at the foot where there is room, else in the widest margin, turned."""

from __future__ import annotations

import pytest

from pnp.layout.furniture import Item, place_items
from pnp.layout.geometry import Box, DoesNotFit, Line
from pnp.model.units import mm

PRINTABLE = Box(mm(5), mm(5), mm(200), mm(287))
ITEMS = [Item("bar", mm(60), mm(3)), Item("text", mm(100), mm(3))]


def test_items_go_at_the_foot_when_there_is_room():
    art = [Box(mm(10), mm(20), mm(190), mm(260))]
    placed = place_items([ITEMS], art, [], PRINTABLE)
    assert all(p.box.y == pytest.approx(mm(5)) and p.turn == 0 for p in placed)
    assert not placed[0].box.overlaps(placed[1].box)


def test_without_room_at_foot_or_top_they_turn_into_the_widest_side_margin():
    art = [Box(mm(15), mm(5), mm(180), mm(287))]  # Letter-like: no room above or below
    placed = place_items([ITEMS], art, [], PRINTABLE)
    assert all(p.turn == 90 for p in placed)
    assert all(p.box.right <= mm(15) or p.box.x >= mm(195) for p in placed)


def test_an_item_takes_the_place_that_cuts_fewest_marks():
    marks = [Line(mm(x), mm(5), mm(x), mm(10)) for x in (20, 90, 160)]
    [text] = place_items([[Item("text", mm(60), mm(3))]], [Box(mm(5), mm(20), mm(200), mm(250))], marks, PRINTABLE)
    assert text.box.y == pytest.approx(mm(5))
    assert not any(text.box.x < m.x0 < text.box.right for m in marks)


def test_a_text_too_long_for_any_place_is_tried_in_two_parts_and_else_refused():
    art = [Box(mm(5), mm(10), mm(200), mm(277))]
    long_line = [Item("text", mm(250), mm(3))]
    halves = [Item("text-1", mm(120), mm(3)), Item("text-2", mm(120), mm(3))]
    assert [p.name for p in place_items([long_line, halves], art, [], PRINTABLE)] == ["text-1", "text-2"]
    with pytest.raises(DoesNotFit):
        place_items([long_line], art, [], PRINTABLE)
