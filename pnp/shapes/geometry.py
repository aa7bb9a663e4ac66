"""One helper per geometric idea, in points, y up: outlines (an ellipse, a polygon, a rounded
rectangle), the flat-topped hexagon and where it sits in a honeycomb, a regular polygon, an
arrow's head, a turned rectangle and whether two convex shapes overlap.

Faces, sheets, diagrams and exports all take their hexagons and arrowheads from here, so
a hexagon cut on a sheet, drawn on a face and shown in a diagram is the same hexagon.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, float]
SQRT3 = math.sqrt(3)
# Outward normals of a flat-topped hexagon's edges, counter-clockwise from the upper right.
HEXAGON_NORMALS = (30.0, 90.0, 150.0, 210.0, 270.0, 330.0)


@dataclass(frozen=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float

    def translate(self, dx: float, dy: float) -> Ellipse:
        return Ellipse(self.cx + dx, self.cy + dy, self.rx, self.ry)


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]

    @property
    def flat(self) -> list[float]:
        return [value for point in self.points for value in point]

    def translate(self, dx: float, dy: float) -> Polygon:
        return Polygon(tuple((x + dx, y + dy) for x, y in self.points))


@dataclass(frozen=True)
class RoundedRect:
    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0

    def translate(self, dx: float, dy: float) -> RoundedRect:
        return RoundedRect(self.x + dx, self.y + dy, self.w, self.h, self.radius)


Outline = Ellipse | Polygon | RoundedRect


def hexagon(cx: float, cy: float, radius: float, half_height: float | None = None) -> tuple[Point, ...]:
    """A flat-topped hexagon's corners, counter-clockwise from the one on the right; radius is
    centre to corner (half its width). Regular unless half_height is given: then its corners
    are stretched to reach that far up and down (a hexagon filling a box of pixels)."""
    if half_height is None:
        return tuple((cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
                     for i in range(6))
    return tuple((cx + radius * math.cos(math.radians(60 * i)),
                   cy + half_height * math.sin(math.radians(60 * i)) / math.sin(math.radians(60))) for i in range(6))


def honeycomb_steps(width: float, spacing: float = 0.0) -> tuple[float, float]:
    """In a honeycomb of flat-topped hexagons `width` across corners, facing edges `spacing` apart:
    from one column's centres to the next's, and from one row's to the next's (the neighbours
    across each edge are a hexagon's height and the spacing apart)."""
    step = width * SQRT3 / 2 + spacing
    return step * SQRT3 / 2, step


def honeycomb_centre(col: float, row: float, width: float, spacing: float = 0.0) -> Point:
    """The centre of cell (col, row) of that honeycomb, from the top-left of its extent, y down:
    odd columns sit half a row lower. A fraction of a column lies between two columns
    (halfway: the middle of the edge they share)."""
    across, step = honeycomb_steps(width, spacing)
    height = width * SQRT3 / 2
    return (width / 2 + col * across, height / 2 + row * step + step / 2 * odd_shift(col))


def odd_shift(index: float) -> float:
    """1 for an odd column or row of a staggered grid, 0 for an even one, in between for a fraction."""
    return 1.0 - abs(index % 2 - 1.0)


def hexagon_by_edges(centre: Point, distances: Sequence[float]) -> tuple[Point, ...]:
    """The flat-topped hexagon whose edge i (HEXAGON_NORMALS[i]) lies distances[i] from the centre,
    as corner points: a honeycomb cell with bleed only where it has no neighbour."""
    points = []
    for i in range(6):
        a, b = HEXAGON_NORMALS[i], HEXAGON_NORMALS[(i + 1) % 6]
        points.append(_meet(centre, a, distances[i], b, distances[(i + 1) % 6]))
    return tuple(points)


def _meet(centre: Point, a: float, da: float, b: float, db: float) -> Point:
    """Where the line at distance da along normal a meets the one at db along normal b."""
    ax, ay = math.cos(math.radians(a)), math.sin(math.radians(a))
    bx, by = math.cos(math.radians(b)), math.sin(math.radians(b))
    det = ax * by - ay * bx
    x = (da * by - db * ay) / det
    y = (ax * db - bx * da) / det
    return (centre[0] + x, centre[1] + y)


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotate: float) -> list[float]:
    """Vertices of a regular polygon, flat list; rotation 0 puts a vertex on the right."""
    points = []
    for i in range(sides):
        angle = math.radians(rotate + 360 * i / sides)
        points += [cx + r * math.cos(angle), cy + r * math.sin(angle)]
    return points


def unit(dx: float, dy: float) -> tuple[float, float]:
    """The direction of (dx, dy) as a vector of length 1 ((0, 0) stays (0, 0))."""
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def arrow_head(tip: Point, base: Point, direction: tuple[float, float],
               half_width: float) -> tuple[Point, Point, Point]:
    """An arrow's head: the triangle from `tip` back to the middle of its base at `base`, the
    base 2 × half_width across `direction` (a unit vector along the arrow): (tip, left, right)."""
    ux, uy = direction
    return (tip, (base[0] - uy * half_width, base[1] + ux * half_width),
            (base[0] + uy * half_width, base[1] - ux * half_width))


def convex_overlap(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Whether two convex polygons overlap (touching edges do not): no edge of either separates them."""
    for polygon in (a, b):
        for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]]):
            nx, ny = y0 - y1, x1 - x0  # an edge's normal
            if nx == ny == 0:
                continue
            ours = [nx * x + ny * y for x, y in a]
            theirs = [nx * x + ny * y for x, y in b]
            if max(ours) <= min(theirs) or max(theirs) <= min(ours):
                return False
    return True


def rotated_rectangle(cx: float, cy: float, w: float, h: float, degrees: float) -> tuple[Point, ...]:
    """The corners of a w × h rectangle centred at (cx, cy), turned by `degrees` (counter-clockwise, y up)."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    corners = ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))
    return tuple((cx + x * c - y * s, cy + x * s + y * c) for x, y in corners)
