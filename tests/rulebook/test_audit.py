"""Every rulebook of the four games, read back from its PDF as a print designer would look at it.

Reading PDFs and booklets, English, Danish and bilingual: no figure over text or another
figure, no empty glyph boxes, no heading or lead-in left at a page foot, no page filled
under 60 % but a chapter's last (and the last and a booklet's spare pages), no figure
or text wider than the text block, no runt (a last line of one word or under five
characters) in any heading, caption, cover line or paragraph, no diagram text printed
under 6.5 pt, every booklet sheet side numbered in 7 pt or more, 5 mm or more from the
edge, body lines of 75 characters or fewer, printed type of 8 pt or more, and diagrams
shown together at one scale.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from audit import (
    MAX_LINE,
    body_size,
    is_padding,
    last_page,
    lines,
    lowest,
    missing_glyphs,
    outside_text_block,
    overprints,
    read_pages,
    runts,
    small_diagram_text,
    underfull,
    unnumbered_sides,
)
from rulebook_kit import GAMES, ROOT

from pnp.i18n.catalog import Texts, load_catalogs
from pnp.i18n.labels import label
from pnp.model.game import load_game
from pnp.model.rulebook import load_rulebook


def rulebooks(built, game: str) -> list[Path]:
    paths, _ = built[game]
    found = sorted(p for p in paths if "-rules-" in p.name or "-booklet-" in p.name)
    assert len(found) == 7, found  # en, da, bilingual; booklets en and da on A4 and Letter
    return found


@pytest.fixture(scope="module")
def audited(built) -> dict[str, dict[Path, list]]:
    return {game: {path: read_pages(path) for path in rulebooks(built, game)} for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_no_figure_prints_over_text_or_another_figure(audited, game):
    found = [problem for pages in audited[game].values() for page in pages for problem in overprints(page)]
    assert found == []
    assert all(any(page.figures for page in pages) for pages in audited[game].values())


@pytest.mark.parametrize("game", GAMES)
def test_every_character_has_its_glyph(built, game):
    assert [m for path in rulebooks(built, game) for m in missing_glyphs(path)] == []


def chapter_headings(game: str, path: Path) -> set[str]:
    """The headings a page must open with in this edition (read from the game's rulebook.yaml):
    a section with `break: page`, and in the A6 sheet's fixed pages every `new_page` one. The
    page before such a heading is a chapter's last, which may be as short as its chapter ends."""
    game_model = load_game(ROOT / "content" / game)
    catalogs = load_catalogs(game_model.folder, game_model.languages)
    rulebook = load_rulebook(game_model.folder, catalogs["en"].entries)
    language = next((lang for lang in game_model.languages if f"-{lang}" in path.stem), "en")
    texts = Texts(catalogs, language)
    planned = rulebook.booklet == "a6-sheet" and "-booklet-" in path.name
    return {texts(s.title) for s in rulebook.sections if s.page_break == "page" or (planned and s.new_page)}


@pytest.mark.parametrize("game", GAMES)
def test_no_page_but_a_chapters_last_is_filled_under_60_percent(audited, game):
    found = [problem for path, pages in audited[game].items()
             for problem in underfull(pages, chapter_headings(game, path))]
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_no_figure_caption_or_line_is_wider_than_the_text_block(audited, game):
    assert [problem for pages in audited[game].values() for problem in outside_text_block(pages)] == []


@pytest.mark.parametrize("game", GAMES)
def test_no_heading_caption_cover_line_or_paragraph_ends_in_a_runt(audited, game):
    assert [problem for pages in audited[game].values() for problem in runts(pages)] == []


@pytest.mark.parametrize("game", GAMES)
def test_no_diagram_prints_a_label_coordinate_or_marker_letter_under_6_5_points(audited, game):
    assert [problem for pages in audited[game].values() for problem in small_diagram_text(pages)] == []
    # The measure sees the diagrams' own text where there is some: Trifoil's triangle letters,
    # Quatrefoil's north mark (Folio's and Boardless Quarto's diagrams have none).
    if game in ("quatrefoil", "trifoil"):
        assert any(t for pages in audited[game].values() for page in pages for t in page.figure_text if not t.thumbnail)


@pytest.mark.parametrize("game", GAMES)
def test_every_booklet_sheet_side_is_numbered_and_instructed_inside_the_printer_margin(built, game):
    paths, _ = built[game]
    for path in (p for p in paths if "-booklet-" in p.name):
        language = "da" if "-da-" in path.name else "en"
        assert unnumbered_sides(path, label("booklet-sheet", language).split(" ")[0]) == []


@pytest.mark.parametrize("game", GAMES)
def test_no_heading_or_lead_in_is_left_at_a_page_foot(audited, game):
    found = []
    for pages in audited[game].values():
        size, last = body_size(pages), last_page(pages)
        for page in pages:
            foot = lowest(page)
            if foot is None or page.number == 1 or page.number >= last or is_padding(page):
                continue
            if foot.size > size * 1.08 or foot.text.rstrip().endswith(":"):
                found.append(f"{page.name}: the page ends with {foot.text!r}")
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_body_lines_are_75_characters_or_fewer(audited, game):
    longest = {}
    for path, pages in audited[game].items():
        size = body_size(pages)
        measured = [(len(line), line) for page in pages for line in lines(page, size)]
        longest[path.name] = max(measured)
    assert all(n <= MAX_LINE for n, _ in longest.values()), longest
    # The measure is meant to read comfortably, not merely to stay under the limit.
    assert all(n >= 45 for n, _ in longest.values()), longest


@pytest.mark.parametrize("game", GAMES)
def test_printed_type_is_8_points_or_more(audited, game):
    small = [(page.name, run.text[:30], round(run.size * page.scale, 2))
             for pages in audited[game].values() for page in pages if page.number > 1
             for run in page.runs if run.size * page.scale < 8 - 0.05]
    assert small == []


def _figure_paths(path: Path, page_index: int) -> list[list[tuple[float, float, float, float]]]:
    """For each figure on a page of a reading PDF, the boxes of the paths it draws (page points)."""
    import pypdfium2.raw as raw
    from audit import _marks

    page = pdfium.PdfDocument(str(path))[page_index]
    figures, current = [], None
    for obj in page.get_objects(max_depth=2):
        if obj.level == 0:
            current = None
            if obj.type == raw.FPDF_PAGEOBJ_FORM and "Figure" in _marks(obj):
                current = []
                figures.append((obj.get_matrix().get(), current))
        elif current is not None and obj.type == raw.FPDF_PAGEOBJ_PATH:
            current.append(tuple(obj.get_bounds()))
    return [[(a * x0 + e, d * y0 + f, a * x1 + e, d * y1 + f) for x0, y0, x1, y1 in boxes]
            for (a, b, c, d, e, f), boxes in figures]


def _tile_widths(boxes) -> set[float]:
    """Widths of the flat-topped hexagons (2 wide for every √3 tall) of a board of 3 tiles or more."""
    widths = Counter(round(x1 - x0, 1) for x0, y0, x1, y1 in boxes
                     if x1 - x0 > 20 and abs((x1 - x0) / (y1 - y0) - 2 / math.sqrt(3)) < 0.01)
    return {width for width, count in widths.items() if count >= 3}


def test_every_trifoil_diagram_draws_its_tiles_at_one_size(built):
    # Maps, action diagrams and close-ups: a tile is the same size wherever each appears, so a
    # reader can compare them. Read from the paths of the /Figure forms of the English reading PDF.
    path = next(p for p in rulebooks(built, "trifoil") if p.name.endswith("rules-en.pdf"))
    widths = {}
    for index in range(1, len(pdfium.PdfDocument(str(path)))):
        for number, boxes in enumerate(_figure_paths(path, index)):
            if _tile_widths(boxes):
                widths[(index + 1, number)] = _tile_widths(boxes)
    assert len(widths) >= 8
    sizes = {w for found in widths.values() for w in found}
    assert len(sizes) <= 3, widths  # the maps' tiles, the action diagrams' tiles, the close-ups' tiles


def _spacing(boxes) -> float:
    """The smallest distance between the centres of the large shapes: one board cell."""
    big = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in boxes
           if min(x1 - x0, y1 - y0) > 12 and abs((x1 - x0) / (y1 - y0) - 1) < 0.15]
    centres = []
    for point in big:
        if all(math.dist(point, c) > 1 for c in centres):
            centres.append(point)
    return min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])


def test_every_step_of_the_example_play_is_drawn_at_one_scale(built):
    path = next(p for p in rulebooks(built, "boardless-quarto") if p.name.endswith("rules-en.pdf"))
    steps = [boxes for index in range(1, len(pdfium.PdfDocument(str(path))))
             for boxes in _figure_paths(path, index)
             if boxes and max(b[2] for b in boxes) - min(b[0] for b in boxes) > 80]
    assert len(steps) == 13
    cells = {round(_spacing(boxes), 1) for boxes in steps}
    assert len(cells) == 1, cells


@pytest.mark.parametrize("game", GAMES)
def test_the_bilingual_edition_never_parts_a_paragraph_from_its_translation(audited, game):
    path, pages = next((p, pages) for p, pages in audited[game].items() if p.name.endswith("bilingual.pdf"))
    size = body_size(pages)
    for page in pages[1:]:
        body = [r for r in page.runs if abs(r.size - size) < 0.1]
        top = max(body, key=lambda r: r.box[3]) if body else None
        # The translation (in italics) never opens a page: it is on the page of what it translates.
        assert top is None or "Italic" not in top.font, f"{page.name} opens with {top.text!r}"


def test_the_bilingual_editions_footer_and_thumbnails_speak_both_languages(audited):
    pages = next(pages for p, pages in audited["boardless-quarto"].items() if p.name.endswith("bilingual.pdf"))
    footer = " ".join(r.text for r in pages[1].furniture)
    assert "Boardless Quarto / Brætløs Quarto" in footer
    pages = next(pages for p, pages in audited["quatrefoil"].items() if p.name.endswith("bilingual.pdf"))
    thumbnails = {t.text.strip() for page in pages for t in page.figure_text if t.thumbnail}
    assert {"Blue", "Blå", "Northwest", "Nordvest"} <= thumbnails, thumbnails
