"""Board tiling by numbers: tiles cover the board exactly and fit their pages."""

import pytest

from pnp.layout.geometry import Box
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import DoesNotFit, SheetSpec, cut_marks
from pnp.layout.tiling import tile_board
from pnp.model.units import mm, to_mm

A4, LETTER = PAPERS["a4"], PAPERS["letter"]
SPEC = SheetSpec(bleed=mm(3))


def in_mm(box: Box) -> tuple[float, ...]:
    return tuple(to_mm(v) for v in (box.x, box.y, box.w, box.h))


def covered(tiles, board_w, board_h, step=mm(0.5)) -> bool:
    """Every sample point of the board lies in some tile's board box."""
    nx, ny = int(board_w / step), int(board_h / step)
    for i in range(nx + 1):
        for j in range(ny + 1):
            x, y = min(i * step, board_w), min(j * step, board_h)
            if not any(t.board_box.x - 1e-6 <= x <= t.board_box.right + 1e-6
                       and t.board_box.y - 1e-6 <= y <= t.board_box.top + 1e-6 for t in tiles):
                return False
    return True


def test_folio_board_tiles_onto_two_a4_pages():
    side = mm(8 * 26)  # 208 mm of squares; the art runs 3 mm past it all round
    tiles = tile_board(side, side, A4, SPEC)
    # Portrait A4: a tile may be 210 − 12 − 12 − 6 = 180 wide and 297 − 36 − 6 = 255 high.
    # Across: ceil((208 − 10) / (180 − 10)) = 2 tiles of (208 + 10) / 2 = 109 mm; up: 1.
    # Landscape also needs 2 (rows), so portrait wins the tie.
    assert len(tiles) == 2
    assert all(not t.paper.is_landscape for t in tiles)
    assert [(t.index, t.row, t.col) for t in tiles] == [(0, 0, 0), (1, 0, 1)]
    assert in_mm(tiles[0].board_box) == pytest.approx((0, 0, 109, 208), abs=0.01)
    assert in_mm(tiles[1].board_box) == pytest.approx((99, 0, 109, 208), abs=0.01)
    # Shared strip: 99..109 mm, the 10 mm overlap.
    assert to_mm(tiles[0].board_box.right - tiles[1].board_box.x) == pytest.approx(10)
    # On the page: centred across (210 − 109) / 2 = 50.5; in y 18..291, middle 154.5 − 104.
    for tile in tiles:
        assert in_mm(tile.page_box) == pytest.approx((50.5, 50.5, 109, 208), abs=0.01)


def test_tiles_cover_the_board_exactly():
    side = mm(208)
    tiles = tile_board(side, side, A4, SPEC)
    assert min(t.board_box.x for t in tiles) == pytest.approx(0, abs=1e-9)
    assert min(t.board_box.y for t in tiles) == pytest.approx(0, abs=1e-9)
    assert max(t.board_box.right for t in tiles) == pytest.approx(side, abs=1e-9)
    assert max(t.board_box.top for t in tiles) == pytest.approx(side, abs=1e-9)
    assert covered(tiles, side, side)
    area = sum(t.board_box.w * t.board_box.h for t in tiles)
    assert to_mm(to_mm(area)) == pytest.approx(208 * 208 + 10 * 208)  # board + one strip


def test_overlap_lines_show_where_the_neighbour_edge_lands():
    tiles = tile_board(mm(208), mm(208), A4, SPEC)
    left, right = tiles
    # Left tile: the right tile starts 10 mm inside its right edge, at 50.5 + 109 − 10 = 149.5.
    [line] = left.overlap_lines
    assert (to_mm(line.x0), to_mm(line.x1)) == pytest.approx((149.5, 149.5))
    # Right tile: the left tile ends 10 mm inside its left edge, at 60.5.
    [line] = right.overlap_lines
    assert (to_mm(line.x0), to_mm(line.x1)) == pytest.approx((60.5, 60.5))
    for tile in tiles:
        for line in tile.overlap_lines:
            assert (line.y0, line.y1) == (tile.page_box.y, tile.page_box.top)
    # Both lines are the same board point: board x = page x − shift.
    assert to_mm(mm(149.5) - left.shift[0]) == pytest.approx(to_mm(right.board_box.x))
    assert to_mm(mm(60.5) - right.shift[0]) == pytest.approx(to_mm(left.board_box.right))


def test_tiles_fit_their_page_with_room_for_marks():
    for paper in (A4, LETTER):
        for w, h in ((mm(208), mm(208)), (mm(500), mm(400)), (mm(150), mm(600))):
            for tile in tile_board(w, h, paper, SPEC):
                spec, page = SPEC, tile.paper
                bleed = tile.grid.bleed_box(0)
                room = spec.margin + spec.mark_room
                assert bleed.x >= room - 1e-6 and bleed.right <= page.width - room + 1e-6
                assert bleed.y >= room + spec.footer - 1e-6
                assert bleed.top <= page.height - room + 1e-6
                assert tile.grid.slots[0] == tile.page_box
                assert len(cut_marks(tile.grid)) == 8


def test_big_board_is_row_major_from_the_top_left():
    tiles = tile_board(mm(500), mm(400), A4, SPEC)
    # Portrait: across ceil(490 / 170) = 3, up ceil(390 / 245) = 2 → 6.
    # Landscape tile room 267 × 168: across ceil(490 / 257) = 2, up ceil(390 / 158) = 3 → 6.
    assert len(tiles) == 6 and not tiles[0].paper.is_landscape
    assert [(t.row, t.col) for t in tiles] == [(r, c) for r in range(2) for c in range(3)]
    top_left, bottom_right = tiles[0], tiles[-1]
    assert to_mm(top_left.board_box.x) == pytest.approx(0, abs=1e-9)
    assert to_mm(top_left.board_box.top) == pytest.approx(400)
    assert to_mm(bottom_right.board_box.right) == pytest.approx(500)
    assert to_mm(bottom_right.board_box.y) == pytest.approx(0, abs=1e-9)
    # A middle tile of the top row has neighbours left, right and below: three lines.
    assert len(tiles[1].overlap_lines) == 3
    assert covered(tiles, mm(500), mm(400), step=mm(2))


def test_board_that_fits_gives_one_tile():
    tiles = tile_board(mm(150), mm(150), A4, SPEC)
    assert len(tiles) == 1
    assert in_mm(tiles[0].board_box) == pytest.approx((0, 0, 150, 150))
    assert tiles[0].overlap_lines == ()


def test_wide_board_turns_the_paper():
    # 260 × 150: portrait needs 2 pages, landscape (room 267 × 168) only 1.
    tiles = tile_board(mm(260), mm(150), A4, SPEC)
    assert len(tiles) == 1 and tiles[0].paper.is_landscape


def test_art_box_and_shift():
    tile = tile_board(mm(208), mm(208), A4, SPEC)[1]
    assert in_mm(tile.art_box) == pytest.approx((96, -3, 115, 214), abs=0.01)
    dx, dy = tile.shift
    assert (to_mm(dx), to_mm(dy)) == pytest.approx((50.5 - 99, 50.5))


def test_overlap_wider_than_the_room_does_not_fit():
    with pytest.raises(DoesNotFit):
        tile_board(mm(1000), mm(1000), A4, SPEC, overlap=mm(300))
    with pytest.raises(ValueError):
        tile_board(mm(100), mm(100), A4, SPEC, overlap=-1)
