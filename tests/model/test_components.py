"""Generated sets, `when:`, substitution and units, checked against the real games' facts."""

from __future__ import annotations

import pytest

from pnp.model import load_game
from pnp.model.colours import parse_colour
from pnp.model.units import mm, parse_length
from pnp.shapes import HEXAGON
from tests.conftest import CONTENT


@pytest.mark.parametrize("text, millimetres", [("63.5mm", 63.5), ("2.5in", 63.5), ("1cm", 10), ("72pt", 25.4)])
def test_lengths(text, millimetres):
    assert parse_length(text) == pytest.approx(mm(millimetres))


@pytest.mark.parametrize("text", ["12", "12 px", "mm", "", None, "1e3mm"])
def test_bad_lengths(text):
    with pytest.raises(ValueError, match="expected a length with a unit"):
        parse_length(text)


def test_colours():
    assert parse_colour("#ff8000").rgb == pytest.approx((1, 128 / 255, 0))
    assert parse_colour("cmyk(0, 100, 100, 0)").rgb == pytest.approx((1, 0, 0))
    assert parse_colour("none") is None
    assert parse_colour("ink", {"ink": parse_colour("#000000")}).hex == "#000000"
    with pytest.raises(ValueError, match="expected a palette colour"):
        parse_colour("mauve")


def test_boardless_quarto_has_every_combination_once():
    [pieces] = load_game(CONTENT / "boardless-quarto").sets
    combinations = {tuple(v for _, v in item.values) for item in pieces.items}
    assert len(pieces.items) == 16 and len(combinations) == 16
    assert pieces.attributes == ("shape", "colour", "hole", "background")


def test_folio_pieces_follow_the_12_3_1_rule():
    from pnp.games.folio import parse_piece, set_problem  # the engine's own rule check

    pieces = load_game(CONTENT / "folio").sets[0]
    assert pieces.count == 16
    assert set_problem([parse_piece(f"{dict(i.values)['colour'][0]}{dict(i.values)['size']}")
                        for i in pieces.items]) is None


def test_quatrefoil_counts_and_two_distinct_backs():
    sets = {s.id: s for s in load_game(CONTENT / "quatrefoil").sets}
    assert (sets["tokens"].count, sets["colour-cards"].count, sets["position-cards"].count) == (5, 5, 4)
    colour_backs = {item.back for item in sets["colour-cards"].items}
    position_backs = {item.back for item in sets["position-cards"].items}
    # One back per deck, so a face-down card never tells which card it is.
    assert len(colour_backs) == 1 and len(position_backs) == 1 and colour_backs != position_backs


def test_trifoil_kit_counts():
    sets = {s.id: s for s in load_game(CONTENT / "trifoil").sets}
    assert sets["tiles"].count == 12 and sets["tiles"].shape is HEXAGON
    assert {item.id: item.count for item in sets["links"].items} == {"red": 15, "blue": 15}
    assert [dict(i.values)["letter"] for i in sets["triangle-markers"].items] == ["Δ", "Ω", "θ", "β"]


def test_when_selects_elements_per_item():
    pieces = load_game(CONTENT / "boardless-quarto").sets[0]
    by_id = {item.id: item for item in pieces.items}
    assert len(by_id["star-blue-holed-dark"].front.elements) == 2
    assert len(by_id["circle-blue-solid-dark"].front.elements) == 1


def test_ids_made_from_values_are_ids(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: token
            width: 20mm
            product: {colour: [Grøn, Dark Blue], lit: [yes, no]}
            items: [{colour: Grøn, lit: yes}, {}]
            front: {}
        """})
    [chips] = load_game(folder).sets
    assert [item.id for item in chips.items] == ["gron-true", "gron-false", "dark-blue-true", "dark-blue-false",
                                                 "gron-true-2", "item6"]


def test_faces_fill_in_the_items_own_fields(make_game):
    """`${id}`, `${count}`, `${width}` and `${height}` (millimetres) on a face, in a file name too, and in
    `when:`; an attribute from a table column of the same name is the one taken."""
    folder = make_game({"components.yaml": """\
        sets:
          deck:
            kind: card
            width: 60mm
            height: 90mm
            attributes: [suit]
            items:
              - {id: fox, suit: red, count: 3}
              - {id: owl, suit: blue, width: 50mm}
            front:
              elements:
                - image: {file: "art/${id}.svg"}
                - text: {text: "${id} ×${count}", x: "${width / 2 - 10}mm", w: 20mm, h: "${height / 9}mm"}
                - circle: {r: 10%}
                  when: {id: owl}
        """, "art/fox.svg": SVG, "art/owl.svg": SVG})
    [deck] = load_game(folder).sets
    fox, owl = deck.items
    assert [e.path.name for e in (fox.front.elements[0], owl.front.elements[0])] == ["fox.svg", "owl.svg"]
    assert (fox.front.elements[1].literal, owl.front.elements[1].literal) == ("fox ×3", "owl ×1")
    assert fox.front.elements[1].x == pytest.approx(mm(20)) and owl.front.elements[1].x == pytest.approx(mm(15))
    assert fox.front.elements[1].h == pytest.approx(mm(10))
    assert (len(fox.front.elements), len(owl.front.elements)) == (2, 3)
    assert dict(fox.values) == {"suit": "red"}  # the item's attributes stay its own


def test_an_unknown_name_on_a_face_lists_the_items_fields(make_game):
    from pnp.model.problems import ContentError

    folder = make_game({"components.yaml": """\
        sets:
          deck:
            kind: card
            width: 60mm
            items: [{id: fox}]
            front:
              elements:
                - text: {text: "${name}"}
        """})
    with pytest.raises(ContentError, match=r"unknown attribute '\$\{name\}' \(known here: count, height, id, width\)"):
        load_game(folder)


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
       '<rect width="10" height="10"/></svg>')
