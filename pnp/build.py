"""The kit planner: which outputs each game has (sheets per set × language × paper, and
rulebooks), checking everything before writing, then writing PDFs and PNGs with progress.

Every game's rulebook structure, diagrams and example plays are checked, and every face
of every sheet is painted once in memory, before a single file is replaced: a text that
does not fit, a missing glyph or key, an illegal example move stops the build first.
Each language built gets one summary of its texts set in the source language, its stale
translations and what status flags in them (errors under --strict).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import click

from pnp.i18n.catalog import Catalogs, Texts, load_game_catalogs
from pnp.i18n.labels import label_warning
from pnp.i18n.markup import strip_markup
from pnp.i18n.status import build_report
from pnp.layout.geometry import DoesNotFit
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import SheetSpec, fit_grid
from pnp.model import Game, load_game
from pnp.model.components import ComponentSet
from pnp.model.game import TITLE_KEY
from pnp.model.problems import ContentError, Problems
from pnp.model.rulebook import load_rulebook, rulebook_path
from pnp.model.units import mm
from pnp.output.files import write_bytes
from pnp.output.raster import page_count, render_page, write_png
from pnp.paint.diagrams import load_diagrams
from pnp.paint.faces import FacePainter
from pnp.paint.proof import game_statuses
from pnp.paint.rulebook import build_rulebooks
from pnp.paint.sheets import Footer, SheetOptions, paint_set

FORMATS = ("pdf", "png")


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    papers: tuple[str, ...] = ("a4", "letter")
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    dpi: int = 300
    formats: tuple[str, ...] = FORMATS
    languages: tuple[str, ...] | None = None
    strict: bool = False


@dataclass(frozen=True)
class SheetTarget:
    """One PDF of component sheets (and its PNG pages)."""

    game: Game
    component_set: ComponentSet
    language: str | None
    paper: str

    @property
    def stem(self) -> str:
        parts = [self.game.id, self.component_set.id, self.language, self.paper]
        return "-".join(p for p in parts if p)

    def pdf_path(self, out: Path) -> Path:
        return out / self.game.id / f"{self.stem}.pdf"

    def png_path(self, out: Path, page: int) -> Path:
        sheet, side = divmod(page, 2) if self.component_set.has_backs else (page, 0)
        label = ("front", "back")[side] if self.component_set.has_backs else "front"
        return out / self.game.id / "png" / f"{self.stem}-sheet{sheet + 1:02d}-{label}.png"


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


Progress = Callable[[str], None]


def game_languages(game: Game, options: BuildOptions) -> tuple[str, ...]:
    if options.languages is None:
        return game.languages
    return tuple(lang for lang in options.languages if lang in game.languages)


class NoSuchLanguage(click.ClickException):
    exit_code = 1


def check_languages(languages: tuple[str, ...] | None, games: Iterable[Game]) -> None:
    """Every language asked for is one that at least one of the games has (NoSuchLanguage if not)."""
    games = list(games)
    for language in languages or ():
        if not any(language in game.languages for game in games):
            known = ", ".join(dict.fromkeys(lang for game in games for lang in game.languages))
            raise NoSuchLanguage(f"no game here has the language {language!r} (they have {known}); "
                                 f"start it with: pnp translate init GAME {language}")


def plan_sheets(game: Game, options: BuildOptions) -> list[SheetTarget]:
    """Every sheet PDF of a game: sets with text once per language, others once."""
    targets = []
    for component_set in game.sets:
        languages = game_languages(game, options) if component_set.text_keys else (None,)
        for language in languages:
            for paper in options.papers:
                targets.append(SheetTarget(game, component_set, language, paper))
    return targets


def load_games(folders: Iterable[Path]) -> list[tuple[Game, Catalogs]]:
    """Load and check every game, reporting the problems of all of them together."""
    problems = Problems()
    loaded = []
    for folder in folders:
        try:
            game = load_game(folder)
            catalogs = load_game_catalogs(game)
            _check_documents(game, catalogs, problems)
            loaded.append((game, catalogs))
        except ContentError as error:
            problems.extend(error.problems)
    problems.raise_if_any()
    return loaded


def _check_documents(game: Game, catalogs: Catalogs, problems: Problems) -> None:
    """The rulebook's structure and every diagram and example play (replayed by its engine)."""
    for check in (lambda: rulebook_path(game.folder).is_file() and load_rulebook(game.folder, catalogs.source.entries),
                  lambda: load_diagrams(game, catalogs)):
        try:
            check()
        except ContentError as error:
            problems.extend(error.problems)


def check_targets(targets: list[SheetTarget], catalogs: Catalogs) -> None:
    """Paint every face in memory; raise on problems (text that does not fit, a glyph no font has)."""
    problems = Problems()
    for target in {(t.component_set, t.language): t for t in targets}.values():
        language = target.language or catalogs.source_language
        painter = FacePainter(Texts(catalogs, language), language, problems)
        for item in target.component_set.items:
            for face in (item.front, item.back):
                if face is not None:
                    painter.drawing(face, target.component_set.shape, target.component_set.bleed)
    _check_fits(targets, problems)
    problems.raise_if_any()


def translation_warnings(game: Game, catalogs: Catalogs, options: BuildOptions) -> tuple[list[str], Problems]:
    """What the languages built lack or get wrong, one summary per language and kind (problems under --strict)."""
    languages = game_languages(game, options)
    problems, warnings = Problems(), []
    for status in game_statuses(game, catalogs, languages, used_only=True):
        found, errors = build_report(game.id, catalogs, status, options.strict)
        warnings += found
        problems.extend(errors)
    warnings += [f"{game.id} ({language}): {warning}" for language in languages if (warning := label_warning(language))]
    return warnings, problems


def _check_fits(targets: list[SheetTarget], problems: Problems) -> None:
    for target in targets:
        component_set = target.component_set
        if component_set.kind == "board":
            continue
        try:
            fit_grid(PAPERS[target.paper], component_set.width, component_set.height, SheetSpec(bleed=component_set.bleed))
        except DoesNotFit as error:
            problems.add(component_set.location, f"sets.{component_set.id}", f"does not fit on {target.paper} paper: {error}")


def sheet_footer(game: Game, component_set: ComponentSet, texts: Texts) -> Footer:
    """The footer of a set's sheets: the game's and the set's names in the sheet's language."""
    name = strip_markup(texts.get(f"component.{component_set.id}.name", component_set.id))
    return Footer(texts.get(TITLE_KEY, game.title), game.version, name, texts.language)


def build_target(target: SheetTarget, catalogs: Catalogs, options: BuildOptions, progress: Progress) -> list[Path]:
    # A set without text is printed once, for every language: its footer speaks the first language built.
    texts = Texts(catalogs, target.language or game_languages(target.game, options)[0])
    painter = FacePainter(texts, texts.language, Problems())
    sheet_options = SheetOptions(PAPERS[target.paper], options.flip, (mm(options.back_offset_mm[0]), mm(options.back_offset_mm[1])))
    pdf = paint_set(target.component_set, painter, sheet_options, sheet_footer(target.game, target.component_set, texts))
    written = []
    if "pdf" in options.formats:
        path = target.pdf_path(options.out)
        write_bytes(path, pdf)
        written.append(path)
    progress(target.stem)
    if "png" in options.formats:
        for page in range(page_count(pdf)):
            path = target.png_path(options.out, page)
            write_png(render_page(pdf, page, options.dpi), path, options.dpi)
            written.append(path)
    return written


def build(folders: Iterable[Path], options: BuildOptions, progress: Progress = lambda _: None,
          on_plan: Callable[[int], None] = lambda _: None) -> BuildResult:
    """Check every game, then write all their outputs; nothing is written if a check fails."""
    loaded = load_games(folders)
    check_languages(options.languages, (game for game, _ in loaded))
    result = BuildResult()
    plans = []
    problems = Problems()
    for game, catalogs in loaded:
        targets = plan_sheets(game, options)
        check_targets(targets, catalogs)
        warnings, errors = translation_warnings(game, catalogs, options)
        result.warnings += warnings
        problems.extend(errors)
        plans.append((targets, catalogs))
    problems.raise_if_any()
    on_plan(sum(len(targets) + 1 for targets, _ in plans))
    for (game, catalogs), (targets, _) in zip(loaded, plans):
        _build_rulebooks(game, catalogs, options, result)
        progress(f"{game.id} rulebooks")
        for target in targets:
            result.written += build_target(target, catalogs, options, progress)
    return result


def _build_rulebooks(game: Game, catalogs: Catalogs, options: BuildOptions, result: BuildResult) -> None:
    """Rulebooks check everything before they write, so a bad one stops the game's build here."""
    if "pdf" not in options.formats or not rulebook_path(game.folder).is_file():
        return
    result.written += build_rulebooks(game, catalogs, options.out, game_languages(game, options), options.papers)
