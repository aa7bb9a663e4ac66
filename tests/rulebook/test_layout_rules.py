"""The layout rules the build enforces: overprints are errors, what belongs together stays
together, sequences share one scale, booklets carry marks, an instruction and useful spare pages."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from audit import _marks, read_pages
from rulebook_kit import COMPONENTS_YAML, ROOT, build, make_game

from pnp.diagrams import load_diagrams
from pnp.i18n.catalog import Texts, load_catalogs
from pnp.model.game import load_game
from pnp.model.problems import ContentError, Problems
from pnp.model.rulebook import load_rulebook
from pnp.model.units import mm
from pnp.paint.rulebook.compose import Passage
from pnp.paint.rulebook.flowables import RulebookParagraph
from pnp.paint.rulebook.pictures import GUTTER, pack, sequence_cell
from pnp.paint.rulebook.story import Context, build_story
from pnp.paint.rulebook.style import geometry, styles_for


def add_tall_card_diagram(folder: Path) -> None:
    """A poker card drawn one cell wide: it is 1.4 cells tall, though its place in the scene is 1."""
    cards = COMPONENTS_YAML.split("\n  stones:")[1].replace("tokens/disc-25", "cards/poker")
    (folder / "components.yaml").write_text(COMPONENTS_YAML + "  cards:" + cards, encoding="utf-8")
    (folder / "diagrams.yaml").write_text(textwrap.dedent("""\
        diagrams:
          tall:
            cell: 30mm
            pieces:
              - {set: cards, item: one, at: [0, 0], size: 1.0}
        """), encoding="utf-8")
    rulebook = folder / "rulebook.yaml"
    rulebook.write_text(rulebook.read_text().replace("      - p: rules.s2.p\n",
                                                     "      - p: rules.s2.p\n      - diagram: tall\n"))
    for name in ("en", "da"):
        path = folder / "text" / f"{name}.yaml"
        extra = ('diagram.tall.caption: "A card."\ncomponent.cards.name: "Cards"\n' if name == "en" else
                 'diagram.tall.caption: {text: "Et kort.", source: "x"}\n'
                 'component.cards.name: {text: "Kort", source: "x"}\n')
        path.write_text(path.read_text() + extra, encoding="utf-8")


def test_a_figure_that_prints_over_its_caption_is_an_error_naming_edition_page_and_block(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", booklet="a5-saddle")
    add_tall_card_diagram(folder)
    with pytest.raises(ContentError) as caught:
        build(folder, tmp_path / "out", papers=("a4",))
    messages = [str(p) for p in caught.value.problems]
    assert any("tiny-fold (en, reading PDF), page 2: diagram 'tall' prints over the caption of diagram 'tall'" in m
               for m in messages), messages
    assert any("(da, booklet)" in m for m in messages)
    assert not (tmp_path / "out").exists()


def story_of(game_id: str, language: str = "en"):
    game = load_game(ROOT / "content" / game_id)
    catalogs = load_catalogs(game.folder, game.languages)
    page = geometry("a5")
    ctx = Context(game, catalogs, load_rulebook(game.folder, catalogs["en"].entries), (Texts(catalogs, language),),
                  page, styles_for(page, game.palette), Problems(), load_diagrams(game, catalogs), language)
    return build_story(ctx, flowing=True)


def _texts(flowable) -> list[str]:
    inner = flowable.content if isinstance(flowable, Passage) else [flowable]
    # A paragraph's last two words are joined by a no-break space (no one-word last line).
    return [f.text.replace("\u00a0", " ") if isinstance(f, RulebookParagraph) else type(f).__name__ for f in inner]


def test_headings_lead_ins_and_introductions_are_kept_with_what_follows():
    groups = [_texts(f) for f in story_of("trifoil")]
    # The chains section: heading, the lead-in ending in a colon, and its whole list.
    chains = next(g for g in groups if g and g[0] == "Chains")
    assert chains[1].endswith("join up:")
    assert chains[2].startswith("links lying on the same tile") and chains[3].startswith("links on the two")
    # A paragraph introducing a figure stays with it.
    assert any(g[0].startswith("<b>Push</b>") and "FigureRow" in g for g in groups)
    # Set-up: the heading with every step, in one passage (which breaks, if it must, only after two steps).
    setup = next(g for g in groups if g and g[0] == "Set-up")
    assert len([t for t in setup if t != "Spacer"]) == 6


@dataclass
class FakePicture:
    cell: float
    units: float  # width in cells
    smallest_cell: float = 0.0

    def size(self, cell):
        return (self.units * cell, self.units * cell)


@dataclass
class FakeShown:
    picture: FakePicture
    captions: tuple = ()
    tag: object = None


def test_a_sequence_takes_the_smallest_cell_and_shrinks_it_only_to_fit():
    page = geometry("a5")
    game = load_game(ROOT / "content" / "folio")
    ctx = Context(game, {}, None, (), page, styles_for(page, game.palette), Problems(), None, "en")
    shown = [FakeShown(FakePicture(mm(8), 4)), FakeShown(FakePicture(mm(6), 5))]
    assert sequence_cell(ctx, shown) == mm(6)
    wide = [FakeShown(FakePicture(mm(8), 4)), FakeShown(FakePicture(mm(8), 40))]
    cell = sequence_cell(ctx, wide)
    assert cell < mm(8) and wide[1].picture.size(cell)[0] <= ctx.frame_width + 0.01
    # Packed at that one cell: side by side while they fit, then on the next row.
    rows = pack([FakeShown(FakePicture(mm(6), 6)) for _ in range(3)], mm(6), ctx.frame_width)
    assert [len(r) for r in rows] == [2, 1]
    assert 2 * 6 * mm(6) + GUTTER <= ctx.frame_width < 3 * 6 * mm(6) + 2 * GUTTER
    # In the fewest rows, as evenly filled as they fit: five that fit three to a row as 3 + 2.
    rows = pack([FakeShown(FakePicture(mm(6), 4)) for _ in range(5)], mm(6), ctx.frame_width)
    assert [len(r) for r in rows] == [3, 2]


def test_booklet_sheets_carry_marks_outside_the_pages_and_the_instruction_in_their_language(built):
    paths, _ = built["quatrefoil"]
    sheet = next(p for p in paths if p.name == "quatrefoil-booklet-da-a4.pdf")
    document = pdfium.PdfDocument(str(sheet))
    first = document[0]
    for index, side in enumerate(("forside", "bagside")):  # every side says which it is, how to print, fold and trim
        text = document[index].get_textpage().get_text_range().replace("\r\n", " ").replace("\n", " ")
        assert f"Ark 1 af 1, {side}" in text
        assert "Udskriv på A4 i 100 %" in text and "vend på den lange kant" in text
        assert "Fold den øverste halvdel bagud" in text and "Skær den øverste fold op mellem skæremærkerne" in text
    objects = list(first.get_objects(max_depth=2))
    pages = [tuple(o.get_bounds()) for o in objects if o.level == 0 and o.type == 5 and o.get_matrix().get()[0] != 1]
    block = (min(p[0] for p in pages), min(p[1] for p in pages), max(p[2] for p in pages), max(p[3] for p in pages))
    marks, inside_marks = [], False
    for o in objects:  # the paths of the one form marked as /Artifact: the printer's marks
        if o.level == 0:
            inside_marks = "Artifact" in _marks(o)
        elif inside_marks and o.type == 2:
            marks.append(tuple(o.get_bounds()))
    assert len(marks) >= 12  # 8 trim marks at the corners, 4 fold marks
    for x0, y0, x1, y1 in marks:  # every mark outside the pages, none crossing into them
        assert x1 <= block[0] + 0.5 or x0 >= block[2] - 0.5 or y1 <= block[1] + 0.5 or y0 >= block[3] - 0.5
    with pikepdf.open(sheet) as pdf:
        assert pdf.Root.ViewerPreferences.Duplex == "/DuplexFlipLongEdge"


def test_a_saddle_booklets_last_spare_page_is_a_back_cover_listing_what_is_in_the_box(built):
    paths, _ = built["trifoil"]
    for language, heading in (("en", "In the box"), ("da", "I æsken")):
        sheet = next(p for p in paths if p.name == f"trifoil-booklet-{language}-a4.pdf")
        pages = read_pages(sheet)
        assert len(pages) % 4 == 0 and max(p.number for p in pages) == len(pages)
        back = next(p for p in pages if p.number == len(pages))
        assert back.runs[0].text == heading
        text = " ".join(r.text for r in back.runs)
        counts = ("12 × Tiles", "30 × Links", "4 × Triangle markers") if language == "en" else \
            ("12 × Brikker", "30 × Led", "4 × Trekantsmarkører")
        assert all(count in text for count in counts), text
        assert len(back.thumbnails) >= 12 + 2 + 4  # every distinct piece pictured, as the sheets print it


def test_booklet_marks_continue_the_block_edges_and_the_folds_outwards():
    from pnp.layout.booklet import MARK_GAP, booklet_marks
    from pnp.layout.geometry import Box

    block = Box(10, 20, 200, 100)
    marks = booklet_marks(block, 2, 1, along="bottom")
    assert len(marks.trim) == 8 and len(marks.fold) == 2
    assert {(line.x0, line.x1) for line in marks.fold} == {(110, 110)}
    for line in marks.trim + marks.fold:
        # Outside the block, starting MARK_GAP away from it.
        inside_x = block.x < min(line.x0, line.x1) and max(line.x0, line.x1) < block.right
        inside_y = block.y < min(line.y0, line.y1) and max(line.y0, line.y1) < block.top
        assert not (inside_x and inside_y)
        dx = max(block.x - line.x0, 0, line.x0 - block.right)
        dy = max(block.y - line.y0, 0, line.y0 - block.top)
        assert (dx * dx + dy * dy) ** 0.5 == pytest.approx(MARK_GAP)  # each starts just clear of the block
    # The words go between the marks: clear of the corners and of the fold mark in the middle.
    assert marks.free == ((10 + mm(2), 110 - mm(2)), (110 + mm(2), 210 - mm(2)))
    side = booklet_marks(Box(20, 10, 100, 200), 2, 2, along="left")
    assert side.free == ((10 + mm(2), 110 - mm(2)), (110 + mm(2), 210 - mm(2))) and len(side.fold) == 4


def test_a_booklet_sheets_words_keep_to_the_printer_margin_and_the_stretches_between_marks():
    from pnp.layout.booklet import LEADING, PRINTER_MARGIN, TEXT_ROOM, TEXT_SIZE, booklet_marks, sheet_text
    from pnp.layout.geometry import Box, DoesNotFit
    from pnp.text.fonts import text_width

    def measure(text):
        return text_width(text, TEXT_SIZE)

    marks = booklet_marks(Box(mm(5), TEXT_ROOM, mm(180), mm(200)), 2, 2, along="bottom")
    long = "A sentence long enough to need two lines of its own, here, when it is set at seven points in the margin."
    lines = sheet_text(marks, ["Sheet 1 of 1, front", long, "Fold it.", "Cut it."], measure)
    assert lines[0].text == "Sheet 1 of 1, front" and " ".join(line.text for line in lines[1:3]) == long
    assert lines[-1].text == "Cut it." and lines[-1].x > marks.free[1][0]  # on to the second stretch
    for line in lines:
        assert line.y - TEXT_SIZE * 0.25 >= PRINTER_MARGIN - 0.01  # descenders 5 mm or more from the edge
        assert line.y + TEXT_SIZE * 0.75 <= TEXT_ROOM  # below the pages
        stretch = next(s for s in marks.free if s[0] <= line.x <= s[1])
        assert measure(line.text) <= stretch[1] - stretch[0]
    assert {round(a.y - b.y, 3) for a, b in zip(lines, lines[1:]) if a.x == b.x} <= {round(LEADING, 3)}
    with pytest.raises(DoesNotFit):
        sheet_text(marks, ["word " * 200], measure)


def test_a_short_a6_sheet_fills_its_spare_pages_with_notes_and_a_back_cover(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", pages=4)  # the cover and 4 pages of rules: 3 to spare
    paths, _ = build(folder, tmp_path / "out", papers=("a4",))
    pages = read_pages(tmp_path / "out" / "tiny-fold" / "tiny-fold-booklet-en-a4.pdf")
    assert sorted(p.number for p in pages) == list(range(1, 9))
    openings = [p.runs[0].text for p in sorted(pages, key=lambda p: p.number)[5:]]
    assert openings == ["Notes", "Notes", "In the box"]


@pytest.mark.parametrize("booklet", ["a6-sheet", "a5-saddle"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_shipped_languages_sheet_words_fit_the_margin_of_every_booklet(booklet, paper):
    from pnp.i18n.labels import shipped_languages
    from pnp.layout.booklet import TEXT_SIZE, booklet_marks, page_block, sheet_text
    from pnp.layout.paper import paper_named
    from pnp.paint.rulebook.impose import GRID, booklet_imposition, sheet_words
    from pnp.text.fonts import text_width

    size = {"a6-sheet": (mm(105), mm(148)), "a5-saddle": (mm(148), mm(210))}[booklet]
    imposition, _, along = booklet_imposition(booklet, 12, paper_named(paper), *size)
    marks = booklet_marks(page_block(imposition.sides[-1]), *GRID[booklet], along=along)
    for language in shipped_languages():
        words = sheet_words(booklet, paper_named(paper), language, len(imposition.sides) - 1, len(imposition.sides))
        lines = sheet_text(marks, words, lambda text: text_width(text, TEXT_SIZE))  # DoesNotFit if they do not
        assert " ".join(line.text for line in lines) == " ".join(words)
