"""sRGB's transfer function and WCAG 2's relative luminance and contrast ratio, for single colours.

Colours are sRGB fractions (0–1). WCAG 2 (§ relative luminance) takes sRGB's own decoding
threshold, 0.04045, not the 0.03928 of its older text: the two differ by under 1e-4.
"""

from __future__ import annotations

RGB = tuple[float, float, float]
BLACK, WHITE = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)
# WCAG 2's luminance weights (Rec. 709 primaries, as sRGB's).
LUMINANCE = (0.2126, 0.7152, 0.0722)


def linear(c: float) -> float:
    """An sRGB-encoded fraction as linear light (IEC 61966-2-1)."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(c: float) -> float:
    """Linear light as an sRGB-encoded fraction, clipped to 0–1."""
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def relative_luminance(rgb: RGB) -> float:
    """0 for black … 1 for white."""
    return sum(weight * linear(c) for weight, c in zip(LUMINANCE, rgb))


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2's contrast ratio: 1 (the same) … 21 (black on white)."""
    return luminance_ratio(relative_luminance(a), relative_luminance(b))


def luminance_ratio(first: float, second: float) -> float:
    """The contrast ratio of two relative luminances, in either order."""
    light, dark = max(first, second), min(first, second)
    return (light + 0.05) / (dark + 0.05)
