"""A model Face → a picture the size of its bleed box, in one language.

Sheets paint the picture (pnp.paint.picture); rulebooks, diagrams and exports take its
reportlab twin, a Drawing. Face space is top-left origin, y down; the picture is
bottom-left, y up, with the trim box inset by the bleed. The background fills the component's shape grown by
the bleed; non-rectangular components get a hairline cut guide at the trim.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING

from reportlab.lib import colors

from pnp.model import faces as model
from pnp.model.affine import multiply
from pnp.model.fonts import STYLES
from pnp.model.icons import IconBook
from pnp.model.images import dpi_warning
from pnp.model.problems import Location, Problems, quote
from pnp.model.units import to_mm
from pnp.paint import picture
from pnp.paint.colours import to_reportlab
from pnp.paint.picture import Picture  # the name, not picture.Picture: FacePainter.picture hides the module
from pnp.paint.vector import aspect, placed
from pnp.shapes import RECTANGLE, Shape
from pnp.shapes.geometry import Ellipse, Outline, Polygon, arrow_head, regular_polygon, unit
from pnp.text import rich
from pnp.text.fonts import describe, font_name, text_width

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

CUT_GUIDE = colors.Color(0.45, 0.45, 0.45)
Lookup = Callable[[str], str]


def game_icons(game) -> IconBook:
    """The icons a game's texts may show: its icons/ folder, then templates/icons/."""
    return IconBook(game.folder, game.templates_folders)


class FacePainter:
    """Builds pictures of faces for one language, reporting text that does not fit.

    With a `cache` (a dict kept per language) each distinct face is painted once: a
    later request gets the same picture (and Drawing), which callers must not change, and the
    problems and text look-ups of the first painting are replayed to this painter's
    `problems` and `lookup`, so checking, sheets and pictures all see them.
    """

    def __init__(self, lookup: Lookup, language: str, problems: Problems, cache: dict | None = None,
                 icons: IconBook | None = None):
        self.lookup = lookup
        # Where a key's text is written in this language (Texts.location): a table's text is said at its cell.
        self.where = getattr(lookup, "location", None)
        self.language = language
        self.problems = problems
        self.cache = cache
        self.icons = icons or IconBook(None)
        self.warnings: list[str] = []  # raster images below 300 dpi, styles a font family lacks: said once each
        self._scale = 1.0  # how much the groups around the element being painted enlarge it

    def drawing(self, face: model.Face, shape: Shape = RECTANGLE, bleed: float = 0.0,
                cut_guide: bool = True) -> Drawing:
        """The face as a reportlab Drawing: its picture's twin."""
        return self.picture(face, shape, bleed, cut_guide).reportlab()

    def picture(self, face: model.Face, shape: Shape = RECTANGLE, bleed: float = 0.0,
                cut_guide: bool = True) -> Picture:
        if self.cache is None:
            return self.paint(face, shape, bleed, cut_guide)
        key = (face, shape, bleed, cut_guide)
        if key not in self.cache:
            self.cache[key] = self._paint_alone(face, shape, bleed, cut_guide)
        painted, problems, keys, warnings = self.cache[key]
        self.problems.extend(list(problems))
        self.warnings += [w for w in warnings if w not in self.warnings]
        for text_key in keys:
            with suppress(KeyError):  # reported among the replayed problems
                self.lookup(text_key)
        return painted

    def _paint_alone(self, face: model.Face, shape: Shape, bleed: float, cut_guide: bool) -> tuple:
        """Paint with a painter of its own, noting its problems and the keys it looked up."""
        keys: list[str] = []

        def recording(key: str) -> str:
            keys.append(key)
            return self.lookup(key)

        problems = Problems()
        alone = FacePainter(recording, self.language, problems, icons=self.icons)
        alone.where = self.where
        painted = alone.paint(face, shape, bleed, cut_guide)
        return painted, tuple(problems.items), tuple(keys), tuple(alone.warnings)

    def paint(self, face: model.Face, shape: Shape = RECTANGLE, bleed: float = 0.0,
              cut_guide: bool = True) -> Picture:
        """The face as a picture of its bleed box; nothing of it inks outside that box.

        The clip keeps a face a face wherever it is shown: on a sheet it is cut at its
        trim, and in a rulebook or diagram art that ran past its box (a text that does
        not fit, reported as such) cannot print over its neighbours.
        """
        whole = picture.Picture(face.width + 2 * bleed, face.height + 2 * bleed, initialFontName=font_name())
        art = picture.Group(box_clip(whole.width, whole.height))
        whole.add(art)
        canvas = _FaceSpace(art, face.height, bleed)
        if face.background is not None:
            art.add(outline(shape, face.width, face.height, bleed, bleed, grow=bleed,
                            fill=to_reportlab(face.background)))
        for element in face.elements:
            self.add(canvas, element)
        if cut_guide and shape.guided_by_default:
            guide = outline(shape, face.width, face.height, bleed, bleed, grow=0, fill=None)
            guide.strokeColor, guide.strokeWidth = CUT_GUIDE, 0.3
            art.add(guide)
        return whole

    def add(self, space: _FaceSpace, element: model.Element) -> None:
        painter = getattr(self, "_" + type(element).__name__.lower())
        painter(space, element)

    def _circle(self, space, e: model.Circle) -> None:
        x, y = space.point(e.x, e.y)
        space.add(_styled(picture.Circle(x, y, e.r), e.style))

    def _rect(self, space, e: model.Rect) -> None:
        x, y = space.point(e.x, e.y + e.h)
        space.add(_styled(picture.Rect(x, y, e.w, e.h, rx=e.radius, ry=e.radius), e.style))

    def _polygon(self, space, e: model.Polygon) -> None:
        x, y = space.point(e.x, e.y)
        space.add(_styled(picture.Polygon(regular_polygon(x, y, e.r, e.sides, 0)), e.style))

    def _star(self, space, e: model.Star) -> None:
        x, y = space.point(e.x, e.y)
        space.add(_styled(picture.Polygon(star_points(x, y, e.r, e.r * e.inner, e.points, 0)), e.style))

    def _group(self, space, e: model.Group) -> None:
        """The elements through the group's map: face space conjugated into the Drawing's."""
        group = picture.Group()
        group.transform = space.conjugate(e.matrix)
        scale, self._scale = self._scale, self._scale * _enlargement(e.matrix)
        inner = _FaceSpace(group, space.height, space.bleed)
        for element in e.elements:
            self.add(inner, element)
        self._scale = scale
        space.add(group)

    def _line(self, space, e: model.Line) -> None:
        x1, y1 = space.point(e.x1, e.y1)
        x2, y2 = space.point(e.x2, e.y2)
        for part in arrow_shapes(x1, y1, x2, y2, e.head, e.style.width):
            if isinstance(part, picture.Polygon):
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
                cell = picture.Rect(x, y, e.cell, e.cell)
                cell.fillColor = to_reportlab(fill)
                cell.strokeColor, cell.strokeWidth = to_reportlab(e.style.stroke), e.style.width
                space.add(cell)

    def _image(self, space, e: model.Image) -> None:
        x, y = space.point(e.x, e.y + e.h)
        space.add(placed(e.path, x, y, e.w, e.h))
        warning = dpi_warning(e.path, e.w * self._scale, e.h * self._scale)
        if warning:
            self._warn(f"{e.location} image: {warning}")

    def _warn(self, warning: str) -> None:
        if warning not in self.warnings:
            self.warnings.append(warning)

    def _text(self, space, e: model.Text) -> None:
        content = e.literal if e.literal is not None else self._lookup(e)
        if content is None:
            return
        font = font_name(e.font.style, e.font.family)
        self._check_glyphs(e, content, font)
        self._check_styles(e, content)
        aspects = self.icon_aspects(e)
        lines, overflow = rich.fit(content, e.w, e.h, e.size, font, aspects)
        if overflow is not None:
            self._report_overflow(e, overflow)
        colour = to_reportlab(e.colour)
        for (line, width), (x, y) in zip(lines, _line_origins(e, len(lines))):
            left, baseline = space.point(x - {"left": 0, "centre": width / 2, "right": width}[e.align], y)
            for shape in _line_shapes(line, left, baseline, e.size, colour, aspects, self._icon_shape):
                space.add(shape)

    def icon_aspects(self, e: model.Text):
        """An icon's width over height by name; an icon that cannot be had is a problem, said once."""

        def aspect_of(name: str) -> float | None:
            path, problem = self.icons.find(name)
            if problem:
                self.problems.add(self._place(e), "text", problem)
                return None
            return aspect(path) if path is not None else None

        return aspect_of

    def _icon_shape(self, name: str, x: float, baseline: float, w: float, h: float):
        path, _ = self.icons.find(name)
        return placed(path, x, baseline, w, h) if path is not None else None

    def _place(self, e: model.Text) -> Location:
        """Where a text's problem is said: a table's translated text at its cell in this language
        (saying where the face uses it), any other where the text is."""
        if e.key and self.where is not None:
            written = self.where(e.key)
            if written is not None and written.cell:
                return written._replace(via=e.location.via or (e.location.file, e.location.line, e.location.column, ""))
        return e.location

    def _lookup(self, e: model.Text) -> str | None:
        if e.key is None:  # a text has its literal or its key (pnp.model.faces): none is nothing to say
            return None
        try:
            return self.lookup(e.key)
        except KeyError:
            self.problems.add(e.location, "text.key", f"no text {quote(e.key)} in text/en.yaml")
            return None

    def _check_glyphs(self, e: model.Text, content: str, font: str) -> None:
        for lacking, chars in rich.missing(content, font).items():
            self.problems.add(self._place(e), "text",
                              f"the {describe(lacking)} has no glyph for {' '.join(chars)} ({self.language})")

    def _check_styles(self, e: model.Text, content: str) -> None:
        """A warning for each style the text asks for (its font's, its markup's) that its family lacks."""
        family = e.font.family
        if family is None or len(family.styles) == len(STYLES):
            return
        for style in sorted(rich.styles_asked(content, e.font.style) - set(family.styles)):
            self._warn(f"{e.location} text: the font family {quote(family.name)} has no {style}; "
                       f"{style} text is set in its {family.stand_in(style)}")

    def _report_overflow(self, e: model.Text, overflow) -> None:
        what = quote(e.key) if e.key else quote(e.literal)
        direction = "width" if overflow.dimension == "wide" else "height"
        self.problems.add(self._place(e), "text", f"text {what} ({self.language}) does not fit its box: needs "
                          f"{to_mm(overflow.needed):.1f} mm of {direction}, "
                          f"the box has {to_mm(overflow.available):.1f} mm")


def _enlargement(matrix) -> float:
    """How much a map enlarges lengths (the geometric mean of its two axes)."""
    a, b, c, d, _, _ = matrix
    return abs(a * d - b * c) ** 0.5


def _line_origins(e: model.Text, count: int) -> list[tuple[float, float]]:
    """Baseline points (face space) of each line at the box's alignment edge (its centre for centred text)."""
    leading = e.size * rich.LEADING
    block = leading * (count - 1) + e.size
    top = {"top": e.y, "middle": e.y + (e.h - block) / 2, "bottom": e.y + e.h - block}[e.valign]
    x = {"left": e.x, "centre": e.x + e.w / 2, "right": e.x + e.w}[e.align]
    # The cap height of the font sits about 0.8 of the size above the baseline.
    return [(x, top + 0.8 * e.size + i * leading) for i in range(count)]


def box_clip(width: float, height: float) -> picture.Path:
    """A clip to the box (0, 0, width, height): the first child of a Group, it bounds the rest."""
    clip = picture.Path(isClipPath=1, fillColor=None, strokeColor=None)
    clip.moveTo(0, 0)
    clip.lineTo(width, 0)
    clip.lineTo(width, height)
    clip.lineTo(0, height)
    clip.closePath()
    return clip


def new_drawing(width: float, height: float) -> Drawing:
    """A Drawing whose renderers start in the embedded font, never in unembedded Helvetica
    (a face's picture starts in it too)."""
    from reportlab.graphics.shapes import Drawing

    drawing = Drawing(width, height)
    drawing.initialFontName = font_name()
    return drawing


class _FaceSpace:
    """Maps face coordinates (top-left, y down) into the Drawing (bottom-left, y up)."""

    def __init__(self, drawing: picture.Group, height: float, bleed: float):
        self.drawing, self.height, self.bleed = drawing, height, bleed

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (self.bleed + x, self.bleed + self.height - y)

    def conjugate(self, matrix):
        """A map of face space as the same map of the Drawing's space (y up, bleed around)."""
        to_drawing = (1.0, 0.0, 0.0, -1.0, self.bleed, self.bleed + self.height)
        to_face = (1.0, 0.0, 0.0, -1.0, -self.bleed, self.bleed + self.height)
        return multiply(to_drawing, multiply(matrix, to_face))

    def add(self, shape) -> None:
        self.drawing.add(shape)


def _line_shapes(line: rich.Line, x: float, baseline: float, size: float, colour, aspects: rich.Aspects,
                 icon_shape: Callable[[str, float, float, float, float], object]) -> list:
    """The shapes of one measured line starting at x on the baseline (drawing space, y up)."""
    made = []
    for run in line:
        if run.icon:
            w = rich.icon_width(run, size, aspects)
            shape = icon_shape(run.text, x, baseline, w, size * rich.ICON_HEIGHT)
            if shape is not None:
                made.append(shape)
            x += w
            continue
        for font, part in rich.fonts_of(run):
            made.append(picture.String(x, baseline, part, font, size, colour))
            x += text_width(part, size, font)
    return made


def _styled(shape, style: model.Style, filled: bool = True):
    if filled:
        shape.fillColor = to_reportlab(style.fill)
    shape.strokeColor = to_reportlab(style.stroke)
    shape.strokeWidth = style.width
    if style.dash:
        shape.strokeDashArray = list(style.dash)
    return shape


def outline(shape: Shape, w: float, h: float, x0: float, y0: float, grow: float, fill) -> picture.Shape:
    """The component's outline (trim shape grown by `grow`) with its trim at (x0, y0, w, h)."""
    result = outline_picture(shape.outline(x0, y0, w, h, grow))
    result.fillColor, result.strokeColor = fill, None
    return result


def outline_picture(outline: Outline) -> picture.Shape:
    """An outline (pnp.shapes.geometry) as a picture shape."""
    if isinstance(outline, Ellipse):
        return picture.Circle(outline.cx, outline.cy, outline.rx)
    if isinstance(outline, Polygon):
        return picture.Polygon(outline.flat)
    if outline.radius > 0:
        return picture.Rect(outline.x, outline.y, outline.w, outline.h, rx=outline.radius, ry=outline.radius)
    return picture.Rect(outline.x, outline.y, outline.w, outline.h)


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
        return [picture.Line(x1, y1, x2, y2)]
    ux, uy = unit(x2 - x1, y2 - y1)
    base = (x2 - ux * head, y2 - uy * head)
    tip = picture.Polygon([value for point in arrow_head((x2, y2), base, (ux, uy), head * 0.6) for value in point])
    return [picture.Line(x1, y1, *base), tip]
