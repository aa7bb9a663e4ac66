"""A folded component (a tuck box, a standee) → the block of its net: printed panels, the cut
outline as guides, the fold lines.

Its shape draws the net (pnp.shapes.net). Each panel that shows a face becomes a cell,
its art reaching past the panel by the bleed only where the net says so; the cut outlines
become guides (a net is cut along its outline, never along marks) and its folds dashed
lines. A net goes on the sheet upright where it fits, else turned a quarter; packing may
turn one that fits either way where only the turned one fits the room left on a page.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from pnp.layout.blocks import Block, Cell, Component, Guide, rect_points
from pnp.layout.geometry import EPS, Box, DoesNotFit, Line
from pnp.model.units import to_mm
from pnp.shapes.geometry import Outline, Point, Polygon
from pnp.shapes.net import Panel


def net_block(component: Component, faces: Collection[str], frames: Sequence[Box]) -> Block:
    """The net of a folded component whose item has `faces` (front, back, side …: a panel for a
    face it lacks stays plain paper), turned a quarter if only so it fits one of frames (the room
    trims have on a page, per orientation); DoesNotFit, naming its set, if neither fits."""
    upright = _upright(component, faces)
    turned = _turned(upright)
    fitting = [b for b in (upright, turned) if any(b.width <= f.w + EPS and b.height <= f.h + EPS for f in frames)]
    if len(fitting) == 2:
        return replace(upright, turned=turned)
    if fitting:
        return fitting[0]
    block, room = upright, max(frames, key=lambda f: f.w * f.h)
    raise DoesNotFit(f"its {to_mm(block.width):.1f} × {to_mm(block.height):.1f} mm net (a {component.shape} "
                     f"{to_mm(component.width):.1f} × {to_mm(component.height):.1f} mm) does not fit inside the "
                     f"printer margin, with room for the footer, where a page has {to_mm(room.w):.1f} × "
                     f"{to_mm(room.h):.1f} mm", component.set_id)


def _upright(component: Component, faces: Collection[str]) -> Block:
    net = component.shape.net(component.width, component.height, component.bleed)
    if net is None:
        raise ValueError(f"a {component.shape} is not folded from a net")
    cells = tuple(_cell(component, panel) for panel in net.panels if panel.face in faces)
    guides = tuple(Guide(cut) for cut in net.cuts)
    folds = tuple(Line(a[0], a[1], b[0], b[1]) for a, b in net.folds)
    return Block(cells, net.width, net.height, guides, marked=False, folds=folds,
                 net=Box(0.0, 0.0, net.width, net.height))


def _cell(component: Component, panel: Panel) -> Cell:
    trim = Box(panel.x, panel.y, panel.w, panel.h)
    grow = tuple(component.bleed if bleeds else 0.0 for bleeds in panel.bleeds)
    return Cell(component, trim, rect_points(trim, (grow[0], grow[1], grow[2], grow[3])), panel.turn,
                face=panel.face)


def _polygon(cut: Line | Outline) -> Polygon:
    """A net's cut, which is always an outline of straight lines (pnp.shapes.net)."""
    if not isinstance(cut, Polygon):
        raise TypeError(f"a net is cut along polygons, not {cut!r}")
    return cut


def _turned(block: Block) -> Block:
    """The block turned a quarter counter-clockwise about its extent: (x, y) → (height − y, x)."""
    height = block.height

    def point(p: Point) -> Point:
        return (height - p[1], p[0])

    def box(b: Box) -> Box:
        return Box(height - b.top, b.x, b.h, b.w)

    cells = tuple(Cell(c.component, box(c.trim), tuple(point(p) for p in c.clip), (c.turn + 90) % 360,
                       None if c.art is None else box(c.art), c.face) for c in block.cells)
    guides = tuple(Guide(Polygon(tuple(point(p) for p in _polygon(g.cut).points))) for g in block.guides)
    folds = tuple(Line(*point((f.x0, f.y0)), *point((f.x1, f.y1))) for f in block.folds)
    return Block(cells, block.height, block.width, guides, marked=False, folds=folds,
                 net=Box(0.0, 0.0, block.height, block.width))
