"""The composer on a small game: where a group does not fit, it breaks it at a good place, draws its
figures smaller or moves it, whichever leaves the better pages; a designer forces or forbids a
break in rulebook.yaml; diagrams that cannot be drawn legibly are errors naming them."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from audit import read_pages, underfull
from rulebook_kit import ROOT, build, make_game, quote

from pnp.diagrams import scene as sc
from pnp.layout.cover import CoverSet, arrange_cover, bounds
from pnp.layout.rows import balanced_rows
from pnp.model.problems import ContentError, Problems
from pnp.model.rulebook import read_rulebook
from pnp.model.source import parse_yaml
from pnp.model.units import mm
from pnp.paint.rulebook.compose import NEVER, Passage

LINE = "Every word of this sentence is here to fill a line of the rules with text. "


def write_rulebook(folder: Path, rulebook: str, english: dict[str, str], danish: dict[str, str] | None = None) -> None:
    """Replace the tiny game's rulebook and add texts (Danish: the English, marked as translated)."""
    (folder / "rulebook.yaml").write_text(textwrap.dedent(rulebook), encoding="utf-8")
    for language, texts in (("en", english), ("da", danish or english)):
        path = folder / "text" / f"{language}.yaml"
        entries = "".join(f"{k}: {quote(v)}\n" if language == "en" else f"{k}:\n  text: {quote(v)}\n  source: \"x\"\n"
                          for k, v in texts.items())
        path.write_text(path.read_text(encoding="utf-8") + entries, encoding="utf-8")


def list_game(tmp_path: Path, extra: str = "") -> Path:
    """A page of text half full, then a heading, a lead-in and a list too long for the rest of it."""
    folder = make_game(tmp_path / "tiny-fold", booklet="a5-saddle", pages=1)
    steps = [f"rules.step{n}" for n in range(1, 8)]
    write_rulebook(folder, f"""\
        booklet: a5-saddle
        sections:
          - title: rules.s1.title
            body:
              - p: rules.long
          - title: rules.list.title
            body:
              - p: rules.lead-in
              - steps: [{", ".join(steps)}]
        {extra}""", {
        "rules.long": LINE * 14, "rules.list.title": "The list", "rules.lead-in": "Do this:",
        **{key: f"Step {n}. " + LINE * 2 for n, key in enumerate(steps, 1)}})
    return folder


def test_a_list_that_does_not_fit_breaks_after_two_steps_rather_than_leave_the_page_half_empty(tmp_path):
    folder = list_game(tmp_path)
    build(folder, tmp_path / "out", papers=("a4",), languages=("en",))
    pages = read_pages(tmp_path / "out" / "tiny-fold" / "tiny-fold-rules-en.pdf")
    assert underfull(pages) == []
    second, third = (" ".join(r.text for r in pages[n].runs) for n in (1, 2))
    # The heading and its lead-in stay with the first steps; the page breaks inside the list.
    assert "The list" in second and "Do this:" in second and "Step 1." in second and "Step 2." in second
    assert "Step 7." in third and "The list" not in third


def test_a_page_break_the_designer_forces_holds_even_on_a_short_page(tmp_path):
    folder = list_game(tmp_path)
    rulebook = folder / "rulebook.yaml"
    rulebook.write_text(rulebook.read_text().replace("  - title: rules.list.title\n",
                                                     "  - title: rules.list.title\n    break: page\n"))
    build(folder, tmp_path / "out", papers=("a4",), languages=("en",))
    pages = read_pages(tmp_path / "out" / "tiny-fold" / "tiny-fold-rules-en.pdf")
    assert " ".join(r.text for r in pages[2].runs).startswith("The list")
    assert "Step 1." not in " ".join(r.text for r in pages[1].runs)
    # The page before a forced break is a chapter's last: it may be short.
    assert underfull(pages, {"The list"}) == []


def test_a_page_break_the_designer_forbids_keeps_a_block_with_the_one_before(tmp_path):
    folder = list_game(tmp_path)
    rulebook = folder / "rulebook.yaml"
    text = rulebook.read_text().replace("      - p: rules.long\n", "      - p: rules.long\n      - p: rules.tail\n"
                                        "        break: never\n")
    rulebook.write_text(text)
    for language in ("en", "da"):
        path = folder / "text" / f"{language}.yaml"
        entry = 'rules.tail: "The end of part one."\n' if language == "en" else \
            'rules.tail:\n  text: "Slutningen af del et."\n  source: "x"\n'
        path.write_text(path.read_text() + entry)
    [kept] = [f for f in story(folder) if isinstance(f, Passage) and "The end of" in getattr(f.content[-1], "text", "")]
    assert kept.content[-2].text.startswith(LINE[:20]) and kept.breaks[-1] == NEVER


def story(folder: Path) -> list:
    """The English reading edition's story of a game folder."""
    from pnp.diagrams import load_diagrams
    from pnp.i18n.catalog import Texts, load_catalogs
    from pnp.model.game import load_game
    from pnp.model.rulebook import load_rulebook
    from pnp.paint.rulebook.story import Context, build_story
    from pnp.paint.rulebook.style import geometry, styles_for

    game = load_game(folder)
    catalogs = load_catalogs(game.folder, game.languages)
    page = geometry("a5")
    ctx = Context(game, catalogs, load_rulebook(game.folder, catalogs["en"].entries), (Texts(catalogs, "en"),),
                  page, styles_for(page, game.palette), Problems(), load_diagrams(game, catalogs), "en")
    return build_story(ctx, flowing=True)


def test_break_takes_page_or_never_and_says_so_at_the_key():
    problems = Problems()
    node = parse_yaml(textwrap.dedent("""\
        sections:
          - title: rules.a
            break: soon
            body:
              - {p: rules.b, break: sometimes}
        """), "rulebook.yaml")
    read_rulebook(node, problems)
    messages = [str(p) for p in problems.items]
    assert any("sections[0].break" in m and "page" in m and "never" in m for m in messages), messages
    assert any("sections[0].body[0].break" in m and "'sometimes'" in m for m in messages), messages
    problems = Problems()
    read_rulebook(parse_yaml("sections:\n  - title: rules.a\n    body:\n      - {p: rules.b, break: page}\n",
                             "rulebook.yaml"), problems)
    assert ["put 'break: page' on the section" in str(p) for p in problems.items] == [True]


def diagram_game(tmp_path: Path, diagrams: str) -> Path:
    folder = make_game(tmp_path / "tiny-fold", booklet="a5-saddle", pages=1)
    (folder / "diagrams.yaml").write_text(textwrap.dedent(diagrams), encoding="utf-8")
    rulebook = folder / "rulebook.yaml"
    rulebook.write_text(rulebook.read_text() + "      - diagram: row\n")
    for language in ("en", "da"):
        path = folder / "text" / f"{language}.yaml"
        entry = 'diagram.row.caption: "Stones in a row."\n' if language == "en" else \
            'diagram.row.caption:\n  text: "Sten på række."\n  source: "x"\n'
        path.write_text(path.read_text() + entry)
    return folder


def test_a_diagram_that_cannot_be_drawn_legibly_in_the_text_block_is_an_error_naming_it(tmp_path):
    folder = diagram_game(tmp_path, """\
        legibility:
          pieces:
            stones: 40mm
        diagrams:
          row:
            pieces:
              - {set: stones, item: one, at: [0, 0]}
              - {set: stones, item: one, at: [1, 0]}
              - {set: stones, item: one, at: [2, 0]}
        """)
    with pytest.raises(ContentError) as caught:
        build(folder, tmp_path / "out", papers=("a4",), languages=("en",))
    message = str(caught.value)
    assert "diagram 'row' cannot be drawn legibly in the text block of an A5 page" in message
    assert "its pieces need a cell of" in message


def test_a_piece_under_a_label_is_an_error_naming_both(tmp_path):
    folder = diagram_game(tmp_path, """\
        diagrams:
          row:
            pieces:
              - {set: stones, item: one, at: [0, 0]}
            marks:
              - {label: "Here", at: [0, 0]}
        """)
    with pytest.raises(ContentError, match=r"diagram 'row' cannot be drawn legibly.*the label 'Here' would cover "
                                           r"a piece of 'stones'"):
        build(folder, tmp_path / "out", papers=("a4",), languages=("en",))


def test_the_pieces_legibility_is_read_from_diagrams_yaml():
    from pnp.model.diagrams import SMALLEST_PIECE, read_diagram_book

    problems = Problems()
    book = read_diagram_book(ROOT / "content" / "trifoil", problems)
    assert problems.items == []
    assert book.legibility.smallest("links") == pytest.approx(mm(5))
    assert book.legibility.smallest("tiles") == SMALLEST_PIECE


@pytest.mark.parametrize("count, widths, expected", [
    (9, 10.0, [5, 4]),  # seven fit a row: two rows, balanced
    (12, 10.0, [4, 4, 4]),  # five fit a row: three rows, balanced
    (16, 10.0, [6, 5, 5]),
    (3, 10.0, [3]),
])
def test_figure_rows_are_as_few_as_fit_and_as_even_as_can_be(count, widths, expected):
    width = {9: 7, 12: 5, 16: 7, 3: 7}[count] * (widths + 1) - 1  # exactly this many fit a row, with gaps of 1
    rows = balanced_rows([widths] * count, 1.0, width)
    assert [len(row) for row in rows] == expected
    assert [i for row in rows for i in row] == list(range(count))


def test_a_cover_fans_cards_makes_a_honeycomb_of_tiles_and_lays_small_pieces_in_front():
    card, token, tile = (mm(63), mm(88)), (mm(25), mm(25)), (mm(60), mm(52))
    sets = [CoverSet("circle", (token,) * 5), CoverSet("rect", (card,) * 5), CoverSet("rect", (card,) * 4)]
    placed = arrange_cover(sets, mm(92), mm(60))
    assert len(placed) == 5 + 5 + 4
    fan = [p for p in placed if p.group == 1]
    assert [round(p.turn, 3) for p in fan] == sorted((round(p.turn, 3) for p in fan), reverse=True)  # fanned
    assert all(p.x < q.x for p, q in zip(fan, fan[1:]))
    tokens = [p for p in placed if p.group == 0]
    assert min(p.y for p in tokens) < min(p.y for p in fan)  # in front, below the fans
    x0, y0, x1, y1 = bounds(placed, sets)
    assert x0 >= -0.01 and y0 >= -0.01 and x1 <= mm(92) + 0.01 and y1 <= mm(60) + 0.01
    assert arrange_cover(sets, mm(92), mm(60)) == placed  # the same sets, the same cover
    honeycomb = arrange_cover([CoverSet("hexagon", (tile,) * 12)], mm(92), mm(60))
    assert len(honeycomb) == 7 and {p.turn for p in honeycomb} == {0.0}


def test_quatrefoils_deal_shows_each_colour_card_over_its_position_card_and_the_quatrefoil_they_name():
    from pnp.diagrams.quatrefoil import deal_frames
    from pnp.games import quatrefoil as q

    cards, solved = deal_frames(q.parse_target("bg/pr+y"))
    pieces = [i for i in cards.items if isinstance(i, sc.Piece)]
    pairs = {(c.item_id, p.item_id) for c in pieces for p in pieces
             if c.set_id == "colour-cards" and p.set_id == "position-cards" and c.x == p.x}
    assert pairs == {("blue", "northwest"), ("green", "northeast"), ("purple", "southwest"), ("red", "southeast")}
    north = [p for p in pieces if p.face == "back"]
    assert [p.item_id for p in north] == ["yellow"]  # the fifth colour, face down
    tokens = {(i.item_id, (i.x, i.y)) for i in solved.items if isinstance(i, sc.Piece) and i.set_id == "tokens"}
    assert ("blue", (0.5, 0.5)) in tokens and ("red", (1.5, 1.5)) in tokens and ("yellow", (2.9, 1.0)) in tokens
