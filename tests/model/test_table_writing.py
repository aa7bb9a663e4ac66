"""Texts written back into tables (what `pnp translate import` does): every text comes back as
written, a CSV cell never starts like a formula, and the XLSX writer edits only the cells it sets."""

from __future__ import annotations

import io
import re
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.model.problems import Location, Problems
from pnp.model.spreadsheet import _set_cells
from pnp.model.tables import cell_text_problem, edited_table, read_table
from tests.conftest import xlsx_bytes

# Any text a cell can hold: no control characters but tab, line feed and carriage return.
CELL_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\t\n\r'=+-@\",; "), max_size=40)


def read_back(path: Path, sheet=None) -> list[list]:
    problems = Problems()
    table = read_table(path, path.parent, sheet, ("en", "da"), problems, Location(str(path)))
    assert not problems, problems.items
    return [row for _, row in table.rows]


@settings(max_examples=120, deadline=None)
@given(texts=st.lists(CELL_TEXT, min_size=2, max_size=2), suffix=st.sampled_from([".csv", ".tsv", ".xlsx"]))
def test_any_text_a_cell_can_hold_comes_back_as_written(tmp_path_factory, texts: list[str], suffix: str):
    folder = tmp_path_factory.mktemp("table")
    path = folder / f"cards{suffix}"
    if suffix == ".xlsx":
        path.write_bytes(xlsx_bytes([["id", "name.en"], ["fox", "Fox"], ["owl", "Owl"]]))
    else:
        path.write_text("id,name.en\nfox,Fox\nowl,Owl\n".replace(",", "\t" if suffix == ".tsv" else ","),
                        encoding="utf-8")
    path.write_bytes(edited_table(path, folder, {(2, "name.da"): texts[0], (3, "name.da"): texts[1]}))
    rows = read_back(path)
    expected = [str(text) for text in texts]
    if suffix == ".xlsx":
        expected = [text or "" for text in expected]
    assert [row[2] if len(row) > 2 else "" for row in rows] == expected


@pytest.mark.parametrize("text", ["=1+2", "+1", "-1 guld", "@SUM(A1)", "\tx", "\rx", "'=x", "''+x"])
def test_a_csv_cell_that_starts_like_a_formula_is_written_after_a_quote(tmp_path: Path, text: str):
    path = tmp_path / "cards.csv"
    path.write_text("id,name.en\nfox,Fox\n", encoding="utf-8")
    data = edited_table(path, tmp_path, {(2, "name.da"): text}).decode("utf-8")
    cell = data.splitlines(keepends=True)[1][len("fox,Fox,"):]
    assert cell.startswith("\"'"), data  # quoted, then the quote mark that keeps it text
    path.write_text(data, encoding="utf-8")
    assert read_back(path)[0][2] == text


def test_a_text_with_a_control_character_is_never_put_in_a_table(tmp_path: Path):
    path = tmp_path / "cards.csv"
    path.write_text("id,name.en\nfox,Fox\n", encoding="utf-8")
    assert cell_text_problem("a\x01b") == "holds a control character (U+0001)"
    assert cell_text_problem("a\tb\nc\rd") is None
    with pytest.raises(ValueError):
        edited_table(path, tmp_path, {(2, "name.da"): "\x00"})


def test_cells_are_set_in_existing_rows_and_missing_rows_are_added_in_order():
    xml = ('<worksheet><dimension ref="A1:B5"/><sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
           '<row r="3"/><row r="5" spans="1:2"><c r="A5"><v>5</v></c><c r="C5" s="0"><v>1</v></c></row>'
           '</sheetData></worksheet>')
    edited = _set_cells(xml, {(1, 2): "b1", (2, 1): "a2", (3, 2): "b3", (5, 3): "c5", (4, 1): "a4", (7, 2): "b7"})
    book = openpyxl.load_workbook(io.BytesIO(_xlsx_with_sheet(edited)))
    values = {cell.coordinate: cell.value for row in book.active.iter_rows() for cell in row if cell.value is not None}
    assert values == {"A1": 1, "B1": "b1", "A2": "a2", "B3": "b3", "A4": "a4", "A5": 5, "C5": "c5", "B7": "b7"}
    assert [int(n) for n in re.findall(r'<row r="(\d+)"', edited)] == [1, 2, 3, 4, 5, 7]
    assert 'r="C5" s="0" t="inlineStr"' in edited  # the cell keeps its style


def test_cells_are_set_in_a_sheet_without_rows():
    edited = _set_cells("<worksheet><sheetData/></worksheet>", {(2, 1): "x", (1, 1): "id"})
    assert edited.startswith('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr">')
    assert "</sheetData></worksheet>" in edited


def _xlsx_with_sheet(sheet_xml: str) -> bytes:
    """A workbook from openpyxl whose first sheet's XML is replaced by sheet_xml (with its namespace)."""
    import zipfile

    original = zipfile.ZipFile(io.BytesIO(xlsx_bytes([["x"]])))
    xml = sheet_xml.replace("<worksheet>", '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for info in original.infolist():
            out.writestr(info, xml if info.filename == "xl/worksheets/sheet1.xml" else original.read(info.filename))
    return buffer.getvalue()


def test_a_cell_set_in_an_empty_last_field_comes_before_a_column_added_after_it(tmp_path: Path):
    path = tmp_path / "cards.csv"
    path.write_text("id,name.en,note\nfox,Fox,\nowl,Owl,x\n", encoding="utf-8")
    data = edited_table(path, tmp_path, {(2, "note"): "N", (2, "name.da"): "Ræv", (3, "name.da"): "=Ugle"})
    assert data.decode("utf-8") == "id,name.en,note,name.da\nfox,Fox,N,Ræv\nowl,Owl,x,\"'=Ugle\"\n"
