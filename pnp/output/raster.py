"""PDF pages → images and PNG files at a given DPI, rendered by PDFium (PNG: pnp.output.png).

The PNG is the same page as the PDF, so both print alike; its stored DPI makes it
print at true size. The bitmap is paper × dpi pixels rounded to nearest (A4 at 300 dpi:
2480 × 3508), and PDFium draws the page into it through an explicit matrix of exactly
dpi/72 pixels per point from the top-left corner: nothing is stretched to fill rounded
pixels, so a point x points from the left lands at x · dpi/72 px in every PNG (the last
fraction of a pixel of the page is left out, or left white). PDFium is not thread-safe:
render one page at a time.
"""

from __future__ import annotations

import ctypes
import threading

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image

from pnp.output.png import png_bytes

_PDFIUM = threading.Lock()
# A page's pixel buffer is kept for the next page (under _PDFIUM): a fresh A4 page at 300 dpi
# (35 MB) costs about 20 ms in page faults, a sixth of rendering and encoding it
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
    return _render(pdf, index, transparent, _at_dpi(dpi))[0]


def page_png(pdf: bytes, index: int, dpi: int, transparent: bool = False) -> bytes:
    """One page as a PNG file of exactly paper × dpi, unfiltered unless it holds raster art."""
    image, raster_art = _render(pdf, index, transparent, _at_dpi(dpi))
    return png_bytes(image, dpi, raster_art)


def render_page_size(pdf: bytes, index: int, size: tuple[int, int], transparent: bool = False) -> Image.Image:
    """One page as an image of exactly `size` pixels, scaled to fit its width (exports at a shop's size)."""
    return _render(pdf, index, transparent, lambda w, h: (size, size[0] / w))[0]


def _at_dpi(dpi: int):
    return lambda w, h: ((pixel_size(w, dpi), pixel_size(h, dpi)), dpi / 72)


def _render(pdf: bytes, index: int, transparent: bool, sizing) -> tuple[Image.Image, bool]:
    """(The page's image, whether it holds raster art); `sizing(width, height)` of the page in
    points → (pixel size, scale)."""
    with _PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
        try:
            page = document[index]
            target, scale = sizing(*page.get_size())
            width, height = target
            kind = pdfium_c.FPDFBitmap_BGRA if transparent else pdfium_c.FPDFBitmap_BGRx
            bitmap = pypdfium2.PdfBitmap.new_native(width, height, kind, rev_byteorder=True, buffer=_pixels(width * 4 * height))
            bitmap.fill_rect((255, 255, 255, 0 if transparent else 255), 0, 0, width, height)
            # PDFium maps the page to its top-left, y-down space in points, then applies this matrix.
            matrix = pdfium_c.FS_MATRIX(scale, 0.0, 0.0, scale, 0.0, 0.0)
            clip = pdfium_c.FS_RECTF(0.0, 0.0, float(width), float(height))
            flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
            pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix, clip, flags)
            # convert() copies the pixels before the buffer is drawn on again (the next page reuses it).
            return bitmap.to_pil().convert("RGBA" if transparent else "RGB"), _holds_raster_art(page.raw)
        finally:
            document.close()


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
