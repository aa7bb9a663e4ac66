"""The embedded font family: Source Sans Pro (OFL) from its PyPI wheel, registered once.

Regular and bold cover Danish (æ ø å), Greek (Δ Ω θ β), arrows and typographic quotes.
The italics have no Greek, so each style names a fallback: a character the style
lacks is drawn from the fallback (the upright of the same weight) instead of printing
as an empty box. `missing_glyphs` tells which characters neither can draw, so a
build can refuse them by name. Everything is embedded, so a kit renders the same on a
machine with only pip packages.

Each embedded subset is tagged (ISO 32000-1 §9.6.4: six capitals and a plus before the
font's name) from a digest of the font and the characters it holds, so two different
subsets in one file (a booklet joins pages, a kit joins sheets) never share a tag, and
the same input still gives the same bytes.
"""

from __future__ import annotations

import hashlib
import threading
from functools import cache
from pathlib import Path

import font_source_sans_pro
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

FAMILY = "SourceSans"
STYLES = ("regular", "bold", "italic", "bolditalic")
_FILES = {
    "regular": ("SourceSans", "SourceSansPro-Regular.ttf"),
    "bold": ("SourceSans-Bold", "SourceSansPro-Bold.ttf"),
    "italic": ("SourceSans-Italic", "SourceSansPro-It.ttf"),
    "bolditalic": ("SourceSans-BoldItalic", "SourceSansPro-BoldIt.ttf"),
}
_STYLE_OF = {font: style for style, (font, _) in _FILES.items()}
# Where a style's missing characters come from: the upright of the same weight.
_FALLBACK = {"italic": "regular", "bolditalic": "bold"}
_TAGGING = threading.Lock()  # reportlab's subset namer is a module global, swapped while a font writes


def subset_tag(font: bytes, characters: list[int]) -> bytes:
    """Six capitals naming one subset of a font: a digest of the font's name and its characters."""
    digest = int.from_bytes(hashlib.sha256(font + b":" + ",".join(map(str, characters)).encode()).digest()[:8], "big")
    letters = []
    for _ in range(6):
        digest, letter = divmod(digest, 26)
        letters.append(65 + letter)
    return bytes(letters)


class TaggedFont(TTFont):
    """A TrueType font whose embedded subsets are tagged by their content, not their number.

    reportlab names subset n of every font `SUBSETN(n)` (AAAAAA, AAAAAB, ...), so the
    first subset of every font in every file is AAAAAA; while this font writes its
    subsets, that function answers each subset's own tag (tests/contracts names it)."""

    def addObjects(self, doc) -> None:
        state = self.state.get(doc)
        tags = [subset_tag(self.face.name, list(subset)) for subset in (state.subsets if state else ())]
        with _TAGGING:
            numbered = ttfonts.SUBSETN
            ttfonts.SUBSETN = tags.__getitem__
            try:
                super().addObjects(doc)
            finally:
                ttfonts.SUBSETN = numbered


@cache
def register_fonts() -> None:
    for style, (name, _) in _FILES.items():
        pdfmetrics.registerFont(TaggedFont(name, str(font_file(style))))
    addMapping(FAMILY, 0, 0, _FILES["regular"][0])
    addMapping(FAMILY, 1, 0, _FILES["bold"][0])
    addMapping(FAMILY, 0, 1, _FILES["italic"][0])
    addMapping(FAMILY, 1, 1, _FILES["bolditalic"][0])


def font_file(style: str = "regular") -> Path:
    """The TrueType file of 'regular', 'bold', 'italic' or 'bolditalic'."""
    return Path(font_source_sans_pro.font_directory) / _FILES[style][1]


def font_name(style: str = "regular") -> str:
    """The registered reportlab font name for 'regular', 'bold', 'italic' or 'bolditalic'."""
    register_fonts()
    return _FILES[style][0]


@cache
def _glyphs(name: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


def style_of(name: str) -> str | None:
    """'regular', 'bold', 'italic' or 'bolditalic' for a registered font name; None for another font."""
    return _STYLE_OF.get(name)


@cache
def _drawable(name: str) -> frozenset[str]:
    """The characters a font draws itself, spaces of every kind included: a set of strings,
    so a whole text is tested at once (most texts need no fallback)."""
    spaces = (chr(c) for c in range(0x3000 + 1) if chr(c).isspace())
    return frozenset(chr(c) for c in _glyphs(name)).union(spaces)


def has_glyph(name: str, char: str) -> bool:
    return char.isspace() or ord(char) in _glyphs(name)


def font_for(name: str, char: str) -> str:
    """The font that draws char in font `name`: name itself, or its style's fallback."""
    if has_glyph(name, char):
        return name
    fallback = _FALLBACK.get(style_of(name) or "")
    if fallback is not None and has_glyph(font_name(fallback), char):
        return font_name(fallback)
    return name


def font_runs(text: str, name: str) -> list[tuple[str, str]]:
    """text cut into (font, part) runs, each part drawn in a font that has its characters."""
    if _drawable(name).issuperset(text):
        return [(name, text)] if text else []
    runs: list[tuple[str, str]] = []
    for char in text:
        font = font_for(name, char)
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return runs


def undrawable(text: str, name: str) -> list[str]:
    """Characters of text that the font `name` itself cannot draw, in order."""
    if _drawable(name).issuperset(text):
        return []
    return sorted({c for c in text if not has_glyph(name, c)})


def missing_glyphs(text: str, style: str = "regular", *, fallback: bool = False) -> list[str]:
    """Characters of text the style cannot draw (they would print as boxes).

    With fallback, only those its fallback cannot draw either: what rulebook paragraphs,
    which switch font per character, would lose.
    """
    name = font_name(style)
    if not fallback or _drawable(name).issuperset(text):
        return undrawable(text, name)
    return sorted({c for c in text if not has_glyph(font_for(name, c), c)})


def text_width(text: str, size: float, style: str = "regular") -> float:
    return pdfmetrics.stringWidth(text, font_name(style), size)


@cache
def x_height(style: str = "regular") -> float:
    """The style's x-height (a lower-case x's height) as a fraction of its size, from its OS/2 table."""
    from fontTools.ttLib import TTFont as FontFile

    face = pdfmetrics.getFont(font_name(style)).face
    with FontFile(face.filename, lazy=True) as parsed:
        return parsed["OS/2"].sxHeight / parsed["head"].unitsPerEm
