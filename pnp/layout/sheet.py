"""Face size + paper + sheet spec → a grid of trim boxes, their duplex backs, cut marks, footer.

Conventions (all lengths in points, origin bottom-left of the page, y up):

- A sheet is the paper inset by `margin` on every side, with a `footer` band at the
  bottom (scale bar and footer line). The grid of faces is centred in the part above
  the footer band.
- Every face has a trim box (where it is cut) and a bleed box `bleed` larger all round;
  neighbouring bleed boxes are `gutter` apart (0: they butt).
- Cut marks start `mark_gap` (1 mm) beyond the outer bleed edge of the grid, so at
  `bleed + 1 mm` from the trim, and are `mark_length` (5 mm) long. The grid keeps
  `mark_gap + mark_length` free between its bleed edge and the margin (and the footer
  band), so the marks always print. `mark_length = 0` means no marks and frees that room.
- Backs: turning the sheet over mirrors it about the axis of the edge it is flipped on.
  On portrait paper the long edge is vertical: long-edge → (W − x − w, y), art upright;
  short-edge → (x, H − y − h), art turned 180°. On landscape paper the long edge is
  horizontal, so the two swap (long-edge mirrors y and turns the art).
- A back offset (dx, dy) is added to back pages only: positive dx moves the back art
  right and positive dy moves it up, as seen looking at the back page (its PDF page).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Sequence

from pnp.layout.geometry import EPS, Box, DoesNotFit, Line, union_all
from pnp.layout.paper import Paper
from pnp.model.units import mm, to_mm

__all__ = [
    "DoesNotFit", "Flip", "FLIPS", "SheetSpec", "SheetGrid", "Placement",
    "fit_grid", "place_grid", "grid_area", "free_area", "turns_about_vertical",
    "back_slot", "back_grid", "back_line", "cut_marks", "back_cut_marks",
    "footer_band", "scale_bar", "footer_origin", "page_chunks",
]

Flip = Literal["long", "short"]
FLIPS: tuple[str, ...] = ("long", "short")

MARK_GAP = mm(1)
MARK_LENGTH = mm(5)
SCALE_BAR = mm(50)
# Footer text starts this far right of the scale bar; its baseline sits this far below
# the bar so 7–9 pt text looks centred on it.
FOOTER_TEXT_GAP = mm(4)
FOOTER_BASELINE_DROP = mm(1)
# Coincident cut lines (butted faces) closer than this are one line.
SAME_EDGE = 0.01


@dataclass(frozen=True)
class SheetSpec:
    """How a sheet of faces is laid out; every length in points."""

    bleed: float = mm(3)
    gutter: float = 0.0
    margin: float = mm(6)
    footer: float = mm(12)
    mark_gap: float = MARK_GAP
    mark_length: float = MARK_LENGTH

    def __post_init__(self) -> None:
        for name in ("bleed", "gutter", "margin", "footer", "mark_gap", "mark_length"):
            value = getattr(self, name)
            if value < 0:
                raise ValueError(f"sheet {name} must not be negative, got {_mm(value)} mm")

    @property
    def mark_room(self) -> float:
        """Room kept free around the grid's bleed edge for cut marks."""
        return self.mark_gap + self.mark_length if self.mark_length > 0 else 0.0


@dataclass(frozen=True)
class SheetGrid:
    """Faces of one size laid out cols × rows on one oriented paper."""

    paper: Paper
    cols: int
    rows: int
    trim_w: float
    trim_h: float
    bleed: float
    slots: tuple[Box, ...]  # trim boxes, row-major from the top-left
    spec: SheetSpec

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def bleed_box(self, slot: Box | int) -> Box:
        """The bleed box of a slot, given as its trim box or its index."""
        box = self.slots[slot] if isinstance(slot, int) else slot
        return box.outset(self.bleed)

    @property
    def extent(self) -> Box:
        """The union of all bleed boxes."""
        return union_all(self.bleed_box(slot) for slot in self.slots)


@dataclass(frozen=True)
class Placement:
    """Where a face goes: its box and the turn (degrees, about the box centre) of its art."""

    box: Box
    rotation: int = 0


def grid_area(paper: Paper, spec: SheetSpec) -> Box:
    """The page inside the margin and above the footer band; grids are centred in it."""
    m = spec.margin
    return Box(m, m + spec.footer, paper.width - 2 * m, paper.height - 2 * m - spec.footer)


def free_area(paper: Paper, spec: SheetSpec) -> Box:
    """Where bleed boxes may go: the grid area less the room for cut marks."""
    return grid_area(paper, spec).inset(spec.mark_room)


def _mm(points: float) -> str:
    return format(round(to_mm(points), 2), "g")


def _count(free: float, cell: float, gutter: float) -> int:
    """How many cells, gutter apart, fit in a length free."""
    if free + EPS < cell:
        return 0
    return int(math.floor((free + gutter + EPS) / (cell + gutter)))


def _grid_size(paper: Paper, trim_w: float, trim_h: float, spec: SheetSpec) -> tuple[int, int]:
    free = free_area(paper, spec)
    cols = _count(free.w, trim_w + 2 * spec.bleed, spec.gutter)
    rows = _count(free.h, trim_h + 2 * spec.bleed, spec.gutter)
    return cols, rows


def _no_fit_message(paper: Paper, trim_w: float, trim_h: float, spec: SheetSpec) -> str:
    free = free_area(paper.portrait(), spec)
    return (f"a {_mm(trim_w)} × {_mm(trim_h)} mm face with {_mm(spec.bleed)} mm bleed does not "
            f"fit on {paper.name} ({_mm(paper.width)} × {_mm(paper.height)} mm): inside "
            f"{_mm(spec.margin)} mm margins, a {_mm(spec.footer)} mm footer and "
            f"{_mm(spec.mark_room)} mm for cut marks leave {_mm(free.w)} × {_mm(free.h)} mm, "
            f"either way round")


def fit_grid(paper: Paper, trim_w: float, trim_h: float, spec: SheetSpec = SheetSpec()) -> SheetGrid:
    """The grid holding the most faces: portrait or landscape paper, faces upright on the page.

    Ties go to portrait. Raises DoesNotFit when not even one face fits.
    """
    if trim_w <= 0 or trim_h <= 0:
        raise ValueError(f"face size must be positive, got {_mm(trim_w)} × {_mm(trim_h)} mm")
    best: tuple[int, Paper, int, int] | None = None
    for oriented in paper.orientations():
        cols, rows = _grid_size(oriented, trim_w, trim_h, spec)
        if cols * rows > (best[0] if best else 0):
            best = (cols * rows, oriented, cols, rows)
    if best is None:
        raise DoesNotFit(_no_fit_message(paper, trim_w, trim_h, spec))
    _, oriented, cols, rows = best
    return place_grid(oriented, cols, rows, trim_w, trim_h, spec)


def place_grid(paper: Paper, cols: int, rows: int, trim_w: float, trim_h: float,
               spec: SheetSpec = SheetSpec()) -> SheetGrid:
    """A cols × rows grid on paper as oriented, centred above the footer band."""
    if cols < 1 or rows < 1:
        raise ValueError(f"a grid needs at least one column and row, got {cols} × {rows}")
    cell_w, cell_h = trim_w + 2 * spec.bleed, trim_h + 2 * spec.bleed
    ext_w = cols * cell_w + (cols - 1) * spec.gutter
    ext_h = rows * cell_h + (rows - 1) * spec.gutter
    free = free_area(paper, spec)
    if ext_w > free.w + EPS or ext_h > free.h + EPS:
        raise DoesNotFit(f"a {cols} × {rows} grid of {_mm(trim_w)} × {_mm(trim_h)} mm faces needs "
                         f"{_mm(ext_w)} × {_mm(ext_h)} mm; {paper.name} has "
                         f"{_mm(free.w)} × {_mm(free.h)} mm free")
    area = grid_area(paper, spec)
    left = area.x + (area.w - ext_w) / 2
    top = area.y + (area.h + ext_h) / 2
    slots = tuple(
        Box(left + c * (cell_w + spec.gutter) + spec.bleed,
            top - r * (cell_h + spec.gutter) - spec.bleed - trim_h, trim_w, trim_h)
        for r in range(rows) for c in range(cols))
    return SheetGrid(paper, cols, rows, trim_w, trim_h, spec.bleed, slots, spec)


def turns_about_vertical(paper: Paper, flip: str) -> bool:
    """True when turning the sheet over on its flip edge mirrors the page left-right."""
    if flip not in FLIPS:
        raise ValueError(f"duplex flip must be one of {', '.join(FLIPS)}, got {flip!r}")
    # The long edge is the vertical one on portrait paper, the horizontal one on landscape.
    return (flip == "long") != paper.is_landscape


def back_slot(box: Box, paper: Paper, flip: str,
              offset: tuple[float, float] = (0.0, 0.0)) -> Placement:
    """Where the back of the face at box prints on the back page, and how its art turns."""
    dx, dy = offset
    if turns_about_vertical(paper, flip):
        behind, rotation = Box(paper.width - box.x - box.w, box.y, box.w, box.h), 0
    else:
        behind, rotation = Box(box.x, paper.height - box.y - box.h, box.w, box.h), 180
    return Placement(behind.translate(dx, dy), rotation)


def back_grid(grid: SheetGrid, flip: str,
              offset: tuple[float, float] = (0.0, 0.0)) -> list[Placement]:
    """The back placement of every slot, in slot order."""
    return [back_slot(slot, grid.paper, flip, offset) for slot in grid.slots]


def back_line(line: Line, paper: Paper, flip: str,
              offset: tuple[float, float] = (0.0, 0.0)) -> Line:
    """Where a line on the front page lies on the back page."""
    dx, dy = offset
    if turns_about_vertical(paper, flip):
        behind = Line(paper.width - line.x0, line.y0, paper.width - line.x1, line.y1)
    else:
        behind = Line(line.x0, paper.height - line.y0, line.x1, paper.height - line.y1)
    return behind.translate(dx, dy)


def _distinct(values: Sequence[float]) -> list[float]:
    """Sorted values with coincident ones (within SAME_EDGE) kept once."""
    kept: list[float] = []
    for value in sorted(values):
        if not kept or value - kept[-1] > SAME_EDGE:
            kept.append(value)
    return kept


def cut_marks(grid: SheetGrid, *, length: float | None = None, gap: float | None = None,
              to_edge: bool = False) -> list[Line]:
    """Cut marks outside the grid, one at each end of every distinct trim line.

    Each mark runs outward from `gap` beyond the grid's outer bleed edge, `length` long
    (defaults: the grid's spec). With to_edge it runs to the paper edge instead, except
    below the grid, where it stops at the footer band so it never crosses the scale bar.
    """
    length = grid.spec.mark_length if length is None else length
    gap = grid.spec.mark_gap if gap is None else gap
    ext, paper = grid.extent, grid.paper
    floor = grid.spec.margin + grid.spec.footer
    top0, bottom0 = ext.top + gap, ext.y - gap
    left0, right0 = ext.x - gap, ext.right + gap
    top1 = paper.height if to_edge else top0 + length
    bottom1 = min(floor, bottom0) if to_edge else bottom0 - length
    left1 = 0.0 if to_edge else left0 - length
    right1 = paper.width if to_edge else right0 + length
    xs = _distinct([edge for slot in grid.slots for edge in (slot.x, slot.right)])
    ys = _distinct([edge for slot in grid.slots for edge in (slot.y, slot.top)])
    marks = [Line(x, top0, x, top1) for x in xs] + [Line(x, bottom0, x, bottom1) for x in xs]
    marks += [Line(left0, y, left1, y) for y in ys] + [Line(right0, y, right1, y) for y in ys]
    return marks


def back_cut_marks(grid: SheetGrid, flip: str, offset: tuple[float, float] = (0.0, 0.0), *,
                   length: float | None = None, gap: float | None = None,
                   to_edge: bool = False) -> list[Line]:
    """The front's cut marks where they fall on the back page (offset included)."""
    marks = cut_marks(grid, length=length, gap=gap, to_edge=to_edge)
    return [back_line(mark, grid.paper, flip, offset) for mark in marks]


def footer_band(grid: SheetGrid, flip: str | None = None) -> Box:
    """The footer band of a front page (flip None) or of a back page turned on flip.

    It is the bottom band inside the margin, except on backs that turn top to bottom:
    there the back grid covers the bottom, and the band behind the front's footer is
    at the top.
    """
    spec, paper = grid.spec, grid.paper
    width = paper.width - 2 * spec.margin
    if flip is None or turns_about_vertical(paper, flip):
        return Box(spec.margin, spec.margin, width, spec.footer)
    return Box(spec.margin, paper.height - spec.margin - spec.footer, width, spec.footer)


def scale_bar(grid: SheetGrid, length: float = SCALE_BAR, *, flip: str | None = None) -> Line:
    """A horizontal bar `length` long at the left of the footer band, at its mid-height."""
    band = footer_band(grid, flip)
    if band.h <= 0 or length > band.w + EPS:
        raise ValueError(f"a {_mm(length)} mm scale bar needs a footer band; this one is "
                         f"{_mm(band.w)} × {_mm(band.h)} mm")
    y = band.y + band.h / 2
    return Line(band.x, y, band.x + length, y)


def footer_origin(grid: SheetGrid, *, flip: str | None = None,
                  bar_length: float = SCALE_BAR) -> tuple[float, float]:
    """Baseline start of the left-aligned footer text: right of the scale bar, in the band."""
    bar = scale_bar(grid, bar_length, flip=flip)
    return (bar.x1 + FOOTER_TEXT_GAP, bar.y1 - FOOTER_BASELINE_DROP)


def page_chunks(n_items: int, per_page: int) -> list[range]:
    """Item indices page by page: per_page at a time, the last page holding the rest."""
    if per_page < 1:
        raise ValueError(f"a page must hold at least one item, got {per_page}")
    return [range(start, min(start + per_page, n_items)) for start in range(0, n_items, per_page)]
