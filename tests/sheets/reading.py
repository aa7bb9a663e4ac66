"""Reading built sheets back as a print designer would, with independent readers only.

PDFium (pypdfium2) gives each page's objects with their bounds in millimetres: a face
painted once is a path object at the top level, one painted again a form; cut marks are
black hairline strokes (0.25 pt), guides grey ones. pypdf gives the text and the viewer
preferences; Pillow gives pixels. Nothing here uses pnp's layout code.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image

MM = 72 / 25.4
PATH, TEXT, FORM = pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_TEXT, pdfium_c.FPDF_PAGEOBJ_FORM


@dataclass(frozen=True)
class Rect:
    """A box in millimetres from the page's bottom-left corner."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    def inset(self, d: float) -> Rect:
        return Rect(self.x0 + d, self.y0 + d, self.x1 - d, self.y1 - d)

    def holds(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def near(self, other: Rect, tol: float) -> bool:
        return all(abs(a - b) <= tol for a, b in zip(self.values, other.values))

    @property
    def values(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)


@dataclass(frozen=True)
class Obj:
    kind: int
    box: Rect
    stroke: float  # stroke width in points (0 for none)
    stroke_rgba: tuple[int, int, int, int]
    fill_rgba: tuple[int, int, int, int]
    clip: Rect | None = None  # what its clip paths let through, as one box (None: not clipped)

    @property
    def shown(self) -> Rect:
        """The part of its box its clip lets through."""
        if self.clip is None:
            return self.box
        return Rect(max(self.box.x0, self.clip.x0), max(self.box.y0, self.clip.y0), min(self.box.x1, self.clip.x1),
                    min(self.box.y1, self.clip.y1))


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    objects: tuple[Obj, ...]

    def faces(self, w: float, h: float, tol: float = 0.05, fill: tuple[int, int, int] | None = None) -> list[Rect]:
        """Top-level paths and forms the size of a face's bleed box, w × h mm either way round
        (and of a fill colour, where given: a face's ground is its first path)."""
        return [o.box for o in self.objects
                if o.kind in (PATH, FORM) and (fill is None or o.kind == FORM or o.fill_rgba[:3] == fill)
                and any(abs(o.box.w - a) <= tol and abs(o.box.h - b) <= tol for a, b in ((w, h), (h, w)))]

    def lines(self, width: float, rgb: tuple[int, int, int]) -> list[Rect]:
        """Straight horizontal or vertical strokes of this width and colour (a mark, a guide), as
        their centre lines: PDFium's bounds reach the stroke width past the line all round."""
        half = width / MM
        found = []
        for o in self.objects:
            if (o.kind != PATH or abs(o.stroke - width) > 0.01 or o.stroke_rgba[:3] != rgb
                    or min(o.box.w, o.box.h) > 2 * half + 0.01):
                continue
            box = o.box.inset(half)
            found.append(Rect(box.x0, box.y0, box.x0, box.y1) if o.box.w < o.box.h
                         else Rect(box.x0, box.y0, box.x1, box.y0))
        return found

    @property
    def marks(self) -> list[Rect]:
        return self.lines(0.25, (0, 0, 0))

    def outlines(self, width: float, least: float = 10.0) -> list[Obj]:
        """Paths stroked this wide, at least `least` mm each way (a disc's or hexagon's cut guide, and
        whatever art is drawn so), each with the box of its centre line."""
        grown = width / MM  # PDFium's bounds reach a whole stroke width past the line all round
        return [Obj(o.kind, o.box.inset(grown), o.stroke, o.stroke_rgba, o.fill_rgba, o.clip) for o in self.objects
                if o.kind == PATH and abs(o.stroke - width) <= 0.01 and min(o.box.w, o.box.h) >= least]


def read_pages(pdf: Path | bytes) -> list[Page]:
    document = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return [_page(document[i]) for i in range(len(document))]
    finally:
        document.close()


def _page(page) -> Page:
    width, height = page.get_size()
    objects = []
    for obj in page.get_objects(max_depth=1):
        left, bottom, right, top = obj.get_bounds()
        objects.append(Obj(obj.type, Rect(left / MM, bottom / MM, right / MM, top / MM), _stroke(obj),
                           _colour(pdfium_c.FPDFPageObj_GetStrokeColor, obj),
                           _colour(pdfium_c.FPDFPageObj_GetFillColor, obj), _clip(obj)))
    return Page(width / MM, height / MM, tuple(objects))


def _clip(obj) -> Rect | None:
    """The box all of an object's clip paths share (each path taken as the box of its points)."""
    clip = pdfium_c.FPDFPageObj_GetClipPath(obj.raw)
    if not clip:
        return None
    shared = None
    for index in range(pdfium_c.FPDFClipPath_CountPaths(clip)):
        xs, ys = [], []
        for segment in range(pdfium_c.FPDFClipPath_CountPathSegments(clip, index)):
            x, y = ctypes.c_float(), ctypes.c_float()
            pdfium_c.FPDFPathSegment_GetPoint(pdfium_c.FPDFClipPath_GetPathSegment(clip, index, segment),
                                              ctypes.byref(x), ctypes.byref(y))
            xs.append(x.value / MM)
            ys.append(y.value / MM)
        if xs:
            box = Rect(min(xs), min(ys), max(xs), max(ys))
            shared = box if shared is None else Rect(max(shared.x0, box.x0), max(shared.y0, box.y0),
                                                     min(shared.x1, box.x1), min(shared.y1, box.y1))
    return shared


@dataclass(frozen=True)
class Stroke:
    """A stroked path as PDFium reads it: its points in millimetres on the page (the path's own
    matrix applied, a curve by its end points), whether it is dashed, its width and colour."""

    points: tuple[tuple[float, float], ...]
    dashed: bool
    width: float
    rgb: tuple[int, int, int]


def read_strokes(pdf: Path | bytes, index: int) -> list[Stroke]:
    """Every top-level stroked path of a page, in the order drawn."""
    document = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        page = document[index]
        strokes = []
        for obj in page.get_objects(max_depth=1):
            if obj.type != PATH or not _strokes(obj):
                continue
            strokes.append(Stroke(_points(obj), pdfium_c.FPDFPageObj_GetDashCount(obj.raw) > 0, _stroke(obj),
                                  _colour(pdfium_c.FPDFPageObj_GetStrokeColor, obj)[:3]))
        return strokes
    finally:
        document.close()


def _strokes(obj) -> bool:
    fill, stroke = ctypes.c_int(0), ctypes.c_int(0)
    return bool(pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke)) and stroke.value)


def _points(obj) -> tuple[tuple[float, float], ...]:
    matrix = pdfium_c.FS_MATRIX()
    pdfium_c.FPDFPageObj_GetMatrix(obj.raw, ctypes.byref(matrix))
    points = []
    for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
        x, y = ctypes.c_float(0), ctypes.c_float(0)
        segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, i)
        pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        points.append(((matrix.a * x.value + matrix.c * y.value + matrix.e) / MM,
                       (matrix.b * x.value + matrix.d * y.value + matrix.f) / MM))
    return tuple(points)


def _stroke(obj) -> float:
    width = ctypes.c_float(0)
    return width.value if pdfium_c.FPDFPageObj_GetStrokeWidth(obj, ctypes.byref(width)) else 0.0


def _colour(getter, obj) -> tuple[int, int, int, int]:
    parts = [ctypes.c_uint(0) for _ in range(4)]
    if not getter(obj, *(ctypes.byref(p) for p in parts)):
        return (0, 0, 0, 0)
    return tuple(p.value for p in parts)  # type: ignore[return-value]


def render(pdf: Path, index: int, dpi: int) -> Image.Image:
    """A page as PDFium draws it, for pixel checks (not pnp's raster code)."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def disc_extent(image: Image.Image, dpi: int, near: Rect, page_height: float,
                rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    """(left, right, bottom, top) in mm of a disc of colour rgb around the box `near`, scanned from
    outside in, each edge to a fraction of a pixel from how much of the edge pixels the colour
    covers on white paper: up and down through the centre, and across along a chord half a
    radius above it, where discs in a row do not touch."""
    k = dpi / 25.4
    cx, cy = int((near.x0 + near.x1) / 2 * k), int((page_height - (near.y0 + near.y1) / 2) * k)
    radius = near.h / 2
    reach = int((radius + 1.5) * k)
    chord_at = int(cy - radius / 2 * k)
    row = [image.getpixel((cx + i, chord_at)) for i in range(-reach, reach)]
    column = [image.getpixel((cx, cy + i)) for i in range(-reach, reach)]
    left, right = (cx - reach + e for e in _edges(row, rgb))
    top, bottom = (cy - reach + e for e in _edges(column, rgb))
    centre_x, centre_y = (left + right) / 2, (top + bottom) / 2
    half_chord, drop = (right - left) / 2, centre_y - (chord_at + 0.5)
    r = (half_chord ** 2 + drop ** 2) ** 0.5
    return ((centre_x - r) / k, (centre_x + r) / k, page_height - bottom / k, page_height - top / k)


def _edges(pixels: list, rgb: tuple[int, int, int]) -> tuple[float, float]:
    ink = [_coverage(p, rgb) for p in pixels]
    start = _edge(ink)
    end = len(ink) - _edge(ink[::-1])
    return start, end


def _edge(ink: list[float]) -> float:
    """Where the art starts: the first solid pixel, less the coverage of the partly covered ones before it."""
    solid = next(i for i, c in enumerate(ink) if c > 0.97)
    partial = sum(c for c in ink[max(0, solid - 3):solid])
    return solid - partial


def _coverage(pixel, rgb) -> float:
    """How much of a pixel the colour covers on white paper (0 for a pixel of another colour):
    the pixel as white blended with rgb, the blend fitted by least squares."""
    ink = [255 - p for p in pixel[:3]]
    full = [255 - c for c in rgb]
    share = sum(a * b for a, b in zip(ink, full)) / max(sum(b * b for b in full), 1)
    residual = sum((a - share * b) ** 2 for a, b in zip(ink, full)) ** 0.5
    return 0.0 if residual > 40 else max(0.0, min(1.0, share))
