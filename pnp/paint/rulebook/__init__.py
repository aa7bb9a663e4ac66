"""A game and its catalogs → rulebook PDFs: a reading PDF and a folded booklet per language,
and a bilingual edition.

`build_rulebooks` lays out and checks everything in memory first; files are written
(atomically) only when no problem was found, so a failed build leaves the last good
rulebooks in place.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.platypus.doctemplate import LayoutError

from pnp.i18n.catalog import Catalog, Texts
from pnp.i18n.labels import label
from pnp.layout.paper import paper_named
from pnp.model.game import Game
from pnp.model.problems import Location, Problems
from pnp.model.rulebook import Rulebook, load_rulebook
from pnp.output.files import write_bytes
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


def rules_path(out: Path, game: Game, edition: str) -> Path:
    return Path(out) / game.id / f"{game.id}-rules-{edition}.pdf"


def booklet_path(out: Path, game: Game, language: str, paper: str) -> Path:
    return Path(out) / game.id / f"{game.id}-booklet-{language}-{paper}.pdf"


def build_rulebooks(game: Game, catalogs: dict[str, Catalog], out: Path, languages: tuple[str, ...],
                    papers: tuple[str, ...], strict: bool) -> tuple[list[Path], list[str]]:
    """Write every rulebook of game; return (paths written, warnings). ContentError on problems."""
    rulebook = load_rulebook(game.folder, catalogs["en"].entries)
    languages = tuple(lang for lang in languages if lang in game.languages and lang in catalogs)
    problems, warnings, files = Problems(), [], {}
    for language in languages:
        reading = render(game, catalogs, rulebook, Edition((language,), "a5", False), problems, warnings, strict)
        pages = render(game, catalogs, rulebook, Edition((language,), BOOKLET_PAGES[rulebook.booklet], True),
                       problems, [], False)
        if reading is not None:
            files[rules_path(out, game, language)] = reading.pdf
        if pages is not None:
            check_pages(game, rulebook, language, pages, problems)
            for paper in papers:
                title = f"{game.title} – {label('rules', language)} ({language}, {paper})"
                files[booklet_path(out, game, language, paper)] = impose_pdf(pages.pdf, rulebook.booklet, paper_named(paper), title)
    if all(lang in languages for lang in BILINGUAL):
        both = render(game, catalogs, rulebook, Edition(BILINGUAL, "a5", False), problems, [], False)
        if both is not None:
            files[rules_path(out, game, "bilingual")] = both.pdf
    problems.raise_if_any()
    for path, data in files.items():
        write_bytes(path, data)
    return list(files), sorted(set(warnings))


def render(game: Game, catalogs: dict[str, Catalog], rulebook: Rulebook, edition: Edition, problems: Problems,
           warnings: list[str], strict: bool) -> Layout | None:
    """One edition laid out; None (with problems added) if it cannot be."""
    page = geometry(edition.size)
    voices = tuple(Texts(catalogs, lang) for lang in edition.languages)
    ctx = Context(game, catalogs, rulebook, voices, page, styles_for(page, game.palette), problems)
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
