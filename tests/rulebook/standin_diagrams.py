"""A stand-in for pnp.paint.diagrams, used by these tests only while that package is not there.

It draws a framed box naming the diagram, in the sizes real diagrams come in
(some wider than an A6 frame, so scaling is exercised).
"""

from __future__ import annotations

from reportlab.graphics import shapes
from reportlab.lib import colors

from pnp.model.units import mm
from pnp.paint.fonts import font_name


def _box(label: str, width: float, height: float) -> shapes.Drawing:
    drawing = shapes.Drawing(width, height)
    drawing.add(shapes.Rect(1, 1, width - 2, height - 2, fillColor=colors.Color(0.93, 0.93, 0.9),
                            strokeColor=colors.Color(0.4, 0.4, 0.4), strokeWidth=1))
    drawing.add(shapes.String(width / 2, height / 2, label, textAnchor="middle", fontSize=9, fontName=font_name()))
    return drawing


def diagram_drawing(game, catalogs, diagram_id, language, problems):
    return _box(f"{diagram_id}", mm(110), mm(60))


def example_steps(game, catalogs, example_id, language, problems):
    return [(_box(f"{example_id} {n}", mm(60), mm(50)), f"Step caption {n} ({language})") for n in range(1, 6)]
