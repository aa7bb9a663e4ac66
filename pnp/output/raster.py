"""PDF pages → PNG files at a given DPI, rendered by PDFium and saved by Pillow with pHYs.

The PNG is the same page as the PDF, so both print alike; its stored DPI makes it
print at true size. PDFium is not thread-safe: render one page at a time.
"""

from __future__ import annotations

import io
import threading

import pypdfium2
from PIL import Image

_PDFIUM = threading.Lock()
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
            # Scale a hair under the exact scale so PDFium's rounding up lands on the true pixel size.
            # RGBX in PDFium's buffer is read by Pillow without a copy; the copy made here by
            # convert() is taken before the document (which owns the buffer) is closed.
            bitmap = page.render(scale=scale * (1 - 1e-9), may_draw_forms=False, rev_byteorder=True,
                                 prefer_bgrx=not transparent, fill_color=(255, 255, 255, 0 if transparent else 255))
            return _exact(bitmap.to_pil(), target).convert("RGBA" if transparent else "RGB")
        finally:
            document.close()


def _exact(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    if image.size == size:
        return image
    return image.crop((0, 0, *size)) if image.width >= size[0] else image.resize(size)


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
