"""Component shapes as objects, one module per shape: each owns its outline, how its
components sit on a sheet (butted, honeycomb, gutter), its cut guide, its Tabletop
Simulator object and its print-shop product kind. `pnp.shapes.geometry` holds the one
helper per geometric idea (a hexagon, an arrowhead) that faces, sheets and diagrams share.

A set names its shape in components.yaml (`shape: hexagon`); the model reads the name
into one of these objects, and nothing else compares shape names. A tuck box and a
standee are shapes too, made for their set (`kind: tuck-box`: its size follows its deck):
each is folded from a net (pnp.shapes.net) of panels that show its faces.
"""

from __future__ import annotations

from pnp.shapes.base import Shape
from pnp.shapes.circle import CIRCLE
from pnp.shapes.hexagon import HEXAGON
from pnp.shapes.rectangle import RECTANGLE
from pnp.shapes.standee import Standee, standee
from pnp.shapes.tuckbox import TuckBox, tuck_box

SHAPES: dict[str, Shape] = {shape.name: shape for shape in (RECTANGLE, CIRCLE, HEXAGON)}


def shape_named(name: str) -> Shape:
    """The shape components.yaml calls `name` (KeyError for an unknown one: the model checks names)."""
    return SHAPES[name]


__all__ = ["CIRCLE", "HEXAGON", "RECTANGLE", "SHAPES", "Shape", "Standee", "TuckBox", "shape_named", "standee",
           "tuck_box"]
