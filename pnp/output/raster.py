"""PDF pages → PNG files at a given DPI, rendered by PDFium and saved by Pillow with pHYs.

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
import io
import threading

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image

_PDFIUM = threading.Lock()
# A page's pixel buffer is kept for the next page (under _PDFIUM): a fresh A4 page at 300 dpi
# (35 MB) costs about 20 ms in page faults, a sixth of rendering and encoding it
# (bench/build_all.py's 90-card PNG figure renders 20 such pages). Larger ones are not kept.
KEPT_PIXEL_BYTES = 64 * 2**20
_kept: list = []
# zlib level of PNG pages. bench/build_all.py encodes the full kit's 54 sheet pages (300 dpi)
# at each level: level 6 took 12.2 s of CPU for 9.0 MB, level 3 7.1 s for 14.1 MB, level 1
# 7.2 s for 14.3 MB. Level 3 saves 40 % of the encoding (the larger part of a kit's time)
# for pages that stay small, about 0.26 MB each; the pixels are the same at every level.
COMPRESS_LEVEL = 3


def pixel_size(points: float, dpi: int) -> int:
    """Pixels covering `points` at dpi, rounded to nearest (PDFium would round up)."""
    return round(points * dpi / 72)


def render_page(pdf: bytes, index: int, dpi: int, transparent: bool = False) -> Image.Image:
    """One page of a PDF (given as bytes) as an RGB (or RGBA) image of exactly paper × dpi."""
    return _render(pdf, index, transparent, lambda w, h: ((pixel_size(w, dpi), pixel_size(h, dpi)), dpi / 72))


def render_page_size(pdf: bytes, index: int, size: tuple[int, int], transparent: bool = False) -> Image.Image:
    """One page as an image of exactly `size` pixels, scaled to fit its width (exports at a shop's size)."""
    return _render(pdf, index, transparent, lambda w, h: (size, size[0] / w))


def _render(pdf: bytes, index: int, transparent: bool, sizing) -> Image.Image:
    """`sizing(width, height)` of the page in points → (pixel size, scale)."""
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
            return bitmap.to_pil().convert("RGBA" if transparent else "RGB")
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


def page_count(pdf: bytes) -> int:
    with _PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
        try:
            return len(document)
        finally:
            document.close()


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
