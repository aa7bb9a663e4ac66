"""`--format accessibility`: what players with a colour-vision deficiency, or a greyscale print,
cannot tell apart, and the texts too small or too faint to read; one page per game.

`<game>/accessibility.html` shows every finding with its faces as each vision sees them
(pnp.export.accessibility); each finding is also a warning located where the fix belongs
(an error under --strict), so `pnp check --accessibility` reports them without writing.
The faces may show any text of any language, so the inputs are every file of the game
folder and its templates; the languages checked are part of the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.targets.kinds.sheets import languages_of
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.targets.games import LoadedGame

NAME = "accessibility"
TOKEN = "accessibility"


@dataclass(frozen=True)
class CheckParams:
    languages: tuple[str, ...]
    strict: bool  # findings are problems, not warnings


def report_path(loaded: LoadedGame) -> str:
    return f"{loaded.id}/accessibility.html"


def plan(loaded: LoadedGame, options: BuildOptions):
    if TOKEN not in options.formats:
        return
    from pnp.targets.facets import Facets

    languages = languages_of(loaded, options)
    path = report_path(loaded)
    yield Target(id=path, kind=NAME, unit="", paths=(path,), params=CheckParams(languages, options.strict),
                 inputs=(loaded.folder_digest(),), facets=Facets(TOKEN, languages),
                 label=f"{loaded.id} accessibility check")


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.export.accessibility import DPI
    from pnp.export.accessibility.check import check_sets, findings
    from pnp.export.accessibility.looks import Camera
    from pnp.export.accessibility.page import page_html
    from pnp.i18n.catalog import Texts
    from pnp.model.problems import Problems
    from pnp.paint.faces import FacePainter

    params: CheckParams = target.params
    problems = Problems()
    texts = {language: Texts(loaded.catalogs, language) for language in params.languages}
    painters = {language: FacePainter(texts[language], language, problems, cache=loaded.face_cache(language),
                                      icons=loaded.icons) for language in params.languages}
    result = check_sets(loaded.id, loaded.game.sets, Camera(painters, DPI), params.languages,
                        lambda key, language: texts[language](key))
    problems.raise_if_any()  # a face that cannot be painted is the sheets' error, said as they say it
    found = findings(result)
    if params.strict and found:
        strict = Problems()
        for location, key, message in found:
            strict.add(location, key, message)
        strict.raise_if_any()
    warnings = [f"{location} {key}: {message}" for location, key, message in found]
    title = loaded.game.title_in(Texts(loaded.catalogs, loaded.catalogs.source_language))
    return Rendered({target.paths[0]: page_html(title, result)}, warnings=warnings)


KIND = TargetKind(NAME, "build", 4, plan, render, formats=(TOKEN,))
