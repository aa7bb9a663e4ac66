"""Translations of texts kept in item tables → written into their tables' cells.

A text from a table column (`name.da`) is translated like any catalog text, but its
words live in the table: an import puts them into the cell of the item's row in the
language's column (adding the column if the table has none yet), changing only those
cells, while text/<lang>.yaml keeps the record of what each translates (`source`,
`source-text`), as it does for its own texts. Keeping the record there, not in the table,
leaves the designer's spreadsheet holding only what they and translators type, so
sorting, filtering or exporting it again from a spreadsheet program loses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from pnp.i18n.catalog import Entry
from pnp.model.game import Game
from pnp.model.tables import edited_table


def table_text_edits(game: Game, language: str,
                     entries: Mapping[str, Entry]) -> tuple[dict[str, Entry], dict[Path, bytes]]:
    """The table texts among entries put into their tables: the entries (those kept in a table
    marked so) and the new bytes of each table that changes, to be written with the catalog."""
    edits: dict[tuple[Path, str | None], dict[tuple[int, str], str]] = {}
    result = dict(entries)
    for key, entry in entries.items():
        cells = game.table_texts.get(key)
        if cells is None:
            continue
        source_cell = cells.cells[game.source_language]
        attribute = key.rsplit(".", 1)[-1]
        cell = cells.cells.get(language)
        table = (Path(source_cell.path), source_cell.sheet)
        edits.setdefault(table, {})[(source_cell.row, f"{attribute}.{language}")] = entry.text
        result[key] = replace(entry, cell=cell or replace(source_cell, column=0))
    tables = {path: edited_table(path, Path(game.folder), cell_edits, sheet)
              for (path, sheet), cell_edits in edits.items()}
    return result, tables
