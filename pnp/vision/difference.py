"""Many colours at once: CIELAB, the CIEDE2000 difference, and colours as seen with protanopia,
deuteranopia or tritanopia, or printed in greyscale.

Colours are numpy arrays whose last axis is R, G, B: sRGB fractions (0–1) or 8-bit values
(uint8), any shape before it (a face's pixels, a palette). CIELAB is relative to D65, sRGB's
white. The simulations are Machado, Oliveira and Fernandes's (2009) at full severity, the
dichromat's view; a greyscale print is the PDF Reference's DeviceRGB → DeviceGray conversion,
the one a printer driver or a PDF viewer's "print in greyscale" makes.
"""

from __future__ import annotations

import numpy as np

from pnp.vision.contrast import encoded, linear

NORMAL = "normal"
VISIONS = ("protanopia", "deuteranopia", "tritanopia", "greyscale")  # what each face is also seen as
# Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation of color
# vision deficiency", IEEE TVCG 15(6), their table of matrices at severity 1.0; on linear RGB.
MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
# gray = 0.3 red + 0.59 green + 0.11 blue, on the encoded values (PDF Reference 1.7 §6.2.1, ISO 32000-1 §10.3).
GREY = (0.3, 0.59, 0.11)
# sRGB (IEC 61966-2-1): linear RGB → CIE XYZ, and its D65 white.
SRGB_TO_XYZ = ((0.4124564, 0.3575761, 0.1804375), (0.2126729, 0.7151522, 0.0721750),
               (0.0193339, 0.1191920, 0.9503041))
D65 = (0.95047, 1.0, 1.08883)
_LINEAR_BYTES = np.array([linear(value / 255) for value in range(256)])


def linear_rgb(srgb) -> np.ndarray:
    """sRGB colours as linear light (0–1)."""
    values = np.asarray(srgb)
    if values.dtype == np.uint8:
        return _LINEAR_BYTES[values]
    return np.vectorize(linear, otypes=[float])(values.astype(float))


def as_seen(srgb, vision: str = NORMAL) -> np.ndarray:
    """Linear RGB of sRGB colours as a person with `vision` (normal or one of VISIONS) sees them."""
    if vision == "greyscale":
        values = np.asarray(srgb)
        fractions = values / 255 if values.dtype == np.uint8 else values.astype(float)
        grey = linear_rgb(fractions @ np.array(GREY))
        return np.repeat(grey[..., np.newaxis], 3, axis=-1)
    light = linear_rgb(srgb)
    if vision == NORMAL:
        return light
    # A dichromat's colour can fall outside sRGB's gamut; the display (and the print) clips it.
    return np.clip(light @ np.array(MACHADO_2009[vision]).T, 0.0, 1.0)


def simulate(srgb, vision: str) -> np.ndarray:
    """sRGB fractions of colours as seen with `vision`: what a picture of it shows."""
    return np.vectorize(encoded, otypes=[float])(as_seen(srgb, vision))


def lab(light) -> np.ndarray:
    """CIELAB (L*, a*, b*) of linear RGB colours."""
    xyz = np.asarray(light, float) @ np.array(SRGB_TO_XYZ).T / np.array(D65)
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack((116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])), axis=-1)


def seen_lab(srgb, vision: str = NORMAL) -> np.ndarray:
    """CIELAB of sRGB colours as seen with `vision`."""
    return lab(as_seen(srgb, vision))


def delta_e_2000(lab1, lab2) -> np.ndarray:
    """CIEDE2000 (kL = kC = kH = 1) between CIELAB colours, as Sharma, Wu and Dalal (2005) spell it out."""
    l1, a1, b1 = np.moveaxis(np.asarray(lab1, float), -1, 0)
    l2, a2, b2 = np.moveaxis(np.asarray(lab2, float), -1, 0)
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean**7 / (c_mean**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.where(c1p == 0, 0.0, np.degrees(np.arctan2(b1, a1p)) % 360)
    h2p = np.where(c2p == 0, 0.0, np.degrees(np.arctan2(b2, a2p)) % 360)
    achromatic = c1p * c2p == 0
    dh = h2p - h1p
    dh = np.where(achromatic, 0.0, np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh)))
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    l_mean, cp_mean, h_sum = (l1 + l2) / 2, (c1p + c2p) / 2, h1p + h2p
    h_mean = np.where(achromatic, h_sum, np.where(np.abs(h1p - h2p) <= 180, h_sum / 2,
                                                  np.where(h_sum < 360, (h_sum + 360) / 2, (h_sum - 360) / 2)))
    t = (1 - 0.17 * np.cos(np.radians(h_mean - 30)) + 0.24 * np.cos(np.radians(2 * h_mean))
         + 0.32 * np.cos(np.radians(3 * h_mean + 6)) - 0.20 * np.cos(np.radians(4 * h_mean - 63)))
    rotation = 30 * np.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * np.sqrt(cp_mean**7 / (cp_mean**7 + 25.0**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    r_t = -np.sin(np.radians(2 * rotation)) * r_c
    return np.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))
