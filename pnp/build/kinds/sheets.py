"""Component sheets: one duplex PDF per component set × language × paper.

Sets with text are made once per language, others once, their footer in the first
language built. The footer names the game and the set as players know them and speaks
pnp's own words in the sheet's language. Every face of the set is painted (once,
through the game's face cache) and checked before the sheets are drawn from the same
Drawings: a text that does not fit, a missing glyph or key stops the build with every
such problem located. Which texts a language lacks is said once per language, by the
translation report (pnp.build.kinds.translations). With `--format png` alone the PDF
is an in-memory step that the PNG pages take.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.build.options import BuildOptions
from pnp.build.target import Rendered, Target, TargetKind
from pnp.layout.geometry import DoesNotFit
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import SheetSpec, fit_grid
from pnp.model.problems import Problems
from pnp.model.units import mm

if TYPE_CHECKING:
    from pnp.build.games import LoadedGame
    from pnp.i18n.catalog import Texts
    from pnp.model.components import ComponentSet

NAME = "sheets"


def languages_of(loaded: LoadedGame, options) -> tuple[str, ...]:
    """The game's languages that the options ask for (all of them by default)."""
    if options.languages is None:
        return loaded.game.languages
    return tuple(lang for lang in options.languages if lang in loaded.game.languages)


def stem(loaded: LoadedGame, component_set: ComponentSet, language: str | None, paper: str) -> str:
    return "-".join(p for p in (loaded.id, component_set.id, language, paper) if p)


def sheet_id(loaded: LoadedGame, component_set: ComponentSet, language: str | None, paper: str) -> str:
    return f"{loaded.id}/{stem(loaded, component_set, language, paper)}.pdf"


def plan(loaded: LoadedGame, options: BuildOptions):
    for component_set in loaded.game.sets:
        languages = languages_of(loaded, options) if component_set.text_keys else (None,)
        for language in languages:
            for paper in options.papers:
                yield _target(loaded, component_set, language, paper, options)


def _target(loaded: LoadedGame, component_set: ComponentSet, language: str | None, paper: str, options: BuildOptions) -> Target:
    target_id = sheet_id(loaded, component_set, language, paper)
    faces = [f for item in component_set.items for f in (item.front, item.back) if f is not None]
    words = language or footer_language(loaded, options)
    keys = (*component_set.text_keys, *footer_keys(component_set))
    inputs = (loaded.digest("game.yaml"), loaded.components_digest(), loaded.templates_digest(),
              loaded.images_digest(faces), loaded.texts_digest(keys, words))
    return Target(id=target_id, kind=NAME, unit="", paths=(target_id,) if "pdf" in options.formats else (),
                  params=(component_set.id, language, paper, options.flip, tuple(options.back_offset_mm), words),
                  inputs=inputs, label=stem(loaded, component_set, language, paper))


def footer_language(loaded: LoadedGame, options: BuildOptions) -> str:
    """A set without text is printed once, for every language: its footer speaks the first one built."""
    return (languages_of(loaded, options) or (loaded.game.source_language,))[0]


def footer_keys(component_set: ComponentSet) -> tuple[str, str]:
    """The texts a sheet's footer shows: the game's title and the set's name."""
    from pnp.model.game import TITLE_KEY  # the model loads only when a game does

    return TITLE_KEY, f"component.{component_set.id}.name"


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.i18n.catalog import Texts
    from pnp.paint.faces import FacePainter
    from pnp.paint.sheets import SheetOptions, paint_set

    set_id, _, paper = target.params[:3]
    texts = Texts(loaded.catalogs, target.params[-1])
    component_set = next(s for s in loaded.game.sets if s.id == set_id)
    problems = Problems()
    painter = FacePainter(texts, texts.language, problems, cache=loaded.face_cache(texts.language), icons=loaded.icons)
    _check_fit(component_set, paper, problems)
    for item in component_set.items:
        for face in (item.front, item.back):
            if face is not None:
                painter.drawing(face, component_set.shape, component_set.bleed)
    problems.raise_if_any()
    offset = (mm(options.back_offset_mm[0]), mm(options.back_offset_mm[1]))
    pdf = paint_set(component_set, painter, SheetOptions(PAPERS[paper], options.flip, offset),
                    sheet_footer(loaded, component_set, texts))
    return Rendered({path: pdf for path in target.paths}, pdf, warnings=list(painter.warnings))


def sheet_footer(loaded: LoadedGame, component_set: ComponentSet, texts: Texts):
    """The footer of a set's sheets: the game's and the set's names in the sheet's language."""
    from pnp.i18n.markup import strip_markup
    from pnp.paint.sheets import Footer

    title_key, name_key = footer_keys(component_set)
    game = loaded.game
    name = strip_markup(texts.get(name_key, component_set.id))
    return Footer(texts.get(title_key, game.title), game.version, name, texts.language)


def _check_fit(component_set: ComponentSet, paper: str, problems: Problems) -> None:
    if component_set.kind == "board":
        return  # a board larger than the paper is tiled
    try:
        fit_grid(PAPERS[paper], component_set.width, component_set.height, SheetSpec(bleed=component_set.bleed))
    except DoesNotFit as error:
        problems.add(component_set.location, f"sets.{component_set.id}", f"does not fit on {paper} paper: {error}")


KIND = TargetKind(NAME, "build", 0, plan, render)
