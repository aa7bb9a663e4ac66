"""PDFium's C API as pnp.output.raster calls it through pypdfium2.raw (ctypes).

A page is drawn straight into a buffer pnp owns (FPDFBitmap_CreateEx over it, with a
stride one byte wider than a row so each row can start with PNG's filter byte), through
an explicit matrix, in RGB order; and a page's objects are walked, into forms, to learn
whether it holds raster art.
"""

from __future__ import annotations

import ctypes
import io

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pnp.output import raster


def a_page(with_image: bool) -> bytes:
    """A 10 × 10 pt page, red on its left half; optionally a small image drawn inside a form."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(10, 10), invariant=1)
    canvas.setFillColorRGB(1, 0, 0)
    canvas.rect(0, 0, 5, 10, stroke=0, fill=1)
    if with_image:
        canvas.beginForm("art")
        canvas.drawInlineImage(Image.new("RGB", (2, 2), (0, 0, 255)), 6, 6, 2, 2)
        canvas.endForm()
        canvas.doForm("art")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_page_draws_into_a_buffer_of_ours_in_rgb_order(relied_on) -> None:
    width, height, stride = 20, 20, 20 * 3 + 1
    buffer = (ctypes.c_ubyte * (stride * height))()
    document = pypdfium2.PdfDocument(a_page(with_image=False))
    try:
        with relied_on("pypdfium2", "PdfPage.raw, FPDFBitmap_CreateEx over an outside buffer with its own stride, "
                                    "FPDFBitmap_FillRect, FS_MATRIX/FS_RECTF and FPDF_RenderPageBitmapWithMatrix "
                                    "with FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER"):
            raster._draw(document[0], buffer, 1, (width, height), stride, 2.0, transparent=False)
            rows = bytes(buffer)
            assert rows[::stride] == bytes(height)  # the byte before each row is left alone
            left, right = rows[1 + 10 * stride: 4 + 10 * stride], rows[1 + 10 * stride + 3 * 15:][:3]
            assert (tuple(left), tuple(right)) == ((255, 0, 0), (255, 255, 255))
    finally:
        document.close()


def test_a_pages_objects_are_walked_into_its_forms(relied_on) -> None:
    with relied_on("pypdfium2", "FPDFPage_CountObjects/GetObject, FPDFPageObj_GetType, FPDFFormObj_CountObjects/"
                                "GetObject and the FPDF_PAGEOBJ_IMAGE/SHADING/FORM kinds"):
        for with_image in (False, True):
            document = pypdfium2.PdfDocument(a_page(with_image))
            try:
                held = document[0]  # the page's handle lives as long as its PdfPage
                page = held.raw
                kinds = {pdfium_c.FPDFPageObj_GetType(pdfium_c.FPDFPage_GetObject(page, i))
                         for i in range(pdfium_c.FPDFPage_CountObjects(page))}
                assert pdfium_c.FPDF_PAGEOBJ_PATH in kinds
                assert (pdfium_c.FPDF_PAGEOBJ_FORM in kinds) is with_image
                assert raster._holds_raster_art(page) is with_image
            finally:
                document.close()
