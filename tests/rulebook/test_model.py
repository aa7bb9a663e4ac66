"""rulebook.yaml → Rulebook: every mistake of a file reported with file:line and key."""

from pathlib import Path

import pytest

from pnp.i18n.catalog import load_catalogs
from pnp.model.game import load_game
from pnp.model.problems import ContentError
from pnp.model.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["quatrefoil", "boardless-quarto", "folio", "trifoil"])
def test_the_four_rulebooks_load_with_every_key_known(game):
    folder = ROOT / "content" / game
    rulebook = load_rulebook(folder, load_catalogs(folder, ("en",))["en"].entries)
    assert rulebook.sections and rulebook.booklet in ("a6-sheet", "a5-saddle")
    assert all(key.startswith("rules.") for key in rulebook.text_keys)


def test_quatrefoil_structure():
    rulebook = load_rulebook(ROOT / "content" / "quatrefoil")
    assert rulebook.booklet == "a6-sheet"
    assert rulebook.cover.tagline == "rules.tagline"
    # The cover states what game.yaml does, and only that.
    game = load_game(ROOT / "content" / "quatrefoil")
    assert rulebook.cover.facts(game) == [("players", "4"), ("minutes", "5–10"), ("age", "8+")]
    assert sum(s.new_page for s in rulebook.sections) == 7  # the cover and 7 pages
    push = next(s for s in rulebook.sections if s.title == "rules.push.title")
    assert [(b.kind, b.keys, b.ref) for b in push.body] == [
        ("p", ("rules.push.p1",), None), ("diagram", (), "push-row"), ("diagram", (), "push-column"),
        ("p", ("rules.push.p2",), None)]


def test_every_problem_is_located(tmp_path):
    (tmp_path / "rulebook.yaml").write_text(
        "booklet: a7-fold\n"
        "cover:\n  tagline: rules.tagline\n  colour: red\n"
        "sections:\n"
        "  - title: rules.one\n    body:\n      - p: rules.missing\n      - pp: rules.one\n"
        "      - components: yes please\n"
        "  - title: rules.one\n    newpage: true\n    body:\n      - bullets: [rules.one, rules.gone]\n",
        encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_rulebook(tmp_path, {"rules.tagline", "rules.one"})
    lines = str(caught.value.format_message()).splitlines()
    expected = [
        ("rulebook.yaml:1:10 booklet:", "expected one of a6-sheet, a5-saddle"),
        ("rulebook.yaml:4:3 cover.colour:", "unknown key 'colour'"),
        ("rulebook.yaml:8:12 sections[0].body[0].p:", "no text 'rules.missing' in text/en.yaml"),
        ("rulebook.yaml:9:9 sections[0].body[1].pp:", "unknown block kind 'pp'; did you mean 'p'?"),
        ("rulebook.yaml:10:21 sections[0].body[2].components:", "expected true"),
        ("rulebook.yaml:12:5 sections[1].newpage:", "unknown key 'newpage'; did you mean 'new_page'?"),
        ("rulebook.yaml:14:30 sections[1].body[0].bullets[1]:", "no text 'rules.gone'"),
    ]
    for where, what in expected:
        assert any(where in line and what in line for line in lines), (where, what, lines)
    assert lines[-1] == f"({len(expected)} problems)"
