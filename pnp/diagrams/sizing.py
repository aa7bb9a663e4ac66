"""A scene's size at a cell size, and the cell size that fits it into a width: pure geometry.

A diagram is drawn at one cell size (points per board cell); frames of a row sit side by
side, joined by arrows JOIN_GAP wide, rows ROW_GAP apart, a label under a row's frames
taking room of its own; the frames of a row line up on their cells (a board drawn in
each sits at the same height, whatever else a frame holds above or below it). By default
a scene is scaled so its widest row fills the width, never more than MAX_CELL per cell
(a small diagram does not balloon).
"""

from __future__ import annotations

from pnp.diagrams import scene as sc
from pnp.model.units import mm

DEFAULT_WIDTH = mm(85)
MAX_CELL = mm(16)
JOIN_GAP = mm(9)
ROW_GAP = mm(4)
LABEL_SIZE = 7.5


def scene_size(scene: sc.Scene, cell: float) -> tuple[float, float]:
    rows = scene.rows()
    width = max(row_width(row, cell) for row in rows)
    return width, sum(row_height(row, cell) for row in rows) + ROW_GAP * (len(rows) - 1)


def natural_cell(scene: sc.Scene, width: float) -> float:
    """Points per cell that fit the scene's widest row into width, never more than MAX_CELL."""
    return fitting_cell(scene.rows(), width)


def fitting_cell(rows: list[tuple[sc.Frame, ...]], width: float) -> float:
    fits = []
    for row in rows:
        cells = sum(f.area()[2] - f.area()[0] for f in row)
        fits.append((width - JOIN_GAP * (len(row) - 1)) / max(cells, 1e-6))
    return min(min(fits), MAX_CELL)


def frame_cell(frame: sc.Frame, width: float) -> float:
    """Points per cell that fit one frame into width (capped like any diagram)."""
    return fitting_cell([(frame,)], width)


def row_width(row, scale: float) -> float:
    return sum((f.area()[2] - f.area()[0]) * scale for f in row) + JOIN_GAP * (len(row) - 1)


def label_room_of(row) -> float:
    return LABEL_SIZE * 1.7 if any(f.label for f in row) else 0.0


def row_span(row) -> tuple[float, float]:
    """The cell rows (y0, y1) a row of frames covers together: its frames share one vertical scale,
    so the same board row lies on the same line in every frame."""
    return min(f.area()[1] for f in row), max(f.area()[3] for f in row)


def row_height(row, scale: float) -> float:
    y0, y1 = row_span(row)
    return (y1 - y0) * scale + label_room_of(row)
