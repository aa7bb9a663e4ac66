"""Every rulebook of the four games, read back from its PDF as a print designer would look at it.

Reading PDFs and booklets, English, Danish and bilingual: no figure over text or another
figure, no empty glyph boxes, no heading or lead-in left at a page foot, no nearly
empty page but the last and a booklet's spare pages, body lines of 75 characters or
fewer, printed type of 8 pt or more, and diagrams shown together at one scale.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from audit import (
    MAX_LINE,
    NEAR_EMPTY,
    body_size,
    fill,
    is_padding,
    last_page,
    lines,
    lowest,
    missing_glyphs,
    overprints,
    read_pages,
    text_block,
)
from rulebook_kit import GAMES


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


@pytest.mark.parametrize("game", GAMES)
def test_no_page_but_the_last_and_the_spare_ones_is_nearly_empty(audited, game):
    found = []
    for pages in audited[game].values():
        block, last = text_block(pages), last_page(pages)
        for page in pages:
            if 1 < page.number < last and not is_padding(page) and fill(page, block) < NEAR_EMPTY:
                found.append(f"{page.name}: content fills {fill(page, block):.0%} of the text block")
    assert found == []


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
    # Maps and action diagrams: a tile is the same size wherever it appears, so a reader
    # can compare them. Read from the paths of the /Figure forms of the English reading PDF.
    path = next(p for p in rulebooks(built, "trifoil") if p.name.endswith("rules-en.pdf"))
    widths = {}
    for index in range(1, len(pdfium.PdfDocument(str(path)))):
        for number, boxes in enumerate(_figure_paths(path, index)):
            if _tile_widths(boxes):
                widths[(index + 1, number)] = _tile_widths(boxes)
    assert len(widths) >= 8
    sizes = {w for found in widths.values() for w in found}
    assert len(sizes) <= 2, widths  # the maps' tiles, and the action diagrams' tiles


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
