"""The kit planner: which outputs each game has (sheets per set × language × paper, and
rulebooks), checking everything before writing, then writing PDFs and PNGs with progress.

Every game's rulebook structure, diagrams and example plays are checked, and every face
of every sheet is painted once in memory, before a single file is replaced: a text that
does not fit, a missing glyph or key, an illegal example move stops the build first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from pnp.i18n.catalog import Catalog, Texts, load_game_catalogs
from pnp.layout.geometry import DoesNotFit
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import SheetSpec, fit_grid
from pnp.model import Game, load_game
from pnp.model.components import ComponentSet
from pnp.model.diagrams import read_diagram_book
from pnp.model.problems import ContentError, Location, Problems
from pnp.model.rulebook import load_rulebook, rulebook_path
from pnp.model.units import mm
from pnp.output.files import write_bytes
from pnp.output.raster import page_count, render_page, write_png
from pnp.paint.diagrams import load_diagrams
from pnp.paint.faces import FacePainter
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


def used_text_keys(game: Game) -> tuple[set[str], dict[str, Location]]:
    """Every catalog key the game's outputs read, with where each is first used."""
    where: dict[str, Location] = {}
    for component_set in game.sets:
        for item in component_set.items:
            for face in (item.front, item.back):
                for element in face.elements if face else ():
                    if getattr(element, "key", None):
                        where.setdefault(element.key, element.location)
    _rulebook_keys(game, where)
    return set(where), where


def _rulebook_keys(game: Game, where: dict[str, Location]) -> None:
    """Keys the rulebook, its generated components section, diagrams and example plays read."""
    if not rulebook_path(game.folder).is_file():
        return
    rulebook = load_rulebook(game.folder)
    here = Location(str(rulebook_path(game.folder)))
    for key in rulebook.text_keys:
        where.setdefault(key, here)
    for component_set in game.sets:
        for suffix in ("name", "description"):
            where.setdefault(f"component.{component_set.id}.{suffix}", here)
    problems = Problems()
    book = read_diagram_book(game.folder, problems)
    problems.raise_if_any()
    for diagram in book.diagrams.values():
        where.setdefault(diagram.caption_key, diagram.location)
        for frame in (*diagram.frames, diagram.overlay):
            if frame is not None and frame.label_key:
                where.setdefault(frame.label_key, frame.location)
    for example in book.examples.values():
        for opening in ("intro", "markers"):
            where.setdefault(f"example.{example.id}.{opening}", example.location)
        for step in example.steps:
            for key in step.text_keys:
                where.setdefault(key, step.location)


def game_languages(game: Game, options: BuildOptions) -> tuple[str, ...]:
    if options.languages is None:
        return game.languages
    return tuple(lang for lang in options.languages if lang in game.languages)


def plan_sheets(game: Game, options: BuildOptions) -> list[SheetTarget]:
    """Every sheet PDF of a game: sets with text once per language, others once."""
    targets = []
    for component_set in game.sets:
        languages = game_languages(game, options) if component_set.text_keys else (None,)
        for language in languages:
            for paper in options.papers:
                targets.append(SheetTarget(game, component_set, language, paper))
    return targets


def load_games(folders: Iterable[Path]) -> list[tuple[Game, dict[str, Catalog]]]:
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


def _check_documents(game: Game, catalogs: dict[str, Catalog], problems: Problems) -> None:
    """The rulebook's structure and every diagram and example play (replayed by its engine)."""
    for check in (lambda: rulebook_path(game.folder).is_file() and load_rulebook(game.folder, catalogs["en"].entries),
                  lambda: load_diagrams(game, catalogs)):
        try:
            check()
        except ContentError as error:
            problems.extend(error.problems)


def check_targets(targets: list[SheetTarget], catalogs: dict[str, Catalog], options: BuildOptions) -> list[str]:
    """Paint every face in memory; raise on problems, return warnings (fallbacks)."""
    problems = Problems()
    warnings: list[str] = []
    for target in {(t.component_set, t.language): t for t in targets}.values():
        texts = Texts(catalogs, target.language or "en")
        painter = FacePainter(texts, target.language or "en", problems)
        for item in target.component_set.items:
            for face in (item.front, item.back):
                if face is not None:
                    painter.drawing(face, target.component_set.shape, target.component_set.bleed)
        for key in texts.fallbacks:
            warning = f"no {target.language} text for '{key}'; using English"
            warnings.append(f"{target.game.id}: {warning}")
            if options.strict:
                problems.add(_catalog_location(catalogs, target.language), key, warning + " (--strict)")
    _check_fits(targets, problems)
    problems.raise_if_any()
    return sorted(set(warnings))


def _catalog_location(catalogs: dict[str, Catalog], language: str) -> Location:
    return Location(str(catalogs[language].path))


def _check_fits(targets: list[SheetTarget], problems: Problems) -> None:
    for target in targets:
        component_set = target.component_set
        if component_set.kind == "board":
            continue
        try:
            fit_grid(PAPERS[target.paper], component_set.width, component_set.height, SheetSpec(bleed=component_set.bleed))
        except DoesNotFit as error:
            problems.add(component_set.location, f"sets.{component_set.id}", f"does not fit on {target.paper} paper: {error}")


def build_target(target: SheetTarget, catalogs: dict[str, Catalog], options: BuildOptions, progress: Progress) -> list[Path]:
    language = target.language or "en"
    painter = FacePainter(Texts(catalogs, language), language, Problems())
    game = target.game
    title = f"{game.title} – {target.component_set.id}" + (f" ({target.language})" if target.language else "")
    sheet_options = SheetOptions(PAPERS[target.paper], options.flip, (mm(options.back_offset_mm[0]), mm(options.back_offset_mm[1])))
    pdf = paint_set(target.component_set, painter, sheet_options, Footer(game.title, game.version, title))
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
    result = BuildResult()
    plans = []
    for game, catalogs in loaded:
        targets = plan_sheets(game, options)
        result.warnings += check_targets(targets, catalogs, options)
        plans.append((targets, catalogs))
    on_plan(sum(len(targets) + 1 for targets, _ in plans))
    for (game, catalogs), (targets, _) in zip(loaded, plans):
        _build_rulebooks(game, catalogs, options, result)
        progress(f"{game.id} rulebooks")
        for target in targets:
            result.written += build_target(target, catalogs, options, progress)
    return result


def _build_rulebooks(game: Game, catalogs: dict[str, Catalog], options: BuildOptions, result: BuildResult) -> None:
    """Rulebooks check everything before they write, so a bad one stops the game's build here."""
    if "pdf" not in options.formats or not rulebook_path(game.folder).is_file():
        return
    written, warnings = build_rulebooks(game, catalogs, options.out, game_languages(game, options), options.papers, options.strict)
    result.written += written
    result.warnings += warnings
