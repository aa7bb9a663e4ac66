"""An XLSX file's parts and cells checked as openpyxl will read them → located errors, never tracebacks.

openpyxl trusts the XML it reads: a read-only sheet's rows are parsed as they are asked
for, and a number cell holding `abc`, a true/false cell holding `maybe`, a date that is no
date, a shared text that is not there, a cell reference without a row or past the last
column each end its reading with a bare exception, which names no cell. And a sheet
whose relationship leads to a part the archive lacks is silently left out of the book.

`check_sheet_part` finds the sheet to read (the one named, or the first) through the
workbook and its relationships before openpyxl opens the file. `unreadable` turns a
failure while rows are read into a problem at the cell: it reads the sheet's XML again,
cell by cell, with the same rules openpyxl applies, and names the first cell that breaks
one (file, sheet, row, column and cell, as every table problem does); when none does, the
problem names the row openpyxl was reading and what it said.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path, PurePosixPath

from pnp.model.problems import ContentError, Location, Problem, quote

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_RELATIONSHIP_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_SHARED_STRINGS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
_REFERENCE = re.compile(r"([A-Z]{1,10})([0-9]{1,10})")
LAST_COLUMN, LAST_ROW = 16_384, 1_048_576  # XFD, as in every spreadsheet program


def check_sheet_part(path: Path, data: bytes, sheet: str | None) -> str:
    """The name of the sheet to read (the one named, else the first), once the workbook lists it
    and its relationship leads to a part the archive has; ContentError saying what is wrong."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        sheets = _sheets(path, archive)
        if not sheets:
            raise _problem(path, "has no sheet to read (its workbook lists none)")
        names = [name for name, _ in sheets]
        if sheet is not None and sheet not in names:
            raise _problem(path, f"has no sheet {quote(sheet)} (it has: {', '.join(map(quote, names))})")
        name, part = next((n, p) for n, p in sheets if sheet is None or n == sheet)
        if part is None or part not in archive.namelist():
            where = f"the part {quote(part)}, which the file does not have" if part else "no part of the file"
            raise _problem(path, f"its sheet {quote(name)} leads to {where}: the workbook is damaged (save it again "
                                 "from the spreadsheet program)")
        return name


def unreadable(path: Path, data: bytes, sheet: str, row: int, error: BaseException, headers=()) -> ContentError:
    """The problem of a sheet openpyxl could not read past row: at the first cell that breaks its rules
    (named by its column's header, where the first row was read)."""
    from pnp.model.tables import Cell, column_letters

    def cell(row_number: int, column: int) -> Cell:
        header = str(headers[column - 1]).strip() if column <= len(headers) and headers[column - 1] else ""
        return Cell(Path(path), row_number, column, sheet, header or column_letters(column))

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        part = dict(_sheets(path, archive)).get(sheet)
        try:
            found = _first_bad_cell(archive, part) if part else None
        except Exception:  # the XML itself cannot be parsed: openpyxl's message says so
            found = None
    if found is not None:
        (row_number, column), message = found
        return ContentError([Problem(cell(row_number, column).location, "", message)])
    said = quote(str(error) or type(error).__name__)
    return ContentError([Problem(cell(row, 1).location, "", f"row {row} of the sheet cannot be read: {said}")])


def _sheets(path: Path, archive: zipfile.ZipFile) -> list[tuple[str, str | None]]:
    """(name, part) of every sheet the workbook lists, in order; part None if no relationship has it."""
    from defusedxml import ElementTree

    try:
        workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        relations = {r.get("Id"): r.get("Target") for r in _relationships(archive, "xl/_rels/workbook.xml.rels")}
    except (KeyError, ElementTree.ParseError, ValueError):
        raise _problem(path, "cannot be read as an XLSX spreadsheet "
                             "(its workbook part is missing or damaged)") from None
    except Exception as error:  # defusedxml refusing entities, a DTD
        reason = quote(str(error) or type(error).__name__)
        raise _problem(path, f"cannot be read as an XLSX spreadsheet: {reason}") from None
    found = []
    for element in workbook.iter(f"{_MAIN}sheet"):
        target = relations.get(element.get(_RELATIONSHIP_ID))
        found.append((element.get("name") or "", _part(target) if target else None))
    return found


def _relationships(archive: zipfile.ZipFile, name: str) -> list:
    from defusedxml import ElementTree

    return list(ElementTree.fromstring(archive.read(name)))


def _part(target: str) -> str:
    """A relationship's target as the archive names it (relative to xl/, or absolute)."""
    return target.lstrip("/") if target.startswith("/") else str(PurePosixPath("xl") / target)


def _shared_count(archive: zipfile.ZipFile) -> int:
    """How many shared texts the workbook has."""
    from defusedxml import ElementTree

    try:
        relations = _relationships(archive, "xl/_rels/workbook.xml.rels")
    except KeyError:
        return 0
    target = next((r.get("Target") for r in relations if r.get("Type") == _SHARED_STRINGS), None)
    if target is None or _part(target) not in archive.namelist():
        return 0
    return sum(1 for _ in ElementTree.fromstring(archive.read(_part(target))).iter(f"{_MAIN}si"))


def _first_bad_cell(archive: zipfile.ZipFile, part: str) -> tuple[tuple[int, int], str] | None:
    """(row, column) of the first cell of the sheet that openpyxl cannot read, and why."""
    from defusedxml.ElementTree import iterparse

    shared = _shared_count(archive)
    row = column = 0
    for event, element in iterparse(io.BytesIO(archive.read(part)), events=("start", "end")):
        if event == "start" and element.tag == f"{_MAIN}row":
            written = element.get("r")
            if written is not None and not written.isdigit():
                return (row + 1, 1), f"a row is numbered {quote(written)}, not a whole number"
            row, column = (int(written) if written else row + 1), 0
        elif event == "end" and element.tag == f"{_MAIN}c":
            column += 1
            reference = element.get("r")
            if reference is not None:
                where = _reference(reference)
                if isinstance(where, str):
                    return (row, column), where
                row, column = where
            problem = _value_problem(element, shared)
            if problem:
                return (row, column), problem
            element.clear()
    return None


def _reference(reference: str) -> tuple[int, int] | str:
    """(row, column) a cell reference names, or why it names none."""
    from pnp.model.tables import column_number

    match = _REFERENCE.fullmatch(reference)
    if match is None or int(match.group(2)) == 0:
        return f"the cell reference {quote(reference)} names no cell: expected a column and a row such as C7"
    column, row = column_number(match.group(1)), int(match.group(2))
    if column > LAST_COLUMN or row > LAST_ROW:
        return f"the cell reference {quote(reference)} is past the last cell a spreadsheet has (XFD{LAST_ROW})"
    return row, column


def _value_problem(cell, shared: int) -> str | None:
    """Why openpyxl cannot take the cell's value, its type or its style, or None."""
    style = cell.get("s")
    if style is not None and not style.isdigit():
        return f"the cell's style is {quote(style)}, not a number"
    value = cell.findtext(f"{_MAIN}v")
    if not value or cell.get("t") == "inlineStr":
        return None
    kind = cell.get("t", "n")
    if kind == "n" and not _is_number(value):
        return f"a number cell holds {quote(value)}, which is not a number"
    if kind == "b" and not _is_integer(value):
        return f"a true/false cell holds {quote(value)}, not 1 or 0"
    if kind == "d" and not _is_date(value):
        return f"a date cell holds {quote(value)}, which is not a date such as 2024-05-31"
    if kind == "s" and not (_is_integer(value) and 0 <= int(value) < shared):
        return (f"the cell refers to shared text {quote(value)}, but the file has {shared} "
                f"shared text{'s' * (shared != 1)}")
    return None


def _is_number(value: str) -> bool:
    """As openpyxl reads a number: with '.', 'e' or 'E' a decimal, else a whole number."""
    try:
        float(value) if any(mark in value for mark in ".eE") else int(value)
    except ValueError:
        return False
    return True


def _is_integer(value: str) -> bool:
    try:
        int(value)
    except ValueError:
        return False
    return True


def _is_date(value: str) -> bool:
    from openpyxl.utils.datetime import from_ISO8601

    try:
        from_ISO8601(value)
    except (ValueError, TypeError, OverflowError):
        return False
    return True


def _problem(path: Path, message: str) -> ContentError:
    return ContentError([Problem(Location(str(path)), "", message)])
