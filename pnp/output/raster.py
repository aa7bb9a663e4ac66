"""PDF pages → images and PNG files at a given DPI, rendered by PDFium (PNG: pnp.output.png).

The PNG is the same page as the PDF, so both print alike; its stored DPI makes it
print at true size. The bitmap is paper × dpi pixels rounded to nearest (A4 at 300 dpi:
2480 × 3508), and PDFium draws the page into it through an explicit matrix of exactly
dpi/72 pixels per point from the top-left corner: nothing is stretched to fill rounded
pixels, so a point x points from the left lands at x · dpi/72 px in every PNG (the last
fraction of a pixel of the page is left out, or left white). PDFium is not thread-safe:
one page at a time is rendered, under a lock that a fork waits for, so a worker process
forked while another thread renders (pnp serve builds as it serves pictures) never
inherits PDFium half-way through a page, nor the lock held.
"""

from __future__ import annotations

import ctypes
import os
import threading
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image

from pnp.output.png import png_bytes, png_from_rows

_PDFIUM = threading.Lock()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_PDFIUM.acquire, after_in_parent=_PDFIUM.release, after_in_child=_PDFIUM.release)
Matrix = tuple[float, float, float, float, float, float]  # (a, b, c, d, e, f): x' = a·x + c·y + e, y' = b·x + d·y + f
View = tuple[pypdfium2.PdfPage, Matrix, tuple[float, float, float, float]]
# A page's pixel buffer is kept for the next page (under _PDFIUM): a fresh A4 page at 300 dpi
# (26 MB) costs about 20 ms in page faults, a sixth of rendering and encoding it
# (bench/build_all.py's 90-card PNG figure renders 20 such pages). Larger ones are not kept.
KEPT_PIXEL_BYTES = 64 * 2**20
_kept: list = []
# Page objects whose pixels PNG's row filters shrink (see pnp.output.png).
RASTER_ART = (pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_SHADING)


def pixel_size(points: float, dpi: int) -> int:
    """Pixels covering `points` at dpi, rounded to nearest (PDFium would round up)."""
    return round(points * dpi / 72)


def render_page(pdf: bytes, index: int, dpi: int, transparent: bool = False) -> Image.Image:
    """One page of a PDF (given as bytes) as an RGB (or RGBA) image of exactly paper × dpi."""
    return _render(pdf, index, transparent, _at_dpi(dpi), lambda drawn: drawn.image())


def page_png(pdf: bytes, index: int, dpi: int, transparent: bool = False) -> bytes:
    """One page as a PNG file of exactly paper × dpi, unfiltered unless it holds raster art.

    An opaque page is drawn by PDFium straight into the PNG's rows, and compressed as drawn."""
    def encode(drawn: _Drawn) -> bytes:
        if drawn.filter_bytes and not drawn.raster_art:
            return png_from_rows(drawn.buffer, drawn.size, drawn.mode, dpi)
        return png_bytes(drawn.image(), dpi, drawn.raster_art)
    return _render(pdf, index, transparent, _at_dpi(dpi), encode)


def render_page_size(pdf: bytes, index: int, size: tuple[int, int], transparent: bool = False) -> Image.Image:
    """One page as an image of exactly `size` pixels, scaled to fit its width (exports at a shop's size)."""
    return _render(pdf, index, transparent, lambda w, h: (size, size[0] / w), lambda drawn: drawn.image())


def _at_dpi(dpi: int):
    return lambda w, h: ((pixel_size(w, dpi), pixel_size(h, dpi)), dpi / 72)


@dataclass(frozen=True)
class _Drawn:
    """A page as PDFium drew it. An opaque page's buffer holds PNG rows: each a zero byte (PNG's
    "no filter") and then the row's RGB pixels, PDFium having drawn with a stride one byte wider
    than a row. A transparent page's holds plain RGBA rows (PDFium wants 4-byte rows for them)."""

    buffer: memoryview
    size: tuple[int, int]
    mode: str
    raster_art: bool

    @property
    def filter_bytes(self) -> int:
        """Bytes before each row's pixels: 1 in PNG rows, 0 in plain ones."""
        return 1 if self.mode == "RGB" else 0

    def image(self) -> Image.Image:
        """The pixels as an image of their own: the buffer is drawn on again by the next page."""
        stride = self.size[0] * len(self.mode) + self.filter_bytes
        return Image.frombytes(self.mode, self.size, self.buffer[self.filter_bytes:], "raw", self.mode, stride)


def _render(pdf: bytes, index: int, transparent: bool, sizing, use):
    """`use(drawn)` of one page drawn at `sizing(width, height)` of the page in points → (pixel
    size, scale). `use` runs before the next page may draw into the same buffer."""
    with _PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
        try:
            page = document[index]
            (width, height), scale = sizing(*page.get_size())
            mode = "RGBA" if transparent else "RGB"
            prefix = int(not transparent)
            stride = width * len(mode) + prefix
            buffer = _pixels(stride * height)
            rows = memoryview(buffer).cast("B")[:stride * height]
            if prefix:
                rows[::stride] = bytes(height)  # a kept buffer holds the last page's pixels there
            _draw(page, buffer, prefix, (width, height), stride, scale, transparent)
            return use(_Drawn(rows, (width, height), mode, _holds_raster_art(page.raw)))
        finally:
            document.close()


def _draw(page, buffer, offset: int, size: tuple[int, int], stride: int, scale: float, transparent: bool) -> None:
    """PDFium draws the page on white (or clear) into buffer, its first pixel at offset, RGB(A) order."""
    width, height = size
    with _bitmap(buffer, offset, size, stride, transparent) as bitmap:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0x00FFFFFF if transparent else 0xFFFFFFFF)
        _draw_through(page, bitmap, (scale, 0.0, 0.0, scale, 0.0, 0.0), (0.0, 0.0, float(width), float(height)))


@contextmanager
def _bitmap(buffer, offset: int, size: tuple[int, int], stride: int, transparent: bool):
    """A PDFium bitmap over buffer (its first pixel at offset), RGB or RGBA rows stride bytes apart."""
    width, height = size
    kind = pdfium_c.FPDFBitmap_BGRA if transparent else pdfium_c.FPDFBitmap_BGR
    start = ctypes.cast(ctypes.byref(buffer, offset), ctypes.c_void_p)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, kind, start, stride)
    if not bitmap:
        raise RuntimeError(f"PDFium could not make a {width} × {height} bitmap")
    try:
        yield bitmap
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)


def _draw_through(page, bitmap, matrix: Matrix, clip: tuple[float, float, float, float]) -> None:
    """The page drawn into bitmap through matrix, inking only inside clip (x0, y0, x1, y1 in pixels)."""
    # PDFium maps the page to its top-left, y-down space in points, then applies this matrix.
    flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER  # RGB(A), not BGR(A)
    pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page.raw, pdfium_c.FS_MATRIX(*matrix), pdfium_c.FS_RECTF(*clip),
                                             flags)


def render_views(size: tuple[int, int], views: Sequence[View]) -> Image.Image:
    """Regions of PDF pages drawn into one white RGB image of `size` pixels, each view in turn over the
    last: (an open page, the matrix from its top-left, y-down points to the image's pixels, the box x0,
    y0, x1, y1 in pixels it may ink). A face cut out of a sheet is drawn so (pnp.playtest)."""
    width, height = size
    stride = width * 3
    with _PDFIUM:
        buffer = _pixels(stride * height)
        with _bitmap(buffer, 0, size, stride, False) as bitmap:
            pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
            for page, matrix, clip in views:
                _draw_through(page, bitmap, matrix, clip)
        rows = bytes(memoryview(buffer).cast("B")[:stride * height])  # a copy: the buffer is drawn on again
        return Image.frombuffer("RGB", size, rows, "raw", "RGB", stride, 1)


def _pixels(size: int):
    """A buffer of at least size bytes: the one kept from the last page when it is large enough."""
    if _kept and len(_kept[0]) >= size:
        return _kept[0]
    buffer = (ctypes.c_ubyte * size)()
    if size <= KEPT_PIXEL_BYTES:
        _kept[:] = [buffer]
    return buffer


def _holds_raster_art(page) -> bool:
    """Whether the page, or a form it draws, holds an image or a smooth shading."""
    return _any_raster_art(pdfium_c.FPDFPage_CountObjects(page), lambda i: pdfium_c.FPDFPage_GetObject(page, i))


def _any_raster_art(count: int, get_object) -> bool:
    for index in range(count):
        item = get_object(index)
        kind = pdfium_c.FPDFPageObj_GetType(item)
        if kind in RASTER_ART:
            return True
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM and _any_raster_art(
                pdfium_c.FPDFFormObj_CountObjects(item), lambda i, form=item: pdfium_c.FPDFFormObj_GetObject(form, i)):
            return True
    return False


def page_count(pdf: bytes) -> int:
    with _PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
        try:
            return len(document)
        finally:
            document.close()


@dataclass(frozen=True)
class PageFacts:
    """A page's size in points, and the titles of the outline entries (bookmarks) leading to it,
    from the top of the outline down to the deepest ('Cards', 'red'); none if no entry does."""

    width: float
    height: float
    titles: tuple[str, ...]


def page_facts(pdf: bytes) -> list[PageFacts]:
    """Every page of a PDF: its size and the deepest path of outline titles leading to it."""
    with _PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
        try:
            titles: dict[int, tuple[str, ...]] = {}
            path: list[str] = []
            for bookmark in document.get_toc():
                path[bookmark.level:] = [bookmark.get_title()]
                destination = bookmark.get_dest()
                index = destination.get_index() if destination is not None else None
                if index is not None and len(path) > len(titles.get(index, ())):
                    titles[index] = tuple(path)
            sizes = [document[index].get_size() for index in range(len(document))]
            return [PageFacts(width, height, titles.get(index, ())) for index, (width, height) in enumerate(sizes)]
        finally:
            document.close()
