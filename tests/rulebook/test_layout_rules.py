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
from reportlab.platypus import KeepTogether
from rulebook_kit import COMPONENTS_YAML, ROOT, build, make_game

from pnp.diagrams import load_diagrams
from pnp.i18n.catalog import Texts, load_catalogs
from pnp.model.game import load_game
from pnp.model.problems import ContentError, Problems
from pnp.model.rulebook import load_rulebook
from pnp.model.units import mm
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
    inner = flowable._content if isinstance(flowable, KeepTogether) else [flowable]
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
    # Set-up: the heading with every step, so no step is left alone on a page.
    setup = next(g for g in groups if g and g[0] == "Set-up")
    assert len([t for t in setup if t != "Spacer"]) == 6


@dataclass
class FakePicture:
    cell: float
    units: float  # width in cells

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
    rows = pack([FakeShown(FakePicture(mm(6), 8)) for _ in range(3)], mm(6), ctx.frame_width)
    assert [len(r) for r in rows] == [2, 1]
    assert 2 * 8 * mm(6) + GUTTER <= ctx.frame_width


def test_booklet_sheets_carry_marks_outside_the_pages_and_the_instruction_in_their_language(built):
    paths, _ = built["quatrefoil"]
    sheet = next(p for p in paths if p.name == "quatrefoil-booklet-da-a4.pdf")
    document = pdfium.PdfDocument(str(sheet))
    first = document[0]
    text = first.get_textpage().get_text_range()
    assert "Udskriv på A4 i 100 %" in text and "vend på den lange kant" in text and "skær den øverste fold op" in text
    assert "Udskriv" not in document[1].get_textpage().get_text_range()  # the instruction is on side 1 only
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


def test_a_saddle_booklets_spare_pages_hold_a_checklist_and_notes(built):
    paths, _ = built["folio"]
    sheet = next(p for p in paths if p.name == "folio-booklet-en-a4.pdf")
    pages = read_pages(sheet)
    assert len(pages) % 4 == 0
    spare = [" ".join(r.text for r in p.runs) for p in pages if p.runs and p.runs[0].text in ("Checklist", "Notes")]
    assert spare and spare[0].startswith("Checklist")
    assert "16 × Pyramids" in spare[0] and "1 × Board" in spare[0]
    assert max(p.number for p in pages) == len(pages)


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
    assert marks.instruction.y0 == marks.instruction.y1 == 10 and marks.instruction.length == 200
    side = booklet_marks(Box(20, 10, 100, 200), 2, 2, along="left")
    assert side.instruction.x0 == side.instruction.x1 == 10 and len(side.fold) == 4


def test_a_short_a6_sheet_fills_its_spare_pages_with_a_checklist_and_notes(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", pages=4)  # the cover and 4 pages of rules: 3 to spare
    paths, _ = build(folder, tmp_path / "out", papers=("a4",))
    pages = read_pages(tmp_path / "out" / "tiny-fold" / "tiny-fold-booklet-en-a4.pdf")
    assert sorted(p.number for p in pages) == list(range(1, 9))
    openings = [p.runs[0].text for p in sorted(pages, key=lambda p: p.number)[5:]]
    assert openings == ["Checklist", "Notes", "Notes"]
