"""RGB art → CMYK through an ICC output profile (little CMS, through Pillow's ImageCms), and how far each colour moves.

A shop that prints CMYK from PDF/X-1a wants every colour already separated for its
printing condition. `Separation` holds one output profile and converts: a colour (an
RGB reportlab colour becomes a CMYKColor; a colour the designer wrote as cmyk() stays as
written), a face's picture (every fill and stroke, and its raster art, flattened onto
white, since PDF/X-1a allows no transparency), and a palette (`shifts`: the CIEDE2000
difference between each colour and its CMYK rendering read back through the profile).

Conversion uses the relative colorimetric intent with black point compensation: colours
inside the printing condition's gamut keep their appearance, those outside move to its
edge, and paper white stays paper white. The shift is read back with the same intent, so it
measures what the separation does to a colour, not the tint of the paper. The profile
pnp ships is basICColor ISO Coated v2 300 % (FOGRA39, zlib licence, templates/icc/); a shop
that names another condition gets the user's own with `--icc PATH`.
"""

from __future__ import annotations

import copy
import io
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from PIL import Image, ImageCms
from reportlab.lib import colors

from pnp.paint import picture
from pnp.vision.difference import delta_e_2000

ICC_FOLDER = "icc"
SHIPPED_PROFILE = "ISOcoated_v2_300_bas.icc"
SHIPPED_CONDITION = "FOGRA39"  # the characterization data the shipped profile was made from (www.color.org registry)
# A palette colour whose CMYK rendering differs from it by more than this (CIEDE2000) is a warning:
# about twice what a trained eye notices side by side, so a designer sees the change on the printed part.
SHIFT_WARNING = 5.0
_INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
_COLOUR_KEYS = ("fillColor", "strokeColor")


class ProfileError(ValueError):
    """An ICC file that is not a CMYK output profile little CMS can use."""


@dataclass(frozen=True)
class Shift:
    """A palette colour, its CMYK separation (0–1 fractions) and the CIEDE2000 difference read back."""

    name: str
    rgb: tuple[float, float, float]
    cmyk: tuple[float, float, float, float]
    delta_e: float

    @property
    def hex(self) -> str:
        return "#" + "".join(f"{round(v * 255):02X}" for v in self.rgb)

    @property
    def ink(self) -> str:
        """The separation as percentages, 'C86 M48 Y7 K0'."""
        return " ".join(f"{letter}{round(v * 100)}" for letter, v in zip("CMYK", self.cmyk))


class Separation:
    """Colour conversion from sRGB to one CMYK output profile, with results kept per colour."""

    def __init__(self, icc: bytes):
        try:
            self.profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        except (OSError, ImageCms.PyCMSError) as error:
            raise ProfileError(f"not an ICC profile little CMS can read ({error})") from error
        if self.profile.profile.xcolor_space.strip() != "CMYK" or self.profile.profile.device_class != "prtr":
            raise ProfileError(f"an output (printer) profile for CMYK is needed; this one is for "
                               f"{self.profile.profile.xcolor_space.strip()} ({self.profile.profile.device_class})")
        self.icc = icc
        self._colours: dict[tuple[float, ...], colors.CMYKColor] = {}

    @property
    def description(self) -> str:
        return (self.profile.profile.profile_description or "CMYK output profile").strip()

    @cached_property
    def _to_cmyk(self):
        return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), self.profile, "RGB", "CMYK",
                                       renderingIntent=_INTENT, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)

    @cached_property
    def _cmyk_to_lab(self):
        return ImageCms.buildTransform(self.profile, ImageCms.createProfile("LAB", 5000), "CMYK", "LAB",
                                       renderingIntent=_INTENT)

    @cached_property
    def _rgb_to_lab(self):
        lab = ImageCms.createProfile("LAB", 5000)
        return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB", renderingIntent=_INTENT)

    def cmyk(self, rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
        """The separation of an sRGB colour (0–1 fractions) as 0–1 ink fractions."""
        c, m, y, k = _pixel(_transformed(Image.new("RGB", (1, 1), _bytes_of(rgb)), self._to_cmyk))
        return (round(c / 255, 4), round(m / 255, 4), round(y / 255, 4), round(k / 255, 4))

    def colour(self, colour):
        """A reportlab colour as the CMYK file holds it: RGB separated (alpha kept), CMYK as written."""
        if colour is None or isinstance(colour, colors.CMYKColor) or not isinstance(colour, colors.Color):
            return colour
        key = (colour.red, colour.green, colour.blue, colour.alpha)
        found = self._colours.get(key)
        if found is None:
            found = colors.CMYKColor(*self.cmyk((colour.red, colour.green, colour.blue)), alpha=colour.alpha)
            self._colours[key] = found
        return found

    def image(self, source) -> Image.Image:
        """Raster art (a path or a Pillow image) flattened onto white and separated: PDF/X-1a has no soft masks."""
        image = Image.open(source) if isinstance(source, (str, Path)) else source
        image.load()
        if image.mode == "CMYK":
            return image
        flat = Image.new("RGB", image.size, (255, 255, 255))
        rgba = image.convert("RGBA")
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return _transformed(flat, self._to_cmyk)

    def picture(self, face: picture.Picture) -> picture.Picture:
        """A copy of a face's picture with every colour and image separated; the original is left as it was."""
        separated = copy.copy(face)
        separated._drawing = None
        separated.contents = [self._shape(shape) for shape in face.contents]
        separated.initialFillColor = separated.initialStrokeColor = colors.CMYKColor(0, 0, 0, 1)
        return separated

    def _shape(self, shape):
        copied = copy.copy(shape)
        if hasattr(shape, "contents"):
            copied.contents = [self._shape(child) for child in shape.contents]
        for key in _COLOUR_KEYS:
            if key in shape.__dict__:
                setattr(copied, key, self.colour(shape.__dict__[key]))
        if type(shape).__name__ == "Image":
            copied.path = self.image(shape.path)
        return copied

    def shifts(self, palette: dict[str, tuple[float, float, float]]) -> list[Shift]:
        """Each palette colour's separation and how far it moves (CIEDE2000), in the palette's order."""
        result = []
        for name, rgb in palette.items():
            cmyk = self.cmyk(rgb)
            ink = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk))
            printed = _lab(_pixel(_transformed(ink, self._cmyk_to_lab)))
            wanted = _lab(_pixel(_transformed(Image.new("RGB", (1, 1), _bytes_of(rgb)), self._rgb_to_lab)))
            result.append(Shift(name, rgb, cmyk, round(float(delta_e_2000(wanted, printed)), 1)))
        return result


def shipped_profile(templates_folder: Path) -> bytes:
    return (Path(templates_folder) / ICC_FOLDER / SHIPPED_PROFILE).read_bytes()


def _bytes_of(rgb) -> tuple[int, int, int]:
    red, green, blue = rgb
    return (round(red * 255), round(green * 255), round(blue * 255))


def _transformed(image: Image.Image, transform) -> Image.Image:
    result = ImageCms.applyTransform(image, transform)
    if result is None:  # only an in-place transform returns nothing
        raise AssertionError("little CMS returned no image")
    return result


def _pixel(image: Image.Image) -> tuple[int, ...]:
    """The first pixel's channels (a 1 × 1 image's colour)."""
    value = image.getpixel((0, 0))
    return tuple(value) if isinstance(value, tuple) else (int(value or 0),)


def _lab(pixel: tuple[int, ...]) -> tuple[float, float, float]:
    """Pillow's 8-bit LAB pixel (L scaled to 0–255, a and b offset by 128) as L*, a*, b*."""
    return (pixel[0] * 100 / 255, pixel[1] - 128, pixel[2] - 128)


def colour_shift_table(shifts: list[Shift]) -> str:
    """A Markdown table of a palette's separation and shift, as docs/print-shops.md shows it per game."""
    lines = ["| colour | sRGB | CMYK (%) | ΔE2000 |", "|---|---|---|---:|"]
    for shift in shifts:
        flag = " ⚠" if shift.delta_e > SHIFT_WARNING else ""
        lines.append(f"| {shift.name} | `{shift.hex}` | {shift.ink} | {shift.delta_e:.1f}{flag} |")
    return "\n".join(lines)
