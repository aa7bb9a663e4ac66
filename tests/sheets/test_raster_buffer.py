"""PNG pages reuse one pixel buffer per process: a page never shows what the last one drew."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfgen import canvas

from pnp.output import raster


def pages_pdf() -> bytes:
    """An A4 page all black, then a smaller Letter page with one red square, then a tiny empty page."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4, invariant=1)
    pdf.setFillColorRGB(0, 0, 0)
    pdf.rect(0, 0, *A4, stroke=0, fill=1)
    pdf.showPage()
    pdf.setPageSize(letter)
    pdf.setFillColorRGB(1, 0, 0)
    pdf.rect(100, 100, 50, 50, stroke=0, fill=1)
    pdf.showPage()
    pdf.setPageSize((60, 40))
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_a_reused_buffer_gives_the_pixels_of_a_fresh_one():
    pdf = pages_pdf()
    raster._kept.clear()
    reused = [raster.render_page(pdf, 0, 100), raster.render_page(pdf, 1, 100),
              raster.render_page(pdf, 2, 100, transparent=True), raster.render_page(pdf, 1, 100)]
    # The smaller pages drew into the A4 page's buffer: its PNG rows, a filter byte before each.
    assert len(raster._kept) == 1 and len(raster._kept[0]) == (827 * 3 + 1) * 1169
    fresh = []
    for page, transparent in ((0, False), (1, False), (2, True), (1, False)):
        raster._kept.clear()
        fresh.append(raster.render_page(pdf, page, 100, transparent=transparent))
    assert [(i.mode, i.size, i.tobytes()) for i in reused] == [(i.mode, i.size, i.tobytes()) for i in fresh]
    assert reused[1].getpixel((0, 0)) == (255, 255, 255) and reused[2].getpixel((0, 0)) == (255, 255, 255, 0)


def test_a_reused_buffer_gives_the_png_of_a_fresh_one():
    # The black page leaves its pixels where the next, narrower page's rows have their filter byte.
    pdf = pages_pdf()
    raster._kept.clear()
    reused = [raster.page_png(pdf, 0, 100), raster.page_png(pdf, 2, 100, transparent=True),
              raster.page_png(pdf, 1, 100)]
    fresh = []
    for page, transparent in ((0, False), (2, True), (1, False)):
        raster._kept.clear()
        fresh.append(raster.page_png(pdf, page, 100, transparent=transparent))
    assert reused == fresh
