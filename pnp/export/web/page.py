"""The page around a web edition or a kit page: the document, its styles, the language switch.

One stylesheet serves both pages (the kit pages add their own), after the fonts the page
carries. It reads on a phone: the text column is at most about 70 characters wide and
never wider than the screen, pictures shrink with it, and nothing sets a width that
could make a 360 px screen scroll sideways. Colours keep a contrast of at least 4.5:1
for text.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from pnp.model.fonts import PNP_FONTS, RulebookFonts
from pnp.paint.svg import FONT_STACK
from pnp.text.fonts import font_name
from pnp.text.subset import css_family, font_faces, named_families

STYLE = """
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; font-family: FONTS; font-size: 1.0625rem; line-height: 1.55; color: #1f2933; background: #fbfaf7;
       overflow-wrap: break-word; }
.page { max-width: 46rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
.page.wide { max-width: 72rem; }
a { color: #1d5fa8; }
a:focus-visible { outline: 3px solid #1d5fa8; outline-offset: 2px; }
h1 { font-size: 2.2rem; line-height: 1.15; margin: 1.2rem 0 0.3rem; }
h2 { font-size: 1.45rem; line-height: 1.25; margin: 2.2rem 0 0.6rem; padding-top: 0.4rem; \
border-top: 1px solid #d9d4c7; }
h3 { font-size: 1.15rem; margin: 1.4rem 0 0.4rem; }
p, li { max-width: 70ch; }
ul, ol { padding-left: 1.5rem; }
li { margin: 0.3rem 0; }
em { font-style: italic; }
nav.languages { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; justify-content: flex-end; font-size: 0.95rem; }
nav.languages [aria-current] { font-weight: bold; }
.tagline { font-size: 1.2rem; color: #4a5560; margin: 0 0 1rem; }
.strip { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: flex-end; margin: 0.6rem 0 1rem; }
.strip svg { height: auto; max-width: 100%; filter: drop-shadow(0 0 1px rgba(0, 0, 0, 0.45)); }
dl.facts { display: flex; flex-wrap: wrap; gap: 0.4rem 1.6rem; margin: 1rem 0; }
dl.facts div { display: flex; flex-direction: column-reverse; }
dl.facts dt { font-size: 0.85rem; color: #4a5560; }
dl.facts dd { margin: 0; font-size: 1.3rem; font-weight: bold; }
.credit { font-size: 0.9rem; color: #4a5560; }
nav.contents ol { columns: 2 14rem; margin-top: 0; }
nav.contents li { margin: 0 0 0.3rem; break-inside: avoid; }
figure { margin: 1rem 0; max-width: 100%; }
figure svg, .figures svg { display: block; max-width: 100%; height: auto; }
figcaption { font-size: 0.95rem; color: #37414b; margin-top: 0.4rem; max-width: 60ch; }
.figures { display: flex; flex-wrap: wrap; gap: 1rem 1.6rem; align-items: flex-end; }
.figures figure { flex: 0 1 auto; min-width: 0; }
ol.example { list-style: none; padding: 0; display: grid; gap: 1rem 1.6rem;
             grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr)); }
ol.example figure { margin: 0; }
ul.components { list-style: none; padding: 0; }
ul.components > li { margin: 0 0 1.2rem; max-width: none; }
footer { margin-top: 3rem; font-size: 0.9rem; color: #4a5560; }
""".replace("FONTS", FONT_STACK)
# The kit pages' own: a grid of cards, each a thumbnail, a file name and how to print it.
KIT_STYLE = """
.kit { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 13rem), 1fr));
       list-style: none; padding: 0; }
.kit li { margin: 0; max-width: none; background: #fff; border: 1px solid #d9d4c7; border-radius: 6px; \
padding: 0.6rem; }
.kit img { display: block; max-width: 100%; height: auto; margin: 0 auto 0.4rem; box-shadow: 0 0 0 1px #d9d4c7; }
.kit .name, .kit .file, .kit .caption { display: block; overflow-wrap: anywhere; }
.kit .name { font-weight: bold; }
.kit .name + .file { font-size: 0.85rem; }
.kit .also { font-size: 0.9rem; }
.kit .facts, .cut .facts { font-size: 0.9rem; color: #4a5560; margin: 0.2rem 0 0; }
.kit .stale { font-size: 0.9rem; color: #8a1c1c; margin: 0.3rem 0 0; }
ul.cut li { margin: 0.15rem 0; }
"""


@dataclass(frozen=True)
class Language:
    """A language the page exists in: its tag, its own name, and the page's file name in it."""

    tag: str
    name: str
    file: str


def document(language: str, title: str, body: str, wide: bool = False, style: str = "",
             rulebook_fonts: RulebookFonts = PNP_FONTS) -> bytes:
    """A whole HTML page; `body` is HTML already escaped where it holds text, `style` rules of its own.

    The page carries its fonts, cut down to the characters it shows: pnp's own, the
    rulebook's (`rulebook_fonts`: its body for the text, its headings for the headings)
    and any game family its pictures' text is set in.
    """
    page = "page wide" if wide else "page"
    typography = _typography(rulebook_fonts)
    fonts = font_faces(title + body, italic="<em" in body or "italic" in body,
                       families=named_families(typography + body))
    html = (f'<!DOCTYPE html>\n<html lang="{attribute(language)}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{text(title)}</title>\n<style>\n{fonts}\n{STYLE}{typography}{style}</style>\n</head>\n<body>\n"
            f'<div class="{page}">\n{body}\n</div>\n</body>\n</html>\n')
    return html.encode("utf-8")


def _typography(fonts: RulebookFonts) -> str:
    """CSS setting the page in the rulebook's own families, where game.yaml names them (after the stylesheet)."""
    rules = []
    for selector, family in (("body", fonts.body), ("h1, h2, h3, dl.facts dd", fonts.headings)):
        if family is not None:
            rules.append(f"{selector} {{ font-family: '{css_family(font_name('regular', family))}', {FONT_STACK}; }}\n")
    return "".join(rules)


def language_switch(current: str, languages: list[Language], label: str) -> str:
    """Links to the page in every other language; the current one marked, not linked."""
    if len(languages) < 2:
        return ""
    items = []
    for language in languages:
        name = text(language.name)
        if language.tag == current:
            items.append(f'<span lang="{attribute(language.tag)}" aria-current="page">{name}</span>')
        else:
            items.append(f'<a href="{attribute(language.file)}" hreflang="{attribute(language.tag)}" '
                         f'lang="{attribute(language.tag)}">{name}</a>')
    return f'<nav class="languages" aria-label="{attribute(label)}">{"".join(items)}</nav>'


def text(value: str) -> str:
    """Text for an element's content: &, < and > escaped."""
    return escape(value, quote=False)


def attribute(value: str) -> str:
    """Text for an attribute value in double quotes: quotes escaped too."""
    return escape(value, quote=True)
