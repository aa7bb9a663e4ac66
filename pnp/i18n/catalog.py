"""Catalog files (content/<game>/text/<lang>.yaml) → located entries, and lookups with fallback.

en.yaml maps key → English text. A translation file maps key → {text, source}, where
`source` is the fingerprint of the English text it translates.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from pnp.model.files import content_file
from pnp.model.game import GAME_FILES, Game
from pnp.model.problems import ContentError, Location, Problem, Problems, quote
from pnp.model.reader import Fields
from pnp.model.source import Node, load_yaml

SOURCE_LANGUAGE = "en"


def fingerprint(text: str) -> str:
    """A short, stable fingerprint of a source text (NFC-normalised)."""
    return hashlib.sha256(unicodedata.normalize("NFC", text).encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class Entry:
    key: str
    text: str
    source: str | None
    location: Location


@dataclass(frozen=True)
class Catalog:
    language: str
    path: Path
    entries: dict[str, Entry]

    def get(self, key: str) -> Entry | None:
        return self.entries.get(key)


def catalog_path(game_folder: Path, language: str) -> Path:
    return Path(game_folder) / "text" / f"{language}.yaml"


def load_catalog(game_folder: Path, language: str) -> Catalog:
    """One language's catalog; a missing file is an empty catalog (a folder or FIFO is an error)."""
    path = catalog_path(game_folder, language)
    if content_file(path, game_folder) is None:
        return Catalog(language, path, {})
    node = load_yaml(path, game_folder)
    problems = Problems()
    if not node.is_map:
        raise ContentError([Problem(node.location, "", "expected a mapping of text keys to texts")])
    read = _read_source_entry if language == SOURCE_LANGUAGE else _read_translation_entry
    entries = {}
    for key, value in node.value.items():
        entry = read(key, value, problems)
        if entry is not None:
            entries[key] = entry
    problems.raise_if_any()
    return Catalog(language, path, entries)


def _read_source_entry(key: str, node: Node, problems: Problems) -> Entry | None:
    if not isinstance(node.value, str):
        problems.add(node.location, key, f"expected the English text, got {'a mapping' if node.is_map else quote(node.value)}")
        return None
    return Entry(key, node.value, None, node.location)


def _read_translation_entry(key: str, node: Node, problems: Problems) -> Entry | None:
    fields = Fields(node, key, problems)
    text = fields.text("text")
    source = fields.text("source", default=None)
    fields.finish()
    return None if text is None else Entry(key, text, source, node.location)


def load_game_catalogs(game: Game) -> dict[str, Catalog]:
    """Every catalog of a game; without English texts where the game uses texts, one clear
    problem instead of one per text the game uses."""
    catalogs = load_catalogs(game.folder, game.languages)
    english = catalogs[SOURCE_LANGUAGE]
    if not english.entries and _uses_texts(game):
        state = "is empty" if english.path.exists() else "is missing"
        message = (f"no English texts (the file {state}): every language is translated from them, "
                   "and this game's components, rulebook or diagrams name text keys")
        raise ContentError([Problem(Location(str(english.path)), "", message)])
    return catalogs


def _uses_texts(game: Game) -> bool:
    documents = [name for name in GAME_FILES if name not in ("game.yaml", "components.yaml")]
    return any(s.text_keys for s in game.sets) or any(content_file(game.folder / name, game.folder) for name in documents)


def load_catalogs(game_folder: Path, languages: tuple[str, ...]) -> dict[str, Catalog]:
    """Catalogs of every language, all problems of all files reported together."""
    problems = Problems()
    catalogs = {}
    for language in dict.fromkeys((SOURCE_LANGUAGE, *languages)):
        try:
            catalogs[language] = load_catalog(game_folder, language)
        except ContentError as error:
            problems.extend(error.problems)
    problems.raise_if_any()
    return catalogs


@dataclass
class Texts:
    """Looks keys up for one language, falling back to English and noting each fallback."""

    catalogs: dict[str, Catalog]
    language: str
    fallbacks: list[str] = field(default_factory=list)

    def has(self, key: str) -> bool:
        return self.catalogs[SOURCE_LANGUAGE].get(key) is not None

    def __call__(self, key: str) -> str:
        entry = self.catalogs.get(self.language, self.catalogs[SOURCE_LANGUAGE]).get(key)
        if entry is not None:
            return entry.text
        source = self.catalogs[SOURCE_LANGUAGE].get(key)
        if source is None:
            raise KeyError(key)
        if key not in self.fallbacks:
            self.fallbacks.append(key)
        return source.text
