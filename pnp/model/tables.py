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
every cell within MAX_TEXT_CHARS. Problems name the file, the sheet and cell and the
column's header (`cards.xlsx: Deck!C5 (cost)`, `cards.csv: C5 (cost)`); a header nearly
one the set takes is an error saying which. `edited_table` puts translated texts back into a table, changing
only those cells (and adding a language's column if the table has none): in a CSV or
TSV the bytes of those cells, in an XLSX its worksheet's XML (pnp.model.spreadsheet), so
the designer's file stays as it was written. A CSV cell that starts like a formula
(= + - @, a tab or a carriage return) is written after a ', so a spreadsheet program
shows it as text, and is read back without it.
"""

from __future__ import annotations

import io
import math
import re
import unicodedata
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.model.files import read_content
from pnp.model.limits import (
    MAX_FILE_BYTES,
    MAX_TABLE_COLUMNS,
    MAX_TABLE_ROWS,
    MAX_TEXT_CHARS,
    MAX_XLSX_BYTES,
    MAX_XLSX_UNPACKED_BYTES,
)
from pnp.model.names import language_problem
from pnp.model.problems import EXCERPT_CHARS, ContentError, Location, Problem, Problems, display_path, quote

SUFFIXES = (".csv", ".tsv", ".xlsx")
ID, COUNT = "id", "count"
_ATTRIBUTE = re.compile(r"[A-Za-z_][\w-]*")
_INTEGER = re.compile(r"-?(0|[1-9]\d*)")
_DECIMAL = re.compile(r"-?\d+\.\d+")


@dataclass(frozen=True)
class Cell:
    """Where a value is: the table file, its sheet (XLSX), row and column, counted from 1, and
    the name of its column (the header written in its first row)."""

    path: Path
    row: int
    column: int
    sheet: str | None = None
    header: str = ""

    @property
    def location(self) -> Location:
        """The cell as problems name it: `cards.xlsx: Deck!C7 (suit): …`."""
        return Location(str(self.path), self.row, self.column, self.name, shown_header(self.header))

    @property
    def name(self) -> str:
        """How a spreadsheet names the cell: Deck!C5 in a workbook, C5 in a CSV or TSV."""
        where = f"{column_letters(self.column)}{self.row}"
        return f"{sheet_reference(self.sheet)}!{where}" if self.sheet is not None else where


def sheet_reference(sheet: str) -> str:
    """A sheet's name as a formula writes it before '!': Deck, or 'Cards 2' quoted; quoted
    and cut like any value when it is long or unprintable."""
    if not sheet.isprintable() or len(sheet) > EXCERPT_CHARS:
        return quote(sheet)
    return sheet if re.fullmatch(r"[A-Za-z_][\w.]*", sheet) else "'" + sheet.replace("'", "''") + "'"


def shown_header(header: str) -> str:
    return header if header.isprintable() and len(header) <= EXCERPT_CHARS else quote(header)


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


class RowCells(Mapping):
    """Where a table row's values are, by attribute: each cell's location, made when it is asked
    for. A deck's faces ask for one each time they fill a value in from the table, so what is
    the same for every row (the file, the column's letters and header) is worked out once."""

    __slots__ = ("file", "row", "columns")

    def __init__(self, file: str, row: int, columns: dict[str, tuple[int, str, str]]):
        # columns: attribute → (column number, the cell's name before its row, the header as shown)
        self.file, self.row, self.columns = file, row, columns

    def __getitem__(self, attribute: str) -> Location:
        return self.used_at(attribute)

    def used_at(self, attribute: str, place: Location | None = None, path: str = "") -> Location:
        """The cell of attribute, as content used it at place (under the key path), if it did."""
        column, name, header = self.columns[attribute]
        via = (place.file, place.line, place.column, path) if place is not None else ()
        return Location(self.file, self.row, column, f"{name}{self.row}", header, via)

    def __iter__(self):
        return iter(self.columns)

    def __len__(self) -> int:
        return len(self.columns)


@dataclass
class Table:
    """A read table: its text columns by attribute and language, and its rows of values."""

    path: Path
    sheet: str | None
    columns: list[Column]
    rows: list[tuple[int, list[Any]]] = field(default_factory=list)  # (row number, values in column order)
    headers: list[str] = field(default_factory=list)  # the first row as written

    def cell(self, row: int, column: int) -> Cell:
        header = self.headers[column - 1] if column <= len(self.headers) else column_letters(column)
        return Cell(self.path, row, column, self.sheet, header)

    def places(self, columns: dict[str, int]) -> dict[str, tuple[int, str, str]]:
        """What RowCells of every row share (columns: attribute → column number): per attribute
        its column number, its cells' name before the row (`Deck!C`) and its header as shown."""
        return {attribute: (index, self.cell(0, index).name[:-1], shown_header(self.cell(0, index).header))
                for attribute, index in columns.items()}


def read_table(path: Path, game_folder: Path, sheet: str | None, languages: tuple[str, ...],
               problems: Problems, where: Location, expected: tuple[str, ...] = ()) -> Table | None:
    """The table at path (a file of the game folder); None, with problems, if it cannot be read.
    `expected` are the attribute names the set uses: a header nearly one of them is told so."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        problems.add(where, "items",
                     f"expected a table file ending in .csv, .tsv or .xlsx, got {quote(Path(path).name)}")
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
    return _table(path, sheet, grid, languages, problems, expected)


def _table(path: Path, sheet: str | None, grid: list[tuple[int, list[Any]]], languages: tuple[str, ...],
           problems: Problems, expected: tuple[str, ...] = ()) -> Table | None:
    if not grid:
        problems.add(Location(str(path)), "", "the table is empty; its first row names the columns")
        return None
    header_row, header = grid[0]
    table = Table(path, sheet, [], headers=["" if name is None else str(name).strip() for name in header])
    names = _header_names(table.headers, expected, languages)
    for index, name in enumerate(header, start=1):
        cell = table.cell(header_row, index)
        near = _near_name(table.headers[index - 1], names, set(table.headers))
        if near is not None:
            problems.add(cell.location, table.headers[index - 1], near)
            continue
        column = _column(name, cell, languages, problems, [row for _, row in grid[1:]], index)
        if column is not None:
            table.columns.append(column)
    table.rows = [(number, row) for number, row in grid[1:] if any(v not in ("", None) for v in row)]
    return table


def _header_names(headers: list[str], expected: tuple[str, ...], languages: tuple[str, ...]) -> dict[str, str]:
    """The names a header may be, each with what the set takes it for."""
    texts = {h.rpartition(".")[0] for h in headers if "." in h} | set(expected)
    names = {f"{name}.{language}": "takes as a text in one language" for name in texts for language in languages}
    names.update({name: "uses" for name in expected})
    names.update({ID: "takes as each item's id", COUNT: "takes as each item's number of copies"})
    return names


def _near_name(header: str, names: dict[str, str], written: set[str]) -> str | None:
    """Why a header that differs from a name the set takes (not written itself) only by case or by one
    edit is a mistake: `Count` makes pnp take it for an attribute and print one copy of each row."""
    if not header or header in names:
        return None
    near = sorted(name for name in names if name not in written and _one_edit_apart(header, name))
    if not near:
        return None
    return (f"the column {quote(header)} is nearly {quote(near[0])}, which the set {names[near[0]]}; "
            f"did you mean {quote(near[0])}?")


def _one_edit_apart(written: str, name: str) -> bool:
    """Whether written is name in another case, or name with one letter added, dropped, changed or
    swapped with its neighbour."""
    if written.lower() == name.lower():
        return True
    if abs(len(written) - len(name)) > 1 or min(len(written), len(name)) < 2:
        return False
    if len(written) == len(name):
        wrong = [i for i, (a, b) in enumerate(zip(written, name)) if a != b]
        return len(wrong) == 1 or (len(wrong) == 2 and wrong[1] == wrong[0] + 1
                                   and written[wrong[0]] == name[wrong[1]] and written[wrong[1]] == name[wrong[0]])
    shorter, longer = sorted((written, name), key=len)
    return any(longer[:i] + longer[i + 1:] == shorter for i in range(len(longer)))


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
        raise ContentError([Problem(Location(str(path), line, 1), "", "the table is not UTF-8 text; save it as "
                                                                      "CSV UTF-8")]) from None


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
    fields: list[_Field] = []
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
        raise _fail(path, row, column,
                    f"a value of {len(found.value)} characters is over the limit of {MAX_TEXT_CHARS}")
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
    """(the sheet's name, its rows); ContentError naming the file, sheet and cell of what cannot be read.

    openpyxl reads a read-only sheet's rows as they are asked for, so a malformed cell (text in
    a number cell, an unknown shared text, a reference without a row) fails while rows are
    read: every row is read inside the guard, and a failure is located by reading the
    sheet's XML again for the first cell openpyxl cannot take (pnp.model.spreadsheet_cells)."""
    data = read_content(path, game_folder, MAX_XLSX_BYTES)
    _check_archive(path, data)
    import openpyxl  # here: only a game with a spreadsheet needs it

    from pnp.model.spreadsheet_cells import check_sheet_part

    name = check_sheet_part(path, data, sheet)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # openpyxl warns on stderr of what it can read anyway (styles, dates)
        try:
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        except Exception as error:  # openpyxl raises many kinds for a damaged file
            reason = quote(str(error) or type(error).__name__)
            raise ContentError([Problem(Location(str(path)), "",
                                        f"cannot be read as an XLSX spreadsheet: {reason}")]) from None
        try:
            return name, _sheet_grid(path, data, book, name)
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


def _sheet_grid(path: Path, data: bytes, book, sheet: str) -> list[tuple[int, list[Any]]]:
    from pnp.model.spreadsheet_cells import unreadable

    if sheet not in book.sheetnames:
        raise unreadable(path, data, sheet, 1, KeyError(sheet))
    grid: list[tuple[int, list[Any]]] = []
    try:
        rows = book[sheet].iter_rows(values_only=True, max_col=MAX_TABLE_COLUMNS + 1)
        for number, values in enumerate(rows, start=1):
            if number > MAX_TABLE_ROWS + 1:
                raise _fail(path, number, 1, f"the table has more than {MAX_TABLE_ROWS} rows, over the limit", sheet)
            if len(values) > MAX_TABLE_COLUMNS and values[MAX_TABLE_COLUMNS] is not None:
                raise _fail(path, number, MAX_TABLE_COLUMNS + 1, f"a row of more than {MAX_TABLE_COLUMNS} columns is "
                                                                 "over the limit", sheet)
            headers = grid[0][1] if grid else []
            grid.append((number, [_spreadsheet_value(path, sheet, number, i, v, headers)
                                  for i, v in enumerate(values[:MAX_TABLE_COLUMNS], 1)]))
    except ContentError:
        raise
    except Exception as error:  # openpyxl reading a malformed cell of a later row
        raise unreadable(path, data, sheet, len(grid) + 1, error, grid[0][1] if grid else ()) from None
    return grid


def _spreadsheet_value(path: Path, sheet: str, row: int, column: int, value: Any, headers: list) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and not math.isfinite(value):
        header = str(headers[column - 1]) if column <= len(headers) and headers[column - 1] else ""
        raise _fail(path, row, column, f"the number cell holds {quote(value)}, not a number a component can show",
                    sheet, header)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (int, float)):
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    text = str(value)
    if len(text) > MAX_TEXT_CHARS:
        raise _fail(path, row, column, f"a value of {len(text)} characters is over the limit of {MAX_TEXT_CHARS}",
                    sheet)
    return text


def _fail(path: Path, row: int, column: int, message: str, sheet: str | None = None, header: str = "") -> ContentError:
    """A problem at a cell of the table (of sheet, in a workbook; in the column named header)."""
    return ContentError([Problem(Cell(Path(path), row, column, sheet, header).location, "", message)])


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
    """(start, end, new text) spans that set the row's cells (by column index from 0); cells past its end are
    appended."""
    spans = [(row[index].start, row[index].end, _quoted(value, delimiter)) for index, value in cells.items()
             if index < len(row)]
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
    if (any(c in value for c in (delimiter, '"', "\n", "\r")) or value != value.strip()
            or value != formula_unguarded(value)):
        return '"' + value.replace('"', '""') + '"'
    return value


def shown(path: Path) -> str:
    return display_path(str(path))
