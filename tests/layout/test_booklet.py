"""Booklet page order and imposition, checked against PRINTING.md's lists and by folding paper."""

import pytest

from pnp.layout.booklet import (
    A6_SIDES,
    PageCell,
    SheetSides,
    Side,
    a6_sheet_order,
    impose,
    padded_page_count,
    saddle_stitch_order,
)
from pnp.layout.geometry import DoesNotFit
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import back_slot
from pnp.model.units import mm, to_mm

A4, LETTER = PAPERS["a4"], PAPERS["letter"]


def flat(order):
    return [(s.front, s.back) for s in order]


# --- saddle stitch order -----------------------------------------------------

def test_eight_pages():
    assert flat(saddle_stitch_order(8)) == [((8, 1), (2, 7)), ((6, 3), (4, 5))]


def test_twelve_pages():
    assert flat(saddle_stitch_order(12)) == [
        ((12, 1), (2, 11)), ((10, 3), (4, 9)), ((8, 5), (6, 7))]


def test_padding():
    assert [padded_page_count(n) for n in (1, 4, 5, 8, 10, 12, 13)] == [4, 4, 8, 8, 12, 12, 16]
    order = saddle_stitch_order(10)
    assert len(order) == 3
    # Pages 11 and 12 are the blanks; they fall on the inside of the back cover.
    assert sorted(p for sheet in order for p in sheet.pages) == list(range(1, 13))
    assert flat(order)[0] == ((12, 1), (2, 11))
    with pytest.raises(ValueError):
        saddle_stitch_order(0)


@pytest.mark.parametrize("n", range(1, 41))
def test_every_page_once_and_leaves_back_to_back(n):
    order = saddle_stitch_order(n)
    total = padded_page_count(n)
    assert sorted(p for sheet in order for p in sheet.pages) == list(range(1, total + 1))
    for s, sheet in enumerate(order):
        # Turned left-right, the back's left lies behind the front's right.
        assert sheet.back[0] == sheet.front[1] + 1
        assert sheet.back[1] == sheet.front[0] - 1
        assert sheet.front[1] == 1 + 2 * s  # outermost sheet first


# --- folding paper -------------------------------------------------------------
# A panel is one cell of a sheet: its centre, its layer z (higher is nearer the reader)
# and on each face (+1 faces the reader, −1 faces away) a page and its up direction.

def panels_of(front: Side, back: Side, z=0):
    panels = []
    for i, f in enumerate(front.cells):
        r, c = divmod(i, front.cols)
        panels.append({"x": c + 0.5, "y": front.rows - r - 0.5, "z": z,
                       1: (f.page, up(f.rotation))})
    for i, b in enumerate(back.cells):
        r, c = divmod(i, back.cols)
        # The back is seen with the sheet turned left-right: its column c lies at cols − c.
        x, y = back.cols - c - 0.5, back.rows - r - 0.5
        [panel] = [p for p in panels if (p["x"], p["y"]) == (x, y)]
        panel[-1] = (b.page, up(b.rotation))
    return panels


def up(rotation):
    return (0, 1) if rotation == 0 else (0, -1)


def fold(panels, axis, at, towards_reader):
    """Fold the part beyond `at` on axis ("x" or "y") over onto the rest."""
    zs = [p["z"] for p in panels]
    mirror = (lambda u: (-u[0], u[1])) if axis == "x" else (lambda u: (u[0], -u[1]))
    for p in panels:
        if p[axis] > at:
            p[axis] = 2 * at - p[axis]
            # The layers swing over as a block: the nearest to the reader lands innermost.
            p["z"] = 2 * max(zs) + 1 - p["z"] if towards_reader else 2 * min(zs) - 1 - p["z"]
            p[1], p[-1] = (p[-1][0], mirror(p[-1][1])), (p[1][0], mirror(p[1][1]))


def read(panels, spine_x):
    """Pages in reading order, checking the cover has the spine on its left and all read upright."""
    [(cover, side)] = [(p, s) for p in panels for s in (1, -1) if p[s][0] == 1]
    assert len({(p["x"], p["y"]) for p in panels}) == 1  # folded down to one stack
    leaves = sorted(panels, key=lambda p: p["z"], reverse=(side == 1))
    # Seen from side −1 the page is mirrored left-right.
    assert side * (cover["x"] - spine_x) > 0
    pages = []
    for leaf in leaves:
        for face in (side, -side):
            assert leaf[face][1] == (0, 1), f"page {leaf[face][0]} is upside down"
            pages.append(leaf[face][0])
    return pages


def test_a6_order_folds_into_pages_one_to_eight():
    panels = panels_of(*A6_SIDES)
    fold(panels, "y", 1, towards_reader=False)  # top half back, away from side 1
    fold(panels, "x", 1, towards_reader=True)  # right half forward onto the left
    assert read(panels, spine_x=1) == list(range(1, 9))


@pytest.mark.parametrize("n", [8, 12, 16])
def test_saddle_stitch_folds_into_pages_in_order(n):
    panels = []
    for s, sheet in enumerate(saddle_stitch_order(n)):
        sheet_panels = panels_of(*sheet.sides(), z=s)
        for p in sheet_panels:  # lay it front down: turn it over left-right
            p["x"] = 2 - p["x"]
            p[1], p[-1] = p[-1], p[1]
        panels += sheet_panels
    fold(panels, "x", 1, towards_reader=True)
    assert read(panels, spine_x=1) == list(range(1, n + 1))


# --- imposition ------------------------------------------------------------------

def test_a5_pages_on_a4_are_centred():
    imposition = impose(saddle_stitch_order(8), A4, mm(148), mm(210), flip="short")
    assert imposition.paper.is_landscape  # turned to fit 296 × 210 mm
    assert len(imposition.sides) == 4
    left, right = imposition.sides[0]
    assert (left.page, right.page) == (8, 1)
    # 296 mm of pages on 297 mm: 0.5 mm each side, meeting at the fold 148.5.
    assert to_mm(left.box.x) == pytest.approx(0.5)
    assert to_mm(right.box.x) == pytest.approx(148.5)
    assert to_mm(right.box.right) == pytest.approx(296.5)
    assert (to_mm(left.box.y), to_mm(left.box.h)) == pytest.approx((0, 210))
    assert all(p.rotation == 0 for side in imposition.sides for p in side)


def test_half_letter_pages_fill_letter():
    imposition = impose(saddle_stitch_order(12), LETTER, 5.5 * 72, 8.5 * 72, flip="short")
    assert imposition.paper.is_landscape and len(imposition.sides) == 6
    first = imposition.sides[0]
    assert [(p.page, p.box.x, p.box.right) for p in first] == [(12, 0, 396), (1, 396, 792)]


def test_long_edge_only_printers_get_turned_backs():
    imposition = impose(saddle_stitch_order(8), A4.landscape(), mm(148), mm(210), flip="long")
    front, back = imposition.sides[:2]
    assert [(p.page, p.rotation) for p in front] == [(8, 0), (1, 0)]
    assert [(p.page, p.rotation) for p in back] == [(7, 180), (2, 180)]


def test_a6_sheet_order_on_a4():
    side1, side2 = a6_sheet_order()
    assert [(p.page, p.rotation) for p in side1] == [(1, 180), (8, 180), (4, 0), (5, 0)]
    assert [(p.page, p.rotation) for p in side2] == [(7, 180), (2, 180), (6, 0), (3, 0)]
    # 2 × 2 A6 pages (210 × 296 mm) centred on 210 × 297: rows meet at the fold 148.5.
    boxes = {p.page: tuple(round(to_mm(v), 2) for v in (p.box.x, p.box.y, p.box.w, p.box.h))
             for p in side1}
    assert boxes == {1: (0, 148.5, 105, 148), 8: (105, 148.5, 105, 148),
                     4: (0, 0.5, 105, 148), 5: (105, 0.5, 105, 148)}


@pytest.mark.parametrize("case", ["a5-short", "a5-long", "letter-short", "a6-long"])
def test_each_page_backs_onto_its_leaf_mate(case):
    """Whatever the flip, the page behind page p (odd) is p + 1, turned the same way."""
    if case == "a6-long":
        sides, paper, flip = a6_sheet_order(), A4, "long"
    else:
        paper = LETTER if case.startswith("letter") else A4
        flip = case.split("-")[1]
        size = (5.5 * 72, 8.5 * 72) if paper is LETTER else (mm(148), mm(210))
        imposition = impose(saddle_stitch_order(12), paper, *size, flip=flip)
        sides, paper = imposition.sides, imposition.paper
    for front, back in zip(sides[::2], sides[1::2]):
        for page in front:
            behind = back_slot(page.box, paper, flip)
            [mate] = [p for p in back if p.box.rect == pytest.approx(behind.box.rect, abs=1e-6)]
            odd, even = sorted((page.page, mate.page))
            assert odd % 2 == 1 and even == odd + 1
            assert (mate.rotation - page.rotation) % 360 == behind.rotation


def test_every_page_once_per_imposition():
    for n in (8, 12, 20):
        imposition = impose(saddle_stitch_order(n), A4, mm(148), mm(210), flip="short")
        pages = sorted(p.page for side in imposition.sides for p in side)
        assert pages == list(range(1, n + 1))
    side1, side2 = a6_sheet_order()
    assert sorted(p.page for p in side1 + side2) == list(range(1, 9))


def test_pages_too_big_do_not_fit():
    with pytest.raises(DoesNotFit):
        impose(saddle_stitch_order(4), A4, mm(210), mm(297))


def test_turned_side():
    side = Side(2, 1, (PageCell(3), PageCell(4, 180)), back=True)
    assert side.turned() == Side(2, 1, (PageCell(4, 0), PageCell(3, 180)), back=True)
    assert SheetSides((8, 1), (2, 7)).pages == (8, 1, 2, 7)
