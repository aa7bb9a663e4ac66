"""A rulebook in one language → its web edition: one self-contained HTML page.

The page follows the rulebook model as the PDF does: a cover (title, tagline, a strip of
components, players, minutes and age, credits), a list of contents, then each section
with its paragraphs, lists, diagrams, example plays, the components list and the credits
game.yaml states. Texts are the catalog's, with the same markup (`*term*`, `**bold**`)
and the language's quotes; pictures are the PDF's Drawings as inline SVG, named by their
captions for screen readers. Diagrams shown together share one scale, as in the PDF, and
so do an example's steps; each step shows only its own part of the board, as a phone
shows one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.export.web.page import Language, document, language_switch, text
from pnp.export.web.svg import ImageSymbols, inline_svg
from pnp.i18n import credits
from pnp.i18n.catalog import Catalogs, Texts
from pnp.i18n.labels import label
from pnp.model.diagrams import DiagramBook
from pnp.model.game import Game
from pnp.model.problems import Problems
from pnp.model.rulebook import Block, Rulebook
from pnp.paint.diagrams import diagram_picture, example_pictures
from pnp.paint.faces import FacePainter, game_icons
from pnp.paint.rulebook.markup import paragraph_xml, plain_text
from pnp.paint.rulebook.pictures import block_ref
from pnp.paint.rulebook.story import runs

COVER_ITEMS = 6
# Pictures are shown this much larger than printed: a screen is read from further away than a page.
SCREEN_SCALE = 1.5


@dataclass
class _Page:
    """What building one page needs, and the ids it has given out (each picture's and anchor's own)."""

    game: Game
    catalogs: Catalogs
    rulebook: Rulebook
    book: DiagramBook
    texts: Texts
    problems: Problems
    ids: set[str] = field(default_factory=set)
    images: ImageSymbols = field(default_factory=ImageSymbols)

    @property
    def language(self) -> str:
        return self.texts.language

    def unique(self, wanted: str) -> str:
        """wanted, or wanted-2, -3… if an earlier element has it."""
        candidate, n = wanted, 1
        while candidate in self.ids:
            n += 1
            candidate = f"{wanted}-{n}"
        self.ids.add(candidate)
        return candidate

    def markup(self, source: str) -> str:
        """A catalog text as escaped HTML with its markup and the language's quotes."""
        return paragraph_xml(source, self.language, term="<em>{}</em>", bold="<strong>{}</strong>")

    def say(self, key: str) -> str:
        return self.markup(self.texts(key))

    def plain(self, key: str) -> str:
        return plain_text(self.texts(key), self.language)

    def svg(self, drawing, label: str | None, css_class: str = "picture", scale: float = SCREEN_SCALE) -> str:
        return inline_svg(drawing, self.unique("p"), label, css_class, scale, self.images)


def edition_html(game: Game, catalogs: Catalogs, rulebook: Rulebook, book: DiagramBook, language: str,
                 languages: list[Language]) -> bytes:
    """The web edition in language; `languages` are the editions the switch links to.

    Raises ContentError for a text or picture the edition cannot show.
    """
    page = _Page(game, catalogs, rulebook, book, Texts(catalogs, language), Problems())
    sections = [_section(page, index, section) for index, section in enumerate(rulebook.sections)]
    parts = [language_switch(language, languages, label("languages", language)), _cover(page),
             _contents(page, rulebook), "<main>", *sections, "</main>", _footer(page)]
    symbols = page.images.html()  # the raster images the pictures above draw, each once
    body = "\n".join([symbols, *parts] if symbols else parts)
    page.problems.raise_if_any()
    title = f"{game.title_in(page.texts)} – {label('rules', language)}"
    return document(language, title, body, rulebook_fonts=game.rulebook_fonts)


# --- cover, contents, footer -----------------------------------------------------------

def _cover(page: _Page) -> str:
    game, cover = page.game, page.rulebook.cover
    parts = [f"<header>\n<h1>{text(game.title_in(page.texts))}</h1>"]
    if cover.tagline:
        parts.append(f'<p class="tagline">{page.say(cover.tagline)}</p>')
    parts.append(_cover_strip(page))
    facts = cover.facts(game)
    if facts:
        items = "".join(f"<div><dt>{text(label(name, page.language))}</dt><dd>{text(value)}</dd></div>"
                        for name, value in facts)
        parts.append(f'<dl class="facts">{items}</dl>')
    parts.append(f'<p class="credit">{text(_credit(page))}</p>\n</header>')
    return "\n".join(p for p in parts if p)


def _credit(page: _Page) -> str:
    return credits.cover_credit(page.game, [page.language])


def _cover_strip(page: _Page) -> str:
    sets = [s for s in page.game.sets if s.kind != "board"] or list(page.game.sets)
    if not sets:
        return ""
    return _strip(page, sets[0], COVER_ITEMS, height_px=64)


def _contents(page: _Page, rulebook: Rulebook) -> str:
    heading = page.unique("contents")
    links = "".join(f'<li><a href="#section-{n + 1}">{page.say(s.title)}</a></li>'
                    for n, s in enumerate(rulebook.sections))
    return (f'<nav class="contents" aria-labelledby="{heading}"><h2 id="{heading}">'
            f'{text(label("contents", page.language))}</h2><ol>{links}</ol></nav>')


def _footer(page: _Page) -> str:
    return (f"<footer><p>{text(page.game.title_in(page.texts))} · "
            f"{text(credits.version(page.game, [page.language]))}</p></footer>")


# --- sections and blocks ---------------------------------------------------------------

def _section(page: _Page, index: int, section) -> str:
    heading = page.unique(f"section-{index + 1}")
    parts = [f'<section aria-labelledby="{heading}">', f'<h2 id="{heading}">{page.say(section.title)}</h2>']
    for run in runs(section.body):
        kind = run[0].kind
        if kind == "diagram":
            parts.append(_diagrams(page, run))
        elif kind == "example":
            parts.append(_example(page, run[0]))
        elif kind == "components":
            parts.append(_components(page))
        elif kind == "credits":
            parts.append("".join(f"<p>{text(line)}</p>" for line in credits.credit_lines(page.game, page.language)))
        else:
            parts.append(_text_block(page, run[0]))
    parts.append("</section>")
    return "\n".join(parts)


def _text_block(page: _Page, block: Block) -> str:
    if block.kind == "p":
        return f"<p>{page.say(block.keys[0])}</p>"
    tag = "ol" if block.kind == "steps" else "ul"
    items = "".join(f"<li>{page.say(key)}</li>" for key in block.keys)
    return f"<{tag}>{items}</{tag}>"


def _diagrams(page: _Page, blocks: tuple[Block, ...]) -> str:
    """Consecutive diagrams at one scale (the smallest any asks for), side by side where they fit."""
    refs = [block_ref(b) for b in blocks]
    pictures = [diagram_picture(page.game, page.catalogs, page.book, ref, page.language, page.problems) for ref in refs]
    cell = min(p.cell for p in pictures)
    figures = []
    for ref, picture in zip(refs, pictures):
        key = f"diagram.{ref}.caption"
        caption = page.say(key) if page.texts.has(key) else ""
        name = page.plain(key) if caption else ref
        svg = page.svg(picture.drawing(cell), name)
        figcaption = f"<figcaption>{caption}</figcaption>" if caption else ""
        figures.append(f'<figure id="{page.unique(anchor("diagram", ref))}">{svg}{figcaption}</figure>')
    return f'<div class="figures">{"".join(figures)}</div>'


def _example(page: _Page, block: Block) -> str:
    """The example's opening paragraphs, then every step over its numbered caption."""
    ref = block_ref(block)
    steps = example_pictures(page.game, page.catalogs, page.book, ref, page.language, page.problems)
    parts = [f"<p>{page.say(key)}</p>" for key in (f"example.{ref}.intro", f"example.{ref}.markers")
             if page.texts.has(key)]
    if not steps:
        return "\n".join(parts)
    step_word = label("step", page.language)
    items = []
    for number, (picture, caption) in enumerate(steps, start=1):
        caption_html = page.markup(f"**{step_word} {number}.** {caption}")
        svg = page.svg(picture.drawing(), plain_text(f"{step_word} {number}. {caption}", page.language))
        items.append(f"<li><figure>{svg}<figcaption>{caption_html}</figcaption></figure></li>")
    where = page.unique(anchor("example", ref))
    return "\n".join(parts + [f'<ol class="example" id="{where}">{"".join(items)}</ol>'])


def _components(page: _Page) -> str:
    """Every set: how many, its name and description, and its distinct items as printed."""
    entries = []
    for component_set in page.game.sets:
        name_key, description_key = f"component.{component_set.id}.name", f"component.{component_set.id}.description"
        if not page.texts.has(name_key):
            page.problems.add(page.rulebook.location, "components",
                              f"no text '{name_key}' in text/en.yaml to name the set '{component_set.id}'")
            continue
        name = page.texts(name_key).replace("*", "")
        description = page.texts(description_key) if page.texts.has(description_key) else ""
        line = page.markup(f"**{component_set.count} × {name}**" + (f" – {description}" if description else ""))
        height = min(max(component_set.height * 0.3, 40), 90) * 96 / 72
        entries.append(f"<li><p>{line}</p>{_strip(page, component_set, None, height)}</li>")
    return f'<ul class="components">{"".join(entries)}</ul>'


def _strip(page: _Page, component_set, limit: int | None, height_px: float) -> str:
    """The fronts of a set's distinct items in a row, each `height_px` high, named for screen readers."""
    painter = FacePainter(page.texts, page.language, Problems(), icons=game_icons(page.game))
    fronts = list(dict.fromkeys(item.front for item in component_set.items))[:limit]
    names = {item.front: item.id for item in reversed(component_set.items)}
    name_key = f"component.{component_set.id}.name"
    set_name = page.plain(name_key) if page.texts.has(name_key) else component_set.id
    pictures = []
    for front in fronts:
        drawing = painter.drawing(front, component_set.shape, 0.0)
        svg = page.svg(drawing, f"{set_name}: {names[front]}", "component")
        width = height_px * drawing.width / drawing.height
        pictures.append(svg.replace("<svg ", f'<svg style="width: {width:.1f}px" ', 1))
    return f'<div class="strip">{"".join(pictures)}</div>'


def edition_file(game_id: str, language: str) -> str:
    """The web edition's file name, beside the PDF of the same name."""
    return f"{game_id}-rules-{language}.html"


def anchor(kind: str, ref: str) -> str:
    """The id of a diagram or example in the page (where it is first shown), for links from elsewhere."""
    return f"{kind}-{ref}"

