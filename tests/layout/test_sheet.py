"""Sheet layout by numbers: every expected value is worked out by hand in millimetres."""

import pytest

from pnp.layout.geometry import Box, Line
from pnp.layout.paper import PAPERS, paper_named
from pnp.layout.sheet import (
    DoesNotFit, SheetSpec, back_cut_marks, back_grid, back_slot, cut_marks, fit_grid,
    footer_band, footer_origin, page_chunks, place_grid, scale_bar,
)
from pnp.model.units import mm, to_mm

A4, LETTER = PAPERS["a4"], PAPERS["letter"]
POKER = (mm(63.5), mm(88.9))
BARE = SheetSpec(bleed=0, margin=0, footer=0, mark_length=0)  # the paper and nothing else


def in_mm(box: Box) -> tuple[float, ...]:
    return tuple(to_mm(v) for v in (box.x, box.y, box.w, box.h))


def assert_mm(box: Box, expected: tuple[float, ...]) -> None:
    assert in_mm(box) == pytest.approx(expected, abs=0.01)


def assert_valid(grid) -> None:
    """Independent check: bleed boxes inside the margins above the footer, none overlapping,
    and room for the cut marks."""
    spec, paper = grid.spec, grid.paper
    room = spec.mark_room
    lo_x, hi_x = spec.margin + room, paper.width - spec.margin - room
    lo_y, hi_y = spec.margin + spec.footer + room, paper.height - spec.margin - room
    boxes = [grid.bleed_box(i) for i in range(grid.per_page)]
    for box in boxes:
        assert lo_x - 1e-6 <= box.x and box.right <= hi_x + 1e-6
        assert lo_y - 1e-6 <= box.y and box.top <= hi_y + 1e-6
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            overlap_w = min(a.right, b.right) - max(a.x, b.x)
            overlap_h = min(a.top, b.top) - max(a.y, b.y)
            assert overlap_w <= 1e-6 or overlap_h <= 1e-6


def crosses(line: Line, box: Box) -> bool:
    """Whether an axis-parallel segment touches a box (edges included)."""
    x0, x1 = sorted((line.x0, line.x1))
    y0, y1 = sorted((line.y0, line.y1))
    return x0 <= box.right and x1 >= box.x and y0 <= box.top and y1 >= box.y


# --- paper ---------------------------------------------------------------

def test_paper_sizes_and_orientation():
    assert (to_mm(A4.width), to_mm(A4.height)) == pytest.approx((210, 297))
    assert (LETTER.width, LETTER.height) == (612, 792)
    turned = A4.landscape()
    assert (turned.width, turned.height) == (A4.height, A4.width)
    assert turned.is_landscape and not A4.is_landscape
    assert turned.landscape() == turned and turned.portrait() == A4
    assert paper_named("Letter") == LETTER
    with pytest.raises(ValueError, match="a4, letter"):
        paper_named("a3")


# --- where faces land -----------------------------------------------------

def test_poker_card_with_bleed_on_a4_lands_where_arithmetic_says():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3)))
    # Free width 210 − 2·6 margin − 2·6 marks = 186: two 69.5 mm bleed boxes (three need 208.5).
    # Free height 297 − 12 − 12 footer − 12 = 261: two 94.9 mm rows (three need 284.7).
    # Landscape: 273 / 69.5 → 3 cols, 174 / 94.9 → 1 row = 3 < 4, so portrait 2 × 2.
    assert (grid.paper, grid.cols, grid.rows, grid.per_page) == (A4, 2, 2, 4)
    # Extent 139 × 189.8 mm centred across: left (210 − 139) / 2 = 35.5.
    # Centred in y 18..291 (middle 154.5): bottom 154.5 − 94.9 = 59.6, top 249.4.
    assert_mm(grid.extent, (35.5, 59.6, 139, 189.8))
    assert_mm(grid.slots[0], (38.5, 249.4 - 3 - 88.9, 63.5, 88.9))  # y 157.5
    assert_mm(grid.slots[1], (35.5 + 69.5 + 3, 157.5, 63.5, 88.9))  # x 108
    assert_mm(grid.slots[2], (38.5, 157.5 - 94.9, 63.5, 88.9))  # y 62.6
    assert_mm(grid.slots[3], (108, 62.6, 63.5, 88.9))
    assert_mm(grid.bleed_box(0), (35.5, 154.5, 69.5, 94.9))
    assert grid.bleed_box(grid.slots[0]) == grid.bleed_box(0)
    assert_valid(grid)


def test_back_on_long_edge_is_mirrored_left_right():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3)))
    back = back_slot(grid.slots[0], grid.paper, "long")
    assert back.rotation == 0
    assert_mm(back.box, (210 - 38.5 - 63.5, 157.5, 63.5, 88.9))  # x' = W − x − w = 108
    backs = back_grid(grid, "long")
    assert [b.box for b in backs] == [back_slot(s, A4, "long").box for s in grid.slots]
    # The grid is centred, so the left card's back lands where the right card's front is.
    assert in_mm(backs[0].box) == pytest.approx(in_mm(grid.slots[1]), abs=0.01)


def test_back_on_short_edge_is_mirrored_top_bottom_and_turned():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3)))
    back = back_slot(grid.slots[0], grid.paper, "short")
    assert back.rotation == 180
    assert_mm(back.box, (38.5, 297 - 157.5 - 88.9, 63.5, 88.9))  # y' = H − y − h = 50.6


def test_landscape_paper_swaps_which_flip_mirrors_which_way():
    # On landscape paper the long edge runs across the page: turning on it swaps top and bottom.
    paper = A4.landscape()
    box = Box(mm(20), mm(30), mm(63.5), mm(88.9))
    long_back = back_slot(box, paper, "long")
    assert long_back.rotation == 180
    assert_mm(long_back.box, (20, 210 - 30 - 88.9, 63.5, 88.9))
    short_back = back_slot(box, paper, "short")
    assert short_back.rotation == 0
    assert_mm(short_back.box, (297 - 20 - 63.5, 30, 63.5, 88.9))


def test_turning_twice_puts_a_back_where_it_started():
    box = Box(11.0, 22.0, 33.0, 44.0)
    for paper in (A4, A4.landscape(), LETTER):
        for flip in ("long", "short"):
            once = back_slot(box, paper, flip).box
            twice = back_slot(once, paper, flip).box
            assert in_mm(twice) == pytest.approx(in_mm(box), abs=1e-9)


def test_offset_moves_only_backs():
    spec = SheetSpec(bleed=mm(3))
    grid = fit_grid(A4, *POKER, spec)
    fronts = grid.slots
    dx, dy = mm(1.5), mm(-0.5)
    for flip in ("long", "short"):
        plain = back_grid(grid, flip)
        moved = back_grid(grid, flip, (dx, dy))
        for p, m in zip(plain, moved):
            assert (to_mm(m.box.x - p.box.x), to_mm(m.box.y - p.box.y)) == pytest.approx((1.5, -0.5))
            assert (m.box.w, m.box.h, m.rotation) == (p.box.w, p.box.h, p.rotation)
        marks = back_cut_marks(grid, flip)
        moved_marks = back_cut_marks(grid, flip, (dx, dy))
        assert moved_marks == [m.translate(dx, dy) for m in marks]
    assert fit_grid(A4, *POKER, spec).slots == fronts
    assert cut_marks(grid) == cut_marks(fit_grid(A4, *POKER, spec))


def test_back_cut_marks_frame_the_back_faces():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3)))
    for flip in ("long", "short"):
        backs = [p.box.outset(grid.bleed) for p in back_grid(grid, flip)]
        for mark in back_cut_marks(grid, flip):
            assert not any(crosses(mark, box) for box in backs)


# --- fitting ----------------------------------------------------------------

def test_butted_poker_3x3_fits_bare_a4_and_letter_portrait():
    # 3 × 63.5 = 190.5 ≤ 210 and 215.9; 3 × 88.9 = 266.7 ≤ 297 and 279.4.
    for paper in (A4, LETTER):
        grid = fit_grid(paper, *POKER, BARE)
        assert (grid.paper.is_landscape, grid.cols, grid.rows) == (False, 3, 3)
        assert_valid(grid)
    # Landscape would give only 4 × 2 = 8; place_grid still accepts 3 × 3 portrait by hand.
    place_grid(LETTER, 3, 3, *POKER, BARE)


def test_poker_with_bleed_no_longer_fits_3x3_on_letter_portrait():
    spec = SheetSpec(bleed=mm(3), margin=0, footer=0, mark_length=0)
    with pytest.raises(DoesNotFit, match="3 × 3 grid"):
        place_grid(LETTER, 3, 3, *POKER, spec)  # needs 208.5 × 284.7 mm, has 215.9 × 279.4
    grid = fit_grid(LETTER, *POKER, spec)
    # Portrait: 215.9 / 69.5 → 3, 279.4 / 94.9 → 2 = 6. Landscape: 279.4 / 69.5 → 4,
    # 215.9 / 94.9 → 2 = 8.
    assert (grid.paper.is_landscape, grid.cols, grid.rows) == (True, 4, 2)
    assert_valid(grid)
    # A4 portrait still takes 3 × 3: 208.5 ≤ 210 and 284.7 ≤ 297.
    assert (fit_grid(A4, *POKER, spec).cols, fit_grid(A4, *POKER, spec).rows) == (3, 3)


def test_default_sheet_takes_four_poker_cards_on_letter():
    grid = fit_grid(LETTER, *POKER, SheetSpec(bleed=mm(3)))
    # Portrait free 191.9 × 243.4 → 2 × 2; landscape free 255.4 × 179.9 → 3 × 1.
    assert (grid.paper.is_landscape, grid.cols, grid.rows) == (False, 2, 2)
    assert_valid(grid)


def test_without_bleed_default_sheet_prefers_landscape_letter():
    grid = fit_grid(LETTER, *POKER, SheetSpec(bleed=0))
    # Portrait free 191.9 × 243.4 → 3 × 2 = 6; landscape 255.4 × 179.9 → 4 × 2 = 8.
    assert (grid.paper.is_landscape, grid.cols, grid.rows) == (True, 4, 2)
    assert_valid(grid)


def test_ties_go_to_portrait():
    # A4 without bleed: portrait 186 × 261 → 2 × 2, landscape 273 × 174 → 4 × 1.
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=0))
    assert (grid.paper.is_landscape, grid.per_page) == (False, 4)


def test_gutter_spaces_bleed_boxes():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3), gutter=mm(2)))
    assert to_mm(grid.bleed_box(1).x - grid.bleed_box(0).right) == pytest.approx(2)
    assert to_mm(grid.bleed_box(0).y - grid.bleed_box(2).top) == pytest.approx(2)
    assert_valid(grid)


def test_tokens_fill_a_page():
    grid = fit_grid(A4, mm(25), mm(25), SheetSpec(bleed=mm(3)))
    # 31 mm cells: 186 / 31 = 6 cols, 261 / 31 → 8 rows = 48; landscape 273 → 8, 174 → 5 = 40.
    assert (grid.paper.is_landscape, grid.cols, grid.rows, grid.per_page) == (False, 6, 8, 48)
    assert len(set(grid.slots)) == 48
    # Extent 186 × 248 mm: left 12, bottom 154.5 − 124 = 30.5.
    assert_mm(grid.extent, (12, 30.5, 186, 248))
    assert_valid(grid)


def test_face_bigger_than_the_page_does_not_fit():
    with pytest.raises(DoesNotFit, match=r"300 × 200 mm face .* a4 \(210 × 297 mm\)"):
        fit_grid(A4, mm(300), mm(200))
    assert issubclass(DoesNotFit, ValueError)
    with pytest.raises(ValueError):
        fit_grid(A4, 0, mm(10))


# --- cut marks ----------------------------------------------------------------

GRIDS = [
    fit_grid(A4, *POKER, SheetSpec(bleed=mm(3))),
    fit_grid(A4, *POKER, SheetSpec(bleed=mm(3), gutter=mm(4))),
    fit_grid(LETTER, *POKER, SheetSpec(bleed=0)),
    fit_grid(A4, mm(25), mm(25), SheetSpec(bleed=mm(1.5))),
    place_grid(A4, 3, 3, *POKER, SheetSpec(bleed=0, margin=mm(2), footer=0, mark_length=mm(1),
                                             mark_gap=mm(0.5))),
]


@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("to_edge", [False, True])
def test_cut_marks_never_touch_art(grid, to_edge):
    marks = cut_marks(grid, to_edge=to_edge)
    assert marks
    for mark in marks:
        assert not any(crosses(mark, grid.bleed_box(i)) for i in range(grid.per_page))
        assert 0 <= min(mark.x0, mark.x1) and max(mark.x0, mark.x1) <= grid.paper.width
        assert 0 <= min(mark.y0, mark.y1) and max(mark.y0, mark.y1) <= grid.paper.height


@pytest.mark.parametrize("grid", GRIDS)
def test_cut_marks_stay_inside_the_margin_above_the_footer(grid):
    spec, paper = grid.spec, grid.paper
    for mark in cut_marks(grid):
        for x, y in ((mark.x0, mark.y0), (mark.x1, mark.y1)):
            assert spec.margin - 1e-6 <= x <= paper.width - spec.margin + 1e-6
            assert spec.margin + spec.footer - 1e-6 <= y <= paper.height - spec.margin + 1e-6


def test_cut_marks_of_a_bled_grid_by_numbers():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3)))
    marks = cut_marks(grid)
    # Trim x: 38.5, 102, 108, 171.5; trim y: 62.6, 151.5, 157.5, 246.4 → 4 × 2 + 4 × 2 marks.
    assert len(marks) == 16
    vertical = sorted({round(to_mm(m.x0), 2) for m in marks if m.x0 == m.x1})
    horizontal = sorted({round(to_mm(m.y0), 2) for m in marks if m.y0 == m.y1})
    assert vertical == pytest.approx([38.5, 102, 108, 171.5])
    assert horizontal == pytest.approx([62.6, 151.5, 157.5, 246.4])
    for mark in marks:
        assert to_mm(mark.length) == pytest.approx(5)
    # Above the grid: from the bleed top 249.4 + 1 gap to 255.4 (margin 6 leaves 291).
    top = [m for m in marks if m.x0 == m.x1 and m.y0 > grid.extent.top]
    assert {(round(to_mm(m.y0), 2), round(to_mm(m.y1), 2)) for m in top} == {(250.4, 255.4)}
    left = [m for m in marks if m.y0 == m.y1 and m.x0 < grid.extent.x]
    assert {(round(to_mm(m.x0), 2), round(to_mm(m.x1), 2)) for m in left} == {(34.5, 29.5)}


def test_butted_edges_give_one_mark_each():
    grid = place_grid(A4, 3, 3, *POKER, SheetSpec(bleed=0, margin=mm(2), footer=0,
                                                 mark_length=mm(1), mark_gap=mm(0.5)))
    # Four distinct x (3 columns butted) and four distinct y: 4·2 + 4·2 = 16, not 24.
    assert len(cut_marks(grid)) == 16


def test_marks_to_the_edge_reach_the_paper_but_not_the_footer():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3)))
    marks = cut_marks(grid, to_edge=True)
    ends = {(round(to_mm(m.x1), 2), round(to_mm(m.y1), 2)) for m in marks}
    assert any(y == 297 for _, y in ends) and any(x == 0 for x, _ in ends)
    assert any(x == 210 for x, _ in ends)
    bottom = [m for m in marks if m.x0 == m.x1 and m.y0 < grid.extent.y]
    assert {round(to_mm(m.y1), 2) for m in bottom} == {18}  # top of the footer band


def test_mark_length_and_gap_can_be_given():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3)))
    for mark in cut_marks(grid, length=mm(2), gap=mm(3)):
        assert to_mm(mark.length) == pytest.approx(2)
        if mark.x0 == mark.x1 and mark.y0 > grid.extent.top:
            assert to_mm(mark.y0 - grid.extent.top) == pytest.approx(3)


# --- footer ------------------------------------------------------------------

def test_scale_bar_and_footer_sit_in_the_footer_band():
    grid = fit_grid(A4, *POKER, SheetSpec(bleed=mm(3)))
    bar = scale_bar(grid)
    # Band: x 6..204, y 6..18 mm; the bar at mid-height, from the left margin, 50 mm long.
    assert (to_mm(bar.x0), to_mm(bar.y0), to_mm(bar.x1), to_mm(bar.y1)) == pytest.approx((6, 12, 56, 12))
    x, y = footer_origin(grid)
    assert (to_mm(x), to_mm(y)) == pytest.approx((60, 11))
    assert_mm(footer_band(grid), (6, 6, 198, 12))
    assert bar.y0 < grid.extent.y - grid.spec.mark_room


def test_short_edge_backs_put_the_footer_at_the_top():
    grid = fit_grid(A4, mm(25), mm(25), SheetSpec(bleed=mm(3)))
    backs = [p.box.outset(grid.bleed) for p in back_grid(grid, "short")]
    band = footer_band(grid, "short")
    assert_mm(band, (6, 297 - 6 - 12, 198, 12))
    assert not any(band.overlaps(b) for b in backs)
    # Why not the bottom: the back grid's marks reach into it (they end at 18.5 − 6 = 12.5 mm).
    low_ends = [min(m.y0, m.y1) for m in back_cut_marks(grid, "short")]
    assert to_mm(min(low_ends)) == pytest.approx(12.5)
    assert all(max(m.y0, m.y1) <= band.y for m in back_cut_marks(grid, "short"))
    bar = scale_bar(grid, flip="short")
    assert to_mm(bar.y0) == pytest.approx(285)
    assert footer_band(grid, "long") == footer_band(grid)


def test_no_footer_band_no_scale_bar():
    grid = fit_grid(A4, *POKER, BARE)
    with pytest.raises(ValueError, match="footer band"):
        scale_bar(grid)


# --- pages -------------------------------------------------------------------

def test_page_chunks():
    assert page_chunks(10, 4) == [range(0, 4), range(4, 8), range(8, 10)]
    assert page_chunks(8, 4) == [range(0, 4), range(4, 8)]
    assert page_chunks(0, 9) == []
    with pytest.raises(ValueError):
        page_chunks(3, 0)


def test_spec_rejects_negative_lengths():
    with pytest.raises(ValueError, match="bleed"):
        SheetSpec(bleed=-1)
    assert SheetSpec(mark_length=0).mark_room == 0
    assert to_mm(SheetSpec().mark_room) == pytest.approx(6)
