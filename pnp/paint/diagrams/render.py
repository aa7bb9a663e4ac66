"""A Scene → a reportlab Drawing at a given cell size: frames in rows joined by thick arrows.

A `Picture` is a scene with its painter and the cell size its content asks for; the
rulebook draws several pictures at one shared cell size, so diagrams shown together
share one scale. By default a scene is scaled so its widest row fills a width (never
more than MAX_CELL per cell, so a small diagram does not balloon); line widths and
type stay in points, so every diagram reads alike at rulebook size. Pieces are the
printed faces' Drawings, scaled into place, so a diagram shows exactly what is cut
from the sheets. Board cells, highlights and winning lines are painted first, under
the pieces: a winning line is a halo behind its pieces, never a stroke over them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from reportlab.graphics import shapes
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.diagrams import scene as sc
from pnp.diagrams.legibility import clashes, clear_cell
from pnp.diagrams.sizing import (
    DEFAULT_WIDTH,
    JOIN_GAP,
    LABEL_SIZE,
    ROW_GAP,
    fitting_cell,
    label_room_of,
    row_height,
    row_span,
    row_width,
    scene_size,
)
from pnp.model.colours import Colour
from pnp.model.diagrams import Legibility
from pnp.model.fonts import FontFamily
from pnp.model.units import mm, to_mm
from pnp.paint.colours import to_reportlab
from pnp.paint.faces import new_drawing, outline, outline_picture
from pnp.paint.pdfdraw import mark_group
from pnp.paint.picture import as_reportlab
from pnp.shapes import RECTANGLE, Shape
from pnp.shapes.geometry import arrow_head, unit
from pnp.text.fonts import font_name, font_runs
from pnp.text.wrap import LEADING, wrap

CAPTION_SIZE = 8.5
CASING = 1.2  # points an ink casing shows either side of a cased outline, together
LARGEST_CELL = mm(32)  # the largest cell a search for a legible one looks at

# House style by meaning, as python-chess keys its colours; a game's palette may override.
STYLE = {
    "ink": "#1F2A36",
    "board": "#F1ECE1",
    "board-line": "#B9AE99",
    "marker": "#1F2A36",
    "highlight": "#FFD966",
    "win": "#AA3377",
    "cross": "#CC3311",
    "arrow": "#1F2A36",
    "join": "#8C8373",
    "plate": "#FFFFFF",
}


@dataclass(frozen=True)
class Art:
    """A face Drawing ready to scale: the drawing, the component's shape and its size in points."""

    drawing: shapes.Drawing
    shape: Shape
    width: float
    height: float
    # The width a piece `size` stands for: its set's widest item, so that a set whose items
    # have sizes of their own (Folio's pieces) shows them at their sizes relative to each other.
    span: float | None = None


PieceArt = Callable[[sc.Piece], "Art | None"]


class Renderer:
    """Paints scenes with one game's piece art and palette, their words in its rulebook's body
    font (`family`; pnp's own for None)."""

    def __init__(self, art: PieceArt, palette: dict[str, Colour], family: FontFamily | None = None):
        self.art = art
        self.palette = palette
        self.family = family

    def font(self, style: str) -> str:
        return font_name(style, self.family)

    def colour(self, paint: sc.Paint):
        if paint is None:
            return None
        if isinstance(paint, Colour):
            return to_reportlab(paint)
        if paint in self.palette and paint not in ("board", "board-line"):
            return to_reportlab(self.palette[paint])
        return colors.HexColor(STYLE.get(paint, STYLE["ink"]))

    def smallest_cell(self, scene: sc.Scene, legibility: Legibility) -> float:
        """The smallest cell at which the scene still reads: every piece drawn at least as wide as the
        game's legibility allows for its set, and nothing under a label."""
        return clear_cell(scene, self.footprint, max(self._pieces_cell(scene, legibility), 1.0), LARGEST_CELL,
                          self.font("bold"))

    def _pieces_cell(self, scene: sc.Scene, legibility: Legibility) -> float:
        needs = [0.0]
        for frame in scene.frames:
            for item in frame.items:
                size = self.footprint(item) if isinstance(item, sc.Piece) else None
                if isinstance(item, sc.Piece) and size is not None:
                    needs.append(legibility.smallest(item.set_id) / (item.size * size[0]))
        return max(needs)

    def illegible(self, scene: sc.Scene, legibility: Legibility, cell: float) -> str:
        """Why the scene does not read at `cell` (for an error message)."""
        if cell < self._pieces_cell(scene, legibility) - 0.01:
            return f"its pieces need a cell of {to_mm(self._pieces_cell(scene, legibility)):.1f} mm"
        found = [clash for frame in scene.frames for clash in clashes(frame, cell, self.footprint, self.font("bold"))]
        return found[0] if found else f"it needs a cell of {to_mm(self.smallest_cell(scene, legibility)):.1f} mm"

    def footprint(self, piece: sc.Piece) -> tuple[float, float] | None:
        """A piece's width and height, in cells, at size 1: its art's shape against its set's widest item."""
        art = self.art(piece)
        if art is None:
            return None
        span = art.span or art.width
        return art.width / span, art.height / span

    def drawing(self, scene: sc.Scene, width: float = DEFAULT_WIDTH, caption: str | None = None,
                cell: float | None = None) -> shapes.Drawing:
        """The scene at most `width` wide (exactly, unless cells hit MAX_CELL); `cell` fixes the scale."""
        rows = scene.rows()
        scale = cell or fitting_cell(rows, width)
        heights = [row_height(row, scale) for row in rows]
        used_width = scene_size(scene, scale)[0]
        caption_lines = wrap(plain_caption(caption), used_width, CAPTION_SIZE, self.font("italic")) if caption else []
        caption_height = (len(caption_lines) * CAPTION_SIZE * LEADING + mm(2)) if caption_lines else 0.0
        total = sum(heights) + ROW_GAP * (len(rows) - 1) + caption_height
        drawing = new_drawing(used_width, total)
        top = total
        for row, height in zip(rows, heights):
            left = (used_width - row_width(row, scale)) / 2
            self._row(drawing, row, scale, left, top, height, scene.joined)
            top -= height + ROW_GAP
        self._caption(drawing, caption_lines, used_width)
        return drawing

    def _row(self, drawing, row, scale, left, top, height, joined) -> None:
        label_room = label_room_of(row)
        row_top = row_span(row)[0]  # every frame maps its cells from the row's top: boards line up
        for index, frame in enumerate(row):
            x0, y0, x1, y1 = frame.area()
            group = shapes.Group()
            space = _Space(left, top, x0, row_top, scale)
            for item in sorted(frame.items, key=_layer):
                self._item(group, space, item)
            drawing.add(group)
            if frame.label:
                drawing.add(_text(left + (x1 - x0) * scale / 2, top - height + 2.5, frame.label, LABEL_SIZE,
                                  self.font("regular"), self.colour("ink")))
            left += (x1 - x0) * scale
            if joined and index < len(row) - 1:
                middle = top - (height - label_room) / 2
                drawing.add(self._join(left, middle))
                left += JOIN_GAP

    def _join(self, left: float, middle: float) -> shapes.Group:
        group = shapes.Group()
        _arrow_into(group, [(left + mm(1.6), middle), (left + JOIN_GAP - mm(1.6), middle)], 3.2, self.colour("join"),
                    head=mm(3))
        return group

    def _caption(self, drawing, lines: list[str], width: float) -> None:
        for index, line in enumerate(lines):
            baseline = (len(lines) - index - 1) * CAPTION_SIZE * LEADING + 2
            drawing.add(_text(width / 2, baseline, line, CAPTION_SIZE, self.font("italic"), self.colour("ink")))

    def _item(self, group, space: _Space, item: sc.Item) -> None:
        getattr(self, "_" + type(item).__name__.lower())(group, space, item)

    def _cell(self, group, space, item: sc.Cell) -> None:
        x, y = space.point(item.x, item.y)
        width = item.width * space.scale
        height = item.shape.natural_height(width)
        shape = as_reportlab(outline_picture(item.shape.outline(x - width / 2, y - height / 2, width, height)))
        shape.fillColor, shape.strokeColor, shape.strokeWidth = self.colour(item.fill), self.colour(item.stroke), 0.6
        group.add(shape)

    def _piece(self, group, space, item: sc.Piece) -> None:
        art = self.art(item)
        if art is None:
            return
        x, y = space.point(item.x, item.y)
        k = item.size * space.scale / (art.span or art.width)
        placed = shapes.Group(*art.drawing.contents)
        rim = as_reportlab(outline(art.shape, art.width, art.height, 0, 0, grow=0, fill=None))
        rim.strokeColor, rim.strokeWidth = self.colour("ink"), 0.5 / k
        placed.add(rim)
        transform = shapes.mmult(shapes.translate(x, y), shapes.rotate(-item.turn))
        transform = shapes.mmult(transform, shapes.scale(k, k))
        placed.transform = shapes.mmult(transform, shapes.translate(-art.width / 2, -art.height / 2))
        mark_group(placed, "/Span", "<</Shows (component)>>")  # its small print is the component's art, not a label
        group.add(placed)

    def _ring(self, group, space, item: sc.Ring) -> None:
        x, y = space.point(item.x, item.y)
        ring = shapes.Circle(x, y, item.r * space.scale)
        ring.fillColor, ring.strokeColor, ring.strokeWidth = None, self.colour("marker"), 1.0
        ring.strokeDashArray = [2.4, 1.8]
        group.add(ring)

    def _highlight(self, group, space, item: sc.Highlight) -> None:
        x, y = space.point(item.x, item.y + item.h)
        w, h = item.w * space.scale, item.h * space.scale
        if item.shape is RECTANGLE:
            box = shapes.Rect(x, y, w, h)
        else:
            box = as_reportlab(outline_picture(item.shape.outline(x, y, w, h, fill_box=True)))
        box.fillColor, box.strokeColor, box.strokeWidth = self.colour(item.role), self.colour("ink"), 0.8
        group.add(box)

    def _stroke(self, group, space, item: sc.Stroke) -> None:
        points = [space.point(*p) for p in item.points]
        if item.role == "win":
            _win_line(group, points, self.colour("win"), (item.width or 0.9) * space.scale)
        elif item.arrow:
            _arrow_into(group, points, 1.4, self.colour(item.role if item.role != "line" else "arrow"),
                        head=mm(2.2), bend=item.bend * space.scale, dashed=item.dashed)
        else:
            line = shapes.PolyLine(_flat(points), strokeColor=self.colour("arrow"), strokeWidth=1.2)
            if item.dashed:
                line.strokeDashArray = [2.4, 1.8]
            group.add(line)

    def _cross(self, group, space, item: sc.Cross) -> None:
        x, y = space.point(item.x, item.y)
        half = item.size * space.scale / 2
        for dx in (-half, half):
            group.add(shapes.Line(x - dx, y - half, x + dx, y + half, strokeColor=self.colour("cross"),
                                  strokeWidth=2.6, strokeLineCap=1))

    def _label(self, group, space, item: sc.Label) -> None:
        x, y = space.point(item.x, item.y)
        if item.tag:
            text = shapes.String(0, 0, item.text, fontName=self.font("bold"), fontSize=item.size)
            width = max(item.size * 1.6, text.getEast() + item.size * 0.8)
            plate = shapes.Rect(x - width / 2, y - item.size * 0.75, width, item.size * 1.5,
                                rx=item.size * 0.4, ry=item.size * 0.4)
            plate.fillColor, plate.strokeColor, plate.strokeWidth = self.colour(item.colour), self.colour("ink"), 0.6
            group.add(plate)
            ink = _on(plate.fillColor, self.colour("ink"))
            group.add(_text(x, y - item.size * 0.35, item.text, item.size, self.font("bold"), ink))
        else:
            group.add(_text(x, y - item.size * 0.35, item.text, item.size, self.font("bold"), self.colour(item.colour)))

    def _outline(self, group, space, item: sc.Outline) -> None:
        points = _flat([space.point(*p) for p in item.points])
        strokes = [(self.colour("ink"), item.width + CASING), (self.colour(item.colour), item.width)] if item.cased \
            else [(self.colour(item.colour), item.width)]
        for colour, width in strokes:
            shape = shapes.Polygon(points)
            shape.fillColor, shape.strokeColor, shape.strokeWidth = None, colour, width
            shape.strokeLineJoin = 1
            group.add(shape)


def _layer(item: sc.Item) -> int:
    """Paint order: the board, winning halos, highlights (the last move stays marked), the rest as
    listed, and labels last: nothing is ever drawn over one."""
    if isinstance(item, sc.Cell):
        return 0
    if isinstance(item, sc.Stroke) and item.role == "win":
        return 1
    if isinstance(item, sc.Highlight):
        return 2
    if isinstance(item, sc.Label):
        return 4
    return 3


@dataclass(frozen=True)
class Picture:
    """A scene ready to draw at any cell size; `cell` is the size its content asks for, and
    `smallest_cell` the smallest at which its pieces stay legible."""

    scene: sc.Scene
    renderer: Renderer
    cell: float
    smallest_cell: float = 0.0
    legibility: Legibility = Legibility()

    def illegible(self, cell: float) -> str:
        """Why the picture does not read at `cell`."""
        return self.renderer.illegible(self.scene, self.legibility, cell)

    def size(self, cell: float) -> tuple[float, float]:
        """Width and height, in points, of the picture (without caption) at `cell`."""
        return scene_size(self.scene, cell)

    def drawing(self, cell: float | None = None, caption: str | None = None) -> shapes.Drawing:
        return self.renderer.drawing(self.scene, caption=caption, cell=cell or self.cell)

    def areas(self) -> list[tuple[float, float, float, float]]:
        return [frame.area() for frame in self.scene.frames]

    def covering(self, area: tuple[float, float, float, float]) -> Picture:
        """The same picture with every frame covering `area` (cells), so pictures line up on one grid."""
        frames = tuple(replace(frame, bounds=area) for frame in self.scene.frames)
        return replace(self, scene=replace(self.scene, frames=frames))


class _Space:
    """Maps one frame's cell coordinates (y down) to drawing points (y up)."""

    def __init__(self, left: float, top: float, x0: float, y0: float, scale: float):
        self.left, self.top, self.x0, self.y0, self.scale = left, top, x0, y0, scale

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (self.left + (x - self.x0) * self.scale, self.top - (y - self.y0) * self.scale)


def plain_caption(text: str | None) -> str:
    """Caption text without the rulebook's *emphasis* markers (a standalone picture has one style)."""
    return (text or "").replace("**", "").replace("*", "")


def _text(x: float, y: float, text: str, size: float, font: str, colour):
    """text centred on x; a character the font lacks (Greek in italics) comes from its fallback font."""
    runs = font_runs(text, font)
    if len(runs) == 1:
        return shapes.String(x, y, text, fontName=runs[0][0], fontSize=size, fillColor=colour, textAnchor="middle")
    left = x - sum(stringWidth(part, font, size) for font, part in runs) / 2
    group = shapes.Group()
    for font, part in runs:
        group.add(shapes.String(left, y, part, fontName=font, fontSize=size, fillColor=colour))
        left += stringWidth(part, font, size)
    return group


def _on(plate, ink):
    """The colour to write on a plate: the ink, or white on a dark plate."""
    red, green, blue = plate.rgb()
    return ink if 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.45 else colors.white


def _flat(points) -> list[float]:
    return [value for point in points for value in point]


def _win_line(group, points, colour, width: float) -> None:
    # A halo painted under the pieces: it shows around and between them and hides nothing.
    # Filled, not stroked, so its edge is exactly where it is drawn: a rim, then a tint.
    tint = colors.Color(*(0.45 * c + 0.55 for c in colour.rgb()))
    for shade, radius in ((colour, width / 2 + 0.8), (tint, width / 2)):
        _capsules(group, points, radius, shade)


def _capsules(group, points, radius: float, colour) -> None:
    """A band `radius` either side of the polyline, with round ends and joints, as filled shapes."""
    for x, y in points:
        group.add(shapes.Circle(x, y, radius, fillColor=colour, strokeColor=None))
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        ux, uy = unit(bx - ax, by - ay)
        nx, ny = -uy * radius, ux * radius
        group.add(shapes.Polygon([ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, ax - nx, ay - ny],
                                 fillColor=colour, strokeColor=None))


def _arrow_into(group, points, width: float, colour, head: float, bend: float = 0.0, dashed: bool = False) -> None:
    """A polyline (or, with bend, a curve from first to last point) ending in a filled head."""
    (ax, ay), (bx, by) = points[-2] if len(points) > 1 else points[0], points[-1]
    if bend and len(points) == 2:
        (sx, sy), (ex, ey) = points[0], points[-1]
        length = math.hypot(ex - sx, ey - sy) or 1.0
        cx, cy = (sx + ex) / 2 - (ey - sy) / length * bend, (sy + ey) / 2 + (ex - sx) / length * bend
        ax, ay = cx, cy
    ux, uy = unit(bx - ax, by - ay)
    base = (bx - ux * head * 0.8, by - uy * head * 0.8)
    if bend and len(points) == 2:
        path = shapes.Path(strokeColor=colour, strokeWidth=width, fillColor=None, strokeLineCap=1)
        path.moveTo(*points[0])
        path.curveTo(points[0][0] + (cx - points[0][0]) * 2 / 3, points[0][1] + (cy - points[0][1]) * 2 / 3,
                     base[0] + (cx - base[0]) * 2 / 3, base[1] + (cy - base[1]) * 2 / 3, *base)
        line = path
    else:
        line = shapes.PolyLine(_flat([*points[:-1], base]), strokeColor=colour, strokeWidth=width, strokeLineCap=1)
    if dashed:
        line.strokeDashArray = [3, 2]
    group.add(line)
    corners = arrow_head((bx, by), (bx - ux * head, by - uy * head), (ux, uy), head * 0.5)
    group.add(shapes.Polygon(_flat(corners), fillColor=colour, strokeColor=None))
