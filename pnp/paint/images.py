"""Raster art (PNG, JPEG) → image XObjects sized for print, each embedded once per PDF.

The first time a PDF needs an image at a size, it is prepared and added to the PDF as one
image XObject; every later placement in that PDF (another card, a repeated face's form,
a rulebook figure) draws the same object by name. Preparing an image:

- its pixels are brought to the resolution it prints at (set per canvas: SHEET_DPI for
  sheets and shop files, FIGURE_DPI for rulebook figures), computed from the size it is
  drawn at on its face; an image more than KEEP_ABOVE times larger is downsampled with a
  Lanczos filter (a JPEG first decoded at a reduced scale, DCT scaling), a smaller one is
  never upsampled (the face warns below 300 dpi);
- a JPEG that needs no change (no downsampling, RGB or grey, upright, in sRGB) and a
  plain 8-bit PNG without alpha are embedded as their own compressed bytes (DCT, or
  Flate with PNG predictors) without decoding;
- alpha becomes a soft mask (`/SMask`), an embedded colour profile is honoured by
  converting through it to sRGB (littleCMS via Pillow's ImageCms), EXIF orientation is
  applied;
- the result is compressed as it came: JPEG sources as JPEG (quality 92, no chroma
  subsampling), others as PNG-predicted Flate, losslessly.

An XObject is named by the image's content digest and pixel size, so the same file
drawn anywhere, or copied under two names, is one object, and the bytes of a PDF do not
depend on where the file is. Prepared images are kept for the process within a budget
of bytes: the same art goes into every language's sheets and rulebooks.

SVG embeds an image wherever it is drawn, so `for_screen` gives a drawing whose images
are brought to SCREEN_DPI first (pnp.export.web.svg then writes each once per page).
"""

from __future__ import annotations

import copy
import functools
import hashlib
import io
import math
import struct
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFObject, PDFObjectReference, PDFStream

from pnp.model.images import is_vector

SHEET_DPI = 300  # component sheets and shop files: what a print shop asks for (PRINTING.md)
FIGURE_DPI = 200  # rulebook figures: components shown at about half size or less still get 300 dpi or more
SCREEN_DPI = 192  # SVG and web pages: two device pixels per CSS pixel at a picture's printed size
JPEG_QUALITY = 92
KEEP_ABOVE = 1.1  # an image up to 10 % over the pixels its box needs is embedded as it is
KEPT_BYTES = 256 * 2**20  # prepared images kept for the process
_DPI_ATTRIBUTE = "pnp_image_dpi"  # set on a canvas by whoever makes it (sheets, rulebooks, shop files)


@dataclass(frozen=True)
class Prepared:
    """An image as a PDF holds it: its name, pixels, colour space, filter and data; alpha as a mask."""

    key: str
    width: int
    height: int
    colour_space: str  # DeviceRGB or DeviceGray; DeviceCMYK for art already separated (pnp.export.cmyk)
    filter: str  # DCTDecode, or FlateDecode with PNG predictors
    data: bytes
    mask: Prepared | None = None

    @property
    def size(self) -> int:
        return len(self.data) + (self.mask.size if self.mask else 0)


def set_dpi(canvas, dpi: int) -> None:
    """The resolution images drawn on this canvas are prepared at (SHEET_DPI when never set)."""
    setattr(canvas, _DPI_ATTRIBUTE, dpi)


def draw_image(canvas, source, x: float, y: float, width: float, height: float) -> None:
    """The image (a file path or a Pillow image) into the box (x, y, width, height) of the canvas's
    current space, by reference to its one XObject in the canvas's PDF."""
    dpi = getattr(canvas, _DPI_ATTRIBUTE, SHEET_DPI)
    prepared = prepare(source, abs(width), abs(height), dpi)
    name = _embedded(canvas, prepared)
    canvas._code.append(f"q {fp_str(width, 0, 0, height, x, y)} cm /{name} Do Q")


def prepare(source, width_pt: float, height_pt: float, dpi: int) -> Prepared:
    """The image prepared for a box of width_pt × height_pt points printed at dpi (kept for the process)."""
    if hasattr(source, "mode"):  # a Pillow image someone made: its pixels are its identity
        digest = hashlib.sha256(source.tobytes() + repr((source.mode, source.size)).encode()).hexdigest()
        return _kept(("pil", digest, width_pt, height_pt, dpi),
                     lambda: _prepare_image(source, digest, width_pt, height_pt, dpi, separated=source.mode == "CMYK"))
    path = Path(source)
    stat = path.stat()
    return _kept((str(path), stat.st_size, stat.st_mtime_ns, width_pt, height_pt, dpi),
                 lambda: _prepare_file(path, width_pt, height_pt, dpi))


def target_size(pixels: tuple[int, int], width_pt: float, height_pt: float, dpi: int) -> tuple[int, int]:
    """The pixels an image of `pixels` keeps when drawn width_pt × height_pt at dpi: scaled down
    (keeping its proportions) until it just covers the box at dpi in both directions; never up,
    and not at all when it is at most KEEP_ABOVE times what the box needs (art made for a card
    with a shop's bleed is a few pixels over, and is better kept whole than resampled)."""
    need = max(width_pt / 72 * dpi / pixels[0], height_pt / 72 * dpi / pixels[1])
    if need * KEEP_ABOVE >= 1:
        return pixels
    return (max(1, math.ceil(pixels[0] * need)), max(1, math.ceil(pixels[1] * need)))


# -- preparing ------------------------------------------------------------------------------

def _prepare_file(path: Path, width_pt: float, height_pt: float, dpi: int) -> Prepared:
    from PIL import Image

    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    with Image.open(io.BytesIO(data)) as image:
        target = target_size(image.size, width_pt, height_pt, dpi)
        passed = _passed_through(image, data, digest, target)
        if passed is not None:
            return passed
        if image.format == "JPEG" and target != image.size:
            image.draft(image.mode, target)  # DCT scaling: decodes at the smallest 1/n scale still ≥ target
        image.load()
        return _prepare_image(image, digest, width_pt, height_pt, dpi, as_jpeg=image.format == "JPEG")


def _passed_through(image, data: bytes, digest: str, target: tuple[int, int]) -> Prepared | None:
    """The file's own compressed pixels, when nothing needs changing."""
    if target != image.size or _orientation(image) != 1 or not _is_srgb(image.info.get("icc_profile")):
        return None
    space = {"RGB": "DeviceRGB", "L": "DeviceGray"}.get(image.mode)
    if space is None:
        return None
    key = _key(digest, image.size)
    if image.format == "JPEG":
        return Prepared(key, image.width, image.height, space, "DCTDecode", data)
    if image.format == "PNG" and not image.info.get("interlace") and "transparency" not in image.info:
        pixels = _png_pixels(data)
        if pixels is not None:
            return Prepared(key, image.width, image.height, space, "FlateDecode", pixels)
    return None


def _prepare_image(image, digest: str, width_pt: float, height_pt: float, dpi: int, as_jpeg: bool = False,
                   separated: bool = False) -> Prepared:
    """Pixels decoded: upright, in sRGB, at the target size; colour and alpha compressed apart."""
    if separated:  # inks pnp separated for a CMYK shop (pnp.export.cmyk): kept as they are, never made RGB
        from PIL import Image

        colour = image.resize(target_size(image.size, width_pt, height_pt, dpi), Image.Resampling.LANCZOS)
        return Prepared(_key(digest, colour.size), colour.width, colour.height, "DeviceCMYK", "FlateDecode",
                        _flate_rows(colour))
    colour, alpha = _pixels_at(image, width_pt, height_pt, dpi)
    key = _key(digest, colour.size)
    mask = None
    if alpha is not None:
        mask = Prepared(key + "m", alpha.width, alpha.height, "DeviceGray", "FlateDecode", _flate(alpha))
    space = "DeviceGray" if colour.mode == "L" else "DeviceRGB"
    if as_jpeg and mask is None:
        buffer = io.BytesIO()
        colour.save(buffer, "JPEG", quality=JPEG_QUALITY, subsampling=0, optimize=False)
        return Prepared(key, colour.width, colour.height, space, "DCTDecode", buffer.getvalue())
    return Prepared(key, colour.width, colour.height, space, "FlateDecode", _flate(colour), mask)


def _pixels_at(image, width_pt: float, height_pt: float, dpi: int):
    """The image upright, as L or RGB in sRGB, at the pixels it needs for the box at dpi; and its
    alpha (None when it has none, or every pixel is opaque)."""
    from PIL import Image, ImageOps

    image = ImageOps.exif_transpose(image) if _orientation(image) != 1 else image
    colour, alpha = _colour_and_alpha(image)
    target = target_size(colour.size, width_pt, height_pt, dpi)
    if target != colour.size:
        if alpha is not None:  # resampled with alpha premultiplied, so no colour bleeds from clear pixels
            merged = Image.merge("RGBa" if colour.mode == "RGB" else "La", (*colour.split(), alpha))
            merged = merged.resize(target, Image.Resampling.LANCZOS, reducing_gap=3.0)
            merged = merged.convert("RGBA" if colour.mode == "RGB" else "LA")
            *channels, alpha = merged.split()
            colour = Image.merge(colour.mode, channels)
        else:
            colour = colour.resize(target, Image.Resampling.LANCZOS, reducing_gap=3.0)
    if alpha is not None and alpha.getextrema() == (255, 255):
        alpha = None
    return colour, alpha


def screen_image(source, width_pt: float, height_pt: float, dpi: int = SCREEN_DPI):
    """The image as a Pillow image (RGB, L, RGBA or LA) at dpi for the box: what an SVG embeds."""
    from PIL import Image

    if hasattr(source, "mode"):
        image = source
    else:
        path = Path(source)
        stat = path.stat()
        return _screen_file(str(path), stat.st_size, stat.st_mtime_ns, width_pt, height_pt, dpi)
    colour, alpha = _pixels_at(image, width_pt, height_pt, dpi)
    if alpha is None:
        return colour
    return Image.merge("RGBA" if colour.mode == "RGB" else "LA", (*colour.split(), alpha))


@functools.lru_cache(maxsize=32)
def _screen_file(path: str, size: int, mtime_ns: int, width_pt: float, height_pt: float, dpi: int):
    from PIL import Image

    with Image.open(path) as image:
        target = target_size(image.size, width_pt, height_pt, dpi)
        if image.format == "JPEG" and target != image.size:
            image.draft(image.mode, target)
        image.load()
        return screen_image(image, width_pt, height_pt, dpi)


def for_screen(drawing, dpi: int = SCREEN_DPI):
    """The drawing with each raster image's pixels brought to dpi at the size it is drawn (for SVG,
    which embeds an image at every placement). Shared drawings are not changed: the groups on
    the way to an image are copied; a drawing without raster images is returned as it is."""
    from reportlab.graphics import shapes

    if isinstance(drawing, shapes.Image):
        if not isinstance(drawing.path, str) or is_vector(Path(drawing.path)) or not Path(drawing.path).is_file():
            return drawing
        image = copy.copy(drawing)
        image.path = screen_image(drawing.path, abs(drawing.width), abs(drawing.height), dpi)
        return image
    if not isinstance(drawing, shapes.Group):
        return drawing
    contents = [for_screen(child, dpi) for child in drawing.contents]
    if all(new is old for new, old in zip(contents, drawing.contents)):
        return drawing
    group = copy.copy(drawing)
    group.contents = contents
    return group


def _colour_and_alpha(image):
    """The image as L or RGB (through its colour profile to sRGB), and its alpha channel or None."""
    icc = image.info.get("icc_profile")
    if image.mode == "P":
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    elif image.mode in ("1", "I", "I;16", "F"):
        image = image.convert("L")
    elif image.mode == "PA" or (image.mode == "RGB" and "transparency" in image.info):
        image = image.convert("RGBA")
    elif image.mode == "L" and "transparency" in image.info:
        image = image.convert("LA")
    alpha = image.getchannel("A") if image.mode in ("RGBA", "LA", "RGBa", "La") else None
    if image.mode in ("LA", "La", "L"):
        return image.convert("L"), alpha
    colour = image.convert("RGB") if image.mode in ("RGBA", "RGBa") else image
    if icc and not _is_srgb(icc):
        colour = _to_srgb(colour, icc)
    elif colour.mode != "RGB":  # CMYK, YCbCr, LAB… without a profile: Pillow's own conversion
        colour = colour.convert("RGB")
    return colour, alpha


def _to_srgb(image, icc: bytes):
    from PIL import ImageCms

    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        return ImageCms.profileToProfile(image, source, _srgb(), renderingIntent=ImageCms.Intent.PERCEPTUAL,
                                         outputMode="RGB")
    except (ImageCms.PyCMSError, OSError, ValueError):  # a damaged profile: the pixels as they are
        return image.convert("RGB")


_SRGB = None


def _srgb():
    global _SRGB
    if _SRGB is None:
        from PIL import ImageCms

        _SRGB = ImageCms.createProfile("sRGB")
    return _SRGB


def _is_srgb(icc: bytes | None) -> bool:
    """No profile (sRGB is assumed), or one that says it is sRGB."""
    if not icc:
        return True
    from PIL import ImageCms

    try:
        description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(icc)))
    except (ImageCms.PyCMSError, OSError, ValueError):
        return True
    return "srgb" in description.lower().replace(" ", "")


def _orientation(image) -> int:
    try:
        return int(image.getexif().get(0x0112, 1))
    except (ValueError, TypeError, SyntaxError):
        return 1


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()


def _flate(image) -> bytes:
    """Decoded pixels (8-bit grey or RGB) as FlateDecode data with PNG predictors, through a PNG."""
    pixels = _png_pixels(_png(image))
    if pixels is None:
        raise ValueError(f"a {image.mode} image makes no 8-bit grey or RGB PNG")
    return pixels


def _flate_rows(image) -> bytes:
    """Pixels of any 8-bit mode as FlateDecode data with PNG predictors: each row after a 0 (no filter) byte."""
    import zlib

    row = image.width * len(image.getbands())
    raw = image.tobytes()
    return zlib.compress(b"".join(b"\0" + raw[i:i + row] for i in range(0, len(raw), row)), 6)


def _png_pixels(png: bytes) -> bytes | None:
    """A PNG's IDAT data: a zlib stream of PNG-filtered rows, which is what a PDF's FlateDecode
    with /Predictor 15 reads. None unless the PNG is 8-bit grey or RGB, not interlaced."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    position, chunks = 8, []
    while position + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            depth, colour_type, _, _, interlace = body[8:13]
            if depth != 8 or colour_type not in (0, 2) or interlace:
                return None
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
        position += 12 + length
    return b"".join(chunks) or None


KEY_PREFIX = "pnpImage"  # every prepared image's name starts so (joined PDFs share them by it)


def _key(digest: str, size: tuple[int, int]) -> str:
    return f"{KEY_PREFIX}{digest[:24]}x{size[0]}x{size[1]}"


# -- keeping prepared images -----------------------------------------------------------------

_PREPARED: OrderedDict = OrderedDict()
_PREPARED_BYTES = [0]
_LOCK = threading.Lock()


def _kept(key: tuple, make) -> Prepared:
    with _LOCK:
        found = _PREPARED.get(key)
        if found is not None:
            _PREPARED.move_to_end(key)
            return found
    prepared = make()
    with _LOCK:
        if key not in _PREPARED:
            _PREPARED[key] = prepared
            _PREPARED_BYTES[0] += prepared.size
            while _PREPARED_BYTES[0] > KEPT_BYTES and len(_PREPARED) > 1:
                _, dropped = _PREPARED.popitem(last=False)
                _PREPARED_BYTES[0] -= dropped.size
    return prepared


# -- into a PDF ------------------------------------------------------------------------------

class _ImageXObject(PDFObject):
    """A prepared image as a PDF stream: its bytes already compressed, so no filter is added."""

    def __init__(self, prepared: Prepared, mask: PDFObjectReference | None):
        self.prepared, self.mask = prepared, mask

    def format(self, document):
        image = self.prepared
        entries = {"Type": PDFName("XObject"), "Subtype": PDFName("Image"), "Width": image.width,
                   "Height": image.height, "BitsPerComponent": 8, "ColorSpace": PDFName(image.colour_space),
                   "Filter": PDFName(image.filter)}
        if image.filter == "FlateDecode":
            colours = {"DeviceGray": 1, "DeviceCMYK": 4}.get(image.colour_space, 3)
            entries["DecodeParms"] = PDFDictionary({"Predictor": 15, "Colors": colours, "BitsPerComponent": 8,
                                                    "Columns": image.width})
        if self.mask is not None:
            entries["SMask"] = self.mask
        return PDFStream(PDFDictionary(entries), image.data).format(document)


def _embedded(canvas, prepared: Prepared) -> str:
    """The name the canvas's PDF knows the image by, adding it (and its mask) the first time;
    the page or form being drawn lists it among its resources."""
    document = canvas._doc
    name = document.getXObjectName(prepared.key)
    if name not in document.idToObject:
        mask = None
        if prepared.mask is not None:
            mask_name = document.getXObjectName(prepared.mask.key)
            if mask_name not in document.idToObject:
                document.Reference(_ImageXObject(prepared.mask, None), mask_name)
            mask = PDFObjectReference(mask_name)
        document.Reference(_ImageXObject(prepared, mask), name)
    canvas._formsinuse.append(prepared.key)
    canvas._currentPageHasImages = 1
    return name


__all__ = ["FIGURE_DPI", "Prepared", "SCREEN_DPI", "SHEET_DPI", "draw_image", "for_screen", "prepare", "screen_image",
           "set_dpi", "target_size"]
