"""The embedded fonts cut down to the characters a page or a picture shows → CSS @font-face rules.

A web page or an SVG with live text carries Source Sans Pro itself, so its words are set
in the font the PDFs embed (a card's name sits in its box as it prints), with nothing
from the internet; cut to its characters, a style is a few kilobytes instead of 300. The
font's own timestamps are kept, so the same characters give the same bytes. WOFF2
(compressed with Brotli) is about a third smaller than WOFF.
"""

from __future__ import annotations

import base64
import io
import logging
from functools import lru_cache

from pnp.text.fonts import font_file

FAMILY = "Source Sans Pro"
# (style, CSS weight, CSS style) of the four styles pnp.text.fonts registers.
STYLES = (("regular", "normal", "normal"), ("bold", "bold", "normal"), ("italic", "normal", "italic"),
          ("bolditalic", "bold", "italic"))
# Without the layout tables (kerning, ligatures), as reportlab sets the PDFs: the same widths,
# and most of the subsetting time goes to decoding them.
DROPPED = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "DSIG")


@lru_cache(maxsize=64)
def subset_font(style: str, characters: str, flavor: str = "woff") -> bytes:
    """The style ('regular', 'bold', 'italic', 'bolditalic') holding the glyphs of `characters`
    and no more, as a `flavor` ('woff' or 'woff2') file."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.WARNING)  # its steps are not pnp's news, even with -v

    font = TTFont(str(font_file(style)), recalcTimestamp=False)
    for tag in DROPPED:
        if tag in font:
            del font[tag]  # before the subsetter reads them
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]  # keep the licence and the names the OFL asks a subset to carry
    options.flavor = flavor
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(font)
    buffer = io.BytesIO()
    font.flavor = flavor
    font.save(buffer, reorderTables=True)
    return buffer.getvalue()


def font_faces(characters: str, italic: bool = True, flavor: str = "woff") -> str:
    """CSS @font-face rules for the styles (the italics only if asked for), each holding the
    glyphs of `characters` and no more, as WOFF (or WOFF2)."""
    wanted = "".join(sorted(set(characters) - set("\n\r\t")))
    rules = []
    for style_name, weight, style in STYLES:
        if style == "italic" and not italic:
            continue
        data = base64.b64encode(subset_font(style_name, wanted, flavor)).decode("ascii")
        rules.append(f"@font-face {{ font-family: '{FAMILY}'; font-weight: {weight}; font-style: {style}; "
                     f"font-display: swap; src: url(data:font/{flavor};base64,{data}) format('{flavor}'); }}")
    return "\n".join(rules)
