"""The four games' sheets measured with independent readers (PDFium objects, pypdf text, pixels).

What the sheet issue asked for, by numbers: a one-language kit of the four games on at
most 6 sheets a paper (it was 11 on A4 and 12 on Letter), Quatrefoil's 9 cards on one
page, every mark pointing at art where a cut is, interior cuts single, backs that differ
never sharing a cut, every size and every back within 0.1 mm for both flips, Folio's
board never ending up behind another front.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT
from tests.sheets.reading import Page, Rect, read_pages, render

GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
SHEETS = {"quatrefoil": 2, "trifoil": 1, "boardless-quarto": 1, "folio": 2}
# Faces by their bleed boxes (mm) and bleed: every component of the four games but Folio's board.
# Folio's large pieces are the size of its board's squares: faces are told apart by their ground.
GROUNDS = {"folio": (0x1F, 0x2A, 0x36)}
FACES = {
    "quatrefoil": [((69.5, 94.9), 3.0), ((29.0, 29.0), 2.0)],
    "trifoil": [((20.0, 12.0), 2.0), ((29.0, 29.0), 2.0)],
    "boardless-quarto": [((34.0, 34.0), 2.0)],
    "folio": [((18.0, 18.0), 2.0), ((22.0, 22.0), 2.0), ((26.0, 26.0), 2.0)],
}
COLOUR_BACK, POSITION_BACK = (0x7A, 0x26, 0x31), (0x1E, 0x4E, 0x79)


def kit(out, flip: str = "long", **options):
    build([CONTENT / g for g in GAMES], BuildOptions(out=out, papers=("a4", "letter"), flip=flip, jobs=1,
                                                     kinds=("sheets", "png-page"), **options))
    return out


@pytest.fixture(scope="module")
def long_kit(tmp_path_factory):
    return kit(tmp_path_factory.mktemp("long"), formats=("pdf", "png"), dpi=40, languages=("en", "da"))


@pytest.fixture(scope="module")
def short_kit(tmp_path_factory):
    return kit(tmp_path_factory.mktemp("short"), "short", formats=("pdf",), languages=("en",))


def pdf_of(out, game: str, paper: str, language: str = "en"):
    return out / game / f"{game}-sheets-{language}-{paper}.pdf"


def two_sided(pdf) -> bool:
    preferences = PdfReader(pdf).trailer["/Root"].get("/ViewerPreferences", {})
    return "/Duplex" in preferences


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_one_language_kit_of_the_four_games_is_six_sheets(long_kit, paper):
    counts = {}
    for game in GAMES:
        pdf = pdf_of(long_kit, game, paper)
        pages = len(PdfReader(pdf).pages)
        counts[game] = pages // 2 if two_sided(pdf) else pages
    assert counts == SHEETS and sum(counts.values()) == 6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_quatrefoils_nine_cards_share_one_page(long_kit, paper):
    pdf = pdf_of(long_kit, "quatrefoil", paper)
    front = read_pages(pdf)[0]
    assert len(front.faces(69.5, 94.9)) == 9
    text = PdfReader(pdf).pages[0].extract_text()
    for name in ("Blue", "Green", "Purple", "Red", "Yellow", "Northwest", "Northeast", "Southwest", "Southeast"):
        assert name in text


def front_pages(pdf) -> list[tuple[int, Page]]:
    pages = read_pages(pdf)
    step = 2 if two_sided(pdf) else 1
    return [(i, pages[i]) for i in range(0, len(pages), step)]


def art_boxes(page: Page) -> list[Rect]:
    """Everything painted as art: faces (paths or forms with a fill) bigger than a mark."""
    return [o.box for o in page.objects if o.kind in (2, 5) and o.box.w > 3 and o.box.h > 3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_mark_points_at_art_never_at_an_empty_cell_or_a_blank_back(long_kit, game, paper):
    for page in read_pages(pdf_of(long_kit, game, paper)):  # fronts and backs
        art = art_boxes(page)
        for mark in page.marks:
            ends = _ends(mark)
            # Just beyond one end of a mark (1.5 mm on, past the 1 mm gap) there is art; a mark
            # at an empty row or column would point at bare paper.
            assert any(any(box.holds(*_beyond(end, away)) for box in art) for end, away in ends), mark


def _ends(mark: Rect):
    """Each end of a mark with the direction pointing away from the mark's other end."""
    if mark.w < mark.h:
        return [((mark.x0, mark.y0), (0, -1)), ((mark.x0, mark.y1), (0, 1))]
    return [((mark.x0, mark.y0), (-1, 0)), ((mark.x1, mark.y0), (1, 0))]


def _beyond(point, direction, distance: float = 1.5):
    return (point[0] + direction[0] * distance, point[1] + direction[1] * distance)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["quatrefoil", "trifoil", "folio"])
def test_every_mark_lies_on_a_trim_edge_of_a_component(long_kit, game, paper):
    for _, page in front_pages(pdf_of(long_kit, game, paper)):
        board = [b for b in art_boxes(page) if b.w > 150]  # Folio's board part, cut on its own lines
        trims = [face.inset(bleed) for size, bleed in FACES[game] for face in page.faces(*size, fill=GROUNDS.get(game))]
        edges_x = {round(v, 2) for t in trims for v in (t.x0, t.x1)}
        edges_y = {round(v, 2) for t in trims for v in (t.y0, t.y1)}
        for mark in page.marks:
            if board and any(b.holds(mark.x0, mark.y0) or _near_box(mark, b) for b in board):
                continue
            at = round(mark.x0, 2) if mark.w < mark.h else round(mark.y0, 2)
            assert any(abs(at - e) < 0.02 for e in (edges_x if mark.w < mark.h else edges_y)), (mark, page)


def _near_box(mark: Rect, box: Rect) -> bool:
    return box.x0 - 15 <= mark.x0 <= box.x1 + 15 and box.y0 - 15 <= mark.y0 <= box.y1 + 15


def card_classes(pdf, paper_page_height: float, back_page: int, trims: list[Rect], dpi: int = 40) -> list[str]:
    """Each card's back design, read from the pixels of its back's background (long-edge flip)."""
    image = render(pdf, back_page, dpi)
    k = dpi / 25.4
    classes = []
    width = image.width / k
    for trim in trims:
        # Beside the designs' middles, on their plain ground.
        x, y = width - (trim.x0 + 0.15 * trim.w), paper_page_height - (trim.y0 + trim.y1) / 2
        pixel = image.getpixel((int(x * k), int(y * k)))
        classes.append("colour" if _near(pixel, COLOUR_BACK) else "position" if _near(pixel, POSITION_BACK) else "?")
    return classes


def _near(pixel, rgb, tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, rgb))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_with_the_same_back_share_one_cut_and_different_backs_never_do(long_kit, paper):
    pdf = pdf_of(long_kit, "quatrefoil", paper)
    pages = read_pages(pdf)
    trims = [face.inset(3) for face in pages[0].faces(69.5, 94.9)]
    classes = card_classes(pdf, pages[0].height, 1, trims)
    assert sorted(classes) == ["colour"] * 5 + ["position"] * 4
    back = render(pdf, 1, 200)
    shared = separated = 0
    for i, a in enumerate(trims):
        for j, b in enumerate(trims[i + 1:], start=i + 1):
            gap = _neighbour_gap(a, b)
            if gap is None:
                continue
            if gap < 0.01:
                assert classes[i] == classes[j], (a, b)  # one cut between them, the same back on both sides
                shared += 1
                continue
            assert gap >= 2.0 - 0.01, (a, b, gap)  # two cuts, each back with its own bleed
            separated += 1
            # A cut 0.8 mm off on the back still shows the card's own back, never its neighbour's.
            for card, other, kind in ((a, b, classes[i]), (b, a, classes[j])):
                x, y = _just_outside(card, other, 0.8)
                pixel = back.getpixel((int((pages[1].width - x) * 200 / 25.4), int((pages[1].height - y) * 200 / 25.4)))
                assert _near(pixel, COLOUR_BACK if kind == "colour" else POSITION_BACK), (card, kind, pixel)
    assert shared >= 5 and separated >= 3


def _just_outside(card: Rect, other: Rect, distance: float) -> tuple[float, float]:
    """The point `distance` outside card's edge that faces other, halfway along that edge."""
    if abs(card.y0 - other.y0) < 0.01:
        x = card.x1 + distance if other.x0 > card.x0 else card.x0 - distance
        return x, (card.y0 + card.y1) / 2
    y = card.y1 + distance if other.y0 > card.y0 else card.y0 - distance
    return (card.x0 + card.x1) / 2, y


def _neighbour_gap(a: Rect, b: Rect) -> float | None:
    """The gap between two cards side by side or one above the other, None if they are not neighbours."""
    if abs(a.y0 - b.y0) < 0.01:
        gap = max(b.x0 - a.x1, a.x0 - b.x1)
        return gap if gap < 10 else None
    if abs(a.x0 - b.x0) < 0.01:
        gap = max(b.y0 - a.y1, a.y0 - b.y1)
        return gap if gap < 10 else None
    return None


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_size_and_every_back_within_a_tenth_of_a_millimetre(long_kit, short_kit, game, paper, flip):
    pdf = pdf_of(long_kit if flip == "long" else short_kit, game, paper)
    pages = read_pages(pdf)
    for index in range(0, len(pages), 2):
        front, back = pages[index], pages[index + 1]
        for size, _ in FACES[game]:
            fronts = front.faces(*size, tol=0.1, fill=GROUNDS.get(game))
            backs = back.faces(*size, tol=0.1, fill=GROUNDS.get(game))
            mirrored = [_mirror(f, front, flip) for f in fronts]
            assert len(backs) == len(fronts)
            for face in backs:
                assert any(face.near(m, 0.1) for m in mirrored), (game, paper, flip, face)


def _mirror(box: Rect, page: Page, flip: str) -> Rect:
    """Where a front box's back lies: long-edge mirrors left-right on portrait paper, short-edge top-bottom."""
    landscape = page.width > page.height
    if (flip == "long") != landscape:
        return Rect(page.width - box.x1, box.y0, page.width - box.x0, box.y1)
    return Rect(box.x0, page.height - box.y1, box.x1, page.height - box.y0)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_folios_board_never_ends_up_behind_another_front(long_kit, paper):
    pdf = pdf_of(long_kit, "folio", paper)
    pages = read_pages(pdf)
    texts = [p.extract_text() for p in PdfReader(pdf).pages]
    assert two_sided(pdf) and len(pages) == 4
    # Sheet 1: board part 1 and the pieces; its back: the pieces' backs only.
    assert [b for b in art_boxes(pages[0]) if b.w > 150] and not [b for b in art_boxes(pages[1]) if b.w > 150]
    # Sheet 2: board part 2 alone; its back is blank but for its footer, which says so.
    assert not art_boxes(pages[3]) and "back: leave blank" in texts[3]
    assert "board part 1 of 2" in texts[0] and "board part 2 of 2" in texts[2]


def test_footers_name_the_game_once_the_sets_the_sheet_and_the_side_in_the_sheets_language(long_kit):
    english = [p.extract_text() for p in PdfReader(pdf_of(long_kit, "quatrefoil", "a4")).pages]
    assert "Quatrefoil 1.0 · colour cards, position cards · sheet 1 of 2 · front · print at 100 %" in english[0]
    assert "Quatrefoil 1.0 · colour cards, position cards · sheet 1 of 2 · back · print at 100 %" in english[1]
    assert "Quatrefoil 1.0 · tokens · sheet 2 of 2 · front · print at 100 %" in english[2]
    assert all(text.count("Quatrefoil") == 1 for text in english)  # the backs say QUATREFOIL, in capitals
    danish = PdfReader(pdf_of(long_kit, "quatrefoil", "a4", "da")).pages[0].extract_text()
    assert "Quatrefoil 1.0 · farvekort, positionskort · ark 1 af 2 · forside · udskriv i 100 %" in danish


def test_every_game_gets_one_pdf_per_language_and_paper_and_textless_sets_print_in_each(long_kit):
    for game in GAMES:
        names = sorted(p.name for p in (long_kit / game).glob("*.pdf"))
        assert names == [f"{game}-sheets-{lang}-{paper}.pdf" for lang in ("da", "en") for paper in ("a4", "letter")]
    # Quatrefoil's tokens have no text but print in each language's PDF, on its sheet 2.
    for lang in ("en", "da"):
        assert len(read_pages(pdf_of(long_kit, "quatrefoil", "a4", lang))[2].faces(29, 29)) == 5
