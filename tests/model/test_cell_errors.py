"""Errors at the cell: every problem that comes from an item table names the table file, the
sheet, the row and column as a cell, and the column's name (`cards.xlsx: Deck!C7 (suit): …`),
with where the content used the value; a header that is nearly id, count, a text column or
a name the set uses is an error with "did you mean"."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from tests.conftest import xlsx_bytes

COMPONENTS = """\
groups:
  badge:
    params: {colour: sun}
    elements:
      - circle: {r: 40%, fill: "${colour}"}
sets:
  deck:
    kind: card
    width: 40mm
    height: 60mm
    attributes: [suit]
    items: [{table: cards.xlsx, sheet: Deck}]
    front:
      elements:
        - rect: {w: 90%, h: 90%, x: 5%, y: 5%, fill: none, stroke: "${suit}"}
        - use: {group: badge, w: 40%, with: {colour: "${suit}"}}
        - text: {text: "${name}", y: 5%, h: 12%, size: 9pt}
        - text: {text: "${rule}", y: 60%, h: 15%, size: 8pt}
"""
HEADER = ["id", "count", "suit", "name.en", "name.da", "rule"]


def deck_xlsx(edits: dict[str, object]) -> bytes:
    """A 60-row deck on sheet Deck, with the cells in edits (A1-style) set."""
    rows = [HEADER, *([f"card{number}", 1, ["sun", "sea", "leaf"][number % 3], f"Card {number}", f"Kort {number}",
                       f"Take {number % 3 + 1}."] for number in range(1, 61))]

    def edit(book) -> None:
        for cell, value in edits.items():
            book.active[cell] = value

    return xlsx_bytes(rows, "Deck", edit)


def check(make_game, tmp_path: Path, edits: dict[str, object], *args: str) -> list[str]:
    folder = make_game({"components.yaml": COMPONENTS, "game.yaml": GAME})
    (folder / "cards.xlsx").write_bytes(deck_xlsx(edits))
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(main, ["check", "--paper", "a4", "-q", *args])
    finally:
        os.chdir(old)
    assert result.exit_code == 1, result.output
    return result.output.removeprefix("Error: ").splitlines()[:-1]


GAME = """\
title: Tiny
authors: [Someone]
version: "1"
licence: CC0
languages: [en, da]
players: "2"
palette:
  ink: "#222222"
  sun: "#e9b44c"
  sea: "#2a6f97"
  leaf: "#5b8e55"
"""
TABLE = "content/tiny/cards.xlsx"


def test_a_misspelt_header_a_bad_value_and_a_repeated_id_are_each_said_at_their_cell(make_game, tmp_path):
    lines = check(make_game, tmp_path, {"B1": "Count", "C7": "purpel", "A20": "card3"})
    colour = ("expected a palette colour (ink, leaf, sea, sun), '#rrggbb', 'cmyk(c, m, y, k)' or 'none', got 'purpel' "
              "(used by content/tiny/components.yaml:{})")
    assert lines == [
        f"{TABLE}: Deck!B1 (Count): the column 'Count' is nearly 'count', which the set takes as each item's number "
        "of copies; did you mean 'count'?",
        f"{TABLE}: Deck!C7 (suit): " + colour.format("5:32 groups.badge.elements[0].circle.fill"),
        f"{TABLE}: Deck!C7 (suit): " + colour.format("15:68 sets.deck.front.elements[0].rect.stroke"),
        f"{TABLE}: Deck!A20 (id): the id 'card3' is also the id in Deck!A4; give each row its own id",
    ]


def test_an_unknown_icon_and_a_text_too_long_are_said_at_their_cell(make_game, tmp_path):
    lines = check(make_game, tmp_path, {"F12": "Take 2 {icon:coinn}.", "F30": "A very long rule. " * 12,
                                        "E41": "Et meget langt navn på et kort " * 3})
    used = " (used by content/tiny/components.yaml:{} sets.deck.front.elements[{}].text.text)"
    assert lines[0] == (f"{TABLE}: Deck!F12 (rule): no icon 'coinn': expected icons/coinn.svg or icons/coinn.png in "
                        "the game folder (or in templates/icons/)" + used.format("18:24", 3))
    # A text the same in every language is too long in each of them; a translated one in its own cell.
    for line, language in zip(lines[1:3], ("da", "en")):
        assert line == (f"{TABLE}: Deck!F30 (rule): text 'A very long rule. A very long rule. A ve…' (216 characters) "
                        f"({language}) does not fit its box: needs 19.8 mm of height, the box has 9.0 mm"
                        + used.format("18:24", 3))
    assert lines[3] == (f"{TABLE}: Deck!E41 (name.da): text 'deck.card40.name' (da) does not fit its box: needs "
                        "10.8 mm of height, the box has 7.2 mm" + used.format("17:24", 2))
    assert len(lines) == 4


def test_a_header_one_edit_from_a_name_the_faces_use_or_a_text_column(make_game, tmp_path):
    lines = check(make_game, tmp_path, {"C1": "suti", "E1": "name.DA"})
    assert lines[0].startswith(f"{TABLE}: Deck!C1 (suti): the column 'suti' is nearly 'suit', which the set uses; "
                               "did you mean 'suit'?")
    assert lines[1].startswith(f"{TABLE}: Deck!E1 (name.DA): the column 'name.DA' is nearly 'name.da', which the set "
                               "takes as a text in one language; did you mean 'name.da'?")


def test_a_missing_translation_of_a_table_column_is_listed_at_its_cell(make_game, tmp_path):
    folder = make_game({"components.yaml": COMPONENTS, "game.yaml": GAME})
    (folder / "cards.xlsx").write_bytes(deck_xlsx({"E40": None}))
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        status = CliRunner().invoke(main, ["translate", "status", "tiny"])
    finally:
        os.chdir(old)
    assert f"da missing:\n  {TABLE}: Deck!E40 (name.da): deck.card39.name\n" in status.output
