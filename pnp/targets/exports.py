"""What the export kinds (tts, pod, web, preview) share: a set's faces painted once per
language and checked, the digests that decide a set's images, and the words naming a set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.targets.kinds.sheets import languages_of

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

    from pnp.model.components import ComponentSet
    from pnp.model.faces import Face
    from pnp.targets.games import LoadedGame


def set_languages(loaded: LoadedGame, component_set: ComponentSet, options) -> tuple[str | None, ...]:
    """The languages a set is made in: each asked for if it shows texts, else once (None)."""
    return languages_of(loaded, options) if component_set.text_keys else (None,)


def game_languages(loaded: LoadedGame, options) -> tuple[str | None, ...]:
    """One export per language if any set shows texts, else one (None)."""
    return languages_of(loaded, options) if any(s.text_keys for s in loaded.game.sets) else (None,)


def source(loaded: LoadedGame) -> str:
    """The language a set without texts is painted in (its faces show none of them)."""
    return loaded.catalogs.source_language


def stem(loaded: LoadedGame, *parts: str | None) -> str:
    return "-".join(p for p in (loaded.id, *parts) if p)


def set_inputs(loaded: LoadedGame, component_set: ComponentSet, language: str | None) -> tuple[str, ...]:
    """What decides the pictures of a set's faces: the game, its components, templates, images and texts."""
    faces = [f for item in component_set.items for _, f in item.faces]
    return (loaded.digest("game.yaml"), loaded.components_digest(), loaded.templates_digest(),
            loaded.images_digest(faces), loaded.texts_digest(component_set.text_keys, language or source(loaded)))


def names_inputs(loaded: LoadedGame, language: str | None) -> str:
    """The texts naming the game and naming and describing every set, as shown in language."""
    keys = ["game.title", *(f"component.{s.id}.{part}" for s in loaded.game.sets for part in ("name", "description"))]
    return loaded.texts_digest(keys, language or source(loaded))


class FaceArt:
    """Faces of one set painted in one language (through the game's face cache), problems collected.

    `paint_all()` checks the whole set first: text that does not fit, a missing glyph or
    key stops the export with every such problem located, as it stops the sheets.
    """

    def __init__(self, loaded: LoadedGame, component_set: ComponentSet, language: str | None, bleed: float = 0.0):
        from pnp.i18n.catalog import Texts
        from pnp.model.problems import Problems
        from pnp.paint.faces import FacePainter

        language = language or source(loaded)
        self.problems = Problems()
        self.painter = FacePainter(Texts(loaded.catalogs, language), language, self.problems,
                                   cache=loaded.face_cache(language), icons=loaded.icons)
        self.component_set, self.bleed = component_set, bleed

    def __call__(self, face: Face) -> Drawing:
        return self.painter.drawing(face, self.component_set.shape, self.bleed, cut_guide=False)

    def paint_all(self) -> None:
        """Paint every face of the set and stop on its problems: a file shows no face its set cannot draw."""
        for item in self.component_set.items:
            for _, face in item.faces:
                self(face)
        self.problems.raise_if_any()


def set_words(loaded: LoadedGame, component_set: ComponentSet, language: str | None) -> tuple[str, str]:
    """The set's name and description in language, as plain text (its id and nothing, without texts)."""
    from pnp.i18n.catalog import Texts
    from pnp.paint.rulebook.markup import plain_text

    language = language or source(loaded)
    texts = Texts(loaded.catalogs, language)
    words = []
    for part, default in (("name", component_set.id), ("description", "")):
        key = f"component.{component_set.id}.{part}"
        words.append(plain_text(texts(key), language) if texts.has(key) else default)
    return words[0], words[1]
