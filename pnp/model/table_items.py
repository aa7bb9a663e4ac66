"""A table's rows as a set's items: each row an item, its columns the attributes.

pnp.model.tables reads the file (CSV, TSV or an XLSX sheet) and says which headers mean
more (`id`, `count`, text columns per language); here its rows become (id, values, count)
items, a text column's cells `PendingText`s until the items' ids are known. Imported only
for a set that reads a table, so listing or loading a game without one goes without it.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from pnp.model.files import content_file
from pnp.model.item_sources import PendingText, TableRows
from pnp.model.names import id_problem
from pnp.model.problems import ContentError, Problems, quote
from pnp.model.reader import Fields
from pnp.model.source import Node
from pnp.model.tables import COUNT, ID, Column, RowCells, Table, read_table, typed


def read_rows(node: Node, path: str, context, default_count: int, expected: tuple[str, ...] = ()) -> TableRows:
    """The items of a `table:` entry (its problems collected in context.problems); `expected` are
    the names the set's faces and declarations use, which a header that is nearly one is told."""
    fields = Fields(node, path, context.problems)
    name = fields.text("table")
    sheet = fields.text("sheet", default=None)
    fields.finish()
    rows = TableRows()
    if name is None:
        return rows
    file = Path(context.game_folder) / name
    try:
        found = content_file(file, context.game_folder)
    except ContentError as error:
        context.problems.extend(error.problems)
        return rows
    if found is None:
        fields.report(fields.values["table"], f"table file not found: {quote(name)}", "table")
        return rows
    context.table_files.append(found)
    table = read_table(file, Path(context.game_folder), sheet, context.languages, context.problems,
                       fields.values["table"].location, expected)
    if table is not None:
        _rows(table, context, default_count, rows)
        rows.read = True
    return rows


def _rows(table: Table, context, default_count: int, rows: TableRows) -> None:
    texts = _text_columns(table, context.source_language, context.problems)
    plain = [c for c in table.columns
             if c.language is None and c.attribute not in texts and c.attribute not in (ID, COUNT)]
    rows.attributes = [c.attribute for c in plain] + [a for a in texts if a not in (ID, COUNT)]
    special = {c.attribute: c for c in table.columns if c.language is None and c.attribute in (ID, COUNT)}
    # Where each of a row's values is, by attribute: a problem found where content uses one names its cell.
    places = table.places({**{c.attribute: c.index for c in (*plain, *special.values())},
                           **{attribute: columns[context.source_language].index
                              for attribute, columns in texts.items()}})
    file = str(table.path)
    for number, cells in table.rows:
        value = functools.partial(_cell, cells)
        count = _count(table, number, special.get(COUNT), value, default_count, context.problems)
        if count == 0:
            continue
        values = {c.attribute: typed(value(c)) for c in plain}
        for attribute, columns in texts.items():
            values[attribute] = _pending(table, number, attribute, columns, value, context.source_language)
        rows.items.append((_item_id(table, number, special.get(ID), value, context.problems), values, count or 1))
        rows.cells.append(RowCells(file, number, places))


def _text_columns(table: Table, source: str, problems: Problems) -> dict[str, dict[str, Column]]:
    """Text columns by attribute and language; a plain column of the same name is the source."""
    by_attribute: dict[str, dict[str, Column]] = {}
    for column in table.columns:
        if column.language is not None:
            by_attribute.setdefault(column.attribute, {})[column.language] = column
    for column in table.columns:
        if column.language is None and column.attribute in by_attribute:
            languages = by_attribute[column.attribute]
            if source in languages:
                problems.add(table.cell(1, column.index).location, column.attribute,
                             f"both {column.attribute} and {column.attribute}.{source} give the {source} text; "
                             "keep one")
            languages[source] = column
    for attribute, languages in list(by_attribute.items()):
        if source not in languages:
            first = min(languages.values(), key=lambda c: c.index)
            problems.add(table.cell(1, first.index).location, f"{attribute}.{first.language}",
                         f"a text column needs its {source} source beside it: add a column {attribute}.{source}")
            del by_attribute[attribute]
    return by_attribute


def _cell(cells: list[Any], column: Column) -> Any:
    """A row's value in a column; "" where the row ends before it."""
    return cells[column.index - 1] if column.index <= len(cells) else ""


def _count(table: Table, number: int, column: Column | None, value, default: int, problems: Problems) -> int | None:
    if column is None:
        return default
    raw = typed(value(column))
    if raw == "":
        return default
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        cell = table.cell(number, column.index)
        problems.add(cell.location, COUNT,
                     f"expected a whole number of copies (0 leaves the row out), got {quote(raw)}")
        return None
    return raw


def _item_id(table: Table, number: int, column: Column | None, value, problems: Problems) -> str | None:
    if column is None or value(column) in ("", None):
        return None
    item_id = str(value(column)).strip()
    problem = id_problem(item_id, "an item id")
    if problem:
        cell = table.cell(number, column.index)
        problems.add(cell.location, ID, problem)
        return None
    return item_id


def _pending(table: Table, number: int, attribute: str, columns: dict[str, Column], value, source: str) -> Any:
    texts = {lang: str(value(column)) for lang, column in columns.items() if str(value(column)).strip()}
    if source not in texts:
        return ""  # no source text: nothing to show or translate
    cells = {lang: table.cell(number, column.index) for lang, column in columns.items()}
    return PendingText(attribute, texts[source], texts, cells)
