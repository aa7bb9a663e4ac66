"""Groups, repeat, ${...} arithmetic and rotation, read into the model and measured by numbers."""

from __future__ import annotations

import math

import pytest

from pnp.model import ContentError, load_game
from pnp.model.affine import apply
from pnp.model.expressions import ExpressionError, evaluate, interpolate
from pnp.model.faces import Group, Rect, Star, Text
from pnp.model.limits import MAX_EXPRESSION_CHARS, MAX_GROUP_DEPTH, MAX_REPEAT
from pnp.model.units import mm


def components(body: str, groups: str = "") -> dict[str, str]:
    return {"components.yaml": f"{groups}sets:\n  chips:\n    kind: token\n    width: 20mm\n    items: [{{}}]\n"
                               f"    front:\n      elements:\n{body}"}


def front(make_game, body: str, groups: str = ""):
    return load_game(make_game(components(body, groups))).sets[0].items[0].front


def problems(make_game, body: str, groups: str = "") -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_game(make_game(components(body, groups)))
    return [str(p) for p in caught.value.problems]


def close(a, b) -> bool:
    return all(math.isclose(x, y, abs_tol=1e-9) for x, y in zip(a, b))


# --- ${...} ---------------------------------------------------------------------------


def test_arithmetic_on_names_keeps_numbers_numbers():
    assert evaluate("row * 5 + col + 1", {"row": 2, "col": 3}) == 14
    assert interpolate("${n}", {"n": 7}) == 7
    assert interpolate("${10 + (i - 1) * 15}mm", {"i": 3}) == "40mm"
    assert interpolate("${7 / 2}", {}) == 3.5
    assert interpolate("${7 // 2} and ${7 % 2}", {}) == "3 and 1"


@pytest.mark.parametrize("expression, phrase", [
    ("__import__('os')", "only numbers, names"),
    ("n ** 99999", "only numbers, names"),
    ("n.real", "only numbers, names"),
    ("1 / 0", "divides by zero"),
    ("nope + 1", "unknown attribute '${nope}'"),
    ("word * 2", "not a number"),
    ("99999999 * 99999999", "over the limit"),
    ("1 +" + " 1 +" * MAX_EXPRESSION_CHARS + " 1", "over the limit"),
])
def test_expressions_refuse_what_is_not_plain_arithmetic(expression, phrase):
    with pytest.raises(ExpressionError, match=None) as caught:
        evaluate(expression, {"n": 2, "word": "fox"})
    assert phrase in str(caught.value)


# --- repeat ---------------------------------------------------------------------------


def test_repeat_makes_a_grid_in_reading_order(make_game):
    face = front(make_game, """\
        - text: {text: "${row * 5 + col + 1}", x: "${col * 4}mm", y: "${row * 4}mm", w: 4mm, h: 4mm, size: 6pt}
          repeat: {row: {from: 0, to: 4}, col: {from: 0, to: 4}}
""")
    texts = [e for e in face.elements if isinstance(e, Text)]
    assert [t.literal for t in texts] == [str(n) for n in range(1, 26)]
    assert (texts[7].x, texts[7].y) == (mm(2 * 4), mm(1 * 4))  # number 8: row 1, column 2


def test_repeat_over_a_list_and_a_range_with_a_step(make_game):
    face = front(make_game, """\
        - text: {text: "${letter}${n}", size: 6pt}
          repeat: {letter: [A, B], n: {from: 10, to: 0, step: -5}}
""")
    assert [e.literal for e in face.elements] == ["A10", "A5", "A0", "B10", "B5", "B0"]


def test_a_repeat_of_a_billion_is_refused_before_anything_is_made(make_game):
    [message] = problems(make_game, """\
        - circle: {r: 1mm}
          repeat: {n: {from: 1, to: 1000000000}}
""")
    assert f"repeat makes 1000000000 copies, over the limit of {MAX_REPEAT}" in message
    assert "components.yaml:9:23 sets.chips.front.elements[0].repeat.n:" in message


def test_nested_repeats_are_bounded_by_the_sets_element_budget(make_game, monkeypatch):
    import pnp.model.faces

    monkeypatch.setattr(pnp.model.faces, "MAX_SET_ELEMENTS", 5_000)  # the real one takes seconds to reach
    group = """groups:\n  many:\n    elements:\n      - circle: {r: 1mm}\n        repeat: {n: {from: 1, to: 1000}}\n"""
    [message] = problems(make_game, """\
        - use: {group: many}
          repeat: {m: {from: 1, to: 1000}}
""", group)
    assert "more than 5000 elements" in message


def test_a_step_that_never_arrives_is_an_error(make_game):
    [message] = problems(make_game, "        - circle: {}\n          repeat: {n: {from: 1, to: 5, step: -1}}\n")
    assert "a step of -1 never gets from 1 to 5" in message


# --- groups ---------------------------------------------------------------------------

SYMBOL = """\
groups:
  symbol:
    size: 10mm
    params: {shape: ~, colour: black}
    elements:
      - star: {r: 40%, fill: "${colour}"}
        when: {shape: star}
      - rect: {x: 0%, y: 0%, w: 100%, h: 100%, fill: "${colour}"}
        when: {shape: square}
"""


def test_a_group_is_read_with_its_parameters_and_mapped_onto_its_box(make_game):
    face = front(make_game,
                 "        - use: {group: symbol, x: 30%, y: 40%, w: 5mm, with: {shape: square, colour: ink}}\n", SYMBOL)
    [group] = face.elements
    assert isinstance(group, Group) and group.name == "symbol"
    [square] = group.elements
    assert isinstance(square, Rect) and square.style.fill.hex == "#222222"
    # The group's 10 mm box lands as a 5 mm box centred on (6 mm, 8 mm).
    assert close(apply(group.matrix, 0, 0), (mm(6 - 2.5), mm(8 - 2.5)))
    assert close(apply(group.matrix, mm(10), mm(10)), (mm(6 + 2.5), mm(8 + 2.5)))


def test_the_same_group_on_two_sets_is_one_definition(make_game):
    files = components("        - use: {group: symbol, with: {shape: star}}\n", SYMBOL)
    files["components.yaml"] += ("  cards:\n    extends: cards/poker\n    items: [{}]\n    front:\n      elements:\n"
                                 "        - use: {group: symbol, w: 40mm, with: {shape: star}}\n")
    game = load_game(make_game(files))
    stars = [s.items[0].front.elements[0].elements[0] for s in game.sets]
    assert stars[0] == stars[1] and isinstance(stars[0], Star)
    assert game.sets[1].items[0].front.elements[0].matrix[0] == pytest.approx(4.0)


def test_group_parameters_are_checked(make_game):
    messages = problems(make_game, "        - use: {group: symbol, with: {shap: star}}\n", SYMBOL)
    assert any("unknown parameter 'shap'; did you mean 'shape'?" in m for m in messages)
    assert any("group 'symbol' needs shape" in m
               for m in problems(make_game, "        - use: {group: symbol}\n", SYMBOL))


def test_a_group_that_places_itself_is_an_error_naming_the_loop(make_game):
    loop = "groups:\n  a:\n    elements: [{use: {group: b}}]\n  b:\n    elements: [{use: {group: a}}]\n"
    messages = problems(make_game, "        - use: {group: a}\n", loop)
    assert any("group 'a' places itself: a → b → a" in m for m in messages)


def test_groups_nest_only_so_deep(make_game):
    chain = "groups:\n" + "".join(f"  g{n}:\n    elements: [{{use: {{group: g{n + 1}}}}}]\n"
                                  for n in range(MAX_GROUP_DEPTH + 1))
    chain += f"  g{MAX_GROUP_DEPTH + 1}:\n    elements: [{{circle: {{}}}}]\n"
    messages = problems(make_game, "        - use: {group: g0}\n", chain)
    assert any(f"more than {MAX_GROUP_DEPTH} deep" in m for m in messages)


def test_an_unknown_group_lists_the_games_groups(make_game):
    [message] = problems(make_game, "        - use: {group: symbl, with: {shape: star}}\n", SYMBOL)
    assert "no group 'symbl' (this game has: symbol" in message


def test_a_group_from_templates_is_named_file_slash_name(make_game, tmp_path):
    folder = make_game(components("        - use: {group: marks/dot}\n"))
    (folder / "templates").mkdir()
    (folder / "templates" / "marks.yaml").write_text("dot:\n  elements: [{circle: {r: 10%}}]\n")
    [group] = load_game(folder).sets[0].items[0].front.elements
    assert group.name == "marks/dot"


# --- rotation -------------------------------------------------------------------------


def test_rotate_turns_an_element_about_its_centre_or_a_point(make_game):
    face = front(make_game, """\
        - text: {text: "9", x: 10mm, y: 12mm, w: 4mm, h: 6mm, rotate: 180}
        - rect: {x: 0mm, y: 0mm, w: 2mm, h: 2mm, rotate: 90, about: [0mm, 0mm]}
""")
    turned, quarter = face.elements
    # 180° about the box's centre (12 mm, 15 mm): the box's corners swap.
    assert close(apply(turned.matrix, mm(10), mm(12)), (mm(14), mm(18)))
    # 90° clockwise on the page about the origin: (2 mm, 0) goes to (0, 2 mm), y pointing down.
    assert close(apply(quarter.matrix, mm(2), 0), (0, mm(2)))


def test_polygons_turn_clockwise_like_everything_else(make_game):
    face = front(make_game, "        - polygon: {x: 10mm, y: 10mm, r: 5mm, sides: 3, rotate: -90}\n")
    [turned] = face.elements
    # A vertex starts on the right; a quarter turn anticlockwise points it up (y down: smaller y).
    assert close(apply(turned.matrix, mm(15), mm(10)), (mm(10), mm(5)))


# --- elements read once per set -----------------------------------------------------


def _deck(elements: str, items: str = "[{n: 1}, {n: 2}, {n: 3}]") -> dict[str, str]:
    return {"components.yaml": f"sets:\n  deck:\n    kind: card\n    width: 40mm\n    height: 60mm\n"
                               f"    attributes: [n]\n    items: {items}\n    front:\n      elements:\n{elements}"}


def test_an_element_without_placeholders_is_read_once_and_shared_by_every_item(make_game):
    body = "        - rect: {w: 50%, h: 50%}\n        - text: {text: 'No. ${n}', y: 60%, h: 10%}\n"
    items = load_game(make_game(_deck(body))).sets[0].items
    frames = [item.front.elements[0] for item in items]
    texts = [item.front.elements[1] for item in items]
    assert all(frame is frames[0] for frame in frames)
    assert [t.literal for t in texts] == ["No. 1", "No. 2", "No. 3"]
    # an item of its own size reads the frame at its size, not the shared one
    sized = load_game(make_game(_deck(body, "[{n: 1}, {n: 2, width: 20mm}]"))).sets[0].items
    assert sized[0].front.elements[0].w == pytest.approx(2 * sized[1].front.elements[0].w)


def test_an_element_with_a_problem_is_not_shared_and_still_reported(make_game):
    with pytest.raises(ContentError) as caught:
        load_game(make_game(_deck("        - rect: {w: 50%, h: lots}\n        - circle: {r: 2mm}\n")))
    assert ["elements[0].rect.h" in str(p) and "'lots'" in str(p) for p in caught.value.problems] == [True]


def _read_each_time(monkeypatch):
    """Read every element anew for each item, as before sets shared them."""
    from pnp.model import faces

    monkeypatch.setattr(faces, "_read_shared",
                        lambda node, kind, path, context: faces._read_one(node, kind, path, context))


def _counting_text_reads(monkeypatch) -> list:
    from pnp.model import faces

    reads, text = [], faces._READERS["text"]
    monkeypatch.setitem(faces._READERS, "text", lambda fields, context: reads.append(1) or text(fields, context))
    return reads


MIXED_DECK = """\
sets:
  deck:
    kind: card
    width: 40mm
    height: 60mm
    items:
      - {id: ace, name: Ace, num: 1}
      - {id: seven, name: 7, num: 2}
      - {id: pair, name: two words, num: 3}
      - {id: half, name: 2.5, num: 4}
      - table: more.csv
    front:
      elements:
        - text: {text: "${name}", y: 60%, h: 10%, size: 9pt, font: bold, colour: gold}
        - text: {text: "No. ${num}", x: 5%, y: 10%, w: 50%, h: 10%, align: left}
"""


def test_a_text_whose_words_alone_vary_is_read_once_and_each_item_keeps_its_own_words(make_game, monkeypatch):
    folder = make_game({"components.yaml": MIXED_DECK})
    (folder / "more.csv").write_text("id,name.en,num\nfox,Fox,5\n", encoding="utf-8")
    reads = _counting_text_reads(monkeypatch)
    shared = load_game(folder).sets[0].items
    # Read again for the number 7, the number 2.5 and the table's translated name (a key):
    # each reads differently; the other words are copied into the text read first.
    assert len(reads) == 2 + 3
    assert [i.front.elements[0].literal for i in shared] == ["Ace", "7", "two words", "2.5", None]
    assert shared[4].front.elements[0].key == "deck.fox.name"
    assert [i.front.elements[1].literal for i in shared] == ["No. 1", "No. 2", "No. 3", "No. 4", "No. 5"]
    _read_each_time(monkeypatch)
    assert [i.front for i in load_game(folder).sets[0].items] == [i.front for i in shared]
    assert len(reads) == 5 + 10


def test_an_items_words_that_cannot_be_filled_in_are_reported_as_when_read_each_time(make_game, monkeypatch):
    deck = _deck("        - text: {text: 'Twice ${n * 2}', y: 60%, h: 10%}\n", "[{n: 1}, {n: fox}, {n: 3}, {n: owl}]")
    with pytest.raises(ContentError) as caught:
        load_game(make_game(deck))
    shared = [str(p) for p in caught.value.problems]
    _read_each_time(monkeypatch)
    with pytest.raises(ContentError) as caught:
        load_game(make_game(deck))
    assert shared == [str(p) for p in caught.value.problems]
    assert len(shared) == 2 and all("not a number" in p for p in shared)
