"""Texts kept in an item table translate like catalog texts: status, stamp, export and import."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.i18n.catalog import fingerprint
from pnp.i18n.status import NO_SOURCE
from pnp.model import ContentError
from pnp.paint.proof import game_statuses
from pnp.targets import load_games
from tests.conftest import xlsx_bytes

COMPONENTS = """\
sets:
  deck:
    extends: cards/mini-euro
    items: cards.csv
    front:
      elements:
        - text: {text: "${name}", y: 5%, h: 10%, size: 9pt}
"""
TABLE = "id,count,name.en,name.da\nfox,2,Fox,Ræv\nowl,1,Owl,\n"


@pytest.fixture
def game(make_game) -> Path:
    folder = make_game({"components.yaml": COMPONENTS, "text/en.yaml": "",
                        "text/da.yaml": f'game.title: {{text: Lille, source: "{fingerprint("Tiny")}"}}\n'
                                        f'deck.fox.name: {{source: "{fingerprint("Fox")}", source-text: Fox}}\n'})
    (folder / "cards.csv").write_text(TABLE, encoding="utf-8")
    return folder


def da_status(folder: Path):
    [loaded] = load_games([folder])
    return game_statuses(loaded.game, loaded.catalogs, ["da"])[0]


def run(folder: Path, *args: str):
    return CliRunner().invoke(main, [*args], catch_exceptions=False)


def test_a_table_translation_is_current_until_its_source_cell_changes(game: Path):
    status = da_status(game)
    assert [i.key for i in status.missing] == ["deck.owl.name"]
    assert status.stale == ()
    (game / "cards.csv").write_text(TABLE.replace("Fox,Ræv", "Red fox,Ræv"), encoding="utf-8")
    [stale] = da_status(game).stale
    assert (stale.key, stale.note) == ("deck.fox.name", "source changed")
    assert stale.location.file.endswith("cards.csv") and (stale.location.line, stale.location.column) == (2, 4)


def test_stamp_records_the_source_in_the_catalog_and_leaves_the_table_alone(game: Path, monkeypatch):
    (game / "cards.csv").write_text(TABLE.replace("Fox,Ræv", "Red fox,Ræv"), encoding="utf-8")
    before = (game / "cards.csv").read_bytes()
    monkeypatch.chdir(game.parent.parent)
    result = run(game, "translate", "stamp", "tiny", "deck.fox.name")
    assert result.exit_code == 0, result.output
    assert (game / "cards.csv").read_bytes() == before
    da = (game / "text" / "da.yaml").read_text(encoding="utf-8")
    assert f'deck.fox.name:\n  source: "{fingerprint("Red fox")}"\n  source-text: Red fox\n' in da
    assert "\n  text:" not in da.split("deck.fox.name:")[1]
    assert da_status(game).stale == ()


def test_export_and_import_write_the_translation_into_its_cell_only(game: Path, monkeypatch, tmp_path):
    (game / "cards.csv").write_text('id,count,name.en,name.da\r\nfox,2,Fox,Ræv\r\n"owl",1,"Owl, wise",\r\n',
                                    encoding="utf-8")
    monkeypatch.chdir(game.parent.parent)
    assert run(game, "translate", "export", "tiny", "-o", str(tmp_path / "da.po")).exit_code == 0
    po = (tmp_path / "da.po").read_text(encoding="utf-8")
    assert 'msgctxt "deck.owl.name"\nmsgid "Owl, wise"\nmsgstr ""' in po
    assert "content/tiny/cards.csv:3" in po  # the reference points at the row
    po = po.replace('msgid "Owl, wise"\nmsgstr ""', 'msgid "Owl, wise"\nmsgstr "Ugle, \\"klog\\""')
    (tmp_path / "da.po").write_text(po, encoding="utf-8")
    result = run(game, "translate", "import", "tiny", str(tmp_path / "da.po"))
    assert result.exit_code == 0, result.output
    assert (game / "cards.csv").read_bytes().decode("utf-8") == \
        'id,count,name.en,name.da\r\nfox,2,Fox,Ræv\r\n"owl",1,"Owl, wise","Ugle, ""klog"""\r\n'
    da = (game / "text" / "da.yaml").read_text(encoding="utf-8")
    assert f'deck.owl.name:\n  source: "{fingerprint("Owl, wise")}"\n  source-text: Owl, wise\n' in da
    status = da_status(game)
    assert status.missing == () and status.stale == ()


def test_import_adds_the_languages_column_when_the_table_has_none(game: Path, monkeypatch, tmp_path):
    (game / "cards.csv").write_text("id,name.en\nfox,Fox\nowl,Owl\n", encoding="utf-8")
    (game / "text" / "da.yaml").write_text(f'game.title: {{text: Lille, source: "{fingerprint("Tiny")}"}}\n')
    monkeypatch.chdir(game.parent.parent)
    run(game, "translate", "export", "tiny", "-o", str(tmp_path / "da.po"))
    po = (tmp_path / "da.po").read_text().replace('msgid "Owl"\nmsgstr ""', 'msgid "Owl"\nmsgstr "Ugle"')
    (tmp_path / "da.po").write_text(po)
    assert run(game, "translate", "import", "tiny", str(tmp_path / "da.po")).exit_code == 0
    assert (game / "cards.csv").read_text() == "id,name.en,name.da\nfox,Fox\nowl,Owl,Ugle\n"


def test_a_catalog_may_not_hold_the_text_of_a_table_key(make_game):
    folder = make_game({"components.yaml": COMPONENTS, "text/en.yaml": "deck.fox.name: Fox\n",
                        "text/da.yaml": "deck.fox.name: {text: Ræv, source: abc}\n"})
    (folder / "cards.csv").write_text(TABLE, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_games([folder])
    messages = [str(p) for p in caught.value.problems]
    assert any("en.yaml:1:16 deck.fox.name: this text is kept in a table (cards.csv D2); remove it here" in m
               or "en.yaml:1:" in m and "remove it here" in m for m in messages), messages
    assert any("da.yaml" in m and "keep only its source and source-text" in m for m in messages), messages


def test_a_plain_key_text_translation_is_accepted_and_stale_until_stamped(make_game):
    folder = make_game({"text/da.yaml": "chip.name: Guld\n"})
    status = da_status(folder)
    assert [(i.key, i.note) for i in status.stale] == [("chip.name", NO_SOURCE)]


def spreadsheet_game(make_game, rows: list[list], dress=lambda book: None) -> tuple[Path, bytes]:
    """A game whose deck is cards.xlsx with rows on its first sheet (dress may add more)."""
    data = xlsx_bytes(rows, dress=dress)
    folder = make_game({"components.yaml": COMPONENTS.replace("cards.csv", "cards.xlsx"), "text/en.yaml": ""})
    (folder / "cards.xlsx").write_bytes(data)
    return folder, data


def import_owl(folder: Path, translation: str, tmp_path: Path) -> None:
    """Export a PO file, translate the owl's name in it, and import it."""
    run(folder, "translate", "export", "tiny", "-o", str(tmp_path / "da.po"))
    po = (tmp_path / "da.po").read_text().replace('msgid "Owl"\nmsgstr ""', f'msgid "Owl"\nmsgstr "{translation}"')
    (tmp_path / "da.po").write_text(po)
    result = run(folder, "translate", "import", "tiny", str(tmp_path / "da.po"))
    assert result.exit_code == 0, result.output


def test_import_writes_into_a_spreadsheet_and_keeps_every_other_part(make_game, monkeypatch, tmp_path):
    import io
    import zipfile

    import openpyxl
    from openpyxl.styles import Font

    def dress(book):
        book.active.title = "Deck"
        book.active["C3"].font = Font(bold=True)
        book.create_sheet("Notes").append(["Keep this sheet as it is"])

    rows = [["id", "count", "name.en", "name.da"], ["fox", 2, "Fox", "Ræv"], ["owl", 1, "Owl", None]]
    folder, original = spreadsheet_game(make_game, rows, dress)
    monkeypatch.chdir(folder.parent.parent)
    import_owl(folder, "Ugle & <ven>", tmp_path)
    buffer = io.BytesIO(original)

    before, after = zipfile.ZipFile(buffer), zipfile.ZipFile(folder / "cards.xlsx")
    assert before.namelist() == after.namelist()
    changed = [name for name in before.namelist() if before.read(name) != after.read(name)]
    assert changed == ["xl/worksheets/sheet1.xml"]
    read = openpyxl.load_workbook(folder / "cards.xlsx")
    assert [[c.value for c in row] for row in read["Deck"].iter_rows()] == [
        ["id", "count", "name.en", "name.da"], ["fox", 2, "Fox", "Ræv"], ["owl", 1, "Owl", "Ugle & <ven>"]]
    assert read["Deck"]["C3"].font.bold and read["Notes"]["A1"].value == "Keep this sheet as it is"
    assert da_status(folder).missing == ()


def test_import_adds_a_languages_column_to_a_spreadsheet(make_game, monkeypatch, tmp_path):
    import openpyxl

    folder, _ = spreadsheet_game(make_game, [["id", "name.en"], ["fox", "Fox"], ["owl", "Owl"]])
    monkeypatch.chdir(folder.parent.parent)
    import_owl(folder, "Ugle", tmp_path)
    read = openpyxl.load_workbook(folder / "cards.xlsx", read_only=True)
    assert [list(row) for row in read.active.iter_rows(values_only=True)] == [
        ["id", "name.en", "name.da"], ["fox", "Fox", None], ["owl", "Owl", "Ugle"]]


# --- a translator's PO file cannot break the designer's table (issue 26) -------------------


def export_with_owl(folder: Path, translation: str, tmp_path: Path) -> Path:
    """A PO file translating the owl's name as `translation` (written as PO text, escapes as they are)."""
    po_file = tmp_path / "da.po"
    assert run(folder, "translate", "export", "tiny", "-o", str(po_file)).exit_code == 0
    po_file.write_text(po_file.read_text().replace('msgid "Owl"\nmsgstr ""', f'msgid "Owl"\nmsgstr "{translation}"'))
    return po_file


@pytest.mark.parametrize("translation", ['=HYPERLINK(\\"http://example.org\\",\\"x\\")', "+1 guld", "-1 guld",
                                         "@SUM(A1)", "\\tindrykket", "\\rlinje", "'=allerede"])
def test_a_translation_starting_like_a_formula_is_written_as_text(game: Path, monkeypatch, tmp_path, translation: str):
    """OWASP's advice for CSV injection: a cell starting with = + - @, a tab or a carriage return
    gets a leading ', so a spreadsheet program shows it and never runs it; pnp reads it back as it was."""
    from pnp.i18n.po import parse_po

    monkeypatch.chdir(game.parent.parent)
    po_file = export_with_owl(game, translation, tmp_path)
    [expected] = [m.msgstr for m in parse_po(po_file.read_text()) if m.context == "deck.owl.name"]
    result = run(game, "translate", "import", "tiny", str(po_file))
    assert result.exit_code == 0, result.output
    last_row = (game / "cards.csv").read_text(encoding="utf-8").splitlines()[-1]
    cell = last_row.split(",", 3)[3] if "\r" not in expected else None
    if cell is not None:
        assert cell.startswith(("\"'", "'")) and not cell.lstrip('"').startswith(("=", "+", "-", "@", "\t")), cell
    [loaded] = load_games([game])
    assert loaded.catalogs["da"].entries["deck.owl.name"].text == expected
    assert da_status(game).stale == ()


def test_the_print_shop_csv_guards_a_cell_that_starts_with_a_tab_or_carriage_return():
    from pnp.export.pod import manifest_csv

    data = manifest_csv([{"set": "\tx", "item": "\ry", "quantity": "=1", "front": "+a", "back": "-b", "product": "@c",
                          "trim_mm": "1 x 1", "pixels": "1 x 1"}]).decode("utf-8")
    import csv
    import io

    [row] = list(csv.DictReader(io.StringIO(data, newline="")))
    assert [row[name][:2] for name in ("set", "item", "quantity", "front", "back", "product")] == \
        ["'\t", "'\r", "'=", "'+", "'-", "'@"]


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
@pytest.mark.parametrize("translation, code", [("Ug\\001le", "U+0001"), ("Ug\\000le", "U+0000"), ("\\x7f", "U+007F")])
def test_a_control_character_for_a_table_is_refused_at_its_po_entry(make_game, game: Path, monkeypatch, tmp_path,
                                                                     kind: str, translation: str, code: str):
    folder = spreadsheet_game(make_game,
                              [["id", "name.en"], ["fox", "Fox"], ["owl", "Owl"]])[0] if kind == "xlsx" else game
    monkeypatch.chdir(folder.parent.parent)
    po_file = export_with_owl(folder, translation, tmp_path)
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    result = run(folder, "translate", "import", "tiny", str(po_file))
    line = po_file.read_text().splitlines().index('msgctxt "deck.owl.name"') + 1
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: da.po:{line}:1 deck.owl.name: the translation holds a control "
                                    f"character ({code}), which its cell in cards.{kind} cannot hold"), result.output
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize("failing", ["stage", "commit"])
def test_an_import_writes_its_table_and_catalog_together_or_neither(game: Path, monkeypatch, tmp_path, failing: str):
    """A catalog that cannot be written (text/ read-only, a disk full) leaves the table as it was
    too, and the message names the catalog, not a temporary file."""
    import errno
    import os

    from pnp.output import files

    monkeypatch.chdir(game.parent.parent)
    po_file = export_with_owl(game, "Ugle", tmp_path)
    before = {p: p.read_bytes() for p in game.rglob("*") if p.is_file()}
    real_write, real_replace = files._write_new, os.replace

    def write_new(path, data):
        if failing == "stage" and ".da.yaml." in path.name:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_write(path, data)

    def replace(source, target):
        if failing == "commit" and str(target).endswith("da.yaml"):
            raise PermissionError(errno.EPERM, "Operation not permitted", str(source), str(target))
        return real_replace(source, target)

    monkeypatch.setattr(files, "_write_new", write_new)
    monkeypatch.setattr(files.os, "replace", replace)
    result = run(game, "translate", "import", "tiny", str(po_file))
    assert result.exit_code == 1
    assert result.output == "Error: cannot write content/tiny/text/da.yaml: permission denied\n", result.output
    assert {p: p.read_bytes() for p in game.rglob("*") if p.is_file()} == before


def test_a_deleted_row_leaves_a_record_that_status_lists_and_nothing_refuses(tmp_path):
    """pnp new, then a row of cards.csv deleted: text/da.yaml, never touched, still builds; what it
    kept for the row is listed as unused, with what to do."""
    (tmp_path / "content").mkdir()
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert CliRunner().invoke(main, ["new", "deck"]).exit_code == 0
        cards = tmp_path / "content" / "deck" / "cards.csv"
        cards.write_text("".join(line for line in cards.read_text(encoding="utf-8").splitlines(keepends=True)
                                 if not line.startswith("wave,")), encoding="utf-8")
        checked = CliRunner().invoke(main, ["check", "deck", "--strict"])
        status = CliRunner().invoke(main, ["translate", "status", "deck"])
    finally:
        os.chdir(old)
    assert checked.exit_code == 0, checked.output
    assert "2 unused" in status.output
    assert re.search(r"content/deck/text/da\.yaml:\d+: cards\.wave\.name \(its table's row or column is gone; "
                     r"remove it here\)", status.output), status.output


def test_a_record_without_text_of_a_catalog_text_is_still_an_error(make_game):
    folder = make_game({"text/da.yaml": f'chip.name: {{source: "{fingerprint("Chip")}"}}\n'})
    with pytest.raises(ContentError) as caught:
        load_games([folder])
    assert [str(p) for p in caught.value.problems] == [
        f"{folder / 'text' / 'da.yaml'}:1:12 chip.name: missing required key 'text' "
        "(only a table's text is kept without it)"]
