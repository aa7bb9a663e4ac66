"""Texts → written into cells of an XLSX spreadsheet, every other byte of the file kept.

`pnp translate import` puts translations into a table's cells (the bytes to write are
returned; the import writes them together with the catalog). openpyxl could rewrite the
whole workbook, but would drop what it does not model (charts, images, data validation,
conditional formats); so the one worksheet part that changes is edited as text instead:
each cell written becomes an inline string (keeping its style), a row or column that is
missing is added, and every other part of the archive is copied as it was.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path, PurePosixPath
from xml.sax.saxutils import escape

from pnp.model.files import read_content
from pnp.model.limits import MAX_XLSX_BYTES
from pnp.model.problems import ContentError, Location, Problem, quote
from pnp.model.tables import column_letters, column_number

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CARRIAGE_RETURN = {"\r": "&#13;"}  # written as a character reference, or XML readers make it a line feed


def edited_xlsx(path: Path, game_folder: Path, sheet: str | None, header: list[str],
                edits: dict[tuple[int, int], str]) -> bytes:
    """The bytes of the workbook with cells (row, column from 1) of the sheet (None: the first)
    set to texts; `header` is the first row as read, extended by any column an edit adds (its
    name is written too). The texts are ones XML can hold (pnp.model.tables.cell_text_problem)."""
    data = read_content(path, game_folder, MAX_XLSX_BYTES)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        part = _sheet_part(archive, sheet, path)
        xml = archive.read(part).decode("utf-8")
        cells = dict(edits)
        read_header = _header_length(xml)
        for index in range(read_header + 1, len(header) + 1):
            cells[(1, index)] = header[index - 1]
        xml = _set_cells(xml, cells)
        xml = _widen_dimension(xml, max(column for _, column in cells))
        output = io.BytesIO()
        with zipfile.ZipFile(output, "w") as rewritten:
            for info in archive.infolist():
                content = xml.encode("utf-8") if info.filename == part else archive.read(info.filename)
                rewritten.writestr(info, content, compress_type=info.compress_type)
    return output.getvalue()


def _header_length(xml: str) -> int:
    """Columns the first row of a worksheet's XML has cells in (their names were read by the table reader)."""
    row = _row(xml, 1)
    refs = re.findall(r'<(?:\w+:)?c\b[^>]*\br="([A-Z]+)1"', row.group(0)) if row else []
    return max((column_number(letters) for letters in refs), default=0)


def _sheet_part(archive: zipfile.ZipFile, sheet: str | None, path: Path) -> str:
    """The archive's part that holds the named (or first) worksheet."""
    from defusedxml import ElementTree

    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    sheets = workbook.findall(f"{{{_MAIN}}}sheets/{{{_MAIN}}}sheet")
    chosen = next((s for s in sheets if sheet is None or s.get("name") == sheet), None)
    if chosen is None:
        raise ContentError([Problem(Location(str(path)), "", f"has no sheet {quote(sheet)}")])
    relation = chosen.get(f"{{{_RELATIONSHIPS}}}id")
    relations = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    target = next(r.get("Target") for r in relations if r.get("Id") == relation)
    return target.lstrip("/") if target.startswith("/") else str(PurePosixPath("xl") / target)


_ROW = re.compile(r'<(\w+:)?row\b[^>]*?\br="(\d+)"[^>]*?(?:/>|>.*?</\1?row>)', re.DOTALL)


def _row(xml: str, row: int):
    return re.search(rf'<(\w+:)?row\b[^>]*\br="{row}"[^>]*?(?:/>|>.*?</\1?row>)', xml, re.DOTALL)


def _set_cells(xml: str, cells: dict[tuple[int, int], str]) -> str:
    """xml with each (row, column) of cells set to its text, rows it lacks added in order.

    One pass over the sheet's rows: a search of the whole sheet per cell made the import
    of a 10,000-row table take minutes.
    """
    opening = re.search(r"<(\w+:)?sheetData\b", xml)
    if opening is None:  # the table reader read the sheet's rows from it
        raise AssertionError("the worksheet has no <sheetData>")
    prefix = opening.group(1) or ""
    xml = re.sub(rf"<{prefix}sheetData\s*/>", f"<{prefix}sheetData></{prefix}sheetData>", xml, count=1)
    by_row: dict[int, list[tuple[int, str]]] = {}
    for (row, column), text in sorted(cells.items()):
        by_row.setdefault(row, []).append((column, text))
    rows = list(_ROW.finditer(xml))
    added = sorted(set(by_row) - {int(found.group(2)) for found in rows})
    out, position, next_added = [], 0, 0
    for found in rows:
        number = int(found.group(2))
        out.append(xml[position:found.start()])
        while next_added < len(added) and added[next_added] < number:
            out.append(_new_row(prefix, added[next_added], by_row))
            next_added += 1
        out.append(_edited_row(found.group(0), number, by_row.get(number, ()), prefix))
        position = found.end()
    end = xml.index(f"</{prefix}sheetData>", position)
    out.append(xml[position:end])
    out += [_new_row(prefix, row, by_row) for row in added[next_added:]]
    out.append(xml[end:])
    return "".join(out)


def _edited_row(element: str, row: int, edits, prefix: str) -> str:
    if not edits:
        return element
    if element.endswith("/>"):
        element = element[:-2] + f"></{prefix}row>"
    for column, text in edits:
        element = _set_in_row(element, row, column, text, prefix)
    return element


def _new_row(prefix: str, row: int, by_row: dict[int, list[tuple[int, str]]]) -> str:
    cells = "".join(_cell(prefix, row, column, text, "") for column, text in by_row[row])
    return f'<{prefix}row r="{row}">{cells}</{prefix}row>'


def _set_in_row(element: str, row: int, column: int, text: str, prefix: str) -> str:
    cells = list(re.finditer(r'<(\w+:)?c\b([^>]*?)\br="([A-Z]+)\d+"([^>]*?)(?:/>|>.*?</\1?c>)', element, re.DOTALL))
    for cell in cells:
        number = column_number(cell.group(3))
        if number == column:
            style = re.search(r'\bs="\d+"', cell.group(2) + cell.group(4))
            new = _cell(prefix, row, column, text, f" {style.group(0)}" if style else "")
            return element[: cell.start()] + new + element[cell.end():]
        if number > column:
            return element[: cell.start()] + _cell(prefix, row, column, text, "") + element[cell.start():]
    end = element.rindex("</")
    return element[:end] + _cell(prefix, row, column, text, "") + element[end:]


def _cell(prefix: str, row: int, column: int, text: str, style: str) -> str:
    reference = f"{column_letters(column)}{row}"
    return (f'<{prefix}c r="{reference}"{style} t="inlineStr"><{prefix}is><{prefix}t xml:space="preserve">'
            f"{escape(text, _CARRIAGE_RETURN)}</{prefix}t></{prefix}is></{prefix}c>")


def _widen_dimension(xml: str, column: int) -> str:
    """The sheet's declared extent, grown to the widest column written (readers trust it)."""
    def widen(match) -> str:
        prefix, first, last_letters, last_row = match.groups()
        letters = column_letters(max(column, column_number(last_letters)))
        return f'<{prefix or ""}dimension ref="{first}:{letters}{last_row}"'

    return re.sub(r'<(\w+:)?dimension ref="([A-Z]+\d+):([A-Z]+)(\d+)"', widen, xml, count=1)
