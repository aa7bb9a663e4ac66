"""Board size + paper → page tiles: which part of the board goes where on which page.

A board larger than the paper is cut into equal tiles, cols × rows, row-major from the
top-left of the board. Neighbouring tiles share a strip `overlap` wide, printed on both.
Board coordinates have their origin at the board's bottom-left corner; a tile's
`board_box` is its part of the board (trim size, overlap strips included) and its
`page_box` is where that part lands on its page, same size, placed like a one-face
sheet grid (centred above the footer band, bleed all round, room for cut marks).
The board art continues beyond every tile edge, so each tile prints with full bleed
and is cut on its own trim lines.

Overlap lines: on each side of a tile that has a neighbour, one line `overlap` inside
the tile's edge: that is where the neighbour's edge lands. To join two tiles, cut
one along its trim, lay it over the other so its cut edge meets that line, and glue
the strip.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.layout.geometry import EPS, Box, DoesNotFit, Line
from pnp.layout.paper import Paper
from pnp.layout.sheet import SheetGrid, SheetSpec, free_area, place_grid
from pnp.model.units import mm, to_mm


@dataclass(frozen=True)
class BoardTile:
    """One page of a tiled board."""

    index: int  # page number from 0
    row: int
    col: int
    board_box: Box
    page_box: Box
    grid: SheetGrid  # the tile as a one-slot grid: paper, bleed box, cut marks, footer
    overlap_lines: tuple[Line, ...]

    @property
    def paper(self) -> Paper:
        return self.grid.paper

    @property
    def shift(self) -> tuple[float, float]:
        """Add this to a board point to get its place on the page."""
        return (self.page_box.x - self.board_box.x, self.page_box.y - self.board_box.y)

    @property
    def art_box(self) -> Box:
        """The part of the board art this page shows, bleed included, in board coordinates."""
        return self.board_box.outset(self.grid.bleed)


def _tiles_along(length: float, room: float, overlap: float) -> int | None:
    """Fewest tiles, each at most room long and sharing overlap, that span length."""
    if length <= room + EPS:
        return 1
    if room <= overlap + EPS:
        return None
    return math.ceil((length - overlap) / (room - overlap) - EPS)


def _plan(board_w: float, board_h: float, paper: Paper, spec: SheetSpec,
          overlap: float) -> tuple[Paper, int, int] | None:
    """Orientation, cols and rows giving the fewest pages (ties: portrait)."""
    best: tuple[int, Paper, int, int] | None = None
    for oriented in paper.orientations():
        free = free_area(oriented, spec).inset(spec.bleed)
        cols = _tiles_along(board_w, free.w, overlap)
        rows = _tiles_along(board_h, free.h, overlap)
        if cols and rows and (best is None or cols * rows < best[0]):
            best = (cols * rows, oriented, cols, rows)
    return best[1:] if best else None


def _tile_start(length: float, tile: float, count: int, index: int) -> float:
    # Spreading the starts from 0 to (length - tile) lands the last tile exactly on the end.
    return 0.0 if count == 1 else (length - tile) * index / (count - 1)


def _overlap_lines(box: Box, row: int, col: int, rows: int, cols: int,
                   overlap: float) -> tuple[Line, ...]:
    lines = []
    if col > 0:
        lines.append(Line(box.x + overlap, box.y, box.x + overlap, box.top))
    if col + 1 < cols:
        lines.append(Line(box.right - overlap, box.y, box.right - overlap, box.top))
    if row > 0:
        lines.append(Line(box.x, box.top - overlap, box.right, box.top - overlap))
    if row + 1 < rows:
        lines.append(Line(box.x, box.y + overlap, box.right, box.y + overlap))
    return tuple(lines)


def tile_board(board_w: float, board_h: float, paper: Paper, spec: SheetSpec = SheetSpec(),
               overlap: float = mm(10)) -> list[BoardTile]:
    """The fewest equal page tiles that together show the whole board."""
    if board_w <= 0 or board_h <= 0 or overlap < 0:
        raise ValueError(f"board {to_mm(board_w):g} × {to_mm(board_h):g} mm with overlap "
                         f"{to_mm(overlap):g} mm: sizes must be positive, overlap not negative")
    plan = _plan(board_w, board_h, paper, spec, overlap)
    if plan is None:
        raise DoesNotFit(f"{paper.name} leaves no room for a board tile wider than its "
                         f"{to_mm(overlap):g} mm overlap")
    oriented, cols, rows = plan
    tile_w = (board_w + (cols - 1) * overlap) / cols
    tile_h = (board_h + (rows - 1) * overlap) / rows
    grid = place_grid(oriented, 1, 1, tile_w, tile_h, spec)
    page_box = grid.slots[0]
    tiles = []
    for row in range(rows):
        for col in range(cols):
            x = _tile_start(board_w, tile_w, cols, col)
            y = _tile_start(board_h, tile_h, rows, rows - 1 - row)
            lines = _overlap_lines(page_box, row, col, rows, cols, overlap)
            tiles.append(BoardTile(len(tiles), row, col, Box(x, y, tile_w, tile_h),
                                   page_box, grid, lines))
    return tiles
