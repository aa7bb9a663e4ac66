"""Cut lines of placed cells → crop marks where there is room, guides where there is none.

Marks are drawn only where a cut is: at both ends of every cut line of the occupied
cells (a shared edge is one line), never for an empty row or column. A mark starts
`gap` beyond the art (bleed included) at the line's end and runs outward up to
`length`, stopping short of any other art, of the footer and of the printer margin.
Where that leaves less than MIN_MARK, the mark sits in the bleed instead: from the
trim outward, as far as the printer margin allows (MIN_IN_BLEED at least). A cut line
that gets no mark at either end is drawn as a hairline guide along its whole length.
A game whose `sheets: {mark-length: 0mm}` wants no marks gets neither.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from pnp.layout.blocks import Block, Cell, Guide
from pnp.layout.geometry import Box, Line
from pnp.model.units import mm

MIN_MARK = mm(2)
MIN_IN_BLEED = mm(1)
# Trim edges closer than this are one cut line; a box edge this close to a mark's path blocks it.
SAME = 0.01
CLEARANCE = mm(0.5)

Direction = tuple[int, int]


@dataclass(frozen=True)
class Mark:
    line: Line
    at: tuple[float, float]  # the end of the cut line it marks
    in_bleed: bool = False


@dataclass(frozen=True)
class CutLine:
    """A straight cut from `start` to `end` (trim points); marks go beyond both ends."""

    start: tuple[float, float]
    end: tuple[float, float]

    @property
    def direction(self) -> Direction:
        return (0, 1) if abs(self.start[0] - self.end[0]) < SAME else (1, 0)


def cut_lines(blocks: Iterable[Block]) -> list[CutLine]:
    """Every distinct cut line of the marked blocks' cells, block by block."""
    lines: list[CutLine] = []
    for block in blocks:
        if block.marked:
            lines += _block_lines(block.cells)
    return lines


def _block_lines(cells: Sequence[Cell]) -> tuple[CutLine, ...]:
    return _trim_lines(tuple(c.trim for c in cells))


@lru_cache(maxsize=256)
def _trim_lines(trims: tuple[Box, ...]) -> tuple[CutLine, ...]:
    """The cut lines along the edges of trims. Every full page of a long deck has the same
    trims, so its lines are worked out once."""
    lines = []
    for x in _distinct([edge for t in trims for edge in (t.x, t.right)]):
        along = [t for t in trims if abs(t.x - x) < SAME or abs(t.right - x) < SAME]
        lines.append(CutLine((x, min(t.y for t in along)), (x, max(t.top for t in along))))
    for y in _distinct([edge for t in trims for edge in (t.y, t.top)]):
        along = [t for t in trims if abs(t.y - y) < SAME or abs(t.top - y) < SAME]
        lines.append(CutLine((min(t.x for t in along), y), (max(t.right for t in along), y)))
    return tuple(lines)


def _distinct(values: Iterable[float]) -> list[float]:
    kept: list[float] = []
    for value in sorted(values):
        if not kept or value - kept[-1] > SAME:
            kept.append(value)
    return kept


@dataclass(frozen=True)
class MarkRules:
    length: float
    gap: float
    printable: Box


def place_marks(lines: Sequence[CutLine], ink: Sequence[Box], keep_clear: Sequence[Box],
                rules: MarkRules) -> tuple[list[Mark], list[Guide]]:
    """Marks at both ends of every line (ink: where art prints; keep_clear: footer and the like)
    and a guide along each line that got none; nothing at all when marks are 0 mm long."""
    marks: list[Mark] = []
    guides: list[Guide] = []
    if rules.length <= 0:
        return marks, guides
    for line in lines:
        dx, dy = line.direction
        found = [m for m in (_mark(line.end, (dx, dy), ink, keep_clear, rules),
                             _mark(line.start, (-dx, -dy), ink, keep_clear, rules)) if m is not None]
        marks += found
        if not found:
            (x0, y0), (x1, y1) = line.start, line.end
            guides.append(Guide(Line(x0, y0, x1, y1)))
    return marks, guides


def _mark(end: tuple[float, float], d: Direction, ink: Sequence[Box], keep_clear: Sequence[Box],
          rules: MarkRules) -> Mark | None:
    reach = max([_beyond(end, d, box) for box in ink if _holds(box, end)] + [0.0])
    start = _step(end, d, reach)
    to_margin = _to_margin(start, d, rules.printable)
    ahead = min([_ahead(start, d, box) for box in (*ink, *keep_clear)] + [float("inf")])
    room = min(to_margin, ahead - CLEARANCE) - rules.gap
    length = min(rules.length, room)
    if length >= MIN_MARK - SAME:
        begin = _step(start, d, rules.gap)
        return Mark(Line(*begin, *_step(begin, d, length)), end)
    in_bleed = min(reach + rules.gap + rules.length, _to_margin(end, d, rules.printable), reach + ahead - CLEARANCE)
    if in_bleed >= MIN_IN_BLEED - SAME:
        return Mark(Line(*end, *_step(end, d, in_bleed)), end, in_bleed=True)
    return None


def _step(point: tuple[float, float], d: Direction, distance: float) -> tuple[float, float]:
    return (point[0] + d[0] * distance, point[1] + d[1] * distance)


def _holds(box: Box, point: tuple[float, float]) -> bool:
    x, y = point
    return box.x - SAME <= x <= box.right + SAME and box.y - SAME <= y <= box.top + SAME


def _beyond(point: tuple[float, float], d: Direction, box: Box) -> float:
    """How far box reaches past point in direction d."""
    x, y = point
    return {(0, 1): box.top - y, (0, -1): y - box.y, (1, 0): box.right - x, (-1, 0): x - box.x}[d]


def _to_margin(point: tuple[float, float], d: Direction, printable: Box) -> float:
    return _beyond(point, d, printable)


def _ahead(point: tuple[float, float], d: Direction, box: Box) -> float:
    """Distance along d from point to box, if the ray from point meets it; else infinity."""
    x, y = point
    if d[0] == 0:
        across, low, high = x, box.x, box.right
        along = box.y - y if d[1] > 0 else y - box.top
    else:
        across, low, high = y, box.y, box.top
        along = box.x - x if d[0] > 0 else x - box.right
    if low - CLEARANCE <= across <= high + CLEARANCE and along >= -SAME:
        return max(along, 0.0)
    return float("inf")
