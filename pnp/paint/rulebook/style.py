"""A page size and a game's palette → the page geometry and paragraph styles of a rulebook.

Everything scales from the A5 reading page, so the A6 booklet keeps the same
hierarchy at a smaller size. Text is set in the embedded Source Sans Pro, in the
palette's ink; headings and numbers take the game's accent colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from pnp.model.colours import Colour
from pnp.model.units import mm
from pnp.paint.colours import to_reportlab
from pnp.paint.fonts import font_name

PAGE_SIZES = {"a5": (mm(148), mm(210)), "a6": (mm(105), mm(148))}
_INK_NAMES = ("ink", "dark")
_ACCENT_NAMES = ("accent", "position-back", "blue")
_DEFAULT_INK = colors.Color(0.12, 0.16, 0.21)
_DEFAULT_ACCENT = colors.Color(0.0, 0.45, 0.70)


@dataclass(frozen=True)
class Geometry:
    """A rulebook page: its size, margins and the factor its type is scaled by (A5 = 1)."""

    name: str
    width: float
    height: float
    scale: float

    @property
    def margin(self) -> float:
        return mm(12) * self.scale ** 1.5

    @property
    def footer_space(self) -> float:
        return mm(7) * self.scale

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the text frame of a body page."""
        bottom = self.margin + self.footer_space
        return (self.margin, bottom, self.width - 2 * self.margin, self.height - self.margin - bottom)


def geometry(size: str) -> Geometry:
    width, height = PAGE_SIZES[size]
    return Geometry(size, width, height, 1.0 if size == "a5" else 0.8)


@dataclass(frozen=True)
class Colours:
    ink: colors.Color
    accent: colors.Color
    soft: colors.Color
    second: colors.Color


def colours_of(palette: dict[str, Colour]) -> Colours:
    """Ink and accent from the palette by meaning, with quiet defaults."""
    ink = next((to_reportlab(palette[n]) for n in _INK_NAMES if n in palette), _DEFAULT_INK)
    accent = next((to_reportlab(palette[n]) for n in _ACCENT_NAMES if n in palette), _DEFAULT_ACCENT)
    soft = colors.Color(*(0.55 * c + 0.45 for c in ink.rgb()))
    second = colors.Color(*(0.7 * a + 0.3 * i for a, i in zip(accent.rgb(), ink.rgb())))
    return Colours(ink, accent, soft, second)


@dataclass(frozen=True)
class Styles:
    colours: Colours
    body: ParagraphStyle
    second: ParagraphStyle
    heading: ParagraphStyle
    heading_second: ParagraphStyle
    bullet: ParagraphStyle
    caption: ParagraphStyle
    title: ParagraphStyle
    tagline: ParagraphStyle
    fact: ParagraphStyle
    fact_label: ParagraphStyle
    small: ParagraphStyle

    @property
    def gap(self) -> float:
        return self.body.fontSize * 0.6


def styles_for(page: Geometry, palette: dict[str, Colour]) -> Styles:
    c = colours_of(palette)
    s = page.scale
    body = ParagraphStyle("body", fontName=font_name(), fontSize=9.5 * s, leading=12.6 * s, textColor=c.ink,
                          spaceAfter=4.5 * s, alignment=TA_LEFT, allowWidows=0, allowOrphans=0)
    second = ParagraphStyle("second", body, fontName=font_name("italic"), textColor=c.second)
    heading = ParagraphStyle("heading", body, fontName=font_name("bold"), fontSize=14 * s, leading=17 * s,
                             textColor=c.accent, spaceBefore=9 * s, spaceAfter=4 * s, keepWithNext=1)
    return Styles(
        colours=c, body=body, second=second, heading=heading,
        heading_second=ParagraphStyle("heading2", heading, fontName=font_name("italic"), fontSize=11 * s,
                                      leading=13 * s, textColor=c.second, spaceBefore=0),
        bullet=ParagraphStyle("bullet", body, leftIndent=12 * s, bulletIndent=2 * s, spaceAfter=2.5 * s,
                              bulletFontName=font_name("bold"), bulletColor=c.accent),
        caption=ParagraphStyle("caption", body, fontName=font_name("italic"), fontSize=8 * s, leading=10 * s,
                               textColor=c.soft, alignment=TA_CENTER, spaceAfter=6 * s),
        title=ParagraphStyle("title", body, fontName=font_name("bold"), fontSize=30 * s, leading=34 * s,
                             textColor=c.accent, alignment=TA_CENTER, spaceAfter=6 * s),
        tagline=ParagraphStyle("tagline", body, fontName=font_name("italic"), fontSize=12 * s, leading=15 * s,
                               alignment=TA_CENTER, spaceAfter=4 * s),
        fact=ParagraphStyle("fact", body, fontName=font_name("bold"), fontSize=15 * s, leading=17 * s,
                            textColor=c.accent, alignment=TA_CENTER, spaceAfter=0),
        fact_label=ParagraphStyle("factlabel", body, fontSize=7.5 * s, leading=9 * s, textColor=c.soft,
                                  alignment=TA_CENTER, spaceAfter=0),
        small=ParagraphStyle("small", body, fontSize=7 * s, leading=8.5 * s, textColor=c.soft, spaceAfter=0),
    )
