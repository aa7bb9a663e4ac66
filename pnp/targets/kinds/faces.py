"""`--format faces`: every distinct card, token, tile and board face alone, one PDF per language.

`<game>/<game>-faces-<lang>.pdf` holds each distinct face of every set once (a back all of
a set's cards share, once), in the order of components.yaml, each on a page exactly its
cut size, as the sheets paint it: a proof of one card at a time, and what `pnp serve`
shows as each component alone. The PDF's outline names each set (in the PDF's language)
and under it each page, by its item and side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.targets.exports import FaceArt, set_words
from pnp.targets.facets import Facets
from pnp.targets.kinds.sheets import languages_of, set_name_key
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.export.faces import DistinctFace
    from pnp.targets.games import LoadedGame

NAME = "faces"


@dataclass(frozen=True)
class FacesParams:
    """The PDF of faces in one language."""

    language: str


def faces_path(game_id: str, language: str) -> str:
    return f"{game_id}/{game_id}-faces-{language}.pdf"


def plan(loaded: LoadedGame, options: BuildOptions):
    if loaded is None or "faces" not in options.formats or not loaded.game.sets:
        return
    sets = loaded.game.sets
    faces = [f for s in sets for item in s.items for f in (item.front, item.back) if f is not None]
    # The texts the faces show, and the set names the outline gives.
    keys = [*(k for s in sets for k in s.text_keys), *(set_name_key(s.id) for s in sets)]
    for language in languages_of(loaded, options):
        path = faces_path(loaded.id, language)
        inputs = (loaded.digest("game.yaml"), loaded.components_digest(), loaded.templates_digest(),
                  loaded.images_digest(faces), loaded.texts_digest(keys, language))
        yield Target(id=path, kind=NAME, unit="", paths=(path,), params=FacesParams(language), inputs=inputs,
                     facets=Facets("faces", (language,)))


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.export.faces import distinct_faces, faces_pdf
    from pnp.i18n.labels import label

    language = target.params.language
    back = label("side-back", language)
    sets = []
    warnings: list[str] = []
    for component_set in loaded.game.sets:
        art = FaceArt(loaded, component_set, language if component_set.text_keys else None)
        art.paint_all()
        warnings += [w for w in art.painter.warnings if w not in warnings]
        name, _ = set_words(loaded, component_set, language)
        sets.append((name, [(art(face.face), _name(face, back)) for face in distinct_faces(component_set.items)]))
    return Rendered({target.paths[0]: faces_pdf(sets, f"{loaded.id} ({language})")}, warnings=warnings)


def _name(face: DistinctFace, back: str) -> str:
    """A face by its item: 'red', 'red (back)', or 'back' for the back all the set's items share."""
    if face.item is None:
        return back
    return f"{face.item} ({back})" if face.side == "back" else face.item


KIND = TargetKind(NAME, "build", 0, plan, render, formats=("faces",), section="sheets")
