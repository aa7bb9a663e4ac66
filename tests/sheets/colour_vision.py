"""Colour as people see it, for reading colours back from printed sheets: WCAG 2 contrast,
CIELAB (D65), the CIEDE2000 colour difference and Machado, Oliveira and Fernandes's (2009)
simulation of protan, deutan and tritan vision at full severity.

Written from the published formulas, not from pnp, and checked in test_palettes.py against
published reference values (Sharma, Wu and Dalal's 34 CIEDE2000 pairs).
"""

from __future__ import annotations

import math

RGB = tuple[float, float, float]  # sRGB fractions
Lab = tuple[float, float, float]

# Machado et al. (2009), table of simulation matrices, severity 1.0; applied to linear RGB.
MACHADO = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def from_hex(text: str) -> RGB:
    digits = text.lstrip("#")
    return (int(digits[0:2], 16) / 255, int(digits[2:4], 16) / 255, int(digits[4:6], 16) / 255)


def from_pixel(pixel) -> RGB:
    return (pixel[0] / 255, pixel[1] / 255, pixel[2] / 255)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def relative_luminance(rgb: RGB) -> float:
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio, 1 … 21."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def simulate(rgb: RGB, deficiency: str) -> RGB:
    """How rgb looks with the deficiency (Machado 2009, full severity), as sRGB fractions."""
    matrix = MACHADO[deficiency]
    linear = [_linear(c) for c in rgb]
    return tuple(_encoded(sum(m * c for m, c in zip(row, linear))) for row in matrix)  # type: ignore[return-value]


def lab(rgb: RGB) -> Lab:
    """CIELAB of an sRGB colour, D65 white."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def hue_angle(rgb: RGB) -> float:
    """CIELAB hue angle h_ab in degrees: sRGB's red primary is 40°, its yellow 103°."""
    _, a, b = lab(rgb)
    return math.degrees(math.atan2(b, a)) % 360


def delta_e_2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 (kL = kC = kH = 1), as Sharma, Wu and Dalal (2005) spell it out."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def difference(a: RGB, b: RGB, vision: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours as seen with normal vision or a simulated deficiency."""
    if vision != "normal":
        a, b = simulate(a, vision), simulate(b, vision)
    return delta_e_2000(lab(a), lab(b))
