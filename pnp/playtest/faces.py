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
import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pypdfium2
from PIL import Image

from pnp.export.faces import outline_mask
from pnp.layout.face_places import FaceCell, SetPlaces
from pnp.output.raster import Matrix, pixel_size, render_page, render_views
from pnp.shapes import Shape, shape_named

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

    def trim_mask(self, dpi: int) -> Image.Image:
        """255 inside the trim (what is left after cutting), 0 in the bleed: an 8-bit mask of the face's pixels."""
        scale = dpi / 72
        left, width, height = self.bleed * scale, self.width * scale, self.height * scale
        return outline_mask(self.pixels(dpi), lambda s: self.shape.outline(left * s, left * s, width * s, height * s,
                                                                           corner=self.corner * scale * s))


@dataclass(frozen=True)
class Ink:
    """What a face shows at a resolution: its RGB pixels, and each character it prints (within its
    trim) with its box in those pixels; `over` are boxes of what is drawn over it but is not its own.
    The characters are in the order they are drawn unless the face was cut from several cells (a
    board's parts): then each part's come together (`in_order` False)."""

    image: Image.Image
    chars: tuple[tuple[str, Box], ...]
    over: tuple[Box, ...] = ()
    in_order: bool = True

    @property
    def words(self) -> list[str]:
        return "".join(char for char, _ in self.chars).split()

    @property
    def printed(self) -> str:
        """The characters printed, without the spaces between them (which PDFium infers from where they are)."""
        return "".join(char for char, _ in self.chars if not char.isspace())


class PaintedFace:
    """A face painted now: a one-page PDF of its bleed box. Its pixels are exactly what painting
    gives, so two painted faces are compared exactly."""

    exact = True

    def __init__(self, pdf: bytes, geometry: Geometry):
        self.pdf, self.geometry = pdf, geometry

    @cached_property
    def key(self) -> str:
        return hashlib.sha256(self.pdf).hexdigest()

    def ink(self, dpi: int) -> Ink:
        image = render_page(self.pdf, 0, dpi)
        height = self.geometry.box[1]
        scale = dpi / 72
        document = pypdfium2.PdfDocument(self.pdf)
        try:
            chars = _chars(document[0], lambda x, y: (x * scale, (height - y) * scale), self._trim(dpi))
        finally:
            document.close()
        return Ink(image, chars)

    def _trim(self, dpi: int) -> Box:
        scale, g = dpi / 72, self.geometry
        return (g.bleed * scale, g.bleed * scale, (g.bleed + g.width) * scale, (g.bleed + g.height) * scale)

    def source(self) -> dict:
        """Where a report draws it from (JSON): the PDF itself, and its size."""
        return {"pdf": base64.b64encode(self.pdf).decode("ascii"), **self.geometry.source()}


class SheetPdf:
    """An earlier build's sheets PDF, opened once for every face cut out of it."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.data = self.path.read_bytes()
        self.document = pypdfium2.PdfDocument(self.data)
        self._pages: dict[int, pypdfium2.PdfPage] = {}
        self._chars: dict[int, list] = {}

    def page(self, index: int) -> pypdfium2.PdfPage:
        if index not in self._pages:
            self._pages[index] = self.document[index]
        return self._pages[index]

    def chars(self, index: int) -> list[tuple[str, Box]]:
        """Every character of a page with its box (page points, y up), read once."""
        if index not in self._chars:
            text = self.page(index).get_textpage()
            self._chars[index] = [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]
        return self._chars[index]

    def close(self) -> None:
        self.document.close()


class PrintedFace:
    """A face as an earlier build printed it: the cells of its first copy on the sheets' pages."""

    exact = False

    def __init__(self, sheet: SheetPdf, cells: Sequence[FaceCell], geometry: Geometry):
        self.sheet, self.cells, self.geometry = sheet, tuple(cells), geometry

    @property
    def key(self) -> tuple:
        return (str(self.sheet.path), self.cells)

    def ink(self, dpi: int) -> Ink:
        size = self.geometry.pixels(dpi)
        views, chars, over = [], [], []
        trim = _trim_pixels(self.geometry, dpi)
        for cell in self.cells:
            to_face = _page_to_face(cell, self.geometry.box)
            to_pixels = _pixels_of(to_face, self.geometry.box[1], dpi)
            clip = _clamped(_mapped_box(to_pixels, cell.clip.rect), size)
            page = self.sheet.page(cell.page)
            views.append((page, _from_pdfium(to_pixels, page.get_size()[1]), clip))
            inside = _within(clip, trim)
            chars += _kept(((c, _mapped_box(to_pixels, box)) for c, box in self.sheet.chars(cell.page)), inside)
            over += [_mapped_box(to_pixels, (b.x, b.y, b.right, b.top)) for b in cell.over]
        return Ink(render_views(size, views), tuple(chars), tuple(over), in_order=len(self.cells) == 1)

    def source(self) -> dict:
        """Where a report draws it from (JSON): the sheets PDF, and each cell's page, clip and map into the face."""
        cells = [{"page": cell.page, "clip": list(cell.clip.rect),
                  "matrix": list(_page_to_face(cell, self.geometry.box))} for cell in self.cells]
        return {"sheet": str(self.sheet.path), **self.geometry.source(), "cells": cells}


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

def _chars(page, to_pixels, inside: Box) -> tuple[tuple[str, Box], ...]:
    """The page's characters inside a box of the face's pixels, with their boxes there."""
    text = page.get_textpage()
    found = []
    for index in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(index)
        (x0, y0), (x1, y1) = to_pixels(left, top), to_pixels(right, bottom)
        found.append((text.get_text_range(index, 1), (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))))
    return tuple(_kept(found, inside))


def _kept(chars, inside: Box) -> list[tuple[str, Box]]:
    """The characters whose centre is inside, and the spaces and line breaks that follow one of them
    (PDFium's own, between words and lines, have no place of their own)."""
    kept, keeping = [], False
    for char, box in chars:
        if char.isspace():
            if keeping:
                kept.append((" ", box))
            continue
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        keeping = inside[0] <= x <= inside[2] and inside[1] <= y <= inside[3]
        if keeping:
            kept.append((char, box))
    return kept
