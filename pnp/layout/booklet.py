"""Page count → booklet page order, and page order → the box of every page on every sheet side.

Pages are numbered from 1; a booklet of n real pages is padded with blanks to N pages,
and any page number above n is blank (placements still list it so the painter can
skip it).

Sides are written as seen looking at them. A back side is written as seen after
turning the sheet over about its vertical axis (left-right), which is how the sheet
turns when duplex flips on the edge that is vertical on the page: the short edge of a
landscape sheet, the long edge of a portrait one. `impose(..., flip=...)` turns back
sides 180° when the chosen flip turns the sheet top to bottom instead.

The margin on one side of a sheet's pages carries its number and how to print, fold and
trim it (`sheet_text`), at 7 pt, at least 5 mm from the paper's edge, between the marks.

Saddle stitch (n-up 2 on landscape A4 or Letter): sheet s from 0 has
front = (N − 2s, 1 + 2s) and back = (2 + 2s, N − 1 − 2s), each (left, right).

A6 on one A4 sheet (portrait, long-edge duplex, 2 × 2 a side):
side 1: top p1 | p8 turned 180°, bottom p4 | p5; side 2: top p7 | p2 turned 180°,
bottom p6 | p3. Checked by folding: the leaves (1, 2), (8, 7), (4, 3), (5, 6) are back
to back; fold the top half back (away from side 1), then fold the right half forward
onto the left: p1 is the cover, the spine is on its left, all pages read upright in
order 1..8, and once the top fold is trimmed the sheet is two nested folded leaves
(1, 2 | 7, 8 outside, 3, 4 | 5, 6 inside).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.layout.geometry import EPS, Box, DoesNotFit, Line, union_all
from pnp.layout.paper import PAPERS, Paper
from pnp.layout.sheet import turns_about_vertical
from pnp.model.units import mm, to_mm


@dataclass(frozen=True)
class PageCell:
    """One page on a side, and the turn (degrees) of its content."""

    page: int
    rotation: int = 0


@dataclass(frozen=True)
class Side:
    """One side of a sheet: cols × rows pages, row-major from the top-left as seen."""

    cols: int
    rows: int
    cells: tuple[PageCell, ...]
    back: bool = False

    def turned(self) -> Side:
        """The same side turned 180° on the sheet: cells reversed, each page turned."""
        cells = tuple(PageCell(c.page, (c.rotation + 180) % 360) for c in reversed(self.cells))
        return Side(self.cols, self.rows, cells, self.back)


@dataclass(frozen=True)
class SheetSides:
    """A saddle-stitch sheet: two pages a side, each pair (left, right)."""

    front: tuple[int, int]
    back: tuple[int, int]

    @property
    def pages(self) -> tuple[int, ...]:
        return self.front + self.back

    def sides(self) -> tuple[Side, Side]:
        front = Side(2, 1, tuple(PageCell(p) for p in self.front))
        back = Side(2, 1, tuple(PageCell(p) for p in self.back), back=True)
        return front, back


@dataclass(frozen=True)
class PagePlacement:
    """Where a page goes on a sheet side: its box and the turn (degrees, about the centre)."""

    page: int
    box: Box
    rotation: int = 0


@dataclass(frozen=True)
class Imposition:
    """Every side to print, in print order (sheet 1 front, sheet 1 back, ...), on paper."""

    paper: Paper
    sides: tuple[tuple[PagePlacement, ...], ...]


def padded_page_count(n_pages: int) -> int:
    """n_pages rounded up to a multiple of 4, the pages a folded sheet holds."""
    if n_pages < 1:
        raise ValueError(f"a booklet needs at least one page, got {n_pages}")
    return -(-n_pages // 4) * 4


def saddle_stitch_order(n_pages: int) -> list[SheetSides]:
    """Sheets of a saddle-stitched booklet, outermost first; pages > n_pages are blank."""
    total = padded_page_count(n_pages)
    return [SheetSides(front=(total - 2 * s, 1 + 2 * s), back=(2 + 2 * s, total - 1 - 2 * s))
            for s in range(total // 4)]


A6_SIDES: tuple[Side, Side] = (
    Side(2, 2, (PageCell(1, 180), PageCell(8, 180), PageCell(4), PageCell(5))),
    Side(2, 2, (PageCell(7, 180), PageCell(2, 180), PageCell(6), PageCell(3)), back=True),
)


def _flatten(order: Sequence[SheetSides | Side]) -> list[Side]:
    sides: list[Side] = []
    for item in order:
        sides.extend(item.sides() if isinstance(item, SheetSides) else (item,))
    return sides


def _orient(paper: Paper, block_w: float, block_h: float) -> Paper:
    """paper as given if the block fits, else turned; DoesNotFit if neither."""
    for oriented in (paper, paper.landscape() if paper.portrait() == paper else paper.portrait()):
        if block_w <= oriented.width + EPS and block_h <= oriented.height + EPS:
            return oriented
    raise DoesNotFit(f"{to_mm(block_w):g} × {to_mm(block_h):g} mm of pages do not fit on "
                     f"{paper.name} ({to_mm(paper.width):g} × {to_mm(paper.height):g} mm)")


def _place_side(side: Side, paper: Paper, page_w: float, page_h: float) -> tuple[PagePlacement, ...]:
    # The pages butt (they meet at the folds) and the block is centred on the sheet.
    left = (paper.width - side.cols * page_w) / 2
    top = (paper.height + side.rows * page_h) / 2
    return tuple(
        PagePlacement(cell.page,
                      Box(left + (i % side.cols) * page_w, top - (i // side.cols + 1) * page_h,
                          page_w, page_h),
                      cell.rotation)
        for i, cell in enumerate(side.cells))


def impose(order: Sequence[SheetSides | Side], sheet_paper: Paper, page_w: float, page_h: float,
           *, flip: str | None = None) -> Imposition:
    """Place every page of order n-up on sheet_paper, turned to the orientation that fits.

    flip None prints the sides as written; "long" or "short" turns back sides 180° when
    that duplex flip turns this sheet top to bottom.
    """
    sides = _flatten(order)
    if not sides or any(len(s.cells) != s.cols * s.rows for s in sides):
        raise ValueError("every side needs cols × rows pages")
    if len({(s.cols, s.rows) for s in sides}) != 1:
        raise ValueError("every side of one imposition must hold the same grid of pages")
    paper = _orient(sheet_paper, sides[0].cols * page_w, sides[0].rows * page_h)
    if flip is not None and not turns_about_vertical(paper, flip):
        sides = [s.turned() if s.back else s for s in sides]
    return Imposition(paper, tuple(_place_side(s, paper, page_w, page_h) for s in sides))


def a6_sheet_order(*, page_w: float = mm(105), page_h: float = mm(148)) -> list[list[PagePlacement]]:
    """The 8-page A6 booklet on one portrait A4 sheet for long-edge duplex: side 1, side 2."""
    imposition = impose(A6_SIDES, PAPERS["a4"], page_w, page_h, flip="long")
    return [list(side) for side in imposition.sides]


# --- marks around the page block ------------------------------------------------

MARK_GAP = mm(1)  # between a page edge and the start of its mark
MARK_LENGTH = mm(3.5)
# A sheet's own words: its number and how to print, fold and trim it, in the margin on one
# side of the pages, at TEXT_SIZE points and never nearer the paper's edge than PRINTER_MARGIN
# (home printers leave 4–5 mm unprinted), clear of the marks by MARK_CLEARANCE.
TEXT_SIZE = 7.0
TEXT_LINES = 3
LEADING = TEXT_SIZE * 1.2
ASCENT, DESCENT = TEXT_SIZE * 0.75, TEXT_SIZE * 0.25
PRINTER_MARGIN = mm(5)
MARK_CLEARANCE = mm(2)
TEXT_ROOM = PRINTER_MARGIN + DESCENT + (TEXT_LINES - 1) * LEADING + ASCENT + mm(1)  # paper edge to pages


@dataclass(frozen=True)
class BookletMarks:
    """What a booklet side carries outside its pages: trim marks at the block's corners,
    fold marks where pages meet, and the stretches of margin (between those marks) where
    its words go."""

    trim: tuple[Line, ...]
    fold: tuple[Line, ...]
    along: str
    free: tuple[tuple[float, float], ...]  # stretches of the margin's length the words may take


@dataclass(frozen=True)
class TextLine:
    """A line of a sheet's words: centred at (x, y) on its baseline, turned 0° or 90°."""

    text: str
    x: float
    y: float
    turn: int


def page_block(side: Sequence[PagePlacement]) -> Box:
    return union_all(p.box for p in side)


def booklet_marks(block: Box, cols: int, rows: int, *, along: str) -> BookletMarks:
    """Marks for a block of cols × rows pages; the sheet's words go `along` 'bottom' or 'left'.

    Trim marks continue each edge of the block outwards from its corners; fold marks
    continue each line where two pages meet. None of them enters the block.
    """
    trim: list[Line] = []
    for x in (block.x, block.right):
        trim += [_outward_v(x, block.y, -1), _outward_v(x, block.top, 1)]
    for y in (block.y, block.top):
        trim += [_outward_h(block.x, y, -1), _outward_h(block.right, y, 1)]
    fold: list[Line] = []
    for i in range(1, cols):
        x = block.x + block.w * i / cols
        fold += [_outward_v(x, block.y, -1), _outward_v(x, block.top, 1)]
    for j in range(1, rows):
        y = block.y + block.h * j / rows
        fold += [_outward_h(block.x, y, -1), _outward_h(block.right, y, 1)]
    if along == "bottom":
        stops = [block.x, *(block.x + block.w * i / cols for i in range(1, cols)), block.right]
    else:
        stops = [block.y, *(block.y + block.h * j / rows for j in range(1, rows)), block.top]
    free = tuple((a + MARK_CLEARANCE, b - MARK_CLEARANCE) for a, b in zip(stops, stops[1:]))
    return BookletMarks(tuple(trim), tuple(fold), along, free)


def _outward_v(x: float, y: float, direction: int) -> Line:
    start = y + direction * MARK_GAP
    return Line(x, start, x, start + direction * MARK_LENGTH)


def _outward_h(x: float, y: float, direction: int) -> Line:
    start = x + direction * MARK_GAP
    return Line(start, y, start + direction * MARK_LENGTH, y)


def sheet_text(marks: BookletMarks, parts: Sequence[str], measure: Callable[[str], float]) -> list[TextLine]:
    """The sheet's words laid out in its margin: each part (a sentence) wrapped into the free
    stretches in turn, TEXT_LINES lines to a stretch, read first line first.

    Along the bottom the lines run left to right, the first nearest the pages; along the
    left they run upwards, the first nearest the paper's edge. DoesNotFit if they need more.
    """
    placed: list[TextLine] = []
    slot = 0  # stretch × TEXT_LINES + line
    for part in parts:
        while True:  # a part goes whole into one stretch: the next, if it does not fit the rest of this one
            if slot // TEXT_LINES >= len(marks.free):
                raise DoesNotFit(f"a booklet sheet's words do not fit its margin: {' '.join(parts)!r}")
            start, end = marks.free[slot // TEXT_LINES]
            lines = _wrapped(part, end - start, measure)
            if slot % TEXT_LINES + len(lines) <= TEXT_LINES:
                break
            if slot % TEXT_LINES == 0:
                raise DoesNotFit(f"a booklet sheet's words do not fit its margin: {part!r}")
            slot += TEXT_LINES - slot % TEXT_LINES
        for text in lines:
            placed.append(_text_line(text, (start + end) / 2, slot % TEXT_LINES, marks.along))
            slot += 1
    return placed


def _wrapped(text: str, width: float, measure: Callable[[str], float]) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and measure(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _text_line(text: str, along_at: float, line: int, along: str) -> TextLine:
    if along == "bottom":  # descenders towards the edge; the first line is the highest
        return TextLine(text, along_at, PRINTER_MARGIN + DESCENT + (TEXT_LINES - 1 - line) * LEADING, 0)
    # Turned to run upwards, the tops of the letters face the left edge.
    return TextLine(text, PRINTER_MARGIN + ASCENT + line * LEADING, along_at, 90)
