"""Light shapes of a face, each the twin of a reportlab graphics shape, without reportlab.graphics.

Importing `reportlab.graphics.shapes` imports all of platypus (a Drawing is a Flowable),
whose paragraph module compiles its regular expressions on import: 80 ms in every
process that paints a sheet, about a tenth of a 1,000-card build (SVG art still brings
it: svglib makes reportlab shapes). A face is built of
these twins instead; `pdfdraw` paints them onto a canvas as it paints their reportlab
twins, and `as_reportlab` turns a picture into the reportlab Drawing that rulebooks,
diagrams and exports take.

A twin holds what its reportlab shape holds after the same constructor call, with the
same defaults, in the same order (renderers read a shape's attributes in that order),
so a picture and its Drawing paint the same PDF operators: the tests check both.
"""

from __future__ import annotations

import functools
import hashlib
import os
from typing import Any

from reportlab.lib.colors import Color, black
from reportlab.pdfbase.pdfmetrics import baseGFont
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

# reportlab.graphics.shapes.STATE_DEFAULTS as its renderers copy it (tests check they agree).
STATE_DEFAULTS = {
    "transform": (1, 0, 0, 1, 0, 0), "strokeColor": black, "strokeWidth": 1, "strokeLineCap": 0, "strokeLineJoin": 0,
    "strokeMiterLimit": 10, "strokeDashArray": None, "strokeOpacity": None, "fillOpacity": None,
    "fillOverprint": False, "strokeOverprint": False, "overprintMask": 0, "fillColor": black, "fillMode": 0,
    "fontSize": 10, "fontName": baseGFont, "textAnchor": "start",
}
# reportlab's path operators (a Path's `operators`), and how many of its `points` numbers each takes
MOVETO, LINETO, CURVETO, CLOSEPATH = range(4)
OPERANDS = (2, 2, 6, 0)


def _line_style() -> dict:
    return {"strokeColor": black, "strokeWidth": 1, "strokeLineCap": 0, "strokeLineJoin": 0, "strokeMiterLimit": 0,
            "strokeDashArray": None, "strokeOpacity": None}


def _solid_style() -> dict:
    return {"fillColor": black, "fillOpacity": None, **_line_style()}


class Shape:
    """A shape's attributes, set as its reportlab twin's constructor sets them."""

    isClipPath = 0
    # Set through __dict__ by the kinds that have them (a Line has no fill), and restyled by painters.
    fillColor: Color | None
    strokeColor: Color | None
    strokeWidth: float

    def twin(self):
        """The reportlab shape with these attributes."""
        from reportlab.graphics import shapes

        kind = getattr(shapes, type(self).__name__)
        shape = kind.__new__(kind)
        shape.__dict__.update(self.__dict__)
        return shape


class Rect(Shape):
    def __init__(self, x, y, width, height, rx=0, ry=0):
        self.__dict__ = {**_solid_style(), "x": x, "y": y, "width": width, "height": height, "rx": rx, "ry": ry}


class Circle(Shape):
    def __init__(self, cx, cy, r):
        self.__dict__ = {**_solid_style(), "cx": cx, "cy": cy, "r": r}


class Polygon(Shape):
    def __init__(self, points):
        self.__dict__ = {**_solid_style(), "points": points}


class Line(Shape):
    def __init__(self, x1, y1, x2, y2):
        self.__dict__ = {**_line_style(), "x1": x1, "y1": y1, "x2": x2, "y2": y2}


class Image(Shape):
    def __init__(self, x, y, width, height, path):
        self.__dict__ = {**_solid_style(), "x": x, "y": y, "width": width, "height": height, "path": path}


class String(Shape):
    encoding = "utf8"

    def __init__(self, x, y, text, fontName, fontSize, fillColor):
        self.__dict__ = {"x": x, "y": y, "text": text, "textAnchor": "start", "fontName": fontName,
                         "fontSize": fontSize, "fillColor": fillColor}


class Path(Shape):
    """A path of straight lines (what faces need: clips and outlines)."""

    def __init__(self, isClipPath=0, fillColor=black, strokeColor=black):
        self.__dict__ = {**_solid_style(), "points": [], "operators": [], "isClipPath": isClipPath,
                         "autoclose": None, "fillMode": FILL_EVEN_ODD}
        self.fillColor, self.strokeColor = fillColor, strokeColor

    def moveTo(self, x, y):
        self.points += [x, y]
        self.operators.append(MOVETO)

    def lineTo(self, x, y):
        self.points += [x, y]
        self.operators.append(LINETO)

    def closePath(self):
        self.operators.append(CLOSEPATH)


class Group(Shape):
    """Shapes under a transform. Its contents may be reportlab shapes too (an SVG's, from svglib)."""

    def __init__(self, *contents):
        self.contents = list(contents)
        self.transform = (1, 0, 0, 1, 0, 0)

    def add(self, shape) -> None:
        self.contents.append(shape)

    def twin(self):
        from reportlab.graphics import shapes

        group = shapes.Group(*(as_reportlab(shape) for shape in self.contents))
        group.transform = self.transform
        return group


class Picture(Group):
    """A face's picture: its Group is a Drawing of width × height points."""

    # The colours painting starts from (reportlab's Drawing has them too); unset, black. pdfdraw reads them.
    initialFillColor: Any
    initialStrokeColor: Any

    def __init__(self, width, height, initialFontName=None):
        super().__init__()
        self.width, self.height, self.initialFontName = width, height, initialFontName
        self.renderScale = 1.0
        self._drawing = None

    def reportlab(self):
        """Its reportlab Drawing, made once and shared: do not change it."""
        if self._drawing is None:
            self._drawing = self.twin()
        return self._drawing

    def twin(self):
        from reportlab.graphics import shapes

        drawing = shapes.Drawing(self.width, self.height)
        drawing.initialFontName = self.initialFontName
        for shape in self.contents:
            drawing.add(as_reportlab(shape))
        return drawing


def as_reportlab(shape):
    """The reportlab twin of a picture or shape (a reportlab shape is its own)."""
    return shape.twin() if isinstance(shape, Shape) else shape


def drawn_digest(drawing) -> str:
    """A digest of all a picture (or a reportlab shape) draws, in order: each shape's kind and
    attributes, an image by its file's bytes and a font by its file's, not by their paths. Two
    pictures with one digest paint alike; two that paint alike may still differ here (an element
    hidden under another). Comparing digests spares making a PDF of each (pnp diff)."""
    digest = hashlib.sha256()
    _feed(digest, drawing)
    return digest.hexdigest()


def _feed(digest, shape) -> None:
    drawn = []
    for name, value in vars(shape).items():  # in the order its constructor set them: the same for the same shape
        if name.startswith("_") or name == "contents":
            continue  # what a shape keeps for itself (a picture's Drawing twin), and its children, fed after
        if name == "path" and isinstance(shape, Image):
            value = _file_digest(value)
        elif name == "fontName":
            value = (value, _font_digest(value))
        drawn.append((name, value))
    digest.update(f"<{type(shape).__name__}{drawn!r}".encode())
    for child in getattr(shape, "contents", ()):
        _feed(digest, child)
    digest.update(b">")


@functools.lru_cache(maxsize=256)
def _font_digest(name: str) -> str:
    """The digest of the file a registered font is drawn from (its name, for a font without a file,
    and for a game's own font: it is loaded from bytes, and named by a digest of them)."""
    from reportlab.pdfbase.pdfmetrics import getFont

    from pnp.text.fonts import is_game_font

    if is_game_font(name):
        return name
    filename = getattr(getattr(getFont(name), "face", None), "filename", None)
    return _file_digest(filename) if isinstance(filename, str) else name


def _file_digest(path: str) -> str:
    stat = os.stat(path)
    return _stamped_file_digest(path, stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=256)
def _stamped_file_digest(path: str, size: int, mtime_ns: int) -> str:
    """A file's digest, read once while it keeps its size and time."""
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


__all__ = ["Circle", "Group", "Image", "Line", "Path", "Picture", "Polygon", "Rect", "STATE_DEFAULTS", "Shape",
           "String", "as_reportlab", "drawn_digest"]
