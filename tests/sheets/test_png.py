"""PNG files: flat vector pages are written unfiltered, pages with raster art keep Pillow's
row filters, and both decode to the page's own pixels with its DPI."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from pnp.output import png, raster


def row_filters(data: bytes) -> set[int]:
    """The filter type of every row of an 8-bit PNG, read from its own chunks."""
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        assert struct.unpack(">I", data[position + 8 + length:position + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour, *_ = header
    stride = width * {2: 3, 6: 4}[colour] * depth // 8
    rows = zlib.decompress(idat)
    assert len(rows) == height * (stride + 1)
    return {rows[y * (stride + 1)] for y in range(height)}


def noise(size: tuple[int, int]) -> Image.Image:
    generator = random.Random(7)
    return Image.frombytes("RGB", size, bytes(generator.randrange(256) for _ in range(size[0] * size[1] * 3)))


def vector_pdf(with_image: str = "") -> bytes:
    """A page of flat shapes and text; with_image 'page' or 'form' adds a small photo-like image there."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(200, 150), invariant=1)
    pdf.setFillColorRGB(0.8, 0.2, 0.1)
    pdf.roundRect(10, 10, 120, 80, 8, stroke=1, fill=1)
    pdf.drawString(20, 110, "Quatrefoil")
    picture = ImageReader(noise((16, 12)))
    if with_image == "page":
        pdf.drawImage(picture, 140, 20, 40, 30)
    elif with_image == "form":
        pdf.beginForm("art", 0, 0, 50, 40)
        pdf.drawImage(picture, 0, 0, 40, 30)
        pdf.endForm()
        pdf.doForm("art")
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_an_unfiltered_png_holds_the_same_pixels_and_dpi_as_pillows(mode):
    image = noise((37, 23)).convert(mode)
    if mode == "RGBA":
        image.putalpha(Image.linear_gradient("L").resize(image.size))
    ours, pillows = png.png_bytes(image, 300, raster_art=False), png.png_bytes(image, 300)
    assert row_filters(ours) == {0}
    decoded, reference = Image.open(io.BytesIO(ours)), Image.open(io.BytesIO(pillows))
    assert decoded.mode == mode and decoded.size == image.size and decoded.tobytes() == image.tobytes()
    assert decoded.info["dpi"] == reference.info["dpi"]


def test_a_flat_vector_page_is_written_unfiltered_with_its_own_pixels():
    pdf = vector_pdf()
    data = raster.page_png(pdf, 0, 150)
    assert row_filters(data) == {0}
    assert Image.open(io.BytesIO(data)).tobytes() == raster.render_page(pdf, 0, 150).tobytes()


@pytest.mark.parametrize("where", ["page", "form"])
def test_a_page_with_an_image_keeps_the_row_filters_that_shrink_it(where):
    pdf = vector_pdf(with_image=where)
    data = raster.page_png(pdf, 0, 150)
    assert row_filters(data) - {0}, "Pillow's adaptive filters choose other filters for photo-like rows"
    assert Image.open(io.BytesIO(data)).tobytes() == raster.render_page(pdf, 0, 150).tobytes()


def test_a_transparent_page_keeps_its_alpha_unfiltered():
    pdf = vector_pdf()
    data = raster.page_png(pdf, 0, 100, transparent=True)
    decoded = Image.open(io.BytesIO(data))
    assert row_filters(data) == {0} and decoded.mode == "RGBA"
    assert decoded.tobytes() == raster.render_page(pdf, 0, 100, transparent=True).tobytes()
    assert decoded.getpixel((0, 0))[3] == 0
