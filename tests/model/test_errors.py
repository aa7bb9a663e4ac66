"""Every class of bad content gives a located, readable error: file:line:column key: expectation."""

from __future__ import annotations

import re

import pytest
from PIL import Image

from pnp.model import ContentError, load_game


def problems_of(folder) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_game(folder)
    return [str(p) for p in caught.value.problems]


LOCATED = re.compile(r"^\S+\.yaml:\d+:\d+ ")


def test_valid_minimal_game_loads(make_game):
    game = load_game(make_game())
    assert [s.id for s in game.sets] == ["chips"]
    assert game.sets[0].items[0].front.background.hex == "#e69f00"


def test_yaml_syntax_error_names_line(make_game):
    folder = make_game({"game.yaml": "title: [Tiny\nversion: 1\n"})
    [message] = problems_of(folder)
    assert re.match(r".*game\.yaml:2:\d+: YAML syntax error", message)


def test_tab_indentation_is_explained(make_game):
    folder = make_game({"game.yaml": "title: Tiny\npalette:\n\tink: '#000000'\n"})
    [message] = problems_of(folder)
    assert "game.yaml:3:" in message and "tab character" in message


def test_python_tags_are_refused(make_game):
    folder = make_game({"game.yaml": "title: !!python/object/apply:os.system ['true']\n"})
    [message] = problems_of(folder)
    assert "game.yaml:1:8" in message and "not allowed" in message


def test_unknown_key_is_an_error_with_suggestion(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: token
            shape: circle
            widht: 20mm
            width: 20mm
            items: [{}]
            front: {background: gold}
        """})
    [message] = problems_of(folder)
    assert LOCATED.match(message)
    assert "components.yaml:5:5 sets.chips.widht: unknown key 'widht'; did you mean 'width'?" in message


def test_all_problems_of_a_file_are_reported_at_once(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: tokn
            shape: triangle
            width: -20mm
            items: [{}]
            front:
              background: golden
              elements:
                - circle: {r: 5}
                - text: {key: chip.name, size: big}
        """})
    messages = problems_of(folder)
    assert len(messages) == 6, messages
    joined = "\n".join(messages)
    assert ("components.yaml:3:11 sets.chips.kind: expected one of card, token, tile, piece, board, tuck-box, standee, "
            "got 'tokn'") in joined
    assert "components.yaml:4:12 sets.chips.shape: expected one of rect, circle, hexagon, got 'triangle'" in joined
    assert "sets.chips.width: expected a length greater than zero, got '-20mm'" in joined
    assert "sets.chips.front.background: expected a palette colour (gold, ink)" in joined
    assert "sets.chips.front.elements[0].circle.r: expected a length with a unit" in joined
    assert "sets.chips.front.elements[1].text.size: expected a length" in joined


def test_missing_required_key(make_game):
    folder = make_game({"components.yaml": "sets:\n  chips:\n    kind: token\n    items: [{}]\n    front: {}\n"})
    [message] = problems_of(folder)
    assert "components.yaml:3:5 sets.chips: missing required key 'width'" in message


def test_wrong_type(make_game):
    folder = make_game({"game.yaml": "title: Tiny\nauthors: Someone\nversion: '1'\nlicence: x\nlanguages: [en]\n"
                                     "players: '2'\n"})
    [message] = problems_of(folder)
    assert "game.yaml:2:10 authors: expected a list, got 'Someone'" in message


def test_a_language_must_be_a_tag(make_game):
    folder = make_game({"game.yaml": "title: Tiny\nauthors: [a]\nversion: '1'\nlicence: x\nlanguages: [en, Swedish]\n"
                                     "players: '2'\n"})
    [message] = problems_of(folder)
    assert "languages[1]: expected a language tag such as 'da' or 'pt-BR', got 'Swedish'" in message


def test_unknown_attribute_in_substitution(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: token
            width: 20mm
            attributes: [colour]
            items: [{colour: gold}]
            front: {background: "${color}"}
        """})
    [message] = problems_of(folder)
    assert "unknown attribute '${color}' (known here: colour, count, height, id, width)" in message


def test_missing_image(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: token
            width: 20mm
            items: [{}]
            front:
              elements:
                - image: {file: art/missing.png}
        """})
    [message] = problems_of(folder)
    assert ("components.yaml:8:25 sets.chips.front.elements[0].image.file: image file not found: 'art/missing.png'"
            in message)


def test_image_outside_the_game_folder_is_refused(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: token
            width: 20mm
            items: [{}]
            front:
              elements:
                - image: {file: ../../../etc/passwd}
        """})
    [message] = problems_of(folder)
    assert "must be a file inside the game folder or templates/" in message


def test_decompression_bomb_is_refused(make_game, monkeypatch):
    import pnp.model.images as images

    monkeypatch.setattr(images, "MAX_IMAGE_PIXELS", 100)
    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: token
            width: 20mm
            items: [{}]
            front:
              elements:
                - image: {file: art/big.png}
        """})
    (folder / "art").mkdir()
    Image.new("RGB", (20, 20)).save(folder / "art" / "big.png")
    [message] = problems_of(folder)
    assert "is 20 × 20 pixels, over the limit of 100 pixels" in message


def test_not_an_image(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: token
            width: 20mm
            items: [{}]
            front:
              elements:
                - image: {file: art/fake.png}
        """})
    (folder / "art").mkdir()
    (folder / "art" / "fake.png").write_text("not a png")
    [message] = problems_of(folder)
    assert "cannot be read as an image" in message


def test_alias_bomb_is_refused(make_game):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for name, prev in zip("bcdefg", "abcdef"):
        bomb += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
    folder = make_game({"components.yaml": bomb})
    [message] = problems_of(folder)
    assert "more than 200000 values" in message


def test_deep_document_is_refused(make_game):
    folder = make_game({"components.yaml": "sets: " + "[" * 60 + "]" * 60 + "\n"})
    [message] = problems_of(folder)
    assert "nested more than 40 levels deep" in message


@pytest.mark.parametrize("outer, refused", [(29, False), (30, True)])
def test_an_alias_counts_as_deep_as_what_it_repeats(outer, refused):
    from pnp.model.source import parse_yaml

    # b's lists reach depth outer + 1 (the mapping is depth 1); *d adds d's 10 levels.
    text = "a: &d " + "[" * 10 + "]" * 10 + "\nb: " + "[" * outer + "*d" + "]" * outer + "\n"
    if not refused:
        assert parse_yaml(text, "f.yaml").value["b"].plain()
        return
    with pytest.raises(ContentError) as caught:
        parse_yaml(text, "f.yaml")
    assert str(caught.value) == f"f.yaml:2:{4 + outer}: document is nested more than 40 levels deep, over the limit"


def test_an_alias_inside_its_own_anchor_is_refused_where_it_is_written():
    from pnp.model.source import parse_yaml

    with pytest.raises(ContentError) as caught:
        parse_yaml("a: &x [1, *x]\n", "f.yaml")
    assert str(caught.value) == "f.yaml:1:11: document is nested more than 40 levels deep, over the limit"


def test_duplicate_key(make_game):
    folder = make_game({"game.yaml": "title: A\ntitle: B\n"})
    [message] = problems_of(folder)
    assert "game.yaml:2:1: key 'title' appears twice" in message


def test_unknown_template(make_game):
    folder = make_game({"components.yaml": "sets:\n  cards:\n    extends: cards/jumbo\n    items: [{}]\n"
                                           "    front: {}\n"})
    [message] = problems_of(folder)
    assert "templates/cards.yaml has no template 'jumbo' (it has: bridge, mini-euro, mini-us, poker, tarot)" in message


def test_template_values_are_overridden(make_game):
    folder = make_game({"components.yaml": "sets:\n  cards:\n    extends: cards/poker\n    bleed: 1mm\n"
                                           "    items: [{}]\n    front: {}\n"})
    [cards] = load_game(folder).sets
    assert (round(cards.width / 72 * 25.4, 2), round(cards.height / 72 * 25.4, 2)) == (63.5, 88.9)
    assert round(cards.bleed / 72 * 25.4, 3) == 1.0


def test_not_utf8(make_game, tmp_path):
    folder = make_game()
    (folder / "game.yaml").write_bytes(b"title: \xff\xfe\n")
    [message] = problems_of(folder)
    assert "game.yaml:1:1: file is not UTF-8 text" in message


def test_huge_file_is_refused_before_parsing(make_game):
    folder = make_game()
    (folder / "components.yaml").write_text("# padding\n" * 300_000)
    [message] = problems_of(folder)
    assert "components.yaml: file is 3000000 bytes, over the limit of 2097152 bytes" in message
