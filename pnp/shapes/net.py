"""A net: the flat outline a folded component is cut from, its printed panels and its fold lines.

In points, y up, from the bottom-left corner of the net's extent. A panel shows one of the
item's faces (pnp.shapes' `faces`), turned as the folded component shows it upright; its
art reaches past a side by the bleed where that side is cut or folds onto a hidden flap,
and stops at a fold onto another visible panel, so no panel's art shows on its neighbour.
The cut is one or more closed outlines (a thumb notch's arc as short straight lines);
folds are straight lines, drawn dashed on the sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.shapes.geometry import Point, Polygon

MM = 72 / 25.4
ARC_STEPS = 16  # straight lines to a quarter circle of a cut: 0.02 mm off the arc at most, at a 15 mm radius


@dataclass(frozen=True)
class Panel:
    """A printed panel: its face, its box (x, y, w, h) as it lies on the net, the face's turn on
    the net (degrees counter-clockwise) and whether its art bleeds past each side (left, bottom,
    right, top)."""

    face: str
    x: float
    y: float
    w: float
    h: float
    turn: int = 0
    bleeds: tuple[bool, bool, bool, bool] = (True, True, True, True)


@dataclass(frozen=True)
class Net:
    width: float
    height: float
    panels: tuple[Panel, ...]
    cuts: tuple[Polygon, ...]
    folds: tuple[tuple[Point, Point], ...]


def arc(centre: Point, radius: float, start: float, end: float) -> list[Point]:
    """Points along a circle's arc from angle start to end (degrees, counter-clockwise if end > start),
    both ends included, at most a sixteenth of a quarter circle apart."""
    steps = max(1, math.ceil(abs(end - start) / 90 * ARC_STEPS))
    return [(centre[0] + radius * math.cos(math.radians(start + (end - start) * i / steps)),
             centre[1] + radius * math.sin(math.radians(start + (end - start) * i / steps))) for i in range(steps + 1)]


def rectangle(x: float, y: float, w: float, h: float) -> Polygon:
    return Polygon(((x, y), (x + w, y), (x + w, y + h), (x, y + h)))


def settled(panels: list[Panel], cuts: list[Polygon], folds: list[tuple[Point, Point]]) -> Net:
    """A net moved so that its extent (every cut's points) starts at (0, 0)."""
    xs = [x for cut in cuts for x, _ in cut.points]
    ys = [y for cut in cuts for _, y in cut.points]
    dx, dy = -min(xs), -min(ys)
    return Net(max(xs) + dx, max(ys) + dy,
               tuple(Panel(p.face, p.x + dx, p.y + dy, p.w, p.h, p.turn, p.bleeds) for p in panels),
               tuple(cut.translate(dx, dy) for cut in cuts),
               tuple(((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)) for a, b in folds))
