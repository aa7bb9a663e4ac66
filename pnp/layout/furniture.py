"""A sheet's footer items (scale bar, footer text, a board's map) → where they print.

Items go along the inside of the printer margin: at the foot where there is room,
else at the top, else in the widest margin (the side with the most room between the
margin and the art), upright at the top and bottom and turned 90° (reading upwards)
at the sides. An item never covers art, the other items or a paper edge's margin;
along its side it takes the free place that cuts the fewest full-length cut marks
(marks are placed after it and shortened where it stands), so the footer stays
together at the foot. A text too long for any free place is tried in two parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.layout.geometry import EPS, Box, DoesNotFit, Line
from pnp.model.units import mm

CLEARANCE = mm(0.8)  # between an item and art, or a mark it would cut
BETWEEN = mm(4)  # between two items: the footer's text never runs into the scale bar


@dataclass(frozen=True)
class Item:
    """Something to place, measured as it reads: w along its baseline, h across."""

    name: str
    w: float
    h: float


@dataclass(frozen=True)
class Placed:
    """An item's box on the page; turn 90: it reads upwards (the box is h wide, w tall)."""

    name: str
    box: Box
    turn: int = 0


SIDES = ("bottom", "top", "left", "right")


def place_items(variants: Sequence[Sequence[Item]], ink: Sequence[Box], marks: Sequence[Line],
                printable: Box) -> list[Placed]:
    """The first variant whose items all find a place; DoesNotFit if none does."""
    for items in variants:
        placed = _place_all(items, ink, marks, printable)
        if placed is not None:
            return placed
    raise DoesNotFit("no room inside the printer margin for the sheet's footer and scale bar")


def _place_all(items: Sequence[Item], ink: Sequence[Box], marks: Sequence[Line], printable: Box) -> list[Placed] | None:
    placed: list[Placed] = []
    for item in sorted(items, key=lambda i: -i.w):
        order = _sides_by_room(ink, printable, item.h + 2 * CLEARANCE)
        hard = [b.outset(CLEARANCE) for b in ink] + [p.box.outset(BETWEEN) for p in placed]
        spot = _best_spot(item, order, hard, marks, printable)
        if spot is None:
            return None
        placed.append(spot)
    return sorted(placed, key=lambda p: [i.name for i in items].index(p.name))


def _sides_by_room(ink: Sequence[Box], printable: Box, needed: float) -> list[str]:
    """The sides with room for an item `needed` deep all along, foot first; then the others, widest first."""
    if not ink:
        return list(SIDES)
    room = {"bottom": min(b.y for b in ink) - printable.y, "top": printable.top - max(b.top for b in ink),
            "left": min(b.x for b in ink) - printable.x, "right": printable.right - max(b.right for b in ink)}
    return sorted(SIDES, key=lambda side: (room[side] < needed, 0 if room[side] >= needed else -room[side],
                                           SIDES.index(side)))


def _best_spot(item: Item, sides: list[str], hard: Sequence[Box], marks: Sequence[Line],
               printable: Box) -> Placed | None:
    best, best_key = None, None
    for rank, side in enumerate(sides):
        for start in _starts(item, side, hard, marks, printable):
            spot = _spot(item, side, start, printable)
            key = (rank, sum(_crosses(spot.box, mark) for mark in marks), round(start, 3))
            if best_key is None or key < best_key:
                best, best_key = spot, key
    return best


def _spot(item: Item, side: str, start: float, printable: Box) -> Placed:
    if side == "bottom":
        return Placed(item.name, Box(start, printable.y, item.w, item.h))
    if side == "top":
        return Placed(item.name, Box(start, printable.top - item.h, item.w, item.h))
    x = printable.x if side == "left" else printable.right - item.h
    return Placed(item.name, Box(x, start, item.h, item.w), 90)


def _starts(item: Item, side: str, hard: Sequence[Box], marks: Sequence[Line], printable: Box) -> list[float]:
    """Positions along the side where the item covers no hard obstacle: each free stretch's
    start and end, and just beside every mark that crosses the band."""
    band = _spot(item, side, 0.0, printable).box
    horizontal = side in ("bottom", "top")
    low, high = (printable.x, printable.right) if horizontal else (printable.y, printable.top)
    blocked = sorted(_span(box, horizontal) for box in hard if _meets_band(box, band, horizontal))
    starts = []
    for a, b in _free(low, high, blocked):
        if b - a + EPS < item.w:
            continue
        wanted = [a, b - item.w]
        for mark in marks:
            at = _span(Box(min(mark.x0, mark.x1), min(mark.y0, mark.y1),
                           abs(mark.x1 - mark.x0), abs(mark.y1 - mark.y0)), horizontal)
            wanted += [at[1] + CLEARANCE, at[0] - CLEARANCE - item.w]
        starts += [s for s in wanted if a - EPS <= s <= b - item.w + EPS]
    return sorted(set(starts))


def _span(box: Box, horizontal: bool) -> tuple[float, float]:
    return (box.x, box.right) if horizontal else (box.y, box.top)


def _meets_band(box: Box, band: Box, horizontal: bool) -> bool:
    if horizontal:
        return box.y < band.top - EPS and box.top > band.y + EPS
    return box.x < band.right - EPS and box.right > band.x + EPS


def _free(low: float, high: float, blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    free, at = [], low
    for a, b in blocked:
        if a > at:
            free.append((at, min(a, high)))
        at = max(at, b)
    if at < high:
        free.append((at, high))
    return [(a, b) for a, b in free if b > a]


def _crosses(box: Box, mark: Line) -> bool:
    grown = box.outset(CLEARANCE)
    x0, x1 = sorted((mark.x0, mark.x1))
    y0, y1 = sorted((mark.y0, mark.y1))
    return x0 < grown.right and x1 > grown.x and y0 < grown.top and y1 > grown.y
