"""What a diagram shows, as plain data: frames of board cells, pieces and markers in cell units.

A scene is geometry only, with no reportlab in it, so engine adapters and hand-written
YAML both produce it and tests can check it by numbers. Coordinates are in board
cells with y growing downwards (as on a page); (0.5, 0.5) is the centre of the first
cell. Colours are palette names or model colours; roles ("marker", "win") pick the
house style in the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.model.colours import Colour
from pnp.shapes import RECTANGLE, Shape

Point = tuple[float, float]
Paint = str | Colour | None


@dataclass(frozen=True)
class Cell:
    """One board space centred at (x, y): a square, or a flat-topped hexagon (pnp.shapes),
    `width` across (a hexagon's from corner to corner)."""

    x: float
    y: float
    shape: Shape = RECTANGLE
    width: float = 1.0
    fill: Paint = "board"
    stroke: Paint = "board-line"


@dataclass(frozen=True)
class Piece:
    """A component drawn with its printed face, centred at (x, y), `size` cells wide."""

    set_id: str
    item_id: str
    x: float
    y: float
    size: float = 0.86
    face: str = "front"
    turn: float = 0.0


@dataclass(frozen=True)
class Ring:
    """A dashed circle: a legal place for the next piece."""

    x: float
    y: float
    r: float = 0.36


@dataclass(frozen=True)
class Highlight:
    """A tinted space (w × h cells, top-left corner at x, y): a square, or the shape filling that box."""

    x: float
    y: float
    w: float = 1.0
    h: float = 1.0
    role: str = "highlight"
    shape: Shape = RECTANGLE


@dataclass(frozen=True)
class Stroke:
    """A line through points; an arrow when `arrow`; bowed sideways by `bend` (cells).

    Role "win" is a winning line or chain: a halo `width` cells wide under the pieces.
    """

    points: tuple[Point, ...]
    role: str = "line"
    arrow: bool = False
    bend: float = 0.0
    dashed: bool = False
    width: float = 0.0


@dataclass(frozen=True)
class Cross:
    """An X: this move is not allowed."""

    x: float
    y: float
    size: float = 0.5


@dataclass(frozen=True)
class Label:
    """A short text centred at (x, y); `tag` draws it on a small rounded plate."""

    x: float
    y: float
    text: str
    tag: bool = False
    colour: Paint = "ink"
    size: float = 8.0


@dataclass(frozen=True)
class Outline:
    """A closed polygon outline (a Trifoil triangle), in a colour of the game's palette;
    `cased`: over a thin ink casing, so that a light colour shows on a light board."""

    points: tuple[Point, ...]
    colour: Paint
    width: float = 1.6
    cased: bool = False


Item = Cell | Piece | Ring | Highlight | Stroke | Cross | Label | Outline


@dataclass(frozen=True)
class Frame:
    """One picture: items painted in order, an optional label under it, the area it covers."""

    items: tuple[Item, ...]
    label: str | None = None
    bounds: tuple[float, float, float, float] | None = None

    def area(self, margin: float = 0.12) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) in cells: the given bounds, or every item's extent plus a margin."""
        if self.bounds is not None:
            return self.bounds
        boxes = [extent(item) for item in self.items] or [(0.0, 0.0, 1.0, 1.0)]
        return (min(b[0] for b in boxes) - margin, min(b[1] for b in boxes) - margin,
                max(b[2] for b in boxes) + margin, max(b[3] for b in boxes) + margin)


@dataclass(frozen=True)
class Scene:
    """Frames read left to right, joined by thick arrows, `per_row` to a row (0: all in one)."""

    frames: tuple[Frame, ...]
    per_row: int = 0
    joined: bool = True
    notes: tuple[str, ...] = field(default=())

    def rows(self) -> list[tuple[Frame, ...]]:
        size = self.per_row or len(self.frames) or 1
        return [self.frames[i:i + size] for i in range(0, len(self.frames), size)]


def extent(item: Item) -> tuple[float, float, float, float]:
    """The box an item covers, in cells (labels and strokes by their anchor points)."""
    if isinstance(item, Cell):
        half_w, half_h = item.width / 2, item.shape.natural_height(item.width) / 2
        return (item.x - half_w, item.y - half_h, item.x + half_w, item.y + half_h)
    if isinstance(item, Piece):
        return _around(item.x, item.y, item.size / 2)
    if isinstance(item, Ring):
        return _around(item.x, item.y, item.r)
    if isinstance(item, Cross):
        return _around(item.x, item.y, item.size / 2)
    if isinstance(item, Highlight):
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    if isinstance(item, (Stroke, Outline)):
        points = list(item.points)
        if isinstance(item, Stroke) and item.bend and len(points) == 2:
            points.append(bend_control(points[0], points[1], item.bend))  # the curve stays inside the three
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        # A halo reaches half its width past its points.
        grow = item.width / 2 if isinstance(item, Stroke) else 0.0
        return (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)
    return _around(item.x, item.y, 0.2)


def bend_control(start: Point, end: Point, bend: float) -> Point:
    """The control point of a line from start to end bowed by `bend` cells: to its left, going
    from start to end, as the page shows it (y down)."""
    length = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5 or 1.0
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    return (middle[0] + (end[1] - start[1]) / length * bend, middle[1] - (end[0] - start[0]) / length * bend)


def cover(bounds: tuple[float, float, float, float], items, margin: float = 0.12) -> tuple[float, float, float, float]:
    """bounds grown to take in the items (an arrow or cross beside a board), with a margin."""
    boxes = [bounds] + [(b[0] - margin, b[1] - margin, b[2] + margin, b[3] + margin) for b in map(extent, items)]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _around(x: float, y: float, r: float) -> tuple[float, float, float, float]:
    return (x - r, y - r, x + r, y + r)


def centre(cell: tuple[float, float]) -> Point:
    """The centre of the square cell (column, row)."""
    return (cell[0] + 0.5, cell[1] + 0.5)
