"""A game and its catalogs → rulebook PDFs: a reading PDF and a folded booklet per language,
and a bilingual edition of the two languages the game names (by default its first two).

Each entry point lays out and checks one edition in memory and returns its bytes (or
raises ContentError); the build decides which editions exist and writes them. `render`
lays out one edition and holds it to the layout rules: the composer (compose.py) breaks
pages so that none but a chapter's last is left under 60 % full, a booklet's spare pages
get notes and a back cover that lists what is in the box, and any figure that would print
over text or another figure is an error naming the edition, page and block.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.platypus.doctemplate import LayoutError

from pnp.i18n import credits
from pnp.i18n.catalog import Catalogs, Texts
from pnp.i18n.labels import label
from pnp.layout.booklet import padded_page_count
from pnp.layout.paper import paper_named
from pnp.model.diagrams import DiagramBook
from pnp.model.game import Game
from pnp.model.problems import ContentError, Problems
from pnp.model.rulebook import Rulebook
from pnp.paint.faces import game_icons
from pnp.paint.rulebook.document import (
    Footer,
    Layout,
    check_fixed_pages,
    check_overprints,
    lay_out,
    layout_error,
)
from pnp.paint.rulebook.impose import impose_pdf
from pnp.paint.rulebook.padding import Padding
from pnp.paint.rulebook.story import Context, build_story
from pnp.paint.rulebook.style import geometry, styles_for

BOOKLET_PAGES = {"a6-sheet": "a6", "a5-saddle": "a5"}
FIXED_PAGES = {"a6-sheet": 8}


@dataclass(frozen=True)
class Edition:
    """One rulebook to lay out: its voices (one language, or the bilingual edition's two) and page size."""

    languages: tuple[str, ...]
    size: str
    facing: bool

    @property
    def name(self) -> str:
        return "bilingual" if len(self.languages) > 1 else self.languages[0]

    @property
    def described(self) -> str:
        """How an error names the edition: 'en, booklet', 'da, reading PDF', 'bilingual, reading PDF'."""
        return f"{self.name}, {'booklet' if self.facing else 'reading PDF'}"


def edition_pdf(game: Game, catalogs: Catalogs, rulebook: Rulebook, book: DiagramBook,
                languages: tuple[str, ...], pictures: dict | None = None) -> bytes:
    """The rulebook to read (A5) in one language, or two alternating (the bilingual edition).

    A text a language lacks is set in the source language; the build says which, once per
    language (see `pnp.i18n.status.build_report`). ContentError on problems. `pictures`
    keeps diagrams drawn for one edition for the next (see `render`).
    """
    problems = Problems()
    layout = render(game, catalogs, rulebook, book, Edition(languages, "a5", False), problems, pictures)
    if layout is None or problems:  # render gives None only with a problem
        raise ContentError(problems.items)
    return layout.pdf


def booklet_pages(game: Game, catalogs: Catalogs, rulebook: Rulebook, book: DiagramBook, language: str,
                  pictures: dict | None = None) -> bytes:
    """The booklet's pages at their folded size, checked against the booklet's page count."""
    problems = Problems()
    pages = render(game, catalogs, rulebook, book, Edition((language,), BOOKLET_PAGES[rulebook.booklet], True),
                   problems, pictures)
    if pages is not None:
        check_pages(game, rulebook, language, pages, problems)
    if pages is None or problems:  # render gives None only with a problem
        raise ContentError(problems.items)
    return pages.pdf


def booklet_pdf(game: Game, catalogs: Catalogs, rulebook: Rulebook, pages: bytes, language: str, paper: str) -> bytes:
    """The booklet's pages imposed on sheets of paper for folding."""
    title = f"{game_title(game, catalogs, language)} – {label('rules', language)} ({language}, {paper})"
    return impose_pdf(pages, rulebook.booklet, paper_named(paper), title, language)


def game_title(game: Game, catalogs: Catalogs, language: str) -> str:
    """The game's title in a language (the source's where it has no translation)."""
    return game.title_in(Texts(catalogs, language))


def render(game: Game, catalogs: Catalogs, rulebook: Rulebook, book: DiagramBook, edition: Edition,
           problems: Problems, pictures: dict | None = None) -> Layout | None:
    """One edition laid out and checked; None (with problems added) if it cannot be.

    `pictures` keeps the diagrams drawn for one edition for the next (they do not
    depend on the page size); pass the same dict to every edition of a game.
    """
    page = geometry(edition.size)
    voices = tuple(Texts(catalogs, lang) for lang in edition.languages)
    styles = styles_for(page, game.palette, game.rulebook_fonts)
    ctx = Context(game, catalogs, rulebook, voices, page, styles, problems, book, edition.described,
                  {} if pictures is None else pictures, game_icons(game))
    main = edition.languages[0]
    # The bilingual edition's footer speaks both languages: each title and word once.
    titles = " / ".join(dict.fromkeys(game_title(game, catalogs, lang) for lang in edition.languages))
    edition_line = f"{titles} · {credits.version(game, list(edition.languages))}"
    footer = Footer(edition_line, " / ".join(dict.fromkeys(label("page", lang) for lang in edition.languages)),
                    edition.facing)
    title = f"{game_title(game, catalogs, main)} – {label('rules', main)}"
    try:
        layout = settle(ctx, lambda story: lay_out(story, page, ctx.styles, footer, title, ", ".join(game.authors)),
                        booklet=edition.facing)
    except LayoutError as error:
        layout_error(error, f"{game.id} ({edition.described})", rulebook.location, problems)
        return None
    if layout is None:
        return None
    check_overprints(layout, f"{game.id} ({edition.described})", rulebook.location, problems)
    return layout


def settle(ctx: Context, lay_out_story, booklet: bool) -> Layout | None:
    """The edition laid out once: section breaks that would leave a page nearly empty let go
    (unless the booklet has a fixed page count), then a booklet's spare pages added.

    None if the story has problems (a text or picture that cannot be set).
    """
    before = len(ctx.problems)
    story = build_story(ctx, flowing=ctx.rulebook.booklet not in FIXED_PAGES)
    if len(ctx.problems) > before:
        return None
    # Spare pages come after the rules, each on a page of its own: they move nothing before them.
    ending = [Padding(replace(ctx, problems=Problems()),
                      lambda pages: printed_page_count(ctx.rulebook.booklet, pages))] if booklet else []
    return lay_out_story(story + ending)


def printed_page_count(booklet: str, pages: int) -> int:
    """The pages a booklet of `pages` pages of content is printed on."""
    return FIXED_PAGES.get(booklet) or padded_page_count(pages)


def check_pages(game: Game, rulebook: Rulebook, language: str, pages: Layout, problems: Problems) -> None:
    fixed = FIXED_PAGES.get(rulebook.booklet)
    if fixed is not None:
        check_fixed_pages(pages, fixed, f"{game.id} ({language}) {rulebook.booklet} booklet",
                          rulebook.location, problems)
