"""Model colours → reportlab colours (RGB or CMYK as the designer wrote them)."""

from __future__ import annotations

from reportlab.lib import colors

from pnp.model.colours import Colour


def to_reportlab(colour: Colour | None):
    if colour is None:
        return None
    if colour.model == "cmyk":
        return colors.CMYKColor(*colour.components)
    return colors.Color(*colour.components)


# --- contrast ---------------------------------------------------------------------------
# WCAG 2's relative luminance and contrast ratio: how well a line shows on the art under it.
# A ratio of 3 is WCAG's least for graphics one must see; black or white, whichever shows
# more, gives at least 4.58 on any colour.

BLACK, WHITE = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)
RGB = tuple[float, float, float]


def relative_luminance(rgb: RGB) -> float:
    """0 for black … 1 for white, from sRGB fractions."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """1 (the same) … 21 (black on white)."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def contrasting(rgb: RGB) -> RGB:
    """Black or white, whichever shows more on rgb."""
    return BLACK if contrast_ratio(BLACK, rgb) >= contrast_ratio(WHITE, rgb) else WHITE
