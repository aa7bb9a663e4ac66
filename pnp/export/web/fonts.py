"""The embedded font family → @font-face rules carrying only the characters a page uses.

The web edition's text and its pictures' text are set in the same Source Sans Pro the
PDFs embed, so a card's name sits in its box as it prints. fontTools cuts each style
down to the page's characters and packs it as WOFF (a few kilobytes instead of 300),
with the font's own timestamps kept, so the same page gives the same bytes.
"""

from __future__ import annotations

import base64
import io
import logging
from functools import lru_cache
from pathlib import Path

import font_source_sans_pro

FAMILY = "Source Sans Pro"
# (file, CSS weight, CSS style) of the four styles pnp.text.fonts registers.
STYLES = (("SourceSansPro-Regular.ttf", "normal", "normal"), ("SourceSansPro-Bold.ttf", "bold", "normal"),
          ("SourceSansPro-It.ttf", "normal", "italic"), ("SourceSansPro-BoldIt.ttf", "bold", "italic"))
# Without the layout tables (kerning, ligatures), as reportlab sets the PDFs: the same widths,
# and most of the subsetting time goes to decoding them.
DROPPED = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "DSIG")


def font_faces(characters: str, italic: bool = True) -> str:
    """CSS @font-face rules for the styles (the italics only if asked for), each holding the
    glyphs of `characters` and no more."""
    wanted = "".join(sorted(set(characters) - set("\n\r\t")))
    rules = []
    for file, weight, style in STYLES:
        if style == "italic" and not italic:
            continue
        data = base64.b64encode(_subset(file, wanted)).decode("ascii")
        rules.append(f"@font-face {{ font-family: '{FAMILY}'; font-weight: {weight}; font-style: {style}; "
                     f"font-display: swap; src: url(data:font/woff;base64,{data}) format('woff'); }}")
    return "\n".join(rules)


@lru_cache(maxsize=64)
def _subset(file: str, characters: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.WARNING)  # its steps are not pnp's news, even with -v

    font = TTFont(str(Path(font_source_sans_pro.font_directory) / file), recalcTimestamp=False)
    for tag in DROPPED:
        if tag in font:
            del font[tag]  # before the subsetter reads them
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]  # keep the licence and the names the OFL asks a subset to carry
    options.flavor = "woff"
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(font)
    buffer = io.BytesIO()
    font.flavor = "woff"
    font.save(buffer, reorderTables=True)
    return buffer.getvalue()
