"""A translator's PO file + a game's catalogs → the translation entries it changes, checked to lose nothing.

A PO file is refused whole (every reason located, nothing written) when it is for another
game or language, or when, for some text, it holds a translation of older source text
than the one the catalog has since translated: importing it would roll that newer
translation back. Otherwise every message whose translation differs from the catalog
becomes a `Change`: a new or updated translation, one confirmed unchanged (a fuzzy flag
cleared), or a draft (a fuzzy message the translator edited: kept, still marked stale).
A message that changes nothing (an empty msgstr, an unedited fuzzy one, the same
translation) leaves its entry alone. A translation that goes into a table's cell must be
one a cell can hold (no control characters). The tables and the catalog an import
changes are written together, all or none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.i18n.catalog import Catalogs, Entry, catalog_path, fingerprint
from pnp.i18n.catalog_file import edited_catalog
from pnp.i18n.po import PoEntry, header_fields, parse_po
from pnp.i18n.start import catalog_header
from pnp.i18n.table_texts import table_text_edits
from pnp.model.game import Game
from pnp.model.limits import MAX_TEXT_CHARS
from pnp.model.problems import ContentError, Location, Problem, Problems, display_path, quote
from pnp.model.tables import cell_text_problem
from pnp.output.files import FileSet

# What a change does to its entry, as the report says it.
NEW, UPDATED, CONFIRMED, DRAFT = "new", "updated", "confirmed", "draft"


@dataclass(frozen=True)
class Change:
    key: str
    kind: str
    entry: Entry
    outdated: bool  # translated from older source text than the current one: still stale

    def describe(self) -> str:
        what = {NEW: "new translation", UPDATED: "translation changed", CONFIRMED: "translation confirmed as it was",
                DRAFT: "edited draft (fuzzy in the PO file): kept, still marked stale"}[self.kind]
        if self.outdated and self.kind != DRAFT:
            what += "; made from older source text, so still stale"
        return f"{self.key}: {what}"


@dataclass(frozen=True)
class ImportResult:
    language: str
    changes: tuple[Change, ...]

    @property
    def entries(self) -> dict[str, Entry]:
        return {change.key: change.entry for change in self.changes}

    def counted(self, kind: str) -> int:
        return sum(change.kind == kind for change in self.changes)


def import_po(text: str, catalogs: Catalogs, language: str, game_id: str, file: str = "<PO file>") -> ImportResult:
    """The changes a PO file makes to `catalogs[language]`; nothing is written.

    ContentError, located in the PO file, for malformed lines, a header for another game
    or language, messages without msgctxt or of keys the source lacks, and translations
    that would replace a translation of newer source text.
    """
    source = catalogs.source.entries
    old = catalogs[language].entries if language in catalogs else {}
    translation_file = (display_path(str(catalogs[language].path)) if language in catalogs
                        else f"text/{language}.yaml")
    problems = Problems()
    changes: list[Change] = []
    seen: dict[str, PoEntry] = {}
    for message in parse_po(text, file):
        if message.context is None and message.msgid == "":
            check_header(message, language, game_id, problems)
        elif (key := _accepted_key(message, source, seen, problems)) is not None:
            seen[key] = message
            if _rolls_back(message, key, source[key], old.get(key), translation_file, problems):
                continue
            change = _change(message, key, source[key], old.get(key))
            if change is not None:
                changes.append(change)
    problems.raise_if_any()
    rank = {key: index for index, key in enumerate(source)}
    return ImportResult(language, tuple(sorted(changes, key=lambda c: rank[c.key])))


def po_language(text: str, game: Game, file: str = "<PO file>") -> str | None:
    """The game's language a PO file's header names (da for a header's da_DK where the game has
    da alone), None if it names none. ContentError, located at the header, for a language the
    game does not have."""
    header = next((m for m in parse_po(text, file) if m.context is None and m.msgid == ""), None)
    if header is None:
        return None
    stated = header_fields(header.msgstr).get("language", "").replace("_", "-")
    if not stated:
        return None
    for candidate in (stated, stated.split("-")[0]):
        if candidate in game.languages:
            return candidate
    raise ContentError([Problem(header.location, "", f"this PO file is for language {quote(stated)}, which "
                                                     f"{game.id} does not have ({', '.join(game.languages)}); start it "
                                                     f"with pnp translate init {game.id} LANGUAGE, "
                                                     "or name one with --lang")])


def check_header(header: PoEntry, language: str, game_id: str, problems: Problems) -> None:
    fields = header_fields(header.msgstr)
    stated = fields.get("language")
    if stated and not same_language(stated, language):
        problems.add(header.location, "", f"this PO file is for language {quote(stated)}, not {quote(language)}")
    charset = re.search(r"charset=([\w-]+)", fields.get("content-type", ""))
    if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8", "charset"):
        problems.add(header.location, "", f"PO file says charset={quote(charset.group(1))}; save it as UTF-8")
    game = po_game(fields)
    if game is None:
        problems.add(header.location, "", "this PO file does not say which game it is for (no X-Pnp-Game or "
                                          "Project-Id-Version in its header); export one with pnp translate export")
    elif game != game_id:
        problems.add(header.location, "", f"this PO file is for the game {quote(game)}, not {quote(game_id)}; "
                                          "nothing was imported")


def po_game(fields: Mapping[str, str]) -> str | None:
    """The game a PO file's header names: X-Pnp-Game, else the first word of Project-Id-Version."""
    named = fields.get("x-pnp-game") or (fields.get("project-id-version") or "").split(" ")[0]
    return named or None


def same_language(stated: str, language: str) -> bool:
    # A PO editor may write da_DK for da: the region only matters if pnp names one.
    stated, language = (code.replace("-", "_").lower() for code in (stated, language))
    return stated == language or stated.split("_")[0] == language


def _accepted_key(message: PoEntry, source: Mapping[str, Entry], seen: Mapping[str, PoEntry],
                  problems: Problems) -> str | None:
    """The key of the text message translates, or None (a problem added) if it cannot be imported."""
    key = message.context
    if key is None:
        problems.add(message.location, "", "message has no msgctxt; pnp names each text by its msgctxt")
        return None
    if key in seen:
        problems.add(message.location, key, f"message appears twice (first at line {seen[key].location.line})")
        return None
    if key not in source:
        problems.add(message.location, key, "unknown text key: the game's source texts have no such key")
        return None
    if len(message.msgstr) > MAX_TEXT_CHARS:
        problems.add(message.location, key,
                     f"a translation of {len(message.msgstr)} characters is over the limit of {MAX_TEXT_CHARS}")
        return None
    cell = source[key].cell
    if cell is not None and (refused := cell_text_problem(message.msgstr)):
        problems.add(message.location, key, f"the translation {refused}, which its cell in {Path(cell.path).name} "
                                            "cannot hold; remove it from the PO file")
        return None
    return key


def _rolls_back(message: PoEntry, key: str, source: Entry, old: Entry | None, translation_file: str,
                problems: Problems) -> bool:
    """Whether importing message would replace a translation of other, newer source text with
    one of the older source text the PO file holds (a problem if so)."""
    older = message.msgid != source.text
    if not (older and old is not None and message.msgstr and message.msgstr != old.text):
        return False
    if old.source == fingerprint(message.msgid):
        return False  # the catalog translates the same source text as the PO file: nothing newer to lose
    since = "the current source text" if old.source == fingerprint(source.text) else "different source text"
    problems.add(message.location, key,
                 f"this PO file translates older source text than the current one, and {translation_file} has "
                 f"since translated {since}; importing would roll that translation back. Export a new PO file "
                 "(or msgmerge this one with the template from pnp translate export --pot) and import that")
    return True


def _change(message: PoEntry, key: str, source: Entry, old: Entry | None) -> Change | None:
    """What message (of the text key) does to the entry old, or None if it changes nothing."""
    if not message.msgstr:
        return None  # untranslated: an empty msgstr never deletes a translation
    location = message.location
    outdated = message.msgid != source.text
    if message.fuzzy:
        if old is not None and message.msgstr == old.text:
            return None  # an unedited fuzzy message: the catalog already says the same
        return Change(key, DRAFT, _draft(message, key, old, location), outdated)
    entry = Entry(key, message.msgstr, fingerprint(message.msgid), location, message.msgid)
    if old is not None and (old.text, old.source, old.fuzzy) == (entry.text, entry.source, False):
        return None
    kind = NEW if old is None else CONFIRMED if old.text == entry.text else UPDATED
    return Change(key, kind, entry, outdated)


def _draft(message: PoEntry, key: str, old: Entry | None, location: Location) -> Entry:
    """A fuzzy msgstr the translator edited: taken, but marked fuzzy, from the source text
    the old translation (or msgmerge's `#|` previous msgid) was made from."""
    if old is not None:
        return replace(old, text=message.msgstr, fuzzy=True, location=location)
    previous = message.previous_msgid
    return Entry(key, message.msgstr, fingerprint(previous) if previous is not None else None, location,
                 previous, fuzzy=True)


def write_import(game: Game, catalogs: Catalogs, result: ImportResult) -> list[str]:
    """Write an import's changes into its catalog file (only those entries), and say exactly what changed."""
    path = catalog_path(game.folder, result.language)
    shown = display_path(str(path))
    if not result.changes:
        return [f"nothing to change: {shown} is as it was"]
    entries, tables = table_text_edits(game, result.language, result.entries)
    catalog = edited_catalog(path, entries, list(catalogs.source.entries), header=catalog_header(game, result.language))
    # The tables and the catalog change together or not at all: a table holding a text the
    # catalog has no record of would read as a stale translation.
    with FileSet(game.folder) as files:
        for table, data in tables.items():
            files.stage(Path(table).relative_to(game.folder), data)
        files.stage(Path(path).relative_to(game.folder), catalog)
        files.commit()
    counts = ", ".join(f"{result.counted(kind)} {kind}" for kind in (NEW, UPDATED, CONFIRMED, DRAFT)
                       if result.counted(kind))
    texts = "text" if len(result.changes) == 1 else "texts"
    return ([f"  {change.describe()}" for change in result.changes]
            + [f"{len(result.changes)} {texts} changed in {shown} ({counts})"])

