"""A model Face → a reportlab Drawing the size of its bleed box, in one language.

Face space is top-left origin, y down; the Drawing is bottom-left, y up, with the
trim box inset by the bleed. The background fills the component's shape grown by
the bleed; non-rectangular components get a hairline cut guide at the trim.
"""

from __future__ import annotations

import math
from typing import Callable

from reportlab.graphics import shapes
from reportlab.lib import colors

from pnp.model import faces as model
from pnp.model.problems import Problems, quote
from pnp.model.units import to_mm
from pnp.paint.colours import to_reportlab
from pnp.paint.fonts import font_name, missing_glyphs
from pnp.paint.text import LEADING, fit

CUT_GUIDE = colors.Color(0.45, 0.45, 0.45)
Lookup = Callable[[str], str]


class FacePainter:
    """Builds Drawings of faces for one language, reporting text that does not fit.

    With a `cache` (a dict kept per language) each distinct face is painted once: a
    later request gets the same Drawing, which callers must not change, and the
    problems and text look-ups of the first painting are replayed to this painter's
    `problems` and `lookup`, so checking, sheets and pictures all see them.
    """

    def __init__(self, lookup: Lookup, language: str, problems: Problems, cache: dict | None = None):
        self.lookup = lookup
        self.language = language
        self.problems = problems
        self.cache = cache

    def drawing(self, face: model.Face, shape: str = "rect", bleed: float = 0.0, cut_guide: bool = True) -> shapes.Drawing:
        if self.cache is None:
            return self.paint(face, shape, bleed, cut_guide)
        key = (face, shape, bleed, cut_guide)
        if key not in self.cache:
            self.cache[key] = self._paint_alone(face, shape, bleed, cut_guide)
        drawing, problems, keys = self.cache[key]
        self.problems.extend(list(problems))
        for text_key in keys:
            try:
                self.lookup(text_key)
            except KeyError:
                pass  # reported among the replayed problems
        return drawing

    def _paint_alone(self, face: model.Face, shape: str, bleed: float, cut_guide: bool) -> tuple:
        """Paint with a painter of its own, noting its problems and the keys it looked up."""
        keys: list[str] = []

        def recording(key: str) -> str:
            keys.append(key)
            return self.lookup(key)

        problems = Problems()
        drawing = FacePainter(recording, self.language, problems).paint(face, shape, bleed, cut_guide)
        return drawing, tuple(problems.items), tuple(keys)

    def paint(self, face: model.Face, shape: str = "rect", bleed: float = 0.0, cut_guide: bool = True) -> shapes.Drawing:
        """The face as a Drawing of its bleed box; nothing of it inks outside that box.

        The clip keeps a face a face wherever it is shown: on a sheet it is cut at its
        trim, and in a rulebook or diagram art that ran past its box (a text that does
        not fit, reported as such) cannot print over its neighbours.
        """
        drawing = new_drawing(face.width + 2 * bleed, face.height + 2 * bleed)
        art = shapes.Group(box_clip(drawing.width, drawing.height))
        drawing.add(art)
        canvas = _FaceSpace(art, face.height, bleed)
        if face.background is not None:
            art.add(outline(shape, face.width, face.height, bleed, bleed, grow=bleed, fill=to_reportlab(face.background)))
        for element in face.elements:
            self.add(canvas, element)
        if cut_guide and shape != "rect":
            guide = outline(shape, face.width, face.height, bleed, bleed, grow=0, fill=None)
            guide.strokeColor, guide.strokeWidth = CUT_GUIDE, 0.3
            art.add(guide)
        return drawing

    def add(self, space: "_FaceSpace", element: model.Element) -> None:
        painter = getattr(self, "_" + type(element).__name__.lower())
        painter(space, element)

    def _circle(self, space, e: model.Circle) -> None:
        x, y = space.point(e.x, e.y)
        space.add(_styled(shapes.Circle(x, y, e.r), e.style))

    def _rect(self, space, e: model.Rect) -> None:
        x, y = space.point(e.x, e.y + e.h)
        space.add(_styled(shapes.Rect(x, y, e.w, e.h, rx=e.radius, ry=e.radius), e.style))

    def _polygon(self, space, e: model.Polygon) -> None:
        x, y = space.point(e.x, e.y)
        space.add(_styled(shapes.Polygon(regular_polygon(x, y, e.r, e.sides, e.rotate)), e.style))

    def _star(self, space, e: model.Star) -> None:
        x, y = space.point(e.x, e.y)
        space.add(_styled(shapes.Polygon(star_points(x, y, e.r, e.r * e.inner, e.points, e.rotate)), e.style))

    def _line(self, space, e: model.Line) -> None:
        x1, y1 = space.point(e.x1, e.y1)
        x2, y2 = space.point(e.x2, e.y2)
        for part in arrow_shapes(x1, y1, x2, y2, e.head, e.style.width):
            if isinstance(part, shapes.Polygon):
                # An arrow head is filled with the line's colour.
                part.fillColor, part.strokeColor = to_reportlab(e.style.stroke), None
                space.add(part)
            else:
                space.add(_styled(part, e.style, filled=False))

    def _grid(self, space, e: model.Grid) -> None:
        for row in range(e.rows):
            for col in range(e.cols):
                fill = e.fills[(row + col) % len(e.fills)]
                x, y = space.point(e.x + col * e.cell, e.y + (row + 1) * e.cell)
                cell = shapes.Rect(x, y, e.cell, e.cell)
                cell.fillColor = to_reportlab(fill)
                cell.strokeColor, cell.strokeWidth = to_reportlab(e.style.stroke), e.style.width
                space.add(cell)

    def _image(self, space, e: model.Image) -> None:
        x, y = space.point(e.x, e.y + e.h)
        space.add(shapes.Image(x, y, e.w, e.h, str(e.path)))

    def _text(self, space, e: model.Text) -> None:
        content = e.literal if e.literal is not None else self._lookup(e)
        if content is None:
            return
        self._check_glyphs(e, content)
        lines, overflow = fit(content, e.w, e.h, e.size, e.font)
        if overflow is not None:
            self._report_overflow(e, overflow)
        for index, (x, y) in enumerate(_line_origins(e, len(lines))):
            left, bottom = space.point(x, y)
            string = shapes.String(left, bottom, lines[index], fontName=font_name(e.font), fontSize=e.size,
                                   fillColor=to_reportlab(e.colour), textAnchor=_ANCHORS[e.align])
            space.add(string)

    def _lookup(self, e: model.Text) -> str | None:
        try:
            return self.lookup(e.key)
        except KeyError:
            self.problems.add(e.location, "text.key", f"no text {quote(e.key)} in text/en.yaml")
            return None

    def _check_glyphs(self, e: model.Text, content: str) -> None:
        missing = missing_glyphs(content, e.font)
        if missing:
            self.problems.add(e.location, "text", f"the font has no glyph for {' '.join(missing)} ({self.language})")

    def _report_overflow(self, e: model.Text, overflow) -> None:
        what = quote(e.key) if e.key else quote(e.literal)
        direction = "width" if overflow.dimension == "wide" else "height"
        self.problems.add(e.location, "text", f"text {what} ({self.language}) does not fit its box: needs "
                          f"{to_mm(overflow.needed):.1f} mm of {direction}, the box has {to_mm(overflow.available):.1f} mm")


_ANCHORS = {"left": "start", "centre": "middle", "right": "end"}


def _line_origins(e: model.Text, count: int) -> list[tuple[float, float]]:
    """Baseline points (face space) of each line, per the box's alignment."""
    leading = e.size * LEADING
    block = leading * (count - 1) + e.size
    top = {"top": e.y, "middle": e.y + (e.h - block) / 2, "bottom": e.y + e.h - block}[e.valign]
    x = {"left": e.x, "centre": e.x + e.w / 2, "right": e.x + e.w}[e.align]
    # The cap height of the font sits about 0.8 of the size above the baseline.
    return [(x, top + 0.8 * e.size + i * leading) for i in range(count)]


def box_clip(width: float, height: float) -> shapes.Path:
    """A clip to the box (0, 0, width, height): the first child of a Group, it bounds the rest."""
    clip = shapes.Path(isClipPath=1, fillColor=None, strokeColor=None)
    clip.moveTo(0, 0)
    clip.lineTo(width, 0)
    clip.lineTo(width, height)
    clip.lineTo(0, height)
    clip.closePath()
    return clip


def new_drawing(width: float, height: float) -> shapes.Drawing:
    """A Drawing whose renderers start in the embedded font, never in unembedded Helvetica."""
    drawing = shapes.Drawing(width, height)
    drawing.initialFontName = font_name()
    return drawing


class _FaceSpace:
    """Maps face coordinates (top-left, y down) into the Drawing (bottom-left, y up)."""

    def __init__(self, drawing: shapes.Group, height: float, bleed: float):
        self.drawing, self.height, self.bleed = drawing, height, bleed

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (self.bleed + x, self.bleed + self.height - y)

    def add(self, shape) -> None:
        self.drawing.add(shape)


def _styled(shape, style: model.Style, filled: bool = True):
    if filled:
        shape.fillColor = to_reportlab(style.fill)
    shape.strokeColor = to_reportlab(style.stroke)
    shape.strokeWidth = style.width
    if style.dash:
        shape.strokeDashArray = list(style.dash)
    return shape


def outline(shape: str, w: float, h: float, x0: float, y0: float, grow: float, fill) -> shapes.Shape:
    """The component's outline (trim shape grown by `grow`) with its trim at (x0, y0, w, h)."""
    if shape == "circle":
        result = shapes.Circle(x0 + w / 2, y0 + h / 2, w / 2 + grow)
    elif shape == "hexagon":
        radius = w / 2 + grow * 2 / math.sqrt(3)
        result = shapes.Polygon(regular_polygon(x0 + w / 2, y0 + h / 2, radius, 6, 0))
    else:
        result = shapes.Rect(x0 - grow, y0 - grow, w + 2 * grow, h + 2 * grow)
    result.fillColor, result.strokeColor = fill, None
    return result


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotate: float) -> list[float]:
    """Vertices of a regular polygon; rotation 0 puts a vertex on the right (flat-topped hexagon)."""
    points = []
    for i in range(sides):
        angle = math.radians(rotate + 360 * i / sides)
        points += [cx + r * math.cos(angle), cy + r * math.sin(angle)]
    return points


def star_points(cx: float, cy: float, outer: float, inner: float, points: int, rotate: float) -> list[float]:
    """A star with its first point straight up (rotate turns it clockwise, in degrees)."""
    result = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(90 - rotate - 180 * i / points)
        result += [cx + radius * math.cos(angle), cy + radius * math.sin(angle)]
    return result


def arrow_shapes(x1: float, y1: float, x2: float, y2: float, head: float, width: float) -> list:
    """A line, and if head > 0 a filled triangular head at its end, the line stopping under it."""
    if head <= 0:
        return [shapes.Line(x1, y1, x2, y2)]
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    bx, by = x2 - ux * head, y2 - uy * head
    half = head * 0.6
    tip = shapes.Polygon([x2, y2, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half])
    return [shapes.Line(x1, y1, bx, by), tip]
