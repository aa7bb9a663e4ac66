"""Groups of components → pages of blocks, as few pages as the greedy fit finds.

Groups are placed largest first (boards, then cards, then small parts), each as
blocks in the free space the earlier ones left, so small parts fill the room that
cards and boards leave. Free space is kept as maximal free rectangles (MaxRects):
every block is padded by `pad` (its bleed, the gap before its cut marks and half a
mark), so two blocks' marks share the space between them and a block at the frame's
edge may reach the printer margin with its trim. For each free rectangle the block
holding the most of what is left is built (turned 90° if that holds more); the page
that takes the most, earliest first, wins; a new page is opened (portrait or
landscape, whichever holds more) only when no page takes anything. Finally each
page's blocks are centred together in its frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from pnp.layout.blocks import (
    Arrangement,
    Block,
    Component,
    grid_block,
    grid_shapes,
    honeycomb_block,
    honeycomb_shapes,
    honeycomb_size,
)
from pnp.layout.geometry import EPS, Box, DoesNotFit, union_all
from pnp.layout.paper import Paper
from pnp.model.units import to_mm

# A grid block built for a room (w, h, rounded) and the back classes of the components it holds.
BuiltKey = tuple[float, float, tuple[Hashable | None, ...]]


@dataclass
class Group:
    """Components laid out alike (one size, shape and arrangement), or the ready parts of a board."""

    name: str
    arrangement: Arrangement
    components: list[Component] = field(default_factory=list)
    parts: list[Block] = field(default_factory=list)
    # Blocks built before, by room and the back classes they hold: a long deck fills many
    # pages alike, and a block is the same geometry whichever cards of a class it holds.
    built: dict[BuiltKey, Block | None] = field(default_factory=dict, repr=False)

    @property
    def area(self) -> float:
        if self.parts:
            return max(p.width * p.height for p in self.parts)
        return max(c.width * c.height for c in self.components)


@dataclass
class PackedPage:
    """One sheet's front: its paper as oriented, the frame its trims stay in, and the blocks on it."""

    paper: Paper
    frame: Box
    blocks: list[Block] = field(default_factory=list)
    free: list[Box] = field(default_factory=list)


# The frames a paper (as oriented) offers: where trims may go, each leaving room for the footer somewhere.
Frames = Callable[[Paper], Sequence[Box]]
# What is left of a group to place: its components, or a board's parts (a group holds one or the other).
Todo = list[Component] | list[Block]
# A block found for todo: the page and free rectangle it goes in, and the block.
Found = tuple[PackedPage, Box, Block]


def pack(groups: Sequence[Group], papers: Sequence[Paper], frames: Frames, pad: float) -> list[PackedPage]:
    """Every group's components on pages of `papers` (orientations), trims inside one of frames(paper)."""
    pages: list[PackedPage] = []
    for group in sorted(groups, key=lambda g: (not g.parts, -g.area)):
        todo: Todo = list(group.parts) if group.parts else list(group.components)
        first = 0  # pages before this one have no room left for this group's size
        while todo:
            head = todo[0]
            if isinstance(head, Block) and head.edge_to_edge:
                pages.append(_edge_to_edge(head, papers))
                todo = todo[1:]
                continue
            found, first = _best(pages, first, group, todo, pad)
            if found is None:
                page = _new_page(group, todo, papers, frames, pad)
                pages.append(page)
                found, _ = _best([page], 0, group, todo, pad)
                assert found is not None, "a new page holds the block it was chosen for"
            page, rect, block = found
            _place(page, rect, _held(group, block, todo), pad)
            todo = todo[len(block.cells) if not group.parts else 1:]
    for page in pages:
        _centre(page)
    return pages


def _best(pages: Sequence[PackedPage], first: int, group: Group, todo: Todo, pad: float) -> tuple[Found | None, int]:
    """(page, free rectangle, block) holding the most of todo, earliest page first (None if nothing
    fits), and the first page that still had room for one of them."""
    best: Found | None = None
    best_key: tuple[int, int, float] | None = None
    still: int | None = None
    for index in range(first, len(pages)):
        page = pages[index]
        for rect in page.free:
            room = (rect.w - 2 * pad, rect.h - 2 * pad)
            block = _shaped(group, todo, room)
            if block is None:
                continue
            still = index if still is None else still
            spare = min(room[0] - block.width, room[1] - block.height)
            key = (len(block.cells), -index, -spare)
            if best_key is None or key > best_key:
                best, best_key = (page, rect, block), key
    return best, len(pages) if still is None else still


def _new_page(group: Group, todo: Todo, papers: Sequence[Paper], frames: Frames, pad: float) -> PackedPage:
    """A page on the paper and frame that hold the most of todo (ties: the first offered)."""
    best, most = None, 0
    for paper in papers:
        for box in frames(paper):
            block = _shaped(group, todo, (box.w, box.h))
            if block is not None and len(block.cells) > most:
                best, most = PackedPage(paper, box, [], [box.outset(pad)]), len(block.cells)
    if best is None:
        raise DoesNotFit(_too_large(group, todo[0], papers, frames), _set_of(todo[0]))
    return best


def _edge_to_edge(block: Block, papers: Sequence[Paper]) -> PackedPage:
    """A page of its own for a board that fits only the whole paper."""
    paper = next(p for p in papers if _fits((block.width, block.height), (p.width, p.height)))
    return PackedPage(paper, paper.box, [block])


def _set_of(first: Component | Block) -> str | None:
    """The set of a component, or of a board part's first cell."""
    if isinstance(first, Component):
        return first.set_id
    return first.cells[0].component.set_id if first.cells else None


def _too_large(group: Group, first: Component | Block, papers: Sequence[Paper], frames: Frames) -> str:
    w, h = (first.width, first.height)
    rooms = " or ".join(f"{to_mm(f.w):.1f} × {to_mm(f.h):.1f} mm" for p in papers for f in frames(p)[:1])
    return (f"a {to_mm(w):g} × {to_mm(h):g} mm {group.name} does not fit on {papers[0].name}: inside the printer "
            f"margin, with room for the footer, a page has {rooms}")


def build(group: Group, todo: Todo, room: tuple[float, float]) -> Block | None:
    """The block holding the most of todo (from its start) that fits room, or None."""
    block = _shaped(group, todo, room)
    return None if block is None else _held(group, block, todo)


def _shaped(group: Group, todo: Todo, room: tuple[float, float]) -> Block | None:
    """The block build would return, its cells perhaps holding other components of the same size
    and backs: the fit tries many rooms and keeps one block, which alone needs todo's components."""
    if room[0] <= EPS or room[1] <= EPS:
        return None
    part = todo[0]
    if isinstance(part, Block):  # a board part, or a net: upright, else turned where it may be
        return next((b for b in (part, part.turned) if b is not None and _fits((b.width, b.height), room)), None)
    components = cast("list[Component]", todo)  # its first is a component: so is every one (Todo)
    if group.arrangement.lattice == "honeycomb":
        return _honeycomb(components, group.arrangement, room)
    key = (round(room[0], 3), round(room[1], 3),
           tuple(c.back for c in components[:_most(part, group.arrangement, room)]))
    if key not in group.built:
        group.built[key] = _grid(components, group.arrangement, room)
    return group.built[key]


def _held(group: Group, block: Block, todo: Todo) -> Block:
    """block (from _shaped) with todo's components in its cells."""
    if group.parts or group.arrangement.lattice == "honeycomb":
        return block  # made from todo itself
    components = cast("list[Component]", todo)  # a group without parts places components
    return replace(block, cells=tuple(cell.holding(c) for cell, c in zip(block.cells, components)))


def _most(component: Component, arrangement: Arrangement, room: tuple[float, float]) -> int:
    """The most cells of this size that could fit room, turned or not."""
    gap = arrangement.spacing
    w, h = component.width, component.height
    return max(_count(room[0], a, gap) * _count(room[1], b, gap) for a, b in ((w, h), (h, w)))


def _grid(todo: list[Component], arrangement: Arrangement, room: tuple[float, float]) -> Block | None:
    best = None
    turns = (0, 90) if arrangement.turnable and todo[0].width != todo[0].height else (0,)
    for turn in turns:
        w, h = (todo[0].height, todo[0].width) if turn else (todo[0].width, todo[0].height)
        gap = arrangement.spacing
        max_cols, max_rows = _count(room[0], w, gap), _count(room[1], h, gap)
        for count in range(min(len(todo), max_cols * max_rows), 0, -1):
            block = _first_grid(todo[:count], max_cols, max_rows, turn, arrangement, room)
            if block is not None:
                if best is None or len(block.cells) > len(best.cells):
                    best = block
                break
    return best


def _first_grid(components: list[Component], max_cols: int, max_rows: int, turn: int, arrangement: Arrangement,
                room: tuple[float, float]) -> Block | None:
    w, h = (components[0].height, components[0].width) if turn else (components[0].width, components[0].height)
    shapes = sorted(grid_shapes(len(components), max_cols, max_rows), key=lambda s: _shape_order(s, w, h))
    for cols, rows in shapes:
        block = grid_block(components, cols, rows, turn, arrangement, room)
        if block is not None:
            return block
    return None


def _shape_order(shape: tuple[int, int], w: float, h: float) -> tuple[float, float, int]:
    """Smallest box first, then the squarest: blocks that leave the most room together."""
    cols, rows = shape
    return (round(cols * rows * w * h, 3), round(abs(cols * w - rows * h), 3), rows)


def _honeycomb(todo: list[Component], arrangement: Arrangement, room: tuple[float, float]) -> Block | None:
    width, spacing = todo[0].width, arrangement.spacing
    for count in range(len(todo), 0, -1):
        fitting = [s for s in honeycomb_shapes(count) if _fits(honeycomb_size(*s, width, spacing), room)]
        if fitting:
            cols, rows = min(fitting, key=lambda s: _shape_order(s, *honeycomb_size(s[0], s[1], width, spacing)))
            return honeycomb_block(todo[:count], cols, rows, arrangement)
    return None


def _fits(size: tuple[float, float], room: tuple[float, float]) -> bool:
    return size[0] <= room[0] + EPS and size[1] <= room[1] + EPS


def _count(room: float, cell: float, gap: float) -> int:
    if room + EPS < cell:
        return 0
    return int((room + gap + EPS) // (cell + gap))


def _place(page: PackedPage, rect: Box, block: Block, pad: float) -> None:
    """Put block at the top-left of rect and take its padded box out of the free space."""
    x, y = rect.x + pad, rect.top - pad - block.height
    page.blocks.append(block.moved(x, y))
    used = Box(x - pad, y - pad, block.width + 2 * pad, block.height + 2 * pad)
    page.free = _prune([part for free in page.free for part in _split(free, used)])


def _split(free: Box, used: Box) -> list[Box]:
    """The maximal parts of free outside used."""
    if not free.overlaps(used):
        return [free]
    parts: list[Box] = []
    if used.x > free.x + EPS:
        parts.append(Box(free.x, free.y, used.x - free.x, free.h))
    if used.right < free.right - EPS:
        parts.append(Box(used.right, free.y, free.right - used.right, free.h))
    if used.y > free.y + EPS:
        parts.append(Box(free.x, free.y, free.w, used.y - free.y))
    if used.top < free.top - EPS:
        parts.append(Box(free.x, used.top, free.w, free.top - used.top))
    return parts


def _prune(boxes: list[Box]) -> list[Box]:
    """Boxes not inside another (the first of equal ones kept), top-left first."""
    kept = []
    for i, box in enumerate(boxes):
        if not any(j != i and other.contains(box) and (not box.contains(other) or j < i)
                   for j, other in enumerate(boxes)):
            kept.append(box)
    return sorted(kept, key=lambda b: (-round(b.top, 3), round(b.x, 3), -b.w * b.h))


def _centre(page: PackedPage) -> None:
    """Move all blocks together so that their trims sit centred in the frame."""
    if not page.blocks:
        return
    extents = [_extent(b) for b in page.blocks]
    x0, y0 = min(e.x for e in extents), min(e.y for e in extents)
    x1, y1 = max(e.right for e in extents), max(e.top for e in extents)
    dx = page.frame.x + (page.frame.w - (x1 - x0)) / 2 - x0
    dy = page.frame.y + (page.frame.h - (y1 - y0)) / 2 - y0
    page.blocks = [b.moved(dx, dy) for b in page.blocks]


def _extent(block: Block) -> Box:
    """The trims of a placed block, as one box (a net's, flaps and all)."""
    return block.net if block.net is not None else union_all(c.trim for c in block.cells)
