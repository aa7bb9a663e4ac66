"""Components of one size → a block: a grid of cells, or a honeycomb of hexagons.

A block is laid out from the bottom-left corner of its trim extent (0, 0), in points,
y up; the packer moves it onto a page. Each cell has its trim box (where it is cut),
the polygon its art is clipped to and the turn of its art. Arrangements:

- `butted`: cells touch and share cut lines; art reaches past the trim (the bleed)
  only where no cell touches. Cells whose backs differ (pnp.layout.backs) never share
  a cut: a *separation* line runs between them, each side with its own bleed, so a
  misregistered back never shows a sliver of its neighbour's back. Separations run
  across the whole grid; the fewest lines that let every back class have its own
  panes are chosen.
- `gutter`: every cell has its own bleed all round, bleed boxes `gutter` apart.

Either on a `grid` of rows and columns or, for flat-topped hexagons, a `honeycomb`:
columns of hexagons, odd columns half a hexagon lower. Butted, honeycomb neighbours share
an edge and the bleed runs only around the outside; with a gutter, every hexagon has its
own bleed and the gutter between its bleed and each neighbour's, the honeycomb spread
evenly so that every pair of facing edges is as far apart.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pnp.layout.backs import SLIVER
from pnp.layout.geometry import EPS, Box, Line
from pnp.model.units import mm
from pnp.shapes import Shape
from pnp.shapes.geometry import (
    HEXAGON_NORMALS,
    SQRT3,
    Outline,
    hexagon_by_edges,
    honeycomb_centre,
    honeycomb_steps,
)

if TYPE_CHECKING:
    from pnp.layout.tiling import PartDetails  # tiling builds blocks

Point = tuple[float, float]

# Backs that differ are this far apart: each keeps its own bleed for the misregistration
# pnp.layout.backs guards against (1.5 mm), or at least 1 mm where the room is short.
SEPARATION = 2 * SLIVER
MIN_SEPARATION = mm(2)
# Most back classes one grid separates (with at most two separation lines, four panes).
MAX_LINES = 2


@dataclass(frozen=True)
class Component:
    """One printed copy of an item, as the layout sees it (sizes as laid out, unturned)."""

    set_id: str
    item: int  # index of its item in the set
    width: float
    height: float
    shape: Shape
    corner: float
    bleed: float
    back: Hashable | None  # its back class (pnp.layout.backs); None: it has no back


@dataclass(frozen=True)
class Cell:
    """A component where it is cut.

    `art` is where the face's bleed box goes once turned `turn` degrees counter-clockwise
    (for a board part, the whole board's); `clip` the polygon that bounds its ink; `face`
    which of the item's faces it shows (a net's panels show its back, side, top …).
    """

    component: Component
    trim: Box
    clip: tuple[Point, ...]
    turn: int = 0
    art: Box | None = None
    face: str = "front"

    @property
    def art_box(self) -> Box:
        return self.art if self.art is not None else self.trim.outset(self.component.bleed)

    @property
    def clip_box(self) -> Box:
        xs, ys = [p[0] for p in self.clip], [p[1] for p in self.clip]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    # Cells are copied for every component of every page tried; the constructor costs a
    # fifth of dataclasses.replace, which looks the fields up each time.
    def moved(self, dx: float, dy: float) -> Cell:
        return Cell(self.component, self.trim.translate(dx, dy), tuple((x + dx, y + dy) for x, y in self.clip),
                    self.turn, None if self.art is None else self.art.translate(dx, dy), self.face)

    def holding(self, component: Component) -> Cell:
        """This cell with another component of the same size in it."""
        return Cell(component, self.trim, self.clip, self.turn, self.art, self.face)


@dataclass(frozen=True)
class Guide:
    """A thin cut line on the front: a straight segment, or a component's whole outline (its
    circle, hexagon or rounded rectangle, as its shape draws it: pnp.shapes). `owner` is the
    component whose edge it is, where it is one's: the painter makes it show on that art."""

    cut: Line | Outline
    owner: Component | None = None

    def moved(self, dx: float, dy: float) -> Guide:
        return Guide(self.cut.translate(dx, dy), self.owner)


@dataclass(frozen=True)
class Block:
    """Cells laid out together, from (0, 0) at the bottom-left of their trim extent."""

    cells: tuple[Cell, ...]
    width: float
    height: float
    guides: tuple[Guide, ...] = ()
    marked: bool = True  # crop marks at its cut lines (honeycombs are cut along their guides)
    edge_to_edge: bool = False  # a board that fits only the paper: a page of its own, no margin
    details: PartDetails | None = None  # a board part's tabs, alignment triangles and place (pnp.layout.tiling)
    folds: tuple[Line, ...] = ()  # a net's fold lines (pnp.layout.nets)
    net: Box | None = None  # a net's whole extent, flaps and all: its cells are only its printed panels
    turned: Block | None = None  # the same turned a quarter, which packing may place where this does not fit

    def moved(self, dx: float, dy: float) -> Block:
        """The block placed (dx, dy) further, as it is: no longer to be turned."""
        return replace(self, cells=tuple(c.moved(dx, dy) for c in self.cells),
                       guides=tuple(g.moved(dx, dy) for g in self.guides),
                       details=None if self.details is None else self.details.moved(dx, dy),
                       folds=tuple(f.translate(dx, dy) for f in self.folds),
                       net=None if self.net is None else self.net.translate(dx, dy), turned=None)


@dataclass(frozen=True)
class Arrangement:
    """How one group's cells are arranged (resolved from the set, the game and pnp's defaults)."""

    kind: str  # butted (neighbours share cut lines) or gutter (each cell its own bleed, `gutter` apart)
    bleed: float
    gutter: float = 0.0
    guides: bool = False
    turnable: bool = True
    lattice: str = "grid"  # or honeycomb (flat-topped hexagons)

    @property
    def spacing(self) -> float:
        """Between the trims of two neighbours: nothing where they share a cut, else both bleeds and the gutter."""
        return 2 * self.bleed + self.gutter if self.kind == "gutter" else 0.0


# --- grids ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Panes:
    """Separation lines of a grid (after which column / row) and the cell of each component."""

    cols: frozenset[int] = frozenset()
    rows: frozenset[int] = frozenset()
    places: tuple[tuple[int, int], ...] = ()  # (row, col) per component, in order


def grid_block(components: Sequence[Component], cols: int, rows: int, turn: int, arrangement: Arrangement,
               room: tuple[float, float]) -> Block | None:
    """The first len(components) in a cols × rows grid that fits room (w, h), or None."""
    w, h = _cell_size(components[0], turn)
    panes = assign(components, cols, rows) if arrangement.kind == "butted" else _row_major(len(components), cols)
    if panes is None:
        return None
    separation = _separation(arrangement, panes, cols, rows, w, h, room)
    if separation is None:
        return None
    gaps_x = _gaps(cols, panes.cols, arrangement, separation[0])
    gaps_y = _gaps(rows, panes.rows, arrangement, separation[1])
    xs, ys = _starts(w, gaps_x), _starts(h, gaps_y)
    width, height = xs[-1] + w, ys[-1] + h
    occupied = set(panes.places)
    cells = []
    for component, (row, col) in zip(components, panes.places):
        trim = Box(xs[col], height - ys[row] - h, w, h)
        grow = _cell_bleeds(row, col, occupied, gaps_x, gaps_y, arrangement, rows, cols)
        cells.append(Cell(component, trim, rect_points(trim, grow), turn))
    guides = tuple(_guide(cell) for cell in cells) if arrangement.guides else ()
    return Block(tuple(cells), width, height, guides, marked=components[0].shape.marked)


def _cell_size(component: Component, turn: int) -> tuple[float, float]:
    return (component.height, component.width) if turn % 180 else (component.width, component.height)


def _row_major(count: int, cols: int) -> Panes:
    return Panes(places=tuple(divmod(i, cols) for i in range(count)))


def _gaps(count: int, lines: frozenset[int], arrangement: Arrangement, separation: float) -> list[float]:
    """Space between the trims of neighbouring columns (or rows)."""
    if arrangement.kind == "gutter":
        return [arrangement.spacing] * (count - 1)
    return [separation if i in lines else 0.0 for i in range(count - 1)]


def _starts(size: float, gaps: list[float]) -> list[float]:
    starts = [0.0]
    for gap in gaps:
        starts.append(starts[-1] + size + gap)
    return starts


def _separation(arrangement: Arrangement, panes: Panes, cols: int, rows: int, w: float, h: float,
                room: tuple[float, float]) -> tuple[float, float] | None:
    """The widest separations across and up (each up to SEPARATION and both bleeds) that let the grid fit room."""
    if arrangement.kind == "gutter":
        gap = arrangement.spacing
        fits = cols * w + (cols - 1) * gap <= room[0] + EPS and rows * h + (rows - 1) * gap <= room[1] + EPS
        return (0.0, 0.0) if fits else None
    widths = []
    for lines, free in ((len(panes.cols), room[0] - cols * w), (len(panes.rows), room[1] - rows * h)):
        if free < -EPS:
            return None
        widest = min(2 * arrangement.bleed, SEPARATION, free / lines) if lines else 0.0
        if lines and widest < MIN_SEPARATION - EPS:
            return None
        widths.append(widest)
    return widths[0], widths[1]


def _cell_bleeds(row: int, col: int, occupied: set[tuple[int, int]], gaps_x: list[float], gaps_y: list[float],
                 arrangement: Arrangement, rows: int, cols: int) -> tuple[float, float, float, float]:
    """How far the art reaches past the trim: left, bottom, right, top."""
    bleed = arrangement.bleed

    def side(neighbour: tuple[int, int], gap: float | None) -> float:
        if gap is None or neighbour not in occupied:
            return bleed
        return min(bleed, gap / 2)

    left = side((row, col - 1), gaps_x[col - 1] if col > 0 else None)
    right = side((row, col + 1), gaps_x[col] if col < cols - 1 else None)
    top = side((row - 1, col), gaps_y[row - 1] if row > 0 else None)
    bottom = side((row + 1, col), gaps_y[row] if row < rows - 1 else None)
    return left, bottom, right, top


def rect_points(box: Box, grow: tuple[float, float, float, float]) -> tuple[Point, ...]:
    """The corners of box grown by (left, bottom, right, top): a cell's clip path."""
    left, bottom, right, top = grow
    x0, y0, x1, y1 = box.x - left, box.y - bottom, box.right + right, box.top + top
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _guide(cell: Cell) -> Guide:
    """The cut line around a cell: its component's outline."""
    trim, component = cell.trim, cell.component
    return Guide(component.shape.outline(trim.x, trim.y, trim.w, trim.h, corner=component.corner), component)


# --- back classes: which cells may share a cut ------------------------------------------

def assign(components: Sequence[Component], cols: int, rows: int) -> Panes | None:
    """Cells for the components such that only cells of one back class share a cut.

    Components of one class fill row by row. With several classes, the fewest
    separation lines (at most MAX_LINES) whose panes can each hold one class are
    chosen; classes keep their order and fill their panes in reading order.
    """
    counts = _class_counts(components)
    if len(counts) == 1:
        return _row_major(len(components), cols)
    for lines in _line_sets(cols, rows):
        cut_cols = frozenset(i for axis, i in lines if axis == "col")
        cut_rows = frozenset(i for axis, i in lines if axis == "row")
        panes = _panes(cols, rows, cut_cols, cut_rows)
        owners = _owners([len(p) for p in panes], list(counts.values()))
        if owners is not None:
            return Panes(cut_cols, cut_rows, _places(components, list(counts), panes, owners))
    return None


def _class_counts(components: Iterable[Component]) -> dict[Hashable | None, int]:
    counts: dict[Hashable | None, int] = {}
    for component in components:
        counts[component.back] = counts.get(component.back, 0) + 1
    return counts


def _line_sets(cols: int, rows: int) -> Iterator[tuple[tuple[str, int], ...]]:
    """Sets of separation lines, fewest first: ('col', i) runs after column i, ('row', i) after row i."""
    lines = [("row", i) for i in range(rows - 1)] + [("col", i) for i in range(cols - 1)]
    for size in range(1, MAX_LINES + 1):
        yield from itertools.combinations(lines, size)


def _panes(cols: int, rows: int, cut_cols: frozenset[int], cut_rows: frozenset[int]) -> list[list[tuple[int, int]]]:
    """The grid's cells split by the lines into rectangles, each in reading order, panes in reading order."""
    col_spans = _spans(cols, cut_cols)
    row_spans = _spans(rows, cut_rows)
    return [[(r, c) for r in row_span for c in col_span] for row_span in row_spans for col_span in col_spans]


def _spans(count: int, cuts: frozenset[int]) -> list[range]:
    spans, start = [], 0
    for i in range(count):
        if i in cuts or i == count - 1:
            spans.append(range(start, i + 1))
            start = i + 1
    return spans


def _owners(capacities: list[int], needs: list[int]) -> list[int | None] | None:
    """A class index (or None) per pane so that every class's panes hold it; None if impossible."""
    owners: list[int | None] = [None] * len(capacities)

    def search(pane: int, left: list[int]) -> bool:
        if all(n <= 0 for n in left):
            return True
        if pane == len(capacities):
            return False
        for owner in [*range(len(needs)), None]:
            if owner is not None and left[owner] <= 0:
                continue
            owners[pane] = owner
            after = left if owner is None else [n - capacities[pane] if i == owner else n for i, n in enumerate(left)]
            if search(pane + 1, after):
                return True
        owners[pane] = None
        return False

    return owners if search(0, list(needs)) else None


def _places(components: Sequence[Component], classes: list[Hashable | None], panes: list[list[tuple[int, int]]],
            owners: list[int | None]) -> tuple[tuple[int, int], ...]:
    free = {index: [cell for pane, owner in zip(panes, owners) if owner == index for cell in pane]
            for index in range(len(classes))}
    places = []
    for component in components:
        places.append(free[classes.index(component.back)].pop(0))
    return tuple(places)


# --- honeycombs -------------------------------------------------------------------------

def honeycomb_size(cols: int, rows: int, width: float, spacing: float = 0.0) -> tuple[float, float]:
    """The trim extent of a cols × rows honeycomb of flat-topped hexagons `width` across corners,
    facing edges `spacing` apart."""
    height = width * SQRT3 / 2
    across, step = honeycomb_steps(width, spacing)
    return width + (cols - 1) * across, height + (rows - 1) * step + (step / 2 if cols > 1 else 0.0)


def honeycomb_block(components: Sequence[Component], cols: int, rows: int, arrangement: Arrangement) -> Block:
    """The components column by column (top to bottom): butted, neighbours sharing an edge;
    with a gutter, each hexagon with its own bleed and `spacing` from its neighbours."""
    width = components[0].width
    spacing = arrangement.spacing
    extent_w, extent_h = honeycomb_size(cols, rows, width, spacing)
    height = width * SQRT3 / 2
    centres = []
    for index in range(len(components)):
        x, down = honeycomb_centre(*divmod(index, rows), width, spacing)
        centres.append((x, extent_h - down))
    cells = []
    for component, centre in zip(components, centres):
        outward = [_edge_bleed(centre, angle, centres, height, arrangement.bleed) for angle in HEXAGON_NORMALS]
        trim = Box(centre[0] - width / 2, centre[1] - height / 2, width, height)
        cells.append(Cell(component, trim, hexagon_by_edges(centre, [height / 2 + out for out in outward])))
    if not arrangement.guides:
        guides: tuple[Guide, ...] = ()
    elif spacing:
        guides = tuple(_guide(cell) for cell in cells)
    else:
        guides = _shared_edges(cells, height / 2)
    return Block(tuple(cells), extent_w, extent_h, guides, marked=False)


def _edge_bleed(centre: Point, angle: float, centres: list[Point], height: float, bleed: float) -> float:
    """0 where a neighbour shares this edge, else the bleed."""
    nx, ny = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    across = (centre[0] + nx * height, centre[1] + ny * height)
    return 0.0 if any(math.dist(across, other) < height * 1e-6 for other in centres) else bleed


def _shared_edges(cells: Sequence[Cell], apothem: float) -> tuple[Guide, ...]:
    """Every hexagon edge once: a shared edge is one cut."""
    seen: dict[frozenset[Point], Guide] = {}
    for cell in cells:
        corners = hexagon_by_edges(cell.trim.centre, [apothem] * 6)
        for i in range(6):
            p, q = corners[i], corners[(i + 1) % 6]
            key = frozenset((round(x, 3), round(y, 3)) for x, y in (p, q))
            seen.setdefault(key, Guide(Line(p[0], p[1], q[0], q[1]), cell.component))
    return tuple(seen.values())


def honeycomb_shapes(count: int) -> list[tuple[int, int]]:
    """(cols, rows) that hold count hexagons without an empty column."""
    return [(cols, math.ceil(count / cols)) for cols in range(1, count + 1)
            if (cols - 1) * math.ceil(count / cols) < count]


def grid_shapes(count: int, max_cols: int, max_rows: int) -> list[tuple[int, int]]:
    """(cols, rows) within the maxima that hold count cells with no empty row or column."""
    shapes = []
    for cols in range(1, max_cols + 1):
        rows = math.ceil(count / cols)
        if rows <= max_rows and (cols - 1) * rows < count:
            shapes.append((cols, rows))
    return shapes


__all__ = ["Arrangement", "Block", "Cell", "Component", "Guide", "MIN_SEPARATION", "Panes", "assign", "grid_block",
           "grid_shapes", "honeycomb_block", "honeycomb_shapes", "honeycomb_size"]
