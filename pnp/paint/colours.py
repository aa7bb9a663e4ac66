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
