"""`sheets:` in game.yaml, `sheet:` in a set and items with their own size: read, checked and located."""

from __future__ import annotations

import pytest

from pnp.model import ContentError, load_game
from pnp.model.units import mm
from tests.conftest import MINIMAL_GAME

CARDS = """\
sets:
  cards:
    kind: card
    width: 63.5mm
    height: 88.9mm
    {sheet}
    items:
      - {{id: a}}
      - {{id: b, width: 44mm, height: 68mm}}
    front: {{background: gold}}
"""


def problems_of(folder) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_game(folder)
    return [str(p) for p in caught.value.problems]


def test_sheet_choices_are_read_from_the_game_and_the_set(make_game):
    game = load_game(make_game({
        "game.yaml": MINIMAL_GAME
        + "sheets: {layout: fold, margin: 4mm, gutter: 1.6mm, mark-length: 3mm, guides: true}\n",
        "components.yaml": CARDS.format(sheet="sheet: {layout: gutter, own-sheets: true, guides: false}"),
    }))
    assert game.sheets.layout == "fold" and game.sheets.margin == pytest.approx(mm(4))
    assert game.sheets.gutter == pytest.approx(mm(1.6)) and game.sheets.mark_length == pytest.approx(mm(3))
    choices = game.sets[0].sheet
    assert (choices.layout, choices.own_sheets, choices.guides) == ("gutter", True, False)


def test_an_item_may_have_its_own_size_and_its_faces_take_it(make_game):
    game = load_game(make_game({"components.yaml": CARDS.format(sheet="")}))
    a, b = game.sets[0].items
    assert (a.width, a.height) == pytest.approx((mm(63.5), mm(88.9)))
    assert (b.width, b.height) == pytest.approx((mm(44), mm(68)))
    assert (b.front.width, b.front.height) == pytest.approx((mm(44), mm(68)))


@pytest.mark.parametrize("sheet, expected", [
    ("sheet: {layout: honeycomb}", "components.yaml:6:21 sets.cards.sheet.layout: a honeycomb is for hexagon sets"),
    ("sheet: {layout: fold}",
     "components.yaml:6:21 sets.cards.sheet.layout: expected one of butted, gutter, honeycomb, got 'fold'"),
    ("sheet: {gutter: 60mm}",
     "components.yaml:6:21 sets.cards.sheet.gutter: '60mm' (60 mm) is over the limit of 50 mm"),
    ("sheet: {gutter: -1mm}", "components.yaml:6:21 sets.cards.sheet.gutter: expected a length of zero or more"),
    ("sheet: {own: true}", "components.yaml:6:13 sets.cards.sheet.own: unknown key 'own'"),
])
def test_bad_sheet_choices_are_located(make_game, sheet, expected):
    [message] = problems_of(make_game({"components.yaml": CARDS.format(sheet=sheet)}))
    assert expected in message


def test_discs_cannot_be_butted_and_a_game_layout_must_be_known(make_game):
    discs = ("sets:\n  d:\n    kind: token\n    shape: circle\n    width: 20mm\n    sheet: {layout: butted}\n"
             "    items: [{}]\n    front: {background: gold}\n")
    [message] = problems_of(make_game({"components.yaml": discs}))
    assert "sets.d.sheet.layout: discs cannot share cut lines" in message
    [message] = problems_of(make_game({"game.yaml": MINIMAL_GAME + "sheets: {layout: zigzag}\n"}))
    assert "game.yaml:10:18 sheets.layout: expected one of butted, gutter, honeycomb, fold, got 'zigzag'" in message


def test_item_size_keys_cannot_name_attributes_and_must_be_lengths(make_game):
    bad = CARDS.format(sheet="attributes: [width]").replace("width: 44mm", "width: big")
    messages = problems_of(make_game({"components.yaml": bad}))
    assert any("sets.cards.attributes[0]: 'width' is an item's own key" in m for m in messages)
    assert any("sets.cards.items[1].width: expected a length with a unit" in m for m in messages)
