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
# zlib level of PNG pages; bench/build_all.py times levels 1, 3 and 6 (see the README).
COMPRESS_LEVEL = 6


def pixel_size(points: float, dpi: int) -> int:
    """Pixels covering `points` at dpi, rounded to nearest (PDFium would round up)."""
    return round(points * dpi / 72)


def render_page(pdf: bytes, index: int, dpi: int, transparent: bool = False) -> Image.Image:
    """One page of a PDF (given as bytes) as an RGB (or RGBA) image of exactly paper × dpi."""
    with _PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
        try:
            page = document[index]
            width, height = page.get_size()
            # Scale a hair under dpi/72 so PDFium's rounding up lands on the true pixel size.
            bitmap = page.render(scale=dpi / 72 * (1 - 1e-9), may_draw_forms=False,
                                 fill_color=(255, 255, 255, 0 if transparent else 255))
            image = bitmap.to_pil()
        finally:
            document.close()
    target = (pixel_size(width, dpi), pixel_size(height, dpi))
    if image.size != target:
        image = image.crop((0, 0, *target)) if image.width >= target[0] else image.resize(target)
    return image.convert("RGBA" if transparent else "RGB")


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
