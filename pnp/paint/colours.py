"""Model colours → reportlab colours (RGB or CMYK as the designer wrote them)."""

from __future__ import annotations

from reportlab.lib import colors

from pnp.model.colours import Colour
from pnp.vision.contrast import BLACK, RGB, WHITE, contrast_ratio


def to_reportlab(colour: Colour | None):
    if colour is None:
        return None
    if colour.model == "cmyk":
        return colors.CMYKColor(*colour.components)
    return colors.Color(*colour.components)


# --- contrast ---------------------------------------------------------------------------
# How well a line shows on the art under it (pnp.vision.contrast: WCAG 2's ratio). A ratio of 3
# is WCAG's least for graphics one must see; black or white, whichever shows more, gives at
# least 4.58 on any colour.


def contrasting(rgb: RGB) -> RGB:
    """Black or white, whichever shows more on rgb."""
    return BLACK if contrast_ratio(BLACK, rgb) >= contrast_ratio(WHITE, rgb) else WHITE
