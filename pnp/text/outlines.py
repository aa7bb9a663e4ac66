"""A line of text in an embedded font → the outlines of its glyphs, as path steps in points.

A picture that draws its words as shapes shows the same glyphs in every program that
draws it, whatever fonts the machine has: those of the registered font's own file (pnp's
Source Sans Pro, or a game's family from game.yaml's `fonts:`). The glyphs are advanced
by reportlab's own widths, the ones the PDF's text is positioned by (no kerning, as
reportlab sets text), and a character a style lacks is drawn from its fallback, as on
the page (pnp.text.fonts.font_for).
"""

from __future__ import annotations

from functools import cache

from fontTools.pens.basePen import BasePen
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.text.fonts import font_data, font_for, style_of

# ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1, x2, y2, x, y)) or ("Z", ()).
Step = tuple[str, tuple[float, ...]]
# Outlines are placed to 1/100 pt (0.04 px at 300 dpi), which keeps an SVG's paths short.
PLACES = 2


def has_outlines(font: str) -> bool:
    """Whether the text of a reportlab font can be drawn as outlines: a registered one, pnp's own
    family or a game's."""
    return style_of(font) is not None


def text_advance(text: str, font: str, size: float) -> float:
    """How far text set in `font` at `size` points runs, each character in the font that draws it."""
    return sum(stringWidth(char, font_for(font, char), size) for char in text)


def text_outline(text: str, font: str, size: float, x: float, y: float) -> list[Step]:
    """The glyphs of text set in `font` at `size` points, its baseline starting at (x, y), in a
    space whose y points up (a Drawing's); no steps for text that draws nothing (spaces)."""
    steps: list[Step] = []
    for char in text:
        face = font_for(font, char)
        scale = size / _units_per_em(face)
        for command, coordinates in _glyph(face, char):
            steps.append((command, tuple(round(x + value * scale if index % 2 == 0 else y + value * scale, PLACES)
                                         for index, value in enumerate(coordinates))))
        x += stringWidth(char, face, size)
    return steps


@cache
def _font(font: str):
    import io

    from fontTools.ttLib import TTFont

    return TTFont(io.BytesIO(font_data(font)), lazy=True)  # a game's .otf as it is: its CFF outlines


@cache
def _units_per_em(font: str) -> int:
    return _font(font)["head"].unitsPerEm


@cache
def _glyph(font: str, char: str) -> tuple[Step, ...]:
    """A character's outline in font units, y up; () if the font has no glyph or it draws nothing."""
    tt = _font(font)
    name = tt.getBestCmap().get(ord(char))
    if name is None:
        return ()
    glyphs = tt.getGlyphSet()
    pen = _StepsPen(glyphs)
    glyphs[name].draw(pen)
    return tuple(pen.steps)


class _StepsPen(BasePen):
    """Collects an outline as M, L, C and Z steps (quadratic curves turned cubic by BasePen)."""

    def __init__(self, glyph_set) -> None:
        super().__init__(glyph_set)
        self.steps: list[Step] = []

    def _moveTo(self, pt: tuple[float, float]) -> None:
        self.steps.append(("M", pt))

    def _lineTo(self, pt: tuple[float, float]) -> None:
        self.steps.append(("L", pt))

    def _curveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float], pt3: tuple[float, float]) -> None:
        self.steps.append(("C", (*pt1, *pt2, *pt3)))

    def _closePath(self) -> None:
        self.steps.append(("Z", ()))
