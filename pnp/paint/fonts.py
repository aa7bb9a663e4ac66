"""The embedded font family: Source Sans Pro (OFL) from its PyPI wheel, registered once.

It covers Danish (æ ø å), Greek (Δ Ω θ β), arrows and typographic quotes, and is
always embedded, so a kit renders the same on a machine with only pip packages.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import font_source_sans_pro
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FAMILY = "SourceSans"
_FILES = {
    "regular": ("SourceSans", "SourceSansPro-Regular.ttf"),
    "bold": ("SourceSans-Bold", "SourceSansPro-Bold.ttf"),
    "italic": ("SourceSans-Italic", "SourceSansPro-It.ttf"),
    "bolditalic": ("SourceSans-BoldItalic", "SourceSansPro-BoldIt.ttf"),
}


@lru_cache(maxsize=None)
def register_fonts() -> None:
    folder = Path(font_source_sans_pro.font_directory)
    for name, file in _FILES.values():
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    addMapping(FAMILY, 0, 0, _FILES["regular"][0])
    addMapping(FAMILY, 1, 0, _FILES["bold"][0])
    addMapping(FAMILY, 0, 1, _FILES["italic"][0])
    addMapping(FAMILY, 1, 1, _FILES["bolditalic"][0])


def font_name(style: str = "regular") -> str:
    """The registered reportlab font name for 'regular', 'bold', 'italic' or 'bolditalic'."""
    register_fonts()
    return _FILES[style][0]


def missing_glyphs(text: str, style: str = "regular") -> list[str]:
    """Characters of text that the font cannot draw (they would print as boxes)."""
    face = pdfmetrics.getFont(font_name(style)).face
    return sorted({c for c in text if not c.isspace() and ord(c) not in face.charToGlyph})


def text_width(text: str, size: float, style: str = "regular") -> float:
    return pdfmetrics.stringWidth(text, font_name(style), size)
