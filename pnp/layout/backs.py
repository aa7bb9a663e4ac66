"""Back faces → back classes: which components may share a cut line.

Duplex printers put the back page up to a couple of millimetres off, so a cut made on
the front's marks runs that far from the true edge on the back, and the back shows a
sliver of whatever is across the cut. Components may share a cut only if that sliver
looks like their own back: both backs are the very same face, or both are plain
(their background only, no art) within `SLIVER` of every edge, in the same colour.
Quatrefoil's colour-card and position-card backs differ, so a colour card never
shares a cut with a position card: a face-down north card cannot be told by its edge.
"""

from __future__ import annotations

from collections.abc import Hashable

from pnp.layout.geometry import Box, union_all
from pnp.model import faces as model
from pnp.model.affine import apply
from pnp.model.units import mm

# How far a back may land from its front on a home duplex printer (they misregister by 0.5–2 mm).
SLIVER = mm(1.5)


def back_class(face: model.Face | None, sliver: float = SLIVER) -> Hashable | None:
    """A key equal for backs that may share a cut; None for a component without a back."""
    if face is None:
        return None
    inner = Box(sliver, sliver, face.width - 2 * sliver, face.height - 2 * sliver)
    if all(inner.contains(element_bounds(e)) for e in face.elements):
        colour = face.background
        return ("plain", None if colour is None else (colour.model, colour.components))
    return ("face", face)


def element_bounds(element: model.Element) -> Box:
    """The box an element can ink, in face space (top-left origin, y down), strokes included."""
    if isinstance(element, (model.Circle, model.Polygon, model.Star)):
        half = element.style.width / 2
        return _around(element.x, element.y, element.r + half)
    if isinstance(element, model.Line):
        reach = max(element.style.width / 2, element.head)
        x0, x1 = sorted((element.x1, element.x2))
        y0, y1 = sorted((element.y1, element.y2))
        return Box(x0 - reach, y0 - reach, x1 - x0 + 2 * reach, y1 - y0 + 2 * reach)
    if isinstance(element, model.Grid):
        half = element.style.width / 2
        return Box(element.x - half, element.y - half, element.cols * element.cell + 2 * half,
                   element.rows * element.cell + 2 * half)
    if isinstance(element, model.Group):
        return _group_bounds(element)
    if isinstance(element, model.Rect):
        half = element.style.width / 2
        return Box(element.x - half, element.y - half, element.w + 2 * half, element.h + 2 * half)
    return Box(element.x, element.y, element.w, element.h)  # text and images stay in their boxes


def _group_bounds(group: model.Group) -> Box:
    """The box around a group's elements carried through its map (a placed group, a turned element)."""
    inner = [element_bounds(e) for e in group.elements]
    if not inner:
        x, y = apply(group.matrix, 0.0, 0.0)
        return Box(x, y, 0.0, 0.0)
    corners = [apply(group.matrix, x, y)
               for b in inner for x, y in ((b.x, b.y), (b.right, b.y), (b.x, b.top), (b.right, b.top))]
    return union_all(Box(x, y, 0.0, 0.0) for x, y in corners)


def _around(x: float, y: float, r: float) -> Box:
    return Box(x - r, y - r, 2 * r, 2 * r)
