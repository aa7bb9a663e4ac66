"""A board → the parts it is printed in: one if it fits, else numbered parts with glue tabs.

A board that fits inside the printer margin is one block like any other. One that
fits only the paper itself keeps its size and prints edge to edge on a page of its
own (the margin shrinks, never the board). A larger board is cut into equal parts,
cols × rows, numbered row by row from the top-left; a part with a neighbour to its
right or below carries a glue tab `TAB` wide on that side. To assemble, cut each part
on its marks (tab included), put each tab under the neighbour it names and glue, the
neighbour's edge on the tab's fold line. Small triangles on both parts, at the same
places along each join, meet point to point when the parts line up.

Coordinates: a part's block has its origin at the bottom-left of its trim (tabs
included); board coordinates have theirs at the board's bottom-left corner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.layout.blocks import Block, Cell, Component, Point, rect_points
from pnp.layout.geometry import EPS, Box
from pnp.model.units import mm

TAB = mm(10)
NOTCH = mm(2)  # how far an alignment triangle reaches into its part
NOTCH_HALF = mm(1.2)
NOTCH_AT = (0.25, 0.5, 0.75)  # where along a join the triangles sit


@dataclass(frozen=True)
class Tab:
    """A glue tab: its box, the part that is glued over it, and which side of its part it is on."""

    box: Box
    under: int  # number of the part laid over it (from 1)
    side: str  # "right" or "bottom"

    def moved(self, dx: float, dy: float) -> Tab:
        return Tab(self.box.translate(dx, dy), self.under, self.side)


@dataclass(frozen=True)
class BoardPart:
    """Which part of a board a block is, for the little map on its sheet."""

    number: int  # from 1
    cols: int
    rows: int
    col: int
    row: int
    board_w: float
    board_h: float


@dataclass(frozen=True)
class PartDetails:
    """What a board part's block carries besides its cell."""

    part: BoardPart
    tabs: tuple[Tab, ...]
    notches: tuple[tuple[Point, ...], ...]

    def moved(self, dx: float, dy: float) -> PartDetails:
        notches = tuple(tuple((x + dx, y + dy) for x, y in n) for n in self.notches)
        return PartDetails(self.part, tuple(t.moved(dx, dy) for t in self.tabs), notches)


def board_parts(component: Component, frames: Sequence[Box], papers: Sequence[Box]) -> list[Block]:
    """The blocks a board prints as: frames are the trims' room per orientation, papers the pages."""
    w, h = component.width, component.height
    if any(_fits(w, h, f) for f in frames):
        return [_whole(component)]
    if any(_fits(w, h, p) for p in papers):
        whole = _whole(component)
        return [Block(whole.cells, whole.width, whole.height, edge_to_edge=True)]
    cols, rows = _split(w, h, frames)
    return [_part(component, cols, rows, col, row) for row in range(rows) for col in range(cols)]


def _fits(w: float, h: float, room: Box) -> bool:
    return w <= room.w + EPS and h <= room.h + EPS


def _whole(component: Component) -> Block:
    trim = Box(0.0, 0.0, component.width, component.height)
    outer = trim.outset(component.bleed)
    clip = ((outer.x, outer.y), (outer.right, outer.y), (outer.right, outer.top), (outer.x, outer.top))
    return Block((Cell(component, trim, clip),), component.width, component.height)


def _split(w: float, h: float, frames: Sequence[Box]) -> tuple[int, int]:
    """The fewest parts (cols × rows) whose trims, tabs included, fit one of the frames."""
    best = None
    for frame in frames:
        cols = _along(w, frame.w)
        rows = _along(h, frame.h)
        if cols and rows and (best is None or cols * rows < best[0] * best[1]):
            best = (cols, rows)
    if best is None:
        raise ValueError("no part of the board fits the paper beside its glue tab")
    return best


def _along(length: float, room: float) -> int | None:
    """Parts along one side: each length/n long, all but the last with a tab, within room."""
    if room <= TAB + EPS:
        return None
    return max(1, math.ceil((length - room) / (room - TAB) - EPS) + 1) if length > room + EPS else 1


def _part(component: Component, cols: int, rows: int, col: int, row: int) -> Block:
    w, h, bleed = component.width / cols, component.height / rows, component.bleed
    right, below = col < cols - 1, row < rows - 1
    tab_r, tab_b = (TAB if right else 0.0), (TAB if below else 0.0)
    region = Box(0.0, tab_b, w, h)  # the board's part, in block coordinates
    board_x, board_y = col * w, component.height - (row + 1) * h
    art = Box(-board_x - bleed, tab_b - board_y - bleed, component.width + 2 * bleed, component.height + 2 * bleed)
    grow = (bleed, 0.0 if below else bleed, 0.0 if right else bleed, bleed)
    trim = Box(0.0, 0.0, w + tab_r, h + tab_b)
    cell = Cell(component, trim, rect_points(region, grow), art=art)
    number = row * cols + col + 1
    tabs = []
    if right:
        tabs.append(Tab(Box(w, tab_b, TAB, h), number + 1, "right"))
    if below:
        tabs.append(Tab(Box(0.0, 0.0, w + tab_r, TAB), number + cols, "bottom"))
    part = BoardPart(number, cols, rows, col, row, component.width, component.height)
    details = PartDetails(part, tuple(tabs), _notches(region, col, row, cols, rows))
    return Block((cell,), trim.w, trim.h, details=details)


def _notches(region: Box, col: int, row: int, cols: int, rows: int) -> tuple[tuple[Point, ...], ...]:
    """Triangles pointing at each join of the part, their points on the join line."""
    notches = []
    for at in NOTCH_AT:
        y = region.y + region.h * at
        x = region.x + region.w * at
        if col < cols - 1:
            notches.append(_triangle((region.right, y), (-1, 0)))
        if col > 0:
            notches.append(_triangle((region.x, y), (1, 0)))
        if row < rows - 1:
            notches.append(_triangle((x, region.y), (0, 1)))
        if row > 0:
            notches.append(_triangle((x, region.top), (0, -1)))
    return tuple(notches)


def _triangle(tip: Point, inward: tuple[int, int]) -> tuple[Point, ...]:
    """A triangle with its point at tip and its base NOTCH inside the part (direction inward)."""
    ix, iy = inward
    bx, by = tip[0] + ix * NOTCH, tip[1] + iy * NOTCH
    return (tip, (bx - iy * NOTCH_HALF, by + ix * NOTCH_HALF), (bx + iy * NOTCH_HALF, by - ix * NOTCH_HALF))
