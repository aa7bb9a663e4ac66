"""One face in one version of a game, as a comparison sees it: its pixels at a resolution,
the characters it prints and where, and where a report can draw it from.

A `PaintedFace` is a face painted now, alone on a page the size of its bleed box (as the
sheets draw it: no cut guide). A `PrintedFace` is cut out of an earlier build's sheets
PDF: each cell the record (pnp.layout.face_places) gives is drawn from its page through
the map that undoes its placement, so a face that prints as it is painted has the pixels
it has alone, up to the anti-aliasing of the sub-pixel place it had on the sheet. Pixels
and characters are in the face's own frame: its bleed box, upright, y down.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

import pypdfium2
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pnp.export.faces import outline_mask
from pnp.layout.face_places import FaceCell, SetPlaces
from pnp.model.affine import IDENTITY
from pnp.output.raster import Matrix, pixel_size, render_views
from pnp.paint import pdfdraw
from pnp.paint.diagrams.output import drawing_pdf
from pnp.paint.picture import drawn_digest
from pnp.shapes import Shape, shape_named
from pnp.text.fonts import font_name

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Geometry:
    """A face's size: its trim (points), its bleed around it, the shape it is cut to and the corner radius."""

    width: float
    height: float
    bleed: float
    shape: Shape
    corner: float

    @property
    def box(self) -> tuple[float, float]:
        """The bleed box's width and height (points)."""
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed

    def pixels(self, dpi: int) -> tuple[int, int]:
        return pixel_size(self.box[0], dpi), pixel_size(self.box[1], dpi)

    def source(self) -> dict:
        """The face's size as a report reads it: its bleed box, and its trim in it (x, y, w, h; points, y up)."""
        return {"size": list(self.box), "trim": [self.bleed, self.bleed, self.width, self.height]}

    def same_size(self, other: Geometry) -> bool:
        mine = (self.width, self.height, self.bleed, self.corner)
        theirs = (other.width, other.height, other.bleed, other.corner)
        return self.shape == other.shape and all(abs(a - b) < 0.01 for a, b in zip(mine, theirs))

    def trim_mask(self, dpi: int, shrink: int = 0) -> Image.Image:
        """255 inside the trim (what is left after cutting), `shrink` pixels or more in from the cut, and
        0 elsewhere: a mask of the face's pixels, made once (shared: copy it to change it)."""
        return _trim_mask(self, dpi, shrink)


def _no_boxes() -> list[Box]:
    return []


@dataclass(frozen=True)
class Ink:
    """What a face shows at a resolution: its RGB pixels; the text it prints within its trim, in the
    order drawn unless the face was cut from several cells (a board's parts: then each part's text
    comes together, `in_order` False); boxes of what is drawn over it but is not its own; and, read
    only when asked for (a text changed), the box of each character it prints, in its pixels."""

    image: Image.Image
    text: str
    over: tuple[Box, ...] = ()
    in_order: bool = True
    char_boxes: Callable[[], list[Box]] = field(default=_no_boxes, compare=False)

    @property
    def words(self) -> list[str]:
        return self.text.split()

    @property
    def printed(self) -> str:
        """The characters printed, without the spaces between them (which PDFium infers from where they are)."""
        return "".join(self.text.split())


class OpenPdf:
    """A PDF opened once for every face drawn from it: an earlier build's sheets, or faces painted together."""

    def __init__(self, data: bytes, path: Path | None = None):
        self.data, self.path = data, path
        self.document = pypdfium2.PdfDocument(data)
        self._pages: dict[int, pypdfium2.PdfPage] = {}
        self._texts: dict[int, pypdfium2.PdfTextPage] = {}
        self._chars: dict[int, list[Box]] = {}

    @classmethod
    def of_file(cls, path: Path) -> OpenPdf:
        return cls(Path(path).read_bytes(), Path(path))

    def page(self, index: int) -> pypdfium2.PdfPage:
        if index not in self._pages:
            self._pages[index] = self.document[index]
        return self._pages[index]

    def text_page(self, index: int) -> pypdfium2.PdfTextPage:
        if index not in self._texts:
            self._texts[index] = self.page(index).get_textpage()
        return self._texts[index]

    def text_within(self, index: int, box: Box) -> str:
        """The text of a page within a box (page points, y up: x0, y0, x1, y1)."""
        return self.text_page(index).get_text_bounded(*box)

    def char_boxes(self, index: int) -> list[Box]:
        """The box of every character of a page but spaces (page points, y up), read once."""
        if index not in self._chars:
            text = self.text_page(index)
            self._chars[index] = [text.get_charbox(i) for i in range(text.count_chars())
                                  if not text.get_text_range(i, 1).isspace()]
        return self._chars[index]


class PaintedFace:
    """A face painted now. Its key is what its picture draws (pnp.paint.picture.drawn_digest): two
    painted faces with one key paint alike, and nothing else is made of them. Otherwise it is drawn
    from a PDF of it (its own, one page its bleed box's size, or a page of one holding every face of
    its version, painted together so that their fonts are embedded once): exactly as painting gives
    it, so two painted faces are compared exactly."""

    exact = True

    def __init__(self, picture, geometry: Geometry):
        self.picture, self.geometry = picture, geometry
        self._page: tuple[OpenPdf, int] | None = None

    @cached_property
    def key(self) -> str:
        return drawn_digest(self.picture)

    @cached_property
    def pdf(self) -> bytes:
        return drawing_pdf(self.picture, "face")

    def painted_in(self, pdf: OpenPdf, index: int) -> None:
        """Draw it from that page of a PDF of faces painted together."""
        self._page = (pdf, index)

    def ink(self, dpi: int) -> Ink:
        pdf, index = self._page or (OpenPdf(self.pdf), 0)
        width, height = self.geometry.box
        return _ink(pdf, [(index, IDENTITY, (0.0, 0.0, width, height))], self.geometry, dpi)

    def source(self) -> dict:
        """Where a report draws it from (JSON): the PDF itself, and its size."""
        return {"pdf": base64.b64encode(self.pdf).decode("ascii"), **self.geometry.source()}


class PrintedFace:
    """A face as an earlier build printed it: the cells of its first copy on the sheets' pages."""

    exact = False

    def __init__(self, sheet: OpenPdf, cells: Sequence[FaceCell], geometry: Geometry):
        self.sheet, self.cells, self.geometry = sheet, tuple(cells), geometry

    @property
    def key(self) -> tuple:
        return (str(self.sheet.path), self.cells)

    def ink(self, dpi: int) -> Ink:
        views = [(cell.page, _page_to_face(cell, self.geometry.box), cell.clip.rect) for cell in self.cells]
        over = [(b.x, b.y, b.right, b.top) for cell in self.cells for b in cell.over]
        return _ink(self.sheet, views, self.geometry, dpi, over)

    def source(self) -> dict:
        """Where a report draws it from (JSON): the sheets PDF, and each cell's page, clip and map into the face."""
        cells = [{"page": cell.page, "clip": list(cell.clip.rect),
                  "matrix": list(_page_to_face(cell, self.geometry.box))} for cell in self.cells]
        return {"sheet": str(self.sheet.path), **self.geometry.source(), "cells": cells}


def _ink(pdf: OpenPdf, views: Sequence[tuple[int, Matrix, Box]], geometry: Geometry, dpi: int,
         over: Sequence[Box] = ()) -> Ink:
    """A face drawn from regions of a PDF's pages: each (page index, the map from its points into the
    face's, the box of the page it shows), over the last; `over`: boxes of the pages drawn over it that
    are not its own. Its text is the pages' within its trim, each view's in the order drawn."""
    size, trim = geometry.pixels(dpi), _trim_pixels(geometry, dpi)
    trimmed = (geometry.bleed, geometry.bleed, geometry.bleed + geometry.width, geometry.bleed + geometry.height)
    drawn, text, covered = [], [], []
    for index, to_face, shows in views:
        page = pdf.page(index)
        to_pixels = _pixels_of(to_face, geometry.box[1], dpi)
        drawn.append((page, _from_pdfium(to_pixels, page.get_size()[1]), _clamped(_mapped_box(to_pixels, shows), size)))
        text.append(pdf.text_within(index, _within(shows, _mapped_box(_inverse(to_face), trimmed))))
        covered += [_mapped_box(to_pixels, box) for box in over]

    def char_boxes() -> list[Box]:
        boxes = []
        for index, to_face, shows in views:
            to_pixels = _pixels_of(to_face, geometry.box[1], dpi)
            clip = _within(_clamped(_mapped_box(to_pixels, shows), size), trim)
            on_view = _centred_in(pdf.char_boxes(index), shows)  # the page's points, y up
            boxes += _centred_in([_mapped_box(to_pixels, box) for box in on_view], clip)
        return boxes

    return Ink(render_views(size, drawn), "\n".join(text), tuple(covered), len(views) == 1, char_boxes)


@lru_cache(maxsize=64)
def _trim_mask(geometry: Geometry, dpi: int, shrink: int) -> Image.Image:
    scale = dpi / 72
    left, width, height = geometry.bleed * scale, geometry.width * scale, geometry.height * scale
    smooth = outline_mask(geometry.pixels(dpi), lambda s: geometry.shape.outline(
        left * s, left * s, width * s, height * s, grow=-shrink * s, corner=geometry.corner * scale * s))
    return smooth.point(lambda v: 255 if v >= 128 else 0)


def pictures_pdf(pictures: Sequence) -> bytes:
    """Pictures painted into one PDF, a page each of its size (invariant: the same pictures, the same bytes)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=font_name(), pageCompression=1)
    for picture in pictures:
        canvas.setPageSize((picture.width, picture.height))
        pdfdraw.draw(picture, canvas, 0, 0)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def printed_geometry(places: SetPlaces, width: float, height: float) -> Geometry:
    return Geometry(width, height, places.bleed, shape_named(places.shape), places.corner)


# --- maps ------------------------------------------------------------------------------

def _page_to_face(cell: FaceCell, box: tuple[float, float]) -> Matrix:
    """The map from the sheet page's points (y up) into the face's (its bleed box at the origin, y up):
    the inverse of drawing the face turned `turn` degrees about the centre of its art box."""
    width, height = box
    cos, sin = _quarter(cell.turn)
    cx, cy = cell.art.centre
    return (cos, -sin, sin, cos, width / 2 - cos * cx - sin * cy, height / 2 + sin * cx - cos * cy)


def _pixels_of(to_face: Matrix, height: float, dpi: int) -> Matrix:
    """to_face, then the face's points (y up) to its pixels (y down)."""
    s = dpi / 72
    a, b, c, d, e, f = to_face
    return (s * a, -s * b, s * c, -s * d, s * e, s * (height - f))


def _from_pdfium(to_pixels: Matrix, page_height: float) -> Matrix:
    """to_pixels for PDFium, which hands it the page in top-left, y-down points."""
    a, b, c, d, e, f = to_pixels
    return (a, b, -c, -d, e + c * page_height, f + d * page_height)


def _inverse(matrix: Matrix) -> Matrix:
    a, b, c, d, e, f = matrix
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _quarter(turn: int) -> tuple[float, float]:
    radians = math.radians(turn % 360)
    return round(math.cos(radians)) + 0.0, round(math.sin(radians)) + 0.0


def _mapped_box(matrix: Matrix, box: Box) -> Box:
    """The box (x0, y0, x1, y1) through a map that turns by quarter turns: still a box."""
    a, b, c, d, e, f = matrix
    corners = [(a * x + c * y + e, b * x + d * y + f) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def _clamped(box: Box, size: tuple[int, int]) -> Box:
    return (max(0.0, box[0]), max(0.0, box[1]), min(float(size[0]), box[2]), min(float(size[1]), box[3]))


def _within(clip: Box, trim: Box) -> Box:
    return (max(clip[0], trim[0]), max(clip[1], trim[1]), min(clip[2], trim[2]), min(clip[3], trim[3]))


def _trim_pixels(geometry: Geometry, dpi: int) -> Box:
    s = dpi / 72
    return (geometry.bleed * s, geometry.bleed * s, (geometry.bleed + geometry.width) * s,
            (geometry.bleed + geometry.height) * s)


# --- characters ------------------------------------------------------------------------

def _centred_in(boxes: Sequence[Box], inside: Box) -> list[Box]:
    """The boxes whose centre is inside (all in one frame, either way up)."""
    return [box for box in boxes
            if inside[0] <= (box[0] + box[2]) / 2 <= inside[2] and inside[1] <= (box[1] + box[3]) / 2 <= inside[3]]
