"""Tables of items (CSV, TSV, XLSX in the game folder) → rows of located cells, and cells written back.

A set may take its items from a table: each row is an item, each column an attribute
named by its header. Three headers mean more: `id` (the item's id), `count` (how many
to print; 0 leaves the row out) and `<name>.<lang>` (`name.en`, `name.da`): the text of
attribute `name` in one language. A text column in the source language (or a plain
`name` beside `name.da`) is the source; its cells are catalog texts under the key
`<set>.<item>.<name>`, translated by the cells of the other languages' columns.

Reading is bounded: a CSV within MAX_FILE_BYTES (UTF-8, comma or semicolon; TSV tab), an
XLSX within MAX_XLSX_BYTES stored and MAX_XLSX_UNPACKED_BYTES unpacked, read by openpyxl
in read-only mode, values only (a formula gives the value it was last saved with), with
defusedxml guarding its XML; at most MAX_TABLE_ROWS rows and MAX_TABLE_COLUMNS columns,
every cell within MAX_TEXT_CHARS. Problems name the file, row and column (and the cell,
C5, of a spreadsheet). `edited_table` puts translated texts back into a table, changing
only those cells (and adding a language's column if the table has none): in a CSV or
TSV the bytes of those cells, in an XLSX its worksheet's XML (pnp.model.spreadsheet), so
the designer's file stays as it was written. A CSV cell that starts like a formula
(= + - @, a tab or a carriage return) is written after a ', so a spreadsheet program
shows it as text, and is read back without it.
"""

from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.model.files import read_content
from pnp.model.limits import (MAX_FILE_BYTES, MAX_TABLE_COLUMNS, MAX_TABLE_ROWS, MAX_TEXT_CHARS, MAX_XLSX_BYTES,
                              MAX_XLSX_UNPACKED_BYTES)
from pnp.model.names import language_problem
from pnp.model.problems import ContentError, Location, Problem, Problems, display_path, quote

SUFFIXES = (".csv", ".tsv", ".xlsx")
ID, COUNT = "id", "count"
_ATTRIBUTE = re.compile(r"[A-Za-z_][\w-]*")
_INTEGER = re.compile(r"-?(0|[1-9]\d*)")
_DECIMAL = re.compile(r"-?\d+\.\d+")


@dataclass(frozen=True)
class Cell:
    """Where a value is: the table file, its sheet (XLSX), row and column, counted from 1."""

    path: Path
    row: int
    column: int
    sheet: str | None = None

    @property
    def location(self) -> Location:
        return Location(str(self.path), self.row, self.column)

    @property
    def name(self) -> str:
        """How a spreadsheet names the cell: C5 (and its sheet, when the file has several)."""
        where = f"{column_letters(self.column)}{self.row}"
        return f"{where} of sheet {quote(self.sheet)}" if self.sheet else where


def column_number(letters: str) -> int:
    """1 for A, 27 for AA."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def column_letters(column: int) -> str:
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


@dataclass(frozen=True)
class Column:
    """A header: the attribute it fills and, for a text column, its language."""

    attribute: str
    language: str | None
    index: int  # from 1


@dataclass(frozen=True)
class TableText:
    """An attribute value that is a translatable text: the catalog key of a table's text cells.

    As a value it is its source text (in ids, `when:`), and it can only be used whole
    (`text: "${name}"`), never inside another text.
    """

    key: str
    source: str
    embeddable = False

    def __str__(self) -> str:
        return self.source


@dataclass(frozen=True)
class TextCells:
    """A table text: its cell per language (where each language's text is, or would be written)."""

    key: str
    texts: dict[str, str]
    cells: dict[str, Cell]


@dataclass
class Table:
    """A read table: its text columns by attribute and language, and its rows of values."""

    path: Path
    sheet: str | None
    columns: list[Column]
    rows: list[tuple[int, list[Any]]] = field(default_factory=list)  # (row number, values in column order)

    def cell(self, row: int, column: int) -> Cell:
        return Cell(self.path, row, column, self.sheet)


def read_table(path: Path, game_folder: Path, sheet: str | None, languages: tuple[str, ...],
               problems: Problems, where: Location) -> Table | None:
    """The table at path (a file of the game folder); None, with problems, if it cannot be read."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        problems.add(where, "items", f"expected a table file ending in .csv, .tsv or .xlsx, got {quote(Path(path).name)}")
        return None
    try:
        if suffix == ".xlsx":
            sheet, grid = _xlsx_grid(path, game_folder, sheet)
        else:
            if sheet is not None:
                problems.add(where, "items", "only an XLSX file has sheets; remove 'sheet:'")
            grid = _delimited_grid(path, game_folder, suffix)
    except ContentError as error:
        problems.extend(error.problems)
        return None
    return _table(path, sheet, grid, languages, problems)


def _table(path: Path, sheet: str | None, grid: list[tuple[int, list[Any]]], languages: tuple[str, ...],
           problems: Problems) -> Table | None:
    if not grid:
        problems.add(Location(str(path)), "", "the table is empty; its first row names the columns")
        return None
    header_row, header = grid[0]
    table = Table(path, sheet, [])
    for index, name in enumerate(header, start=1):
        column = _column(name, table.cell(header_row, index), languages, problems, [row for _, row in grid[1:]], index)
        if column is not None:
            table.columns.append(column)
    table.rows = [(number, row) for number, row in grid[1:] if any(v not in ("", None) for v in row)]
    return table


def _column(name: Any, cell: Cell, languages: tuple[str, ...], problems: Problems, rows: list[list[Any]],
            index: int) -> Column | None:
    text = "" if name is None else str(name).strip()
    if not text:
        if any(len(row) >= index and row[index - 1] not in ("", None) for row in rows):
            problems.add(cell.location, "", f"column {column_letters(index)} has values but no name in the first row")
        return None
    attribute, _, language = text.rpartition(".") if "." in text else (text, "", None)
    if language is not None and language_problem(language):
        attribute, language = text, None
    if not _ATTRIBUTE.fullmatch(attribute):
        problems.add(cell.location, text, f"expected a column name such as cost, name or name.da (letters, digits, "
                                          f"'-' and '_', then .language for a text), got {quote(text)}")
        return None
    if language is not None and language not in languages:
        problems.add(cell.location, text, f"{quote(language)} is not one of the game's languages "
                                          f"({', '.join(languages)}); add it to languages: in game.yaml")
        return None
    return Column(attribute, language, index)


# --- CSV and TSV ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Field:
    value: str
    start: int
    end: int


def _delimited_grid(path: Path, game_folder: Path, suffix: str) -> list[tuple[int, list[Any]]]:
    text = _decoded(path, read_content(path, game_folder, MAX_FILE_BYTES))
    delimiter = delimiter_of(text, suffix)
    grid = []
    for number, fields in enumerate(parse_delimited(text, delimiter, path), start=1):
        if number > MAX_TABLE_ROWS + 1:
            raise _fail(path, number, 1, f"the table has more than {MAX_TABLE_ROWS} rows, over the limit")
        if len(fields) > MAX_TABLE_COLUMNS:
            raise _fail(path, number, MAX_TABLE_COLUMNS + 1, f"a row of {len(fields)} columns is over the limit "
                                                             f"of {MAX_TABLE_COLUMNS}")
        grid.append((number, [formula_unguarded(f.value) for f in fields]))
    return grid


def _decoded(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise _fail(path, line, 1, "the table is not UTF-8 text; save it as CSV UTF-8") from None


def delimiter_of(text: str, suffix: str) -> str:
    """Tab for a TSV; for a CSV, a comma, or a semicolon where the first line has those and no commas."""
    if suffix == ".tsv":
        return "\t"
    first = text.split("\n", 1)[0]
    return ";" if ";" in first and "," not in first else ","


def parse_delimited(text: str, delimiter: str, path: Path) -> list[list[_Field]]:
    """Rows of fields with their spans in text (RFC 4180: quotes around a field, "" for a quote)."""
    rows: list[list[_Field]] = []
    position, length = 0, len(text)
    while position < length:
        row, position = _row(text, position, delimiter, path, len(rows) + 1)
        rows.append(row)
    return rows


def _row(text: str, position: int, delimiter: str, path: Path, number: int) -> tuple[list[_Field], int]:
    fields = []
    while True:
        field_, position = _field(text, position, delimiter, path, number, len(fields) + 1)
        fields.append(field_)
        if position >= len(text) or text[position] in "\r\n":
            end = position
            if text.startswith("\r\n", position):
                end += 2
            elif position < len(text):
                end += 1
            return fields, end
        position += 1  # the delimiter


def _field(text: str, start: int, delimiter: str, path: Path, row: int, column: int) -> tuple[_Field, int]:
    if not text.startswith('"', start):
        end = start
        while end < len(text) and text[end] not in delimiter + "\r\n":
            end += 1
        return _checked(_Field(text[start:end], start, end), path, row, column), end
    parts, position = [], start + 1
    while True:
        close = text.find('"', position)
        if close < 0:
            raise _fail(path, row, column, "a quoted value is never closed (a \" is missing)")
        parts.append(text[position:close])
        if text.startswith('""', close):
            parts.append('"')
            position = close + 2
            continue
        end = close + 1
        if end < len(text) and text[end] not in delimiter + "\r\n":
            raise _fail(path, row, column, "text follows a closing quote; write a quote inside a quoted value as \"\"")
        return _checked(_Field("".join(parts), start, end), path, row, column), end


def _checked(found: _Field, path: Path, row: int, column: int) -> _Field:
    if len(found.value) > MAX_TEXT_CHARS:
        raise _fail(path, row, column, f"a value of {len(found.value)} characters is over the limit of {MAX_TEXT_CHARS}")
    if "\x00" in found.value:
        raise _fail(path, row, column, "a NUL character is not allowed in a table")
    return found


def typed(value: Any) -> Any:
    """A cell's value as YAML would read it plainly: whole numbers and decimals as numbers."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if _INTEGER.fullmatch(text):
        return int(text)
    if _DECIMAL.fullmatch(text):
        return float(text)
    return value


# --- XLSX -----------------------------------------------------------------------------


def _xlsx_grid(path: Path, game_folder: Path, sheet: str | None) -> tuple[str | None, list[tuple[int, list[Any]]]]:
    data = read_content(path, game_folder, MAX_XLSX_BYTES)
    _check_archive(path, data)
    import openpyxl  # here: only a game with a spreadsheet needs it

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise ContentError([Problem(Location(str(path)), "", f"cannot be read as an XLSX spreadsheet: "
                                                             f"{quote(str(error) or type(error).__name__)}")]) from None
    try:
        return _sheet_grid(path, book, sheet)
    finally:
        book.close()


def _check_archive(path: Path, data: bytes) -> None:
    """An XLSX is a zip: refuse one that unpacks to more than MAX_XLSX_UNPACKED_BYTES before reading it."""
    import zipfile  # here: only a game with a spreadsheet needs it (pnp list starts faster)

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        raise ContentError([Problem(Location(str(path)), "", "cannot be read as an XLSX spreadsheet "
                                                             "(it is not a zip archive)")]) from None
    if unpacked > MAX_XLSX_UNPACKED_BYTES:
        raise ContentError([Problem(Location(str(path)), "", f"unpacks to {unpacked} bytes, over the limit of "
                                                             f"{MAX_XLSX_UNPACKED_BYTES} bytes")])


def _sheet_grid(path: Path, book, sheet: str | None) -> tuple[str | None, list[tuple[int, list[Any]]]]:
    names = book.sheetnames
    if sheet is not None and sheet not in names:
        raise ContentError([Problem(Location(str(path)), "", f"has no sheet {quote(sheet)} (it has: {', '.join(names)})")])
    worksheet = book[sheet] if sheet is not None else book[names[0]]
    grid = []
    for number, values in enumerate(worksheet.iter_rows(values_only=True, max_col=MAX_TABLE_COLUMNS + 1), start=1):
        if number > MAX_TABLE_ROWS + 1:
            raise _fail(path, number, 1, f"the table has more than {MAX_TABLE_ROWS} rows, over the limit")
        if len(values) > MAX_TABLE_COLUMNS and values[MAX_TABLE_COLUMNS] is not None:
            raise _fail(path, number, MAX_TABLE_COLUMNS + 1, f"a row of more than {MAX_TABLE_COLUMNS} columns is "
                                                             "over the limit")
        grid.append((number, [_spreadsheet_value(path, number, i, v) for i, v in enumerate(values[:MAX_TABLE_COLUMNS], 1)]))
    return (sheet if len(names) > 1 or sheet else None), grid


def _spreadsheet_value(path: Path, row: int, column: int, value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (int, float)):
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    text = str(value)
    if len(text) > MAX_TEXT_CHARS:
        raise _fail(path, row, column, f"a value of {len(text)} characters is over the limit of {MAX_TEXT_CHARS}")
    return text


def _fail(path: Path, row: int, column: int, message: str) -> ContentError:
    return ContentError([Problem(Location(str(path), row, column), "", message)])


# --- writing texts back -------------------------------------------------------------

# What a spreadsheet program may run as a formula when a CSV cell starts with it (OWASP's
# list for CSV injection); such a cell is written after a ', which a reader drops again.
FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")
_FORMULA_LIKE = re.compile(r"'*[=+\-@\t\r]")  # a ' before it too, so a text that starts with one comes back whole


def formula_guarded(text: str) -> str:
    """A CSV cell's text as a spreadsheet program shows it, never runs it: one starting like a formula gets a '."""
    return "'" + text if _FORMULA_LIKE.match(text) else text


def formula_unguarded(text: str) -> str:
    """The text of a cell formula_guarded wrote."""
    return text[1:] if text.startswith("'") and _FORMULA_LIKE.match(text, 1) else text


def cell_text_problem(text: str) -> str | None:
    """Why text cannot go into a table's cell, or None: a control character, which an XLSX
    cannot hold at all and a CSV holds only to break the next read (a NUL) or a face."""
    bad = next((c for c in text if c in "\ufffe\uffff" or unicodedata.category(c) == "Cc" and c not in "\t\n\r"), None)
    return None if bad is None else f"holds a control character (U+{ord(bad):04X})"


def edited_table(path: Path, game_folder: Path, edits: dict[tuple[int, str], str], sheet: str | None = None) -> bytes:
    """The bytes of a table with texts put in: edits maps (row, column header) → text. Only
    those cells change; a header the table lacks is added as a new last column. Nothing is
    written: the caller stages the bytes with the other files that change with them."""
    refused = next(filter(None, map(cell_text_problem, edits.values())), None)
    if refused:  # callers check texts first, where they can say which one (pnp.i18n.importing)
        raise ValueError(f"a text {refused}")
    if Path(path).suffix.lower() == ".xlsx":
        return _edited_spreadsheet(path, game_folder, edits, sheet)
    text = _decoded(path, read_content(path, game_folder, MAX_FILE_BYTES))
    delimiter = delimiter_of(text, Path(path).suffix.lower())
    rows = parse_delimited(text, delimiter, path)
    header = [f.value.strip() for f in rows[0]]
    added = sorted({name for _, name in edits if name not in header})
    per_row: dict[int, dict[int, str]] = {1: {len(header) + i: name for i, name in enumerate(added)}}
    header += added
    for (row, name), value in edits.items():
        per_row.setdefault(row, {})[header.index(name)] = formula_guarded(value)
    spans = [span for number, cells in per_row.items() for span in _row_edits(rows[number - 1], cells, delimiter)]
    return _spliced(text, spans).encode("utf-8")


def _edited_spreadsheet(path: Path, game_folder: Path, edits: dict[tuple[int, str], str], sheet: str | None) -> bytes:
    # An XLSX cell written as an inline string is text, never a formula: no guard is needed.
    from pnp.model.spreadsheet import edited_xlsx

    _, grid = _xlsx_grid(path, game_folder, sheet)
    header = [str(v).strip() for v in grid[0][1]] if grid else []
    while header and not header[-1]:
        header.pop()
    header += sorted({name for _, name in edits if name not in header})
    cells = {(row, header.index(name) + 1): text for (row, name), text in edits.items()}
    return edited_xlsx(path, game_folder, sheet, header, cells)


def _row_edits(row: list[_Field], cells: dict[int, str], delimiter: str) -> list[tuple[int, int, str]]:
    """(start, end, new text) spans that set the row's cells (by column index from 0); cells past its end are appended."""
    spans = [(row[index].start, row[index].end, _quoted(value, delimiter)) for index, value in cells.items() if index < len(row)]
    tail = {index: value for index, value in cells.items() if index >= len(row)}
    if tail:
        appended = "".join(delimiter + _quoted(tail.get(i, ""), delimiter) for i in range(len(row), max(tail) + 1))
        spans.append((row[-1].end, row[-1].end, appended))
    return spans


def _spliced(text: str, spans: list[tuple[int, int, str]]) -> str:
    """text with each (start, end) span replaced, in one pass (one slice per cell was quadratic in a long table)."""
    pieces, position = [], 0
    for start, end, new in sorted(spans, key=lambda span: span[:2]):  # stable: a cell before what is appended after it
        pieces += [text[position:start], new]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def _quoted(value: str, delimiter: str) -> str:
    if any(c in value for c in (delimiter, '"', "\n", "\r")) or value != value.strip() or value != formula_unguarded(value):
        return '"' + value.replace('"', '""') + '"'
    return value


def shown(path: Path) -> str:
    return display_path(str(path))
