"""A scene at a cell size → what would keep it from reading at print size: anything drawn over
a label (a coordinate, a name, a triangle's letter). Geometry only, in cells (y down).

Labels keep their size in points whatever the cell, so a scene drawn smaller brings its
pieces closer to its labels: `clear_cell` finds the smallest cell at which none touches.
The renderer paints labels last, so a clash never hides a label; it is still a clash, as
the label would hide what lies under it. Labels are measured in the font they are set in
(`label_font`: a registered name, pnp.text.fonts; the rulebook's body bold where the game
has its own fonts).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.diagrams import scene as sc
from pnp.shapes.geometry import convex_overlap, rotated_rectangle
from pnp.text.fonts import text_width

Polygon = tuple[tuple[float, float], ...]
# A piece's width and height, in cells, at size 1 (its art's shape); None if it has no art.
Footprint = Callable[[sc.Piece], "tuple[float, float] | None"]
PLATE = 1.6  # a tag's plate: this many times its type size wide (at least) and 1.5 times tall
STROKE = 1.4  # points: how wide an arrow or a line is taken to be


def label_polygon(label: sc.Label, cell: float, label_font: str = "bold") -> Polygon:
    """The box a label covers at `cell` points per cell: its plate, or its text."""
    wide = text_width(label.text, label.size, label_font)
    if label.tag:
        width, height = max(label.size * PLATE, wide + label.size * 0.8), label.size * 1.5
    else:
        width, height = wide, label.size
    return rotated_rectangle(label.x, label.y, width / cell, height / cell, 0.0)


def item_polygons(item: sc.Item, cell: float, footprint: Footprint, label_font: str = "bold") -> list[Polygon]:
    """What an item drawn over the board covers; nothing for the board itself, highlights and halos,
    which are painted under everything else."""
    if isinstance(item, sc.Piece):
        size = footprint(item)
        return [] if size is None else [rotated_rectangle(item.x, item.y, item.size * size[0], item.size * size[1],
                                                          item.turn)]
    if isinstance(item, sc.Stroke) and item.role != "win":
        return [_segment(a, b, STROKE / cell) for a, b in zip(item.points, item.points[1:])]
    if isinstance(item, sc.Cross):
        return [rotated_rectangle(item.x, item.y, item.size, item.size, 0.0)]
    if isinstance(item, sc.Ring):
        return [_circle(item.x, item.y, item.r)]
    if isinstance(item, sc.Label):
        return [label_polygon(item, cell, label_font)]
    return []


def _circle(x: float, y: float, r: float) -> Polygon:
    """A circle as the regular 12-gon around it."""
    reach = r / math.cos(math.pi / 12)
    return tuple((x + reach * math.cos(k * math.pi / 6), y + reach * math.sin(k * math.pi / 6)) for k in range(12))


def _segment(a: tuple[float, float], b: tuple[float, float], width: float) -> Polygon:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1e-9
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    return ((a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny))


def clashes(frame: sc.Frame, cell: float, footprint: Footprint, label_font: str = "bold") -> list[str]:
    """Each label of the frame something else would cover at `cell`, said as "'Δ' under a links piece"."""
    labels = [item for item in frame.items if isinstance(item, sc.Label)]
    found = []
    for label in labels:
        plate = label_polygon(label, cell, label_font)
        for item in frame.items:
            if item is label:
                continue
            if any(convex_overlap(plate, polygon) for polygon in item_polygons(item, cell, footprint, label_font)):
                found.append(f"the label '{label.text}' would cover {_described(item)}")
    return found


def _described(item: sc.Item) -> str:
    if isinstance(item, sc.Piece):
        return f"a piece of '{item.set_id}' ({item.item_id})"
    if isinstance(item, sc.Label):
        return f"the label '{item.text}'"
    return f"a {type(item).__name__.lower()}"


def clear_cell(scene: sc.Scene, footprint: Footprint, low: float, high: float, label_font: str = "bold") -> float:
    """The smallest cell in [low, high] at which no frame of the scene has a clash (infinite if none is:
    a label lies on something whatever the scale)."""
    def clear(cell: float) -> bool:
        return not any(clashes(frame, cell, footprint, label_font) for frame in scene.frames)

    if clear(low):
        return low
    if not clear(high):
        return math.inf
    for _ in range(20):
        middle = (low + high) / 2
        low, high = (low, middle) if clear(middle) else (middle, high)
    return high
