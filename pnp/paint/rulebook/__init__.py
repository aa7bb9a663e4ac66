"""A game and its catalogs → rulebook PDFs: a reading PDF and a folded booklet per language,
and a bilingual edition of the two languages the game names (by default its first two).

`build_rulebooks` lays out and checks everything in memory first; files are written
(atomically) only when no problem was found, so a failed build leaves the last good
rulebooks in place. `render` lays out one edition and holds it to the layout rules: a
section break that would leave a page nearly empty is let go (in a flowing edition),
a booklet's spare pages get a checklist and notes, and any figure that would print
over text or another figure is an error naming the edition, page and block.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.platypus.doctemplate import LayoutError

from pnp.i18n.catalog import Catalogs, Texts
from pnp.i18n.labels import label
from pnp.layout.booklet import padded_page_count
from pnp.layout.paper import paper_named
from pnp.model.game import TITLE_KEY, Game
from pnp.model.problems import Problems
from pnp.model.rulebook import Rulebook, load_rulebook
from pnp.output.files import write_bytes
from pnp.paint.rulebook.document import (
    LOOSE,
    Footer,
    Layout,
    check_fixed_pages,
    check_overprints,
    lay_out,
    layout_error,
    near_empty_pages,
)
from pnp.paint.rulebook.impose import impose_pdf
from pnp.paint.rulebook.padding import padding_pages
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


def rules_path(out: Path, game: Game, edition: str) -> Path:
    return Path(out) / game.id / f"{game.id}-rules-{edition}.pdf"


def booklet_path(out: Path, game: Game, language: str, paper: str) -> Path:
    return Path(out) / game.id / f"{game.id}-booklet-{language}-{paper}.pdf"


def build_rulebooks(game: Game, catalogs: Catalogs, out: Path, languages: tuple[str, ...],
                    papers: tuple[str, ...]) -> list[Path]:
    """Write every rulebook of game in languages; return the paths written. ContentError on problems.

    A text a language lacks is set in the source language; the planner warns about those
    (see `pnp.i18n.status.build_report`), once per game and language.
    """
    rulebook = load_rulebook(game.folder, catalogs.source.entries)
    languages = tuple(lang for lang in languages if lang in game.languages and lang in catalogs)
    problems, files, pictures = Problems(), {}, {}
    for language in languages:
        reading = render(game, catalogs, rulebook, Edition((language,), "a5", False), problems, pictures)
        pages = render(game, catalogs, rulebook, Edition((language,), BOOKLET_PAGES[rulebook.booklet], True),
                       problems, pictures)
        if reading is not None:
            files[rules_path(out, game, language)] = reading.pdf
        if pages is not None:
            check_pages(game, rulebook, language, pages, problems)
            for paper in papers:
                title = f"{game_title(game, catalogs, language)} – {label('rules', language)} ({language}, {paper})"
                sheets = impose_pdf(pages.pdf, rulebook.booklet, paper_named(paper), title, language)
                files[booklet_path(out, game, language, paper)] = sheets
    if game.bilingual and all(lang in languages for lang in game.bilingual):
        both = render(game, catalogs, rulebook, Edition(game.bilingual, "a5", False), problems, pictures)
        if both is not None:
            files[rules_path(out, game, "bilingual")] = both.pdf
    problems.raise_if_any()
    for path, data in files.items():
        write_bytes(path, data)
    return list(files)


def game_title(game: Game, catalogs: Catalogs, language: str) -> str:
    """The game's title in a language (the source's where it has no translation)."""
    return Texts(catalogs, language).get(TITLE_KEY, game.title)


def render(game: Game, catalogs: Catalogs, rulebook: Rulebook, edition: Edition, problems: Problems,
           pictures: dict | None = None) -> Layout | None:
    """One edition laid out and checked; None (with problems added) if it cannot be.

    `pictures` keeps the diagrams drawn for one edition for the next (they do not
    depend on the page size); pass the same dict to every edition of a game.
    """
    page = geometry(edition.size)
    voices = tuple(Texts(catalogs, lang) for lang in edition.languages)
    ctx = Context(game, catalogs, rulebook, voices, page, styles_for(page, game.palette), problems,
                  edition.described, {} if pictures is None else pictures)
    main = edition.languages[0]
    edition_line = f"{game_title(game, catalogs, main)} · {label('edition', main)} {game.version}"
    footer = Footer(edition_line, " / ".join(label("page", lang) for lang in edition.languages), edition.facing)
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
    """The edition laid out with breaks let go where they leave a page nearly empty, then padded.

    None if the story has problems (a text or picture that cannot be set): they are
    reported once, by the first build; later builds of the same story are quiet.
    """
    soft: frozenset[int] = frozenset()
    before = len(ctx.problems.items)
    story = build_story(ctx, soft)
    if len(ctx.problems.items) > before:
        return None
    ctx = replace(ctx, problems=Problems())
    layout = lay_out_story(story)
    while ctx.follows_page_breaks and ctx.rulebook.booklet not in FIXED_PAGES:
        loose = loose_breaks(layout) - soft
        if not loose:
            break
        soft |= loose
        layout = lay_out_story(build_story(ctx, soft))
    spare = booklet_pages(ctx.rulebook.booklet, layout.pages) - layout.pages if booklet else 0
    if spare > 0:
        layout = lay_out_story(build_story(ctx, soft) + padding_pages(ctx, spare))
    return layout


def booklet_pages(booklet: str, pages: int) -> int:
    """The pages a booklet of `pages` pages of content is printed on."""
    return FIXED_PAGES.get(booklet) or padded_page_count(pages)


def loose_breaks(layout: Layout) -> frozenset[int]:
    """Page groups whose forced break follows a nearly empty page: letting them go fills it."""
    loose = set()
    for page in near_empty_pages(layout, LOOSE):
        here, after = layout.tags_on(page), layout.tags_on(page + 1)
        if here and after and after[0].group > here[-1].group:
            loose.add(after[0].group)
    return frozenset(loose)


def check_pages(game: Game, rulebook: Rulebook, language: str, pages: Layout, problems: Problems) -> None:
    fixed = FIXED_PAGES.get(rulebook.booklet)
    if fixed is not None:
        check_fixed_pages(pages, fixed, f"{game.id} ({language}) {rulebook.booklet} booklet",
                          rulebook.location, problems)
