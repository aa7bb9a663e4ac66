"""The four games' rulebooks read back by independent parsers: pypdf for text and fonts,
PDFium for where each booklet page landed on the printed sheets."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from rulebook_kit import GAMES, ROOT

from pnp.i18n.catalog import load_catalogs
from pnp.layout.booklet import padded_page_count, saddle_stitch_order
from pnp.layout.paper import PAPERS
from pnp.model.units import to_mm

PAGE_WORD = {"en": "Page", "da": "Side"}


def output(built, game: str, name: str) -> Path:
    [path] = [p for p in built[game][0] if p.name == name]
    return path


def text_of(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def catalog_text(game: str, language: str, key: str) -> str:
    return load_catalogs(ROOT / "content" / game, (language,))[language].get(key).text


def test_every_edition_is_written(built):
    for game in GAMES:
        names = {p.name for p in built[game][0]}
        assert names == {f"{game}-rules-en.pdf", f"{game}-rules-da.pdf", f"{game}-rules-bilingual.pdf",
                         *(f"{game}-booklet-{lang}-{paper}.pdf" for lang in ("en", "da") for paper in ("a4", "letter"))}
        assert built[game][1] == []  # every Danish text is there


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["en", "da"])
def test_reading_pdf_reads_in_its_language(built, game, language):
    path = output(built, game, f"{game}-rules-{language}.pdf")
    reader = pypdf.PdfReader(path)
    assert {(round(to_mm(p.mediabox.width)), round(to_mm(p.mediabox.height))) for p in reader.pages} == {(148, 210)}
    text = text_of(path)
    heading = catalog_text(game, language, "rules.overview.title")
    other = catalog_text(game, "da" if language == "en" else "en", "rules.overview.title")
    assert heading in text and other not in text
    assert f"{PAGE_WORD[language]} 2" in text
    # Every game states its players (the cover test has the rest).
    assert ("Spillere" if language == "da" else "Players") in text
    if language == "da":
        assert all(letter in text for letter in "æøå"), "Danish letters lost"


@pytest.mark.parametrize("game", GAMES)
def test_components_section_names_every_set(built, game):
    text = text_of(output(built, game, f"{game}-rules-da.pdf"))
    catalog = load_catalogs(ROOT / "content" / game, ("da",))["da"]
    names = [e.text for k, e in catalog.entries.items() if k.startswith("component.") and k.endswith(".name")]
    assert names and all(name in text for name in names)


def test_bilingual_alternates_paragraphs(built):
    text = text_of(output(built, "quatrefoil", "quatrefoil-rules-bilingual.pdf"))
    flat = " ".join(text.split())
    en = " ".join(catalog_text("quatrefoil", "en", "rules.turn-order.p1").split())
    da = " ".join(catalog_text("quatrefoil", "da", "rules.turn-order.p1").split())
    nxt = " ".join(catalog_text("quatrefoil", "en", "rules.positions.title").split())
    assert flat.index(en[:40]) < flat.index(da[:40]) < flat.index(nxt)
    assert "Page / Side 2" in flat


def fonts_of(resources, seen) -> list:
    fonts = []
    if resources is None or id(resources) in seen:
        return fonts
    seen.add(id(resources))
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        fonts.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            fonts += fonts_of(xobject.get("/Resources"), seen)
    return fonts


@pytest.mark.parametrize("game", GAMES)
def test_every_font_is_embedded(built, game):
    for path in built[game][0]:
        fonts = []
        for page in pypdf.PdfReader(path).pages:
            fonts += fonts_of(page.get("/Resources"), set())
        assert fonts, path.name
        for font in fonts:
            descriptor = font.get("/FontDescriptor")
            if descriptor is None:  # a composite font keeps it on its descendant
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            descriptor = descriptor.get_object()
            assert any(k in descriptor
                       for k in ("/FontFile", "/FontFile2", "/FontFile3")), (path.name, font["/BaseFont"])


# --- booklets: which page landed where ---------------------------------------------

def cells(paper_w: float, paper_h: float, cols: int, rows: int):
    """(col, row-from-top, box) of each equal cell of a side."""
    for r in range(rows):
        for c in range(cols):
            yield c, r, (c * paper_w / cols, paper_h - (r + 1) * paper_h / rows,
                         (c + 1) * paper_w / cols, paper_h - r * paper_h / rows)


def read_sides(path: Path, language: str, cols: int, rows: int) -> list[list[tuple[int | None, bool]]]:
    """Per side, per cell (row-major from the top-left): its footer page number and whether it is upside down."""
    document = pypdfium2.PdfDocument(str(path))
    sides = []
    try:
        for page in document:
            width, height = page.get_size()
            text = page.get_textpage()
            side = []
            for _, _, (left, bottom, right, top) in cells(width, height, cols, rows):
                found = re.search(rf"{PAGE_WORD[language]} (\d+)", text.get_text_bounded(left, bottom, right, top))
                number = int(found.group(1)) if found else None
                high = number is not None and _footer_is_high(text, found.group(0), left, bottom, right, top)
                side.append((number, high))
            sides.append(side)
    finally:
        document.close()
    return sides


def _footer_is_high(text, footer: str, left, bottom, right, top) -> bool:
    """True if the footer sits at the top of its cell: the page is turned 180°."""
    search = text.search(footer)
    while (hit := search.get_next()) is not None:
        x0, y0, x1, y1 = text.get_charbox(hit[0])
        if left <= x0 <= right and bottom <= y0 <= top:
            return y0 > (bottom + top) / 2
    raise AssertionError(f"{footer} not found in its cell")


def cover_cell(path: Path, tagline: str, cols: int, rows: int) -> tuple[int, int]:
    document = pypdfium2.PdfDocument(str(path))
    try:
        page = document[0]
        width, height = page.get_size()
        text = page.get_textpage()
        [hit] = [(c, r) for c, r, box in cells(width, height, cols, rows)
                 if tagline in " ".join(text.get_text_bounded(*box).split())]
        return hit
    finally:
        document.close()


@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a6_booklet_is_one_sheet_in_printing_order(built, language, paper):
    path = output(built, "quatrefoil", f"quatrefoil-booklet-{language}-{paper}.pdf")
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 2  # one sheet, printed on both sides
    sheet = PAPERS[paper]
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((sheet.width, sheet.height))
    # PRINTING.md: side 1 top p1 | p8 turned 180°, bottom p4 | p5; side 2 top p7 | p2 turned, bottom p6 | p3.
    # The cover (p1) carries no page number.
    assert read_sides(path, language, 2, 2) == [
        [(None, False), (8, True), (4, False), (5, False)],
        [(7, True), (2, True), (6, False), (3, False)],
    ]
    tagline = " ".join(catalog_text("quatrefoil", language, "rules.tagline").split())[:30]
    assert cover_cell(path, tagline, 2, 2) == (0, 0)


@pytest.mark.parametrize("game", [g for g in GAMES if g != "quatrefoil"])
@pytest.mark.parametrize("language", ["en", "da"])
def test_a5_booklet_is_saddle_stitched(built, game, language):
    path = output(built, game, f"{game}-booklet-{language}-a4.pdf")
    pages = len(pypdf.PdfReader(output(built, game, f"{game}-rules-{language}.pdf")).pages)
    sides = read_sides(path, language, 2, 1)
    numbered = max(n for side in sides for n, _ in side if n)
    assert len(sides) == padded_page_count(numbered) / 2
    expected = [side for sheet in saddle_stitch_order(numbered) for side in (sheet.front, sheet.back)]
    # The cover and the padding blanks have no number.
    assert [[n for n, _ in side] for side in sides] == [
        [p if 1 < p <= numbered else None for p in side] for side in expected]
    assert not any(turned for side in sides for _, turned in side)
    assert numbered >= pages - 1  # the booklet says all the reading edition says, at the same size
    reader = pypdf.PdfReader(path)
    assert float(reader.pages[0].mediabox.width) > float(reader.pages[0].mediabox.height)  # A4 landscape


def test_rebuild_is_byte_identical(built, tmp_path):
    from rulebook_kit import build

    paths, _ = build(ROOT / "content" / "quatrefoil", tmp_path)
    first = {p.name: p.read_bytes() for p in built["quatrefoil"][0]}
    assert {p.name: p.read_bytes() for p in paths} == first


# A line of nothing but one word and the punctuation that ends a sentence or a lead-in: the
# last word of a paragraph left alone on its line. Headings, captions' numbers and facts
# never end so.
RUNT = re.compile(r"\s*\S+[.:;!?]\s*")


@pytest.mark.parametrize("game", GAMES)
def test_no_paragraph_ends_in_a_line_of_one_word(built, game):
    """The Danish review found 'bordet.', 'spillet.', 'fast.' alone on a line, and the covers'
    taglines broke before 'brikker.' and 'ord.'; read back by PDFium, every edition and booklet
    of every language has none."""
    runts = []
    for path in built[game][0]:
        document = pypdfium2.PdfDocument(path)
        for number, page in enumerate(document, 1):
            lines = page.get_textpage().get_text_range().splitlines()
            runts += [(path.name, number, line.strip()) for line in lines if RUNT.fullmatch(line)]
        document.close()
    assert len(built[game][0]) == 7 and runts == []
