"""Game folders → `LoadedGame`s: each game read and checked once per run, then shared.

A loaded game holds the model, every language's catalog, the rulebook structure and
the checked diagram book (diagrams and example plays replayed by the game's engine),
so targets never read the content again. It also keeps the digests its targets' keys
use and, per language, the faces painted so far.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.i18n.catalog import Catalogs, load_game_catalogs
from pnp.model import Game, load_game
from pnp.model.diagrams import PICTURE_FILES, DiagramBook
from pnp.model.faces import Image
from pnp.model.problems import ContentError, Problems
from pnp.model.rulebook import Rulebook, load_rulebook, rulebook_path
from pnp.targets.digest import file_digest, folder_digest, key_of


@dataclass
class LoadedGame:
    game: Game
    catalogs: Catalogs
    rulebook: Rulebook | None
    book: DiagramBook
    faces: dict[str, dict] = field(default_factory=dict)
    # Diagrams drawn for one rulebook edition, kept for the next: they do not depend on the page size.
    pictures: dict = field(default_factory=dict)
    # Sheet layouts by paper and options: planned once, painted in every language.
    layouts: dict = field(default_factory=dict)
    _digests: dict[str, str] = field(default_factory=dict)
    _icons: object = None

    @property
    def id(self) -> str:
        return self.game.id

    def printed_rulebook(self) -> Rulebook:
        """The rulebook a target prints: only a game that has one plans such targets."""
        if self.rulebook is None:
            raise AssertionError(f"{self.id} has no rulebook to print")
        return self.rulebook

    @property
    def icons(self):
        """The game's icons, looked up once per process."""
        if self._icons is None:
            from pnp.model.icons import IconBook

            self._icons = IconBook(self.game.folder, self.game.templates_folders)
        return self._icons

    def face_cache(self, language: str) -> dict:
        """Faces painted in a language, shared by every target this process renders."""
        return self.faces.setdefault(language, {})

    def digest(self, relative: str) -> str:
        """The digest of a file of the game folder ('absent' if there is none)."""
        if relative not in self._digests:
            path = Path(self.game.folder) / relative
            self._digests[relative] = file_digest(path) if path.is_file() else "absent"
        return self._digests[relative]

    def components_digest(self) -> str:
        """What a component's faces are read from besides the templates and its texts: components.yaml,
        the item tables the sets read, the game's icons and its own fonts."""
        if "components" not in self._digests:
            icons = Path(self.game.folder) / "icons"
            fonts = sorted({str(path) for family in self.game.fonts.values() for _, path in family.files})
            self._digests["components"] = key_of(self.digest("components.yaml"),
                                                 [(str(p), file_digest(Path(p))) for p in self.game.table_files],
                                                 folder_digest(icons) if icons.is_dir() else "absent",
                                                 [(path, file_digest(path)) for path in fonts])
        return self._digests["components"]

    def folder_digest(self) -> str:
        """Every file of the game folder and of its templates: what a rulebook may read."""
        if "*" not in self._digests:
            self._digests["*"] = key_of(folder_digest(Path(self.game.folder)), self.templates_digest())
        return self._digests["*"]

    def templates_digest(self) -> str:
        if "templates/" not in self._digests:
            self._digests["templates/"] = key_of(*(folder_digest(Path(f)) for f in self.game.templates_folders))
        return self._digests["templates/"]

    def texts_digest(self, keys: Iterable[str], language: str) -> str:
        """The texts of keys as shown in language: its own, or the source's where it has none."""
        texts = []
        for key in keys:
            source = next((lang for lang in (language, self.catalogs.source_language)
                           if lang in self.catalogs and self.catalogs[lang].get(key)), None)
            texts.append(None if source is None else (source, self.catalogs[source].get(key).text))
        return key_of(tuple(keys), texts)

    def images_digest(self, faces) -> str:
        paths = sorted({str(e.path) for face in faces for e in face.walk() if isinstance(e, Image)})
        return key_of([(p, self._image_digest(p)) for p in paths])

    def _image_digest(self, path: str) -> str:
        """An image's bytes, hashed once per build: every sheet, language and export asks again."""
        if f"image:{path}" not in self._digests:
            self._digests[f"image:{path}"] = file_digest(Path(path))
        return self._digests[f"image:{path}"]


def _diagrams_of(game: Game, catalogs: Catalogs) -> DiagramBook:
    """The game's diagrams and examples, checked; a game with neither file spares the
    import of the diagram scenes and engines (a deck alone builds without them)."""
    if not any(os.path.lexists(game.folder / f"{section}.yaml") for section in PICTURE_FILES):
        return DiagramBook({}, {})
    from pnp.diagrams import load_diagrams

    return load_diagrams(game, catalogs)


def load_games(folders: Iterable[Path]) -> list[LoadedGame]:
    """Load and check every game, reporting the problems of all of them together."""
    problems = Problems()
    loaded = []
    for folder in folders:
        try:
            loaded.append(load_one(Path(folder), problems))
        except ContentError as error:
            problems.extend(error.problems)
    problems.raise_if_any()
    return loaded


def load_one(folder: Path, problems: Problems) -> LoadedGame:
    """One game; problems of its rulebook and diagrams are added to problems."""
    game = load_game(folder)
    catalogs = load_game_catalogs(game)
    rulebook = None
    try:
        if rulebook_path(game.folder).is_file():
            rulebook = load_rulebook(game.folder, catalogs.source.entries)
    except ContentError as error:
        problems.extend(error.problems)
    try:
        book = _diagrams_of(game, catalogs)
    except ContentError as error:
        problems.extend(error.problems)
        book = DiagramBook({}, {})  # the game is not built: load_games raises its problems with the others'
    return LoadedGame(game, catalogs, rulebook, book)
