"""Catalog files (content/<game>/text/<lang>.yaml) → located entries, and lookups with fallback.

The source language's file (English unless the game says otherwise) maps key → text.
A translation file maps key → {text, source, source-text, fuzzy} (or just key → text,
taken as a translation not yet checked against its source: stale until `pnp translate
stamp` records what it translates): `source` is the
fingerprint of the source text it translates, `source-text` that text itself (kept so
that, once the source changes, a translator can be shown what changed), and `fuzzy:
true` marks a draft taken from a fuzzy PO message that nobody has confirmed yet.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.model.files import content_file
from pnp.model.game import GAME_FILES, SOURCE_LANGUAGE, Game
from pnp.model.problems import ContentError, Location, Problem, Problems, quote
from pnp.model.reader import Fields
from pnp.model.source import Node, load_yaml
from pnp.model.tables import Cell, TextCells


def fingerprint(text: str) -> str:
    """A short, stable fingerprint of a source text (NFC-normalised)."""
    return hashlib.sha256(unicodedata.normalize("NFC", text).encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class Entry:
    key: str
    text: str
    source: str | None
    location: Location
    source_text: str | None = None  # the source text `source` fingerprints, when the catalog keeps it
    fuzzy: bool = False
    cell: Cell | None = None  # where the text is kept when it is a table's (the catalog keeps the rest)

    def is_current(self, source_text: str) -> bool:
        """Whether this translation was confirmed against source_text, the source as it is now."""
        return not self.fuzzy and self.source == fingerprint(source_text)

    def previous_source(self, source_text: str) -> str | None:
        """The source text this translation was made from, where it is known and differs from source_text."""
        if (self.source_text is not None and self.source_text != source_text
                and self.source == fingerprint(self.source_text)):
            return self.source_text
        return None


@dataclass(frozen=True)
class Catalog:
    language: str
    path: Path
    entries: dict[str, Entry]
    # Of texts kept in tables: what the catalog file records beside them (source, source-text, fuzzy).
    records: dict[str, Entry] = field(default_factory=dict)
    # Of texts kept in tables that this language lacks: the cell its text goes in (its column exists).
    table_cells: dict[str, Cell] = field(default_factory=dict)

    def get(self, key: str) -> Entry | None:
        return self.entries.get(key)

    @property
    def texts(self) -> dict[str, str]:
        return {key: entry.text for key, entry in self.entries.items()}


class Catalogs(dict):
    """A game's catalogs by language; `source_language` names the one the others translate."""

    def __init__(self, catalogs: dict[str, Catalog], source_language: str = SOURCE_LANGUAGE):
        super().__init__(catalogs)
        self.source_language = source_language

    @property
    def source(self) -> Catalog:
        return self[self.source_language]

    @property
    def translations(self) -> list[str]:
        return [language for language in self if language != self.source_language]


def catalog_path(game_folder: Path, language: str) -> Path:
    return Path(game_folder) / "text" / f"{language}.yaml"


def load_catalog(game_folder: Path, language: str, source_language: str = SOURCE_LANGUAGE,
                 tables: dict[str, TextCells] | None = None) -> Catalog:
    """One language's catalog; a missing file is an empty catalog (a folder or FIFO is an error).

    For a text kept in a table (`tables`, by key) a translation catalog holds only its record
    (source, source-text, fuzzy): the text itself is the table's.
    """
    path = catalog_path(game_folder, language)
    if content_file(path, game_folder) is None:
        return Catalog(language, path, {})
    node = load_yaml(path, game_folder)
    problems = Problems()
    if not node.is_map:
        raise ContentError([Problem(node.location, "", "expected a mapping of text keys to texts")])
    tables = tables or {}
    entries, records = {}, {}
    for key, value in node.value.items():
        if key in tables:
            record = _table_record(key, value, tables[key], language, language == source_language, problems)
            if record is not None:
                records[key] = record
            continue
        if language != source_language and _is_record(value):
            # What the catalog kept beside a table's text whose row or column has gone since:
            # nothing reads it (translate status lists it as unused), so it breaks nothing.
            records[key] = _record(key, value, problems)
            continue
        read = _read_source_entry if language == source_language else _read_translation_entry
        entry = read(key, value, node.key_location(key), problems)
        if entry is not None:
            entries[key] = entry
    problems.raise_if_any()
    return Catalog(language, path, entries, records)


def _table_record(key: str, node: Node, cells: TextCells, language: str, is_source: bool,
                  problems: Problems) -> Entry | None:
    """What a translation catalog keeps beside a table's text: the source it translates."""
    cell = cells.cells.get(language)
    where = (f"{Path(cell.path).name} {cell.name}" if cell
             else f"its table, in a column {key.rsplit('.', 1)[-1]}.{language}")
    if is_source or not node.is_map or "text" in node.value:
        problems.add(node.location, key, f"this text is kept in a table ({where}); "
                                         + ("remove it here" if is_source
                                            else "here keep only its source and source-text"))
        return None
    return _record(key, node, problems)


def _is_record(node: Node) -> bool:
    return node.is_map and "text" not in node.value and ("source" in node.value or "source-text" in node.value)


def _record(key: str, node: Node, problems: Problems) -> Entry:
    """A record's fields: the source it translates (and its text), and whether it is a draft."""
    fields = Fields(node, key, problems)
    record = Entry(key, "", fields.text("source", default=None), node.location,
                   fields.text("source-text", default=None), bool(fields.boolean("fuzzy", default=False)))
    fields.finish()
    return record


def _read_source_entry(key: str, node: Node, _: Location, problems: Problems) -> Entry | None:
    if not isinstance(node.value, str):
        got = "a mapping" if node.is_map else quote(node.value)
        problems.add(node.location, key, f"expected the source text, got {got}")
        return None
    return Entry(key, node.value, None, node.location)


def _read_translation_entry(key: str, node: Node, where: Location, problems: Problems) -> Entry | None:
    """A translation, located at its key: its fields follow on the lines below. A plain
    `key: text` is taken as a translation whose source is not recorded (stale until stamped)."""
    if isinstance(node.value, str):
        return Entry(key, node.value, None, node.location)
    fields = Fields(node, key, problems)
    text = fields.text("text")
    source = fields.text("source", default=None)
    source_text = fields.text("source-text", default=None)
    fuzzy = fields.boolean("fuzzy", default=False)
    fields.finish()
    return None if text is None else Entry(key, text, source, where, source_text, bool(fuzzy))


def load_game_catalogs(game: Game) -> Catalogs:
    """Every catalog of a game, its source catalog holding game.yaml's title and subtitle and the
    texts of item tables too; without source texts where the game uses texts, one clear problem
    instead of one per text."""
    catalogs = load_catalogs(game.folder, game.languages, game.source_language, game.table_texts)
    _add_table_texts(catalogs, game.table_texts)
    source = catalogs.source
    problems = Problems()
    for catalog in catalogs.values():
        for key, record in catalog.records.items():
            if key not in game.table_texts and (key in catalogs.source.entries or key in game.own_texts):
                problems.add(record.location, key,
                             "missing required key 'text' (only a table's text is kept without it)")
    for key, (_text, location) in game.own_texts.items():
        if key in source.entries:
            problems.add(source.entries[key].location, key, f"the game's {key.split('.')[1]} is written in game.yaml "
                                                            f"({location}); remove it here")
    problems.raise_if_any()
    if not source.entries and _uses_texts(game):
        state = "is empty" if source.path.exists() else "is missing"
        message = (f"no {source.language} texts, the game's source (the file {state}): every language is translated "
                   "from them, and this game's components, rulebook or diagrams name text keys")
        raise ContentError([Problem(Location(str(source.path)), "", message)])
    own = {key: Entry(key, text, None, location) for key, (text, location) in game.own_texts.items()}
    catalogs[game.source_language] = Catalog(source.language, source.path, {**own, **source.entries})
    return catalogs


def _add_table_texts(catalogs: Catalogs, tables: dict[str, TextCells]) -> None:
    """Each table text as an entry of its language's catalog, with the record that catalog keeps."""
    for language, catalog in list(catalogs.items()):
        added, empty = {}, {}
        for key, cells in tables.items():
            if language not in cells.texts:
                if language in cells.cells:
                    empty[key] = cells.cells[language]
                continue
            record = catalog.records.get(key) or Entry(key, "", None, cells.cells[language].location)
            added[key] = replace(record, text=cells.texts[language], location=cells.cells[language].location,
                                 cell=cells.cells[language])
        catalogs[language] = replace(catalog, entries={**catalog.entries, **added}, table_cells=empty)


def _uses_texts(game: Game) -> bool:
    documents = [name for name in GAME_FILES if name not in ("game.yaml", "components.yaml")]
    return (any(s.text_keys for s in game.sets)
            or any(content_file(game.folder / name, game.folder) for name in documents))


def load_catalogs(game_folder: Path, languages: Iterable[str], source_language: str = SOURCE_LANGUAGE,
                  tables: dict[str, TextCells] | None = None) -> Catalogs:
    """Catalogs of every language, all problems of all files reported together."""
    problems = Problems()
    catalogs = {}
    for language in dict.fromkeys((source_language, *languages)):
        try:
            catalogs[language] = load_catalog(game_folder, language, source_language, tables)
        except ContentError as error:
            problems.extend(error.problems)
    problems.raise_if_any()
    return Catalogs(catalogs, source_language)


@dataclass(frozen=True)
class Texts:
    """Looks keys up for one language, falling back to the source language (the build says
    which texts fall back, once per language: see `pnp.i18n.status.build_report`)."""

    catalogs: Catalogs
    language: str

    def has(self, key: str) -> bool:
        return self.catalogs.source.get(key) is not None

    def __call__(self, key: str) -> str:
        entry = self.catalogs.get(self.language, self.catalogs.source).get(key)
        if entry is not None:
            return entry.text
        source = self.catalogs.source.get(key)
        if source is None:
            raise KeyError(key)
        return source.text

    def get(self, key: str, default: str) -> str:
        """The text of key, or default where the game has no such text."""
        return self(key) if self.has(key) else default

    def location(self, key: str) -> Location | None:
        """Where the text of key shown in this language is written (its cell, for a table's)."""
        entry = self.catalogs.get(self.language, self.catalogs.source).get(key) or self.catalogs.source.get(key)
        return entry.location if entry is not None else None
