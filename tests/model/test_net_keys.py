"""Tuck boxes and standees read from YAML: sized from their deck with the documented defaults,
game.yaml's choices under a set's own, and every mistake one located problem."""

from __future__ import annotations

import pytest

from pnp.model import load_game
from pnp.model.problems import ContentError
from pnp.model.units import to_mm
from pnp.shapes import Standee, TuckBox
from tests.conftest import MINIMAL_GAME

DECK = """\
sets:
  deck:
    extends: cards/poker
    items: [{id: a, count: 30}, {id: b, count: 24}]
    front: {background: gold}
"""
PANELS = """\
    front: {background: gold}
    back: same
    side:
      elements:
        - text: {text: "${id} ${width}×${height}", w: "${width}mm", size: 5pt}
    top: {background: ink}
"""


def box_game(make_game, box: str = "", game: str = "", panels: str = PANELS):
    folder = make_game({"game.yaml": MINIMAL_GAME + game,
                        "components.yaml": DECK + "  box:\n    kind: tuck-box\n    deck: deck\n    items: [{}]\n" + box
                        + panels})
    sets = {s.id: s for s in load_game(folder).sets}
    return sets["box"]


def test_a_tuck_box_is_sized_from_its_deck_with_the_stated_defaults(make_game):
    """Inside: the poker card and 1 mm of play each way, 54 cards of 0.3 mm and 1 mm of play deep;
    each panel, fold to fold, 0.3 mm of paper more."""
    box = box_game(make_game)
    assert isinstance(box.shape, TuckBox) and box.kind == "tuck-box"
    assert to_mm(box.width) == pytest.approx(63.5 + 1 + 0.3)
    assert to_mm(box.height) == pytest.approx(88.9 + 1 + 0.3)
    assert to_mm(box.shape.depth) == pytest.approx(54 * 0.3 + 1 + 0.3)
    assert (to_mm(box.shape.glue_flap), to_mm(box.shape.thumb_notch)) == pytest.approx((10, 20))
    [item] = box.items
    assert [name for name, _ in item.faces] == ["front", "back", "side", "top"]
    side, top = item.face("side"), item.face("top")
    assert (to_mm(side.width), to_mm(side.height)) == pytest.approx((17.5, 90.2))
    assert (to_mm(top.width), to_mm(top.height)) == pytest.approx((64.8, 17.5))
    # A panel's own size fills in: the side's text box is as wide as the side.
    assert side.elements[0].literal == "item1 17.5×90.2" and to_mm(side.elements[0].w) == pytest.approx(17.5)
    assert item.back == item.front and not box.has_backs  # its back is a panel, never printed behind


def test_game_yaml_gives_the_games_own_and_a_set_wins_over_it(make_game):
    box = box_game(make_game, box="    sleeve: 3mm\n    cards: 60\n    thumb-notch: 0mm\n",
                   game="tuck-box: {card-thickness: 0.5mm, paper: 0.5mm, sleeve: 2mm, glue-flap: 8mm}\n")
    assert to_mm(box.width) == pytest.approx(63.5 + 3 + 1 + 0.5)
    assert to_mm(box.shape.depth) == pytest.approx(60 * 0.5 + 1 + 0.5)
    assert (to_mm(box.shape.glue_flap), box.shape.thumb_notch) == pytest.approx((8, 0))


def test_a_standee_has_a_foot_and_a_base_by_default_and_as_the_game_says(make_game):
    components = """\
        sets:
          hero:
            kind: standee
            width: 30mm
            height: 50mm
            items: [{id: knight}, {id: giant, width: 50mm, height: 80mm}]
            front: {background: gold}
            back: {background: ink}
        """
    folder = make_game({"components.yaml": components})
    [hero] = load_game(folder).sets
    assert isinstance(hero.shape, Standee) and (to_mm(hero.shape.foot), to_mm(hero.shape.base)) == \
        pytest.approx((10, 26))
    assert [to_mm(length) for i in hero.items for length in (i.width, i.height)] == pytest.approx([30, 50, 50, 80])
    assert not hero.has_backs
    folder = make_game({"components.yaml": components, "game.yaml": MINIMAL_GAME + "standee: {foot: 12mm}\n"})
    [hero] = load_game(folder).sets
    assert (to_mm(hero.shape.foot), to_mm(hero.shape.base)) == pytest.approx((12, 30))


@pytest.mark.parametrize("box, expected", [
    ("    width: 70mm\n", r"components.yaml:\d+:\d+ sets.box.width: a tuck box is sized from its deck"),
    ("    thumb-notch: 60mm\n", r"sets.box.thumb-notch: a thumb notch of 60 mm is too wide for a front of 64.8 × "
                                r"90.2 mm \(at most 45.1 mm\)"),
    ("    card-thickness: 0mm\n", r"sets.box.card-thickness: expected a length greater than zero, got '0mm'"),
    ("    cards: 0\n", r"sets.box.cards: expected a whole number of at least 1, got 0"),
    ("    glue-flaps: 8mm\n", r"unknown key 'glue-flaps'; did you mean 'glue-flap'\?"),
])
def test_a_wrong_tuck_box_key_is_a_located_problem(make_game, box, expected):
    with pytest.raises(ContentError, match=expected) as error:
        box_game(make_game, box=box)
    assert len(error.value.problems) == 1, error.value.problems  # its faces are read, and found right


def test_a_tuck_box_follows_the_deck_it_holds(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          box:
            kind: tuck-box
            deck: deck
            items: [{}]
            front: {}
          deck:
            extends: cards/poker
            items: [{}]
            front: {}
        """})
    with pytest.raises(ContentError, match=r"components.yaml:4:\d+ sets.box.deck: 'deck' names no set written before "
                                           r"this one: a tuck box follows the deck it holds"):
        load_game(folder)


def test_side_and_top_are_faces_of_tuck_boxes_only(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          deck:
            extends: cards/poker
            items: [{}]
            front: {}
            side: {}
        """})
    with pytest.raises(ContentError, match=r"sets.deck.side: unknown key 'side'"):
        load_game(folder)


def test_a_tuck_box_takes_no_layout(make_game):
    with pytest.raises(ContentError, match=r"sets.box.sheet.layout: a tuck-box is printed as its net; 'layout' says "
                                           r"nothing for it"):
        box_game(make_game, box="    sheet: {layout: gutter}\n")
