"""Pillow images → PNG bytes with their DPI stored, the row filter chosen for the art.

PNG may filter each row of pixels before zlib compresses it. Pillow tries all five
filters on every row and keeps the smallest. On raster art (photographs, smooth
shadings) that makes files about a third smaller. On flat vector art, which is what
most sheets hold, it saves nothing and costs more than half of the encoding time
(`python bench/build_all.py`, the kit's 44 sheet pages at 300 dpi and level 3: 6.6 s of
CPU for 15.3 MB with Pillow's filters, 2.9 s for 15.1 MB unfiltered). So a picture
without raster art is written here with no filter (type 0), compressed by zlib at the
same level; one with raster art goes to Pillow. The pixels are the same either way.
"""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

# zlib level of PNG files. bench/build_all.py encodes the kit's sheet pages (300 dpi) at
# levels 1, 3 and 6. Unfiltered: level 1 took 2.9 s of CPU for 15.5 MB, level 3 2.9 s for
# 15.1 MB, level 6 7.4 s for 10.8 MB (with Pillow's filters: 6.8, 6.6 and 11.3 s). Level 3
# is as fast as level 1 and takes under half the CPU of level 6, for pages of about 0.34 MB;
# the pixels are the same at every level.
COMPRESS_LEVEL = 3
SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOUR_TYPES = {"RGB": 2, "RGBA": 6}
NO_FILTER = b"\0"


def png_bytes(image: Image.Image, dpi: int, raster_art: bool = True) -> bytes:
    """The image as a PNG; `raster_art` False: it holds only flat vector art, written unfiltered."""
    if raster_art or image.mode not in COLOUR_TYPES:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=COMPRESS_LEVEL)
        return buffer.getvalue()
    return unfiltered_png(image, dpi)


def unfiltered_png(image: Image.Image, dpi: int, level: int = COMPRESS_LEVEL) -> bytes:
    """An RGB or RGBA image as a PNG whose every row has filter type 0."""
    stride = image.width * len(image.mode)
    pixels = memoryview(image.tobytes())
    rows = NO_FILTER + NO_FILTER.join(pixels[start:start + stride] for start in range(0, len(pixels), stride))
    return png_from_rows(rows, image.size, image.mode, dpi, level)


def png_from_rows(rows, size: tuple[int, int], mode: str, dpi: int, level: int = COMPRESS_LEVEL) -> bytes:
    """A PNG of unfiltered rows (each a zero byte, then the row's RGB or RGBA pixels); pHYs as Pillow writes it."""
    width, height = size
    per_metre = int(dpi / 0.0254 + 0.5)
    header = struct.pack(">IIBBBBB", width, height, 8, COLOUR_TYPES[mode], 0, 0, 0)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
                     _chunk(b"IDAT", zlib.compress(rows, level)), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
