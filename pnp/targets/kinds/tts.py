"""`--format tts`: Tabletop Simulator decks, tokens and tiles, and a saved object per game.

Files go to `<game>/tts/`: per card set `<game>-<set>[-<lang>]-faces.png` and
`-back.png` (or `-backs.png` when backs differ), per other set one image per distinct
item (`-<item>.png`, and `-<item>-back.png` for a tile whose back differs); and
`<game>-<lang>.json`, the saved object, per language (its title and set names are words).
Each image is a target of its own (so the kit preview can show each); the saved object
needs only the model and names the images as they are planned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.targets.exports import FaceArt, languages_of, names_inputs, set_inputs, set_languages, set_words, stem
from pnp.targets.facets import Facets
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.targets.games import LoadedGame

NAME = "tts"
FOLDER = "tts"


@dataclass(frozen=True)
class TtsImage:
    """One image of a set: a deck sheet, a token's or a tile's face (`what`, pnp.export.tts)."""

    set_id: str
    language: str | None
    what: tuple


@dataclass(frozen=True)
class TtsObject:
    """The saved object in a language, its images named from base_url."""

    language: str
    base_url: str


def plan(loaded: LoadedGame, options: BuildOptions):
    if loaded is None or "tts" not in options.formats:
        return
    from pnp.export.tts import set_files, table_sets

    for component_set in table_sets(loaded.game.sets):
        for language in set_languages(loaded, component_set, options):
            name = stem(loaded, component_set.id, language)
            inputs = set_inputs(loaded, component_set, language)
            for file, what in set_files(name, component_set):
                path = f"{loaded.id}/{FOLDER}/{file}"
                yield Target(id=path, kind=NAME, unit="", paths=(path,),
                             params=TtsImage(component_set.id, language, what), inputs=inputs,
                             facets=Facets("tts", (language,) if language else ()))
    for language in languages_of(loaded, options):  # the object names the game and its sets in words of a language
        path = f"{loaded.id}/{FOLDER}/{stem(loaded, language)}.json"
        inputs = (loaded.digest("game.yaml"), loaded.components_digest(), loaded.templates_digest(),
                  names_inputs(loaded, language))
        yield Target(id=path, kind=NAME, unit="", paths=(path,), params=TtsObject(language, options.tts_base_url or ""),
                     inputs=inputs, facets=Facets("tts", (language,)))


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    params = target.params
    if isinstance(params, TtsObject):
        return _render_object(target, loaded)
    from pnp.export.tts import set_image

    component_set = next(s for s in loaded.game.sets if s.id == params.set_id)
    art = FaceArt(loaded, component_set, params.language)
    art.paint_all()
    return Rendered({target.paths[0]: set_image(component_set, params.what, art)})


def _render_object(target: Target, loaded: LoadedGame) -> Rendered:
    from pnp.export import tts
    from pnp.i18n.catalog import Texts

    language, base_url = target.params.language, target.params.base_url
    shown = []
    for component_set in tts.table_sets(loaded.game.sets):
        set_language = language if component_set.text_keys else None
        name, description = set_words(loaded, component_set, language)
        common: dict[str, Any] = dict(component_set=component_set, stem=stem(loaded, component_set.id, set_language),
                                      name=name, description=description)
        if component_set.kind == "card":
            shown.append(tts.SetObjects(**common, deck=tts.plan_deck(component_set)))
        else:
            shown.append(tts.SetObjects(**common, pieces=tuple(tts.plan_pieces(component_set))))
    title = f"{loaded.game.title_in(Texts(loaded.catalogs, language))} ({language})"
    return Rendered({target.paths[0]: tts.saved_object(title, loaded.id, shown, base_url)})


KIND = TargetKind(NAME, "build", 3, plan, render, formats=("tts",), settings=("tts-base-url",), section="tts")
