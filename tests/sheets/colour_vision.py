"""Colours read back from printed sheets as people see them: pnp.vision's formulas (checked in
tests/test_vision.py against published data and colour-science) for pixels, and the CIELAB
hue angle the palette tests ask for.
"""

from __future__ import annotations

import math

from pnp.vision.contrast import contrast_ratio as contrast  # noqa: F401 (the sheet tests' name for it)
from pnp.vision.difference import NORMAL, delta_e_2000, seen_lab

RGB = tuple[float, float, float]  # sRGB fractions


def from_pixel(pixel) -> RGB:
    return (pixel[0] / 255, pixel[1] / 255, pixel[2] / 255)


def hue_angle(rgb: RGB) -> float:
    """CIELAB hue angle h_ab in degrees: sRGB's red primary is 40°, its yellow 103°."""
    _, a, b = seen_lab(rgb)
    return math.degrees(math.atan2(b, a)) % 360


def difference(a: RGB, b: RGB, vision: str = NORMAL) -> float:
    """CIEDE2000 between two sRGB colours as seen with normal vision or a simulated one."""
    return float(delta_e_2000(seen_lab(a, vision), seen_lab(b, vision)))
