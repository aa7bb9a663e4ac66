"""A page size and a game's palette → the page geometry and paragraph styles of a rulebook.

Everything scales from the A5 reading page, so the A6 booklet keeps the same
hierarchy at a smaller size. The text block is the body text's measure (about 60
characters a line, never more than 75), centred on the page; figures and their
captions stay inside it, as a book's do. Text is set in the game's `rulebook-fonts:`
(its headings font for the title, headings and the cover's facts, its body font for
the rest), pnp's embedded Source Sans Pro where it names none, in the palette's ink;
headings and numbers take the game's accent colour. Captions
stay at 9 pt on every page size, so a booklet scaled down to fit its marks on US
Letter still prints them at 8 pt or more.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from pnp.model.colours import Colour
from pnp.model.fonts import PNP_FONTS, FontFamily, RulebookFonts
from pnp.model.units import mm
from pnp.paint.colours import to_reportlab
from pnp.text.fonts import font_name

_INK_NAMES = ("ink", "dark")
_ACCENT_NAMES = ("accent", "position-back", "blue")
_DEFAULT_INK = colors.Color(0.12, 0.16, 0.21)
_DEFAULT_ACCENT = colors.Color(0.0, 0.45, 0.70)
CAPTION_SIZE = 9.0


@dataclass(frozen=True)
class Geometry:
    """A rulebook page: its size, margins, text block and type scale (A5 = 1)."""

    name: str
    width: float
    height: float
    scale: float
    top: float
    bottom: float  # page edge to the footer's baseline
    measure: float  # width of the text block: a line of body text, the widest figure
    strip: float  # height of the tallest component picture in the components list

    @property
    def side(self) -> float:
        """Page edge to the text block, on each side."""
        return (self.width - self.measure) / 2

    @property
    def footer_space(self) -> float:
        return mm(7) * self.scale

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the body frame: as wide as a figure may be."""
        bottom = self.bottom + self.footer_space
        return (self.side, bottom, self.measure, self.height - self.top - bottom)


PAGES = {
    "a5": Geometry("a5", mm(148), mm(210), 1.0, top=mm(14), bottom=mm(11), measure=mm(92), strip=mm(20)),
    "a6": Geometry("a6", mm(105), mm(148), 0.9, top=mm(9), bottom=mm(7.5), measure=mm(82.8), strip=mm(14)),
}


def geometry(size: str) -> Geometry:
    return PAGES[size]


@dataclass(frozen=True)
class Colours:
    ink: colors.Color
    accent: colors.Color
    soft: colors.Color
    second: colors.Color
    caption: colors.Color


def colours_of(palette: dict[str, Colour]) -> Colours:
    """Ink and accent from the palette by meaning, with quiet defaults."""
    ink = next((to_reportlab(palette[n]) for n in _INK_NAMES if n in palette), _DEFAULT_INK)
    accent = next((to_reportlab(palette[n]) for n in _ACCENT_NAMES if n in palette), _DEFAULT_ACCENT)
    soft = colors.Color(*(0.55 * c + 0.45 for c in ink.rgb()))
    second = colors.Color(*(0.7 * a + 0.3 * i for a, i in zip(accent.rgb(), ink.rgb())))
    # Captions a shade lighter than the text, still dark enough for a home printer.
    caption = colors.Color(*(0.85 * c + 0.15 * 0.3 for c in ink.rgb()))
    return Colours(ink, accent, soft, second, caption)


@dataclass(frozen=True)
class Styles:
    colours: Colours
    body: ParagraphStyle
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
        """The unit of vertical rhythm: the space after a paragraph."""
        return self.body.spaceAfter


def styles_for(page: Geometry, palette: dict[str, Colour], fonts: RulebookFonts = PNP_FONTS) -> Styles:
    c = colours_of(palette)
    s = page.scale
    headings, text = _setter(fonts.headings), _setter(fonts.body)
    body = ParagraphStyle("body", fontName=text("regular"), fontSize=10 * s, leading=13.5 * s, textColor=c.ink,
                          spaceAfter=5 * s, alignment=TA_LEFT, allowWidows=0, allowOrphans=0)
    heading = ParagraphStyle("heading", body, fontName=headings("bold"), fontSize=14 * s, leading=17 * s,
                             textColor=c.accent, spaceBefore=10 * s, spaceAfter=4 * s)
    centred = dict(alignment=TA_CENTER)
    return Styles(
        colours=c, body=body, heading=heading,
        heading_second=ParagraphStyle("heading2", heading, fontName=headings("italic"), fontSize=11 * s,
                                      leading=13.5 * s, textColor=c.second, spaceBefore=0),
        bullet=ParagraphStyle("bullet", body, leftIndent=12 * s, bulletIndent=2 * s,
                              spaceAfter=2.5 * s, bulletFontName=text("bold"), bulletColor=c.accent),
        caption=ParagraphStyle("caption", body, fontName=text("italic"), fontSize=CAPTION_SIZE,
                               leading=CAPTION_SIZE * 1.25, textColor=c.caption, spaceAfter=0, **centred),
        title=ParagraphStyle("title", body, fontName=headings("bold"), fontSize=30 * s, leading=34 * s,
                             textColor=c.accent, spaceAfter=6 * s, **centred),
        tagline=ParagraphStyle("tagline", body, fontName=text("italic"), fontSize=12 * s, leading=15 * s,
                               spaceAfter=4 * s, **centred),
        fact=ParagraphStyle("fact", body, fontName=headings("bold"), fontSize=15 * s, leading=17 * s,
                            textColor=c.accent, spaceAfter=0, **centred),
        fact_label=ParagraphStyle("factlabel", body, fontSize=8 * s, leading=9.5 * s, textColor=c.soft,
                                  spaceAfter=0, **centred),
        small=ParagraphStyle("small", body, fontSize=8 * s, leading=10 * s, textColor=c.soft, spaceAfter=0),
    )


def _setter(family: FontFamily | None):
    """The font setting a style in a family of the game's (pnp's own for None)."""
    return lambda style: font_name(style, family)


def lacking_styles(fonts: RulebookFonts) -> list[str]:
    """What the rulebook's fonts set in a stand-in, as warnings: a headings family without bold
    or italic, a body family without bold or italic (the styles the rulebook uses besides the regular)."""
    warnings = []
    for role, family, styles in (("headings", fonts.headings, ("bold", "italic")),
                                 ("body", fonts.body, ("bold", "italic"))):
        if family is None:
            continue
        for style in styles:
            if style not in family.styles:
                warnings.append(f"{family.location} rulebook-fonts.{role}: the family '{family.name}' has no {style}; "
                                f"the rulebook's {role} set in {style} take its {family.stand_in(style)}")
    return warnings
