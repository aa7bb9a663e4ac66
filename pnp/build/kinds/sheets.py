"""Component sheets: one PDF per game × language × paper holding every set's sheets in print order.

The game's components are packed onto as few sheets as the layout finds (pnp.layout.kit);
sets without text appear in every language's PDF, and a game whose sets have no text
at all gets one PDF per paper. Every face is painted (once, through the game's face
cache) and checked before the sheets are drawn from the same Drawings: a text that
does not fit, a missing glyph or key, or a component larger than the paper stops the
build with every such problem located. With `--format png` alone the PDF is an
in-memory step that the PNG pages take.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.build.options import BuildOptions
from pnp.build.target import Rendered, Target, TargetKind
from pnp.layout.geometry import DoesNotFit
from pnp.layout.paper import PAPERS
from pnp.model.problems import Location, Problems

if TYPE_CHECKING:
    from pnp.build.games import LoadedGame
    from pnp.i18n.catalog import Texts
    from pnp.layout.kit import Kit

NAME = "sheets"


def languages_of(loaded: LoadedGame, options) -> tuple[str, ...]:
    """The game's languages that the options ask for (all of them by default)."""
    if options.languages is None:
        return loaded.game.languages
    return tuple(lang for lang in options.languages if lang in loaded.game.languages)


def sheet_languages(loaded: LoadedGame, options) -> tuple[str | None, ...]:
    """One PDF per language when any set has text, else one for all (None)."""
    return languages_of(loaded, options) if any(s.text_keys for s in loaded.game.sets) else (None,)


def stem(loaded: LoadedGame, language: str | None, paper: str) -> str:
    return "-".join(p for p in (loaded.id, "sheets", language, paper) if p)


def sheet_id(loaded: LoadedGame, language: str | None, paper: str) -> str:
    return f"{loaded.id}/{stem(loaded, language, paper)}.pdf"


def plan(loaded: LoadedGame, options: BuildOptions):
    if not loaded.game.sets:
        return
    for language in sheet_languages(loaded, options):
        for paper in options.papers:
            yield _target(loaded, language, paper, options)


def _target(loaded: LoadedGame, language: str | None, paper: str, options: BuildOptions) -> Target:
    target_id = sheet_id(loaded, language, paper)
    sets = loaded.game.sets
    faces = [f for s in sets for item in s.items for f in (item.front, item.back) if f is not None]
    keys = [k for s in sets for k in (*s.text_keys, f"component.{s.id}.name")]
    inputs = (loaded.digest("game.yaml"), loaded.digest("components.yaml"), loaded.templates_digest(),
              loaded.images_digest(faces), loaded.texts_digest(keys, language or "en"))
    return Target(id=target_id, kind=NAME, unit="", paths=(target_id,) if "pdf" in options.formats else (),
                  params=(language, paper, options.flip, tuple(options.back_offset_mm), options.layout),
                  inputs=inputs, label=stem(loaded, language, paper))


def kit_of(loaded: LoadedGame, paper: str, options: BuildOptions) -> Kit:
    """The game's sheets on paper as laid out for these options (laid out once per process)."""
    from pnp.layout.kit import lay_out

    key = ("kit", paper, options.flip, tuple(options.back_offset_mm), options.layout)
    if key not in loaded.layouts:
        loaded.layouts[key] = lay_out(loaded.game.sets, loaded.game.sheets, PAPERS[paper], settings_of(loaded, options))
    return loaded.layouts[key]


def settings_of(loaded: LoadedGame, options: BuildOptions):
    from pnp.layout.sheet import settings_for
    from pnp.model.units import mm

    offset = (mm(options.back_offset_mm[0]), mm(options.back_offset_mm[1]))
    return settings_for(loaded.game.sheets, options.layout, options.flip, offset)


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.i18n.catalog import Texts
    from pnp.paint.faces import FacePainter
    from pnp.paint.sheets import Words, paint_kit

    language, paper = target.params[:2]
    texts = Texts(loaded.catalogs, language or "en")
    problems = Problems()
    painter = FacePainter(texts, language or "en", problems, cache=loaded.face_cache(language or "en"))
    for component_set in loaded.game.sets:
        for item in component_set.items:
            for face in (item.front, item.back):
                if face is not None:
                    painter.drawing(face, component_set.shape, component_set.bleed, cut_guide=False)
    kit = _kit_or_problem(loaded, paper, options, problems)
    words = Words(_game_words(loaded), _set_names(loaded, texts), language or "en")
    warnings = _fallbacks(loaded, texts, language, options.strict, problems)
    problems.raise_if_any()
    title = f"{loaded.game.title} – " + " · ".join(words.set_names.values())
    pdf = paint_kit(kit, loaded.game.sets, painter, settings_of(loaded, options), words, title)
    return Rendered({path: pdf for path in target.paths}, pdf, warnings)


def _kit_or_problem(loaded: LoadedGame, paper: str, options: BuildOptions, problems: Problems) -> Kit | None:
    try:
        return kit_of(loaded, paper, options)
    except DoesNotFit as error:
        where = _set_named(loaded, str(error))
        problems.add(where.location if where else loaded.game.location,
                     f"sets.{where.id}" if where else "sets", f"does not fit on {paper} paper: {error}")
        return None


def _set_named(loaded: LoadedGame, message: str):
    """The set a layout message names ('… mm colour-cards does not fit …'), if any."""
    return next((s for s in loaded.game.sets if f" {s.id} " in f" {message} "), None)


def _game_words(loaded: LoadedGame) -> str:
    game = loaded.game
    return f"{game.title} {game.version}".strip()


def _set_names(loaded: LoadedGame, texts: Texts) -> dict[str, str]:
    names = {}
    for component_set in loaded.game.sets:
        key = f"component.{component_set.id}.name"
        names[component_set.id] = texts(key) if texts.has(key) else component_set.id
    return names


def _fallbacks(loaded: LoadedGame, texts: Texts, language: str | None, strict: bool, problems: Problems) -> list[str]:
    """A warning per text shown in English; with --strict, a problem at the catalog."""
    warnings = []
    for key in texts.fallbacks:
        warning = f"no {language} text for '{key}'; using English"
        warnings.append(f"{loaded.id}: {warning}")
        if strict:
            problems.add(Location(str(loaded.catalogs[language].path)), key, warning + " (--strict)")
    return sorted(set(warnings))


KIND = TargetKind(NAME, "build", 0, plan, render)
