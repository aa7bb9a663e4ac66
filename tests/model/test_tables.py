"""Items from CSV, TSV and XLSX tables: attributes, counts, ids, texts per language, and located errors."""

from __future__ import annotations

import io
import zipfile

import pytest

from pnp.model import ContentError, load_game
from pnp.model.tables import TableText
from tests.conftest import xlsx_bytes

DECK = """\
sets:
  deck:
    extends: cards/mini-euro
    items: cards.csv
    front:
      elements:
        - text: {text: "${name}", y: 5%, h: 10%, size: 9pt}
        - text: {text: "${cost}", x: 2%, y: 2%, w: 10%, h: 6%, size: 7pt}
"""


def deck(make_game, table: str, name: str = "cards.csv", components: str = DECK, data: bytes | None = None):
    folder = make_game({"components.yaml": components.replace("cards.csv", name)})
    (folder / name).write_bytes(data if data is not None else table.encode("utf-8"))
    return folder


def problems(folder) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_game(folder)
    return [str(p) for p in caught.value.problems]


def test_rows_become_items_with_counts_ids_and_typed_values(make_game):
    game = load_game(deck(make_game,
                          "id,count,cost,name.en,name.da\nfox,3,2,Fox,Ræv\nowl,,1.5,Owl,\n,2,x,Hare,Hare\nskip,0,1,Gone,\n"))
    [deck_set] = game.sets
    assert [(i.id, i.count) for i in deck_set.items] == [("fox", 3), ("owl", 1), ("x-hare", 2)]
    assert deck_set.count == 6
    values = dict(deck_set.items[0].values)
    assert values["cost"] == 2 and dict(deck_set.items[1].values)["cost"] == 1.5
    assert values["name"] == TableText("deck.fox.name", "Fox")
    # The text goes onto the face as a catalog key, translated per language.
    assert deck_set.items[0].front.elements[0].key == "deck.fox.name"
    cells = game.table_texts["deck.fox.name"]
    assert cells.texts == {"en": "Fox", "da": "Ræv"}
    assert (cells.cells["da"].row, cells.cells["da"].column) == (2, 5)
    assert "da" not in game.table_texts["deck.owl.name"].texts  # an empty cell: not translated yet


def test_a_plain_column_beside_language_columns_is_the_source(make_game):
    game = load_game(deck(make_game, "id,name,name.da,cost\nfox,Fox,Ræv,1\n"))
    assert game.table_texts["deck.fox.name"].texts == {"en": "Fox", "da": "Ræv"}


def test_semicolons_tabs_quotes_and_a_bom_are_read(make_game):
    game = load_game(deck(make_game, '\ufeffname;cost\n"Fox; the ""red""";2\n'))
    assert dict(game.sets[0].items[0].values)["name"] == 'Fox; the "red"'
    game = load_game(deck(make_game, "name\tcost\nOwl\t3\n", name="cards.tsv"))
    assert dict(game.sets[0].items[0].values)["name"] == "Owl"


def test_tables_mix_with_listed_items_and_a_product(make_game):
    components = DECK.replace("    items: cards.csv\n",
                              "    product: {cost: [9]}\n    items:\n      - {id: joker, cost: 0}\n"
                                                          "      - table: cards.csv\n")
    components = components.replace('        - text: {text: "${name}", y: 5%, h: 10%, size: 9pt}\n', "")
    game = load_game(deck(make_game, "id,name,cost\nfox,Fox,1\n", components=components))
    assert [i.id for i in game.sets[0].items] == ["9", "joker", "fox"]


@pytest.mark.parametrize("table, where, phrase", [
    ("id,count,name\nfox,many,Fox\n", ": B2 (count):", "expected a whole number of copies"),
    ("id,count,name\nfox,-1,Fox\n", ": B2 (count):", "got -1"),
    ("id,name\nFox Cub,Fox\n", ": A2 (id):", "expected an item id"),
    ("name,name.xx\nFox,Renard\n", ": B1 (name.xx):", "'xx' is not one of the game's languages (en, da)"),
    ("name.da\nRæv\n", ": A1 (name.da):", "add a column name.en"),
    ("card name,cost\nFox,1\n", ": A1 (card name):", "expected a column name"),
    ('name,cost\n"Fox,1\n', ": A2:", 'a quoted value is never closed'),
    ('name,cost\n"Fox"x,1\n', ": A2:", "text follows a closing quote"),
    ("name,,cost\nFox,stray,1\n", ": B1:", "column B has values but no name"),
    ("name,cost\nFox,1,\x00\n", ": C2:", "a NUL character"),
])
def test_table_errors_name_file_row_and_column(make_game, table, where, phrase):
    messages = problems(deck(make_game, table))
    assert any(f"cards.csv{where}" in m and phrase in m for m in messages), messages


def test_a_table_that_is_not_utf8_says_how_to_save_it(make_game):
    [message] = problems(deck(make_game, "", data="name\nR\xe6v\n".encode("latin-1")))
    assert "cards.csv:2:1" in message and "save it as CSV UTF-8" in message


def test_a_table_file_must_be_in_the_game_folder(make_game):
    [message] = problems(deck(make_game, "", components=DECK.replace("cards.csv", "../../../etc/passwd"), name="x.csv"))
    assert "leads outside" in message


def test_a_translated_column_is_used_whole(make_game):
    components = DECK.replace('"${name}"', '"The ${name}"')
    [message] = problems(deck(make_game, "name,name.da,cost\nFox,Ræv,1\n", components=components))
    assert "${name} is a text with a translation per language" in message


# --- XLSX -------------------------------------------------------------------------------


def xlsx(rows: list[list], sheet: str = "Deck", extra_sheet: bool = False) -> bytes:
    return xlsx_bytes(rows, sheet, _notes_sheet if extra_sheet else None)


def _notes_sheet(book) -> None:
    book.create_sheet("Notes").append(["name", "cost"])
    book["Notes"].append(["Joker", 0])


def test_a_spreadsheet_gives_items_from_its_first_sheet_or_the_named_one(make_game):
    data = xlsx([["id", "count", "cost", "name.en", "name.da"], ["fox", 2, 3, "Fox", "Ræv"],
                 ["owl", 1.0, 2.5, "Owl", None]],
                extra_sheet=True)
    game = load_game(deck(make_game, "", name="cards.xlsx", data=data))
    assert [(i.id, i.count, dict(i.values)["cost"]) for i in game.sets[0].items] == [("fox", 2, 3), ("owl", 1, 2.5)]
    named = DECK.replace("    items: cards.csv\n", "    items: [{table: cards.csv, sheet: Notes}]\n")
    folder = deck(make_game, "", name="cards.xlsx", data=data, components=named)
    assert [i.id for i in load_game(folder).sets[0].items] == ["joker-0"]


def test_spreadsheet_errors_name_the_cell(make_game):
    data = xlsx([["id", "count", "name", "cost"], ["fox", "lots", "Fox", 1]])
    [message] = problems(deck(make_game, "", name="cards.xlsx", data=data))
    assert "cards.xlsx: Deck!B2 (count): expected a whole number of copies" in message


def test_a_zip_bomb_spreadsheet_is_refused_unread(make_game, monkeypatch):
    import pnp.model.tables

    monkeypatch.setattr(pnp.model.tables, "MAX_XLSX_UNPACKED_BYTES", 1_000_000)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * 2_000_000)
    [message] = problems(deck(make_game, "", name="cards.xlsx", data=buffer.getvalue()))
    assert "unpacks to 2000000 bytes, over the limit of 1000000 bytes" in message


def test_a_file_that_is_not_a_spreadsheet_is_one_error(make_game):
    [message] = problems(deck(make_game, "", name="cards.xlsx", data=b"PK\x03\x04 not really"))
    assert "cannot be read as an XLSX spreadsheet" in message
