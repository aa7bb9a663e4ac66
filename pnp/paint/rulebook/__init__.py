"""A game and its catalogs → rulebook PDFs: a reading PDF and a folded booklet per language,
and a bilingual edition.

Each function lays out and checks one edition in memory and returns its bytes (or raises
ContentError); the build decides which editions exist and writes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus.doctemplate import LayoutError

from pnp.i18n.catalog import Catalog, Texts
from pnp.i18n.labels import label
from pnp.layout.paper import paper_named
from pnp.model.diagrams import DiagramBook
from pnp.model.game import Game
from pnp.model.problems import Location, Problems
from pnp.model.rulebook import Rulebook
from pnp.paint.rulebook.document import Footer, Layout, check_fixed_pages, lay_out, layout_error
from pnp.paint.rulebook.impose import impose_pdf
from pnp.paint.rulebook.story import Context, build_story
from pnp.paint.rulebook.style import geometry, styles_for

BOOKLET_PAGES = {"a6-sheet": "a6", "a5-saddle": "a5"}
FIXED_PAGES = {"a6-sheet": 8}
BILINGUAL = ("en", "da")


@dataclass(frozen=True)
class Edition:
    """One rulebook to lay out: its voices (one language, or English and Danish) and page size."""

    languages: tuple[str, ...]
    size: str
    facing: bool

    @property
    def name(self) -> str:
        return "bilingual" if len(self.languages) > 1 else self.languages[0]


def edition_pdf(game: Game, catalogs: dict[str, Catalog], rulebook: Rulebook, book: DiagramBook,
                languages: tuple[str, ...], strict: bool) -> tuple[bytes, list[str]]:
    """The rulebook to read (A5) in one language, or English and Danish alternating.

    Returns (PDF, warnings for texts shown in English); ContentError on problems.
    """
    problems, warnings = Problems(), []
    bilingual = len(languages) > 1
    layout = render(game, catalogs, rulebook, book, Edition(languages, "a5", False), problems,
                    [] if bilingual else warnings, strict and not bilingual)
    problems.raise_if_any()
    return layout.pdf, sorted(set(warnings))


def booklet_pages(game: Game, catalogs: dict[str, Catalog], rulebook: Rulebook, book: DiagramBook, language: str) -> bytes:
    """The booklet's pages at their folded size, checked against the booklet's page count."""
    problems = Problems()
    pages = render(game, catalogs, rulebook, book, Edition((language,), BOOKLET_PAGES[rulebook.booklet], True), problems, [], False)
    if pages is not None:
        check_pages(game, rulebook, language, pages, problems)
    problems.raise_if_any()
    return pages.pdf


def booklet_pdf(game: Game, rulebook: Rulebook, pages: bytes, language: str, paper: str) -> bytes:
    """The booklet's pages imposed on sheets of paper for folding."""
    title = f"{game.title} – {label('rules', language)} ({language}, {paper})"
    return impose_pdf(pages, rulebook.booklet, paper_named(paper), title)


def render(game: Game, catalogs: dict[str, Catalog], rulebook: Rulebook, book: DiagramBook, edition: Edition,
           problems: Problems, warnings: list[str], strict: bool) -> Layout | None:
    """One edition laid out; None (with problems added) if it cannot be."""
    page = geometry(edition.size)
    voices = tuple(Texts(catalogs, lang) for lang in edition.languages)
    ctx = Context(game, catalogs, rulebook, voices, page, styles_for(page, game.palette), problems, book)
    before = len(problems.items)
    story = build_story(ctx)
    if len(problems.items) > before:
        return None
    edition_line = f"{game.title} · {label('edition', edition.languages[0])} {game.version}"
    footer = Footer(edition_line, " / ".join(label("page", lang) for lang in edition.languages), edition.facing)
    try:
        layout = lay_out(story, page, ctx.styles, footer, f"{game.title} – {label('rules', edition.languages[0])}",
                         ", ".join(game.authors))
    except LayoutError as error:
        layout_error(error, f"{game.id} ({edition.name})", rulebook.location, problems)
        return None
    report_fallbacks(game, catalogs, voices, warnings, problems if strict else None)
    return layout


def report_fallbacks(game: Game, catalogs: dict[str, Catalog], voices: tuple[Texts, ...], warnings: list[str],
                     problems: Problems | None) -> None:
    """A warning per text shown in English for want of a translation; an error when strict."""
    for voice in voices:
        for key in voice.fallbacks:
            warning = f"no {voice.language} text for '{key}'; using English"
            warnings.append(f"{game.id}: rulebook: {warning}")
            if problems is not None:
                problems.add(Location(str(catalogs[voice.language].path)), key, f"{game.id}: rulebook: {warning} (--strict)")


def check_pages(game: Game, rulebook: Rulebook, language: str, pages: Layout, problems: Problems) -> None:
    fixed = FIXED_PAGES.get(rulebook.booklet)
    if fixed is not None:
        check_fixed_pages(pages, fixed, f"{game.id} ({language}) {rulebook.booklet} booklet",
                          rulebook.location, problems)
