"""Fonts cut down to the characters a page or a picture shows → CSS @font-face rules.

A web page, or an SVG picture whose words are set in a game's own font, carries its fonts
itself: pnp's own Source Sans Pro, and the game's own families (game.yaml's `fonts:`)
where its rulebook or its faces use them, so a card's name sits in its box as it prints,
with nothing from the internet. A game's family goes by the name pnp registers it under
(`css_family`), unique to its files, with each of its four styles set in the file that
sets it in the PDFs (a style the family lacks in its stand-in's). fontTools cuts each
file down to the characters shown and packs it as WOFF (a few kilobytes instead of 300;
WOFF2, a third smaller again, for SVG files with live text),
with the font's own timestamps kept, so the same characters give the same bytes.
"""

from __future__ import annotations

import base64
import io
import logging
import re
from collections.abc import Iterable
from functools import lru_cache

from pnp.text.fonts import FAMILY as OWN_FAMILY
from pnp.text.fonts import family_fonts, family_of, font_data, style_of

FAMILY = "Source Sans Pro"
# (style, CSS weight, CSS style) of the four styles pnp.text.fonts registers.
STYLES = (("regular", "normal", "normal"), ("bold", "bold", "normal"), ("italic", "normal", "italic"),
          ("bolditalic", "bold", "italic"))
# Without the layout tables (kerning, ligatures), as reportlab sets the PDFs: the same widths,
# and most of the subsetting time goes to decoding them.
DROPPED = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "DSIG")
# A game's family as a page names it: pnp.text.fonts's digest of its files, quoted.
_GAME_FAMILY = re.compile(r"'(pnp-[0-9a-f]{16})'")
# How reportlab's SVG names the registered font of a text: `font-family: NAME;`.
SVG_FONT = re.compile(r"font-family:\s*([\w-]+);?")


def font_faces(characters: str, italic: bool = True, families: tuple[str, ...] = (), own: bool = True,
               flavor: str = "woff") -> str:
    """CSS @font-face rules for pnp's own styles (unless not `own`) and those of the game's
    `families` (css_family names), the italics only if asked for, each holding the glyphs of
    `characters` and no more, as WOFF (or WOFF2: a third smaller, for an SVG file)."""
    wanted = "".join(sorted(set(characters) - set("\n\r\t")))
    rules = []
    for css_name, key in [*([(FAMILY, OWN_FAMILY)] if own else []), *((family, family) for family in families)]:
        for style_name, weight, style in STYLES:
            if style == "italic" and not italic:
                continue
            # A style the family lacks: its stand-in's file under this style's name, so a browser slants nothing.
            rules.append(_rule(css_name, family_fonts(key)[style_name], weight, style, wanted, flavor))
    return "\n".join(rules)


def used_font_faces(characters: str, names: Iterable[str], flavor: str = "woff") -> str:
    """CSS @font-face rules for the registered fonts `names` only (pnp's own as Source Sans Pro, a
    game's as its css_family), each holding the glyphs of `characters`."""
    wanted = "".join(sorted(set(characters) - set("\n\r\t")))
    return "\n".join(_rule(css_family(name) or FAMILY, name, *_weight_and_style(name), wanted, flavor)
                     for name in dict.fromkeys(names) if style_of(name) is not None)


def _rule(css_name: str, name: str, weight: str, style: str, characters: str, flavor: str = "woff") -> str:
    """One @font-face rule: the registered font `name` as the CSS family css_name's weight and style."""
    data = base64.b64encode(subset_font(name, characters, flavor)).decode("ascii")
    return (f"@font-face {{ font-family: '{css_name}'; font-weight: {weight}; font-style: {style}; "
            f"font-display: swap; src: url(data:font/{flavor};base64,{data}) format('{flavor}'); }}")


def named_families(text: str) -> tuple[str, ...]:
    """The game families (css_family names) a page's styles or a picture's words name, each once."""
    return tuple(dict.fromkeys(_GAME_FAMILY.findall(text)))


def css_family(name: str) -> str | None:
    """The CSS family a game's registered font goes by (None for pnp's own and any other font)."""
    key = family_of(name)
    return key if key is not None and key != OWN_FAMILY else None


def css_font(name: str, stack: str) -> str:
    """CSS declarations setting text in a registered font: its game family (if it is one) before
    the font `stack`, with the weight and style it has."""
    family = css_family(name)
    weight, style = _weight_and_style(name)
    families = f"'{family}', {stack}" if family else stack
    return f"font-family: {families}; font-weight: {weight}; font-style: {style};"


def _weight_and_style(name: str) -> tuple[str, str]:
    """The CSS weight and style of a registered font's own style."""
    own = style_of(name) or "regular"
    return next((weight, style) for style_name, weight, style in STYLES if style_name == own)


@lru_cache(maxsize=64)
def subset_font(name: str, characters: str, flavor: str = "woff") -> bytes:
    """The file of a registered font holding the glyphs of `characters` and no more, as `flavor`
    ('woff', or 'woff2', compressed with Brotli).
    Cached by name: a game font's name is a digest of its files, pnp's own are fixed."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.WARNING)  # its steps are not pnp's news, even with -v

    font = TTFont(io.BytesIO(font_data(name)), recalcTimestamp=False)
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
