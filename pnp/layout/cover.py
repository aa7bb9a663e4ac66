"""A game's component sets → an arrangement of a few of their pieces for a cover: pure geometry.

A cover shows the game the way a box lid does: its largest pieces arranged (cards fanned
as in a hand, hexagonal tiles as a small honeycomb, tokens and discs in two staggered
rows), and the smaller sets laid in a gentle arc across the front. Pieces keep their true
sizes relative to each other; the whole is scaled to fit the box it is given. Nothing
is random: the same sets always give the same cover.

Coordinates are points, y up, each placement the centre of a piece, its turn in degrees
(counter-clockwise) and the scale it is drawn at.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.shapes.geometry import rotated_rectangle

FAN = 5  # cards in the fan
FAN_STEP = 0.5  # of a card's width, from one card of a fan to the next
HONEYCOMB = 7  # tiles in the honeycomb: one and a ring around it
ROWS = 9  # tokens in the two staggered rows
ARC = 6  # pieces of each smaller set in the arc across the front
GAP = 0.08  # of a piece's width, between neighbours


@dataclass(frozen=True)
class CoverSet:
    """What a set brings to a cover: its shape (pnp.shapes: "rect", "hexagon", "circle"), the size of
    each of its distinct items (width, height in points) in the order to show them."""

    shape: str
    sizes: tuple[tuple[float, float], ...]

    @property
    def area(self) -> float:
        return max(w * h for w, h in self.sizes)


@dataclass(frozen=True)
class Placement:
    """One piece on the cover: item `item` of set `group`, centred at (x, y), turned and scaled."""

    group: int
    item: int
    x: float
    y: float
    turn: float
    scale: float


def arrange_cover(sets: Sequence[CoverSet], width: float, height: float) -> list[Placement]:
    """A few pieces of each set (at most three sets, largest first as given), in paint order,
    scaled together to fit width × height and centred in it."""
    if not sets:
        return []
    order = sorted(range(len(sets)), key=lambda i: -sets[i].area)[:3]
    placed = _centre_piece(order[0], sets[order[0]])
    rest = order[1:]
    if rest and _alike(sets[order[0]], sets[rest[0]]) and placed[0].turn:
        # Two decks of cards: two fans side by side, overlapping.
        second = _centre_piece(rest[0], sets[rest[0]])
        shift = 0.8 * (bounds(placed, sets)[2] - bounds(placed, sets)[0])
        placed = [_moved(p, -shift / 2, 0) for p in placed] + [_moved(p, shift / 2, 0) for p in second]
        rest = rest[1:]
    floor = _bottom(placed, sets)
    for rank, index in enumerate(rest):
        arc = _arc(index, sets[index], floor, rank)
        placed += arc
        floor = min(floor, _bottom(arc, sets))
    return _fitted(placed, sets, width, height)


def _alike(a: CoverSet, b: CoverSet) -> bool:
    """Sets of one shape and about one size (two decks of cards)."""
    return a.shape == b.shape and 0.8 <= b.area / a.area <= 1.25


def _moved(placement: Placement, dx: float, dy: float) -> Placement:
    return Placement(placement.group, placement.item, placement.x + dx, placement.y + dy, placement.turn,
                     placement.scale)


def _centre_piece(group: int, cover_set: CoverSet) -> list[Placement]:
    w, h = cover_set.sizes[0]
    if cover_set.shape == "hexagon":
        return _honeycomb(group, cover_set, w, h)
    if cover_set.shape == "rect" and max(w, h) > 1.2 * min(w, h) and len(cover_set.sizes) > 1:
        return _fan(group, cover_set, w, h)
    return _rows(group, cover_set, w, h)


def _fan(group: int, cover_set: CoverSet, w: float, h: float) -> list[Placement]:
    """Cards fanned as in a hand, about a point below them."""
    count = min(FAN, len(cover_set.sizes))
    radius = 2.2 * h
    step = math.degrees(FAN_STEP * w / radius)
    placed = []
    for index in range(count):
        angle = step * (index - (count - 1) / 2)
        turn = math.radians(angle)
        # The first card on the left, leaning left; each next one over it, leaning further right.
        placed.append(Placement(group, index, radius * math.sin(turn), radius * math.cos(turn) - radius, -angle, 1.0))
    return placed


def _honeycomb(group: int, cover_set: CoverSet, w: float, h: float) -> list[Placement]:
    """Flat-topped tiles: one in the middle and as many as there are around it, clockwise from the top."""
    step_x, step_y = 0.75 * w * (1 + GAP), h * (1 + GAP)
    around = [(0, step_y), (step_x, step_y / 2), (step_x, -step_y / 2), (0, -step_y), (-step_x, -step_y / 2),
              (-step_x, step_y / 2)]
    spots = [(0.0, 0.0), *around][:min(HONEYCOMB, len(cover_set.sizes))]
    return [Placement(group, index, x, y, 0.0, 1.0) for index, (x, y) in enumerate(spots)]


def _rows(group: int, cover_set: CoverSet, w: float, h: float) -> list[Placement]:
    """Two staggered rows, the second half a step along, each piece a little turned."""
    count = min(ROWS, len(cover_set.sizes))
    top = (count + 1) // 2
    step = max(max(size) for size in cover_set.sizes[:count]) * (1 + GAP)
    placed = []
    for index in range(count):
        row, column = (0, index) if index < top else (1, index - top + 0.5)
        turn = (-3.0, 2.0, -1.5, 3.5)[index % 4] if cover_set.shape != "circle" else 0.0
        placed.append(Placement(group, index, (column - (top - 1) / 2) * step, -row * step * 0.92, turn, 1.0))
    return placed


def _arc(group: int, cover_set: CoverSet, floor: float, rank: int) -> list[Placement]:
    """A few pieces in a gentle arc, overlapping the foot of what is already there."""
    count = min(ARC, len(cover_set.sizes))
    w, h = cover_set.sizes[0]
    step = max(w, h) * (1 + GAP) * (1.4 if rank else 1.0)
    middle = (count - 1) / 2
    placed = []
    for index in range(count):
        offset = index - middle
        y = floor + 0.35 * h - 0.12 * step * offset * offset / max(middle, 1.0)
        turn = (-8.0, 5.0, -4.0, 9.0)[index % 4] if cover_set.shape != "circle" else 0.0
        placed.append(Placement(group, index, offset * step + (0.3 * step if rank else 0.0), y, turn, 1.0))
    return placed


def _corners(placement: Placement, sets: Sequence[CoverSet]) -> tuple[tuple[float, float], ...]:
    w, h = sets[placement.group].sizes[placement.item]
    return rotated_rectangle(placement.x, placement.y, w * placement.scale, h * placement.scale, placement.turn)


def _bottom(placed: list[Placement], sets: Sequence[CoverSet]) -> float:
    return min(y for p in placed for _, y in _corners(p, sets))


def bounds(placed: list[Placement], sets: Sequence[CoverSet]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) every piece of the arrangement covers."""
    corners = [c for p in placed for c in _corners(p, sets)]
    return (min(c[0] for c in corners), min(c[1] for c in corners), max(c[0] for c in corners),
            max(c[1] for c in corners))


def _fitted(placed: list[Placement], sets: Sequence[CoverSet], width: float, height: float) -> list[Placement]:
    x0, y0, x1, y1 = bounds(placed, sets)
    scale = min(width / (x1 - x0), height / (y1 - y0))
    dx, dy = width / 2 - (x0 + x1) / 2 * scale, height / 2 - (y0 + y1) / 2 * scale
    return [Placement(p.group, p.item, p.x * scale + dx, p.y * scale + dy, p.turn, p.scale * scale) for p in placed]
