"""A game's component sets + paper + settings → its sheets: fronts, backs, marks, footers.

This is the whole sheet layout of a kit, as numbers:

1. every copy of every item becomes a `Component` with its back class (backs.py);
2. components laid out alike form groups (one size, shape and arrangement; sets of the
   same size share a group, so Quatrefoil's 5 colour and 4 position cards fill one
   3 × 3 grid); a board becomes its parts (tiling.py), a tuck box or standee its net (nets.py);
3. the groups of the kit, and apart from them every set that asks for sheets of its
   own, are packed onto as few pages as the fit finds (packing.py);
4. each front page gets its back: every cell that has a back, mirrored for the duplex
   flip and moved by the back offset; a sheet whose components have no back gets a
   blank back whenever the kit prints two-sided, so that front pages never end up one
   behind another. On a fold-over sheet the backs are the mirror image on the other half;
5. `finish` places the footer items (measured by the painter, in the sheet's language)
   and then the cut marks around them (marks.py, furniture.py).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from pnp.layout.backs import back_class
from pnp.layout.blocks import Cell, Component, Guide
from pnp.layout.furniture import Item, Placed, place_items
from pnp.layout.geometry import Box, DoesNotFit, Line
from pnp.layout.marks import MIN_MARK, SAME, CutLine, Mark, MarkRules, cut_lines, place_marks
from pnp.layout.nets import net_block
from pnp.layout.packing import Frames, Group, PackedPage, pack
from pnp.layout.paper import Paper
from pnp.layout.sheet import Mirror, SheetSettings, arrangement_for, mirror_of
from pnp.layout.tiling import BoardPart, Tab, board_parts
from pnp.model.components import ComponentSet
from pnp.model.sheets import SheetChoices
from pnp.model.units import mm

# Room kept between art and a fold line, so that nothing is cut across the fold.
FOLD_CLEARANCE = mm(4)
# Room a page keeps free along one side, beyond the art's bleed and short cut marks, for the
# footer line and scale bar; and how far marks stop short of them, so that no tick of the
# scale bar is taken for a cut mark.
FOOTER_ROOM = mm(4.5)
FOOTER_CLEARANCE = mm(1.5)

# Components laid out alike share a group: (shape, width, height, bleed, arrangement); each
# copy of a board item has its own, ("board", set id, item index).
GroupKey = tuple[Hashable, ...]


@dataclass(frozen=True)
class Side:
    """One printed page: the cells whose fronts and whose backs print on it, and what else it carries."""

    paper: Paper
    fronts: tuple[Cell, ...] = ()
    backs: tuple[Cell, ...] = ()
    guides: tuple[Guide, ...] = ()
    tabs: tuple[Tab, ...] = ()
    notches: tuple[tuple[tuple[float, float], ...], ...] = ()
    fold: Line | None = None
    folds: tuple[Line, ...] = ()  # the fold lines of the nets on it
    nets: tuple[Box, ...] = ()  # the whole extent of each net on it, flaps and all


@dataclass(frozen=True)
class Sheet:
    """One sheet of paper: its front page and, in a two-sided kit, its back page."""

    number: int
    front: Side
    back: Side | None
    sets: tuple[str, ...]
    parts: tuple[BoardPart, ...] = ()
    mirror: Mirror | None = None  # front → back (duplex) or front half → back half (fold)
    lines: tuple[CutLine, ...] = ()  # every cut line of the front page (on a fold sheet, both halves)
    edge_to_edge: bool = False

    @property
    def blank_back(self) -> bool:
        return self.back is not None and not self.back.backs


@dataclass(frozen=True)
class Kit:
    sheets: tuple[Sheet, ...]
    two_sided: bool  # duplex pages (front, back, front, back …); False: one page per sheet


def lay_out(sets: Sequence[ComponentSet], game_choices: SheetChoices, paper: Paper, settings: SheetSettings) -> Kit:
    """Every set's components on sheets of paper (sets in print order)."""
    pages: list[tuple[PackedPage, bool]] = []
    for pool, folded in _pools(sets, game_choices, paper, settings):
        frames = _frames(settings, _bleed(pool), folded)
        pages += [(page, folded) for page in pack(pool, paper.orientations(), frames, _pad(pool, settings))]
    two_sided = not settings.fold and any(c.component.back is not None
                                          for p, _ in pages for b in p.blocks for c in b.cells)
    order = {s.id: i for i, s in enumerate(sets)}
    sheets = tuple(_sheet(number, page, folded, settings, two_sided, order)
                   for number, (page, folded) in enumerate(pages, start=1))
    return Kit(sheets, two_sided)


def _pools(sets: Sequence[ComponentSet], game_choices: SheetChoices, paper: Paper,
           settings: SheetSettings) -> list[tuple[list[Group], bool]]:
    """The kit's groups, and apart from them one list per set that wants sheets of its own, in set
    order; each with whether it goes on fold-over sheets (with fold, the sets that have backs: one
    without, a board say, is better on whole pages)."""
    pools: dict[tuple[str, str | bool], tuple[dict[GroupKey, Group], bool]] = {}
    classes: dict[Hashable, int] = {}
    for component_set in sets:
        folded = settings.fold and component_set.has_backs
        key = ("own", component_set.id) if component_set.sheet.own_sheets else ("shared", folded)
        groups, _ = pools.setdefault(key, ({}, folded))
        _add_set(groups, component_set, game_choices, paper, settings, classes, folded)
    return [(list(groups.values()), folded) for groups, folded in pools.values()]


def _add_set(groups: dict[GroupKey, Group], component_set: ComponentSet, game_choices: SheetChoices, paper: Paper,
             settings: SheetSettings, classes: dict[Hashable, int], folded: bool) -> None:
    arrangement = arrangement_for(component_set, game_choices, settings.layout)
    for index, item in enumerate(component_set.items):
        # Back classes are numbered: comparing numbers is cheap, comparing faces is not.
        # A folded component's back is a panel of its net, not printed behind it.
        back = None if item.back is None or component_set.shape.folded else \
            classes.setdefault(back_class(item.back), len(classes))
        component = Component(component_set.id, index, item.width, item.height, component_set.shape,
                              component_set.corner, component_set.bleed, back)
        if component_set.shape.folded:
            frames = [f for p in paper.orientations() for f in _frames(settings, component.bleed, folded)(p)]
            net = net_block(component, [name for name, _ in item.faces], frames)
            group = groups.setdefault(("net", component_set.id), Group(component_set.id, arrangement))
            group.parts += [net] * item.count
            continue
        for _ in range(item.count):
            key: GroupKey
            if component_set.kind == "board":
                key = ("board", component_set.id, index)
                group = groups.setdefault(key, Group(component_set.id, arrangement))
                frames = [f for p in paper.orientations() for f in _frames(settings, component.bleed, folded)(p)]
                group.parts += board_parts(component, frames, [p.box for p in paper.orientations()])
                continue
            key = (component.shape, round(item.width, 3), round(item.height, 3), component.bleed, arrangement)
            group = groups.setdefault(key, Group(component_set.id, arrangement))
            group.components.append(component)


def _area(paper: Paper, settings: SheetSettings, folded: bool) -> Box:
    """Where trims may go on a page: inside the printer margin; on a fold sheet, its first half."""
    inner = settings.printable(paper)
    if not folded:
        return inner
    if paper.is_landscape:
        return Box(inner.x, inner.y, paper.width / 2 - FOLD_CLEARANCE - inner.x, inner.h)
    bottom = paper.height / 2 + FOLD_CLEARANCE
    return Box(inner.x, bottom, inner.w, inner.top - bottom)


def _frames(settings: SheetSettings, bleed: float, folded: bool) -> Frames:
    """A page's area less a footer strip along one side: bottom, top, left or right."""
    strip = FOOTER_ROOM + bleed + settings.mark_gap + MIN_MARK + FOOTER_CLEARANCE

    def frames(paper: Paper) -> list[Box]:
        a = _area(paper, settings, folded)
        return [Box(a.x, a.y + strip, a.w, a.h - strip), Box(a.x, a.y, a.w, a.h - strip),
                Box(a.x + strip, a.y, a.w - strip, a.h), Box(a.x, a.y, a.w - strip, a.h)]
    return frames


def _bleed(groups: list[Group]) -> float:
    return max(g.arrangement.bleed for g in groups)


def _pad(groups: list[Group], settings: SheetSettings) -> float:
    return _bleed(groups) + settings.mark_gap + settings.mark_length / 2


def _sheet(number: int, page: PackedPage, folded: bool, settings: SheetSettings, two_sided: bool,
           order: dict[str, int]) -> Sheet:
    cells = tuple(c for b in page.blocks for c in b.cells)
    details = [b.details for b in page.blocks if b.details is not None]
    guides = tuple(g for b in page.blocks for g in b.guides)
    lines = tuple(cut_lines(page.blocks))
    sets = tuple(sorted({c.component.set_id for c in cells}, key=lambda set_id: order[set_id]))
    front = Side(page.paper, cells, guides=guides, tabs=tuple(t for d in details for t in d.tabs),
                 notches=tuple(n for d in details for n in d.notches),
                 folds=tuple(f for b in page.blocks for f in b.folds),
                 nets=tuple(b.net for b in page.blocks if b.net is not None))
    parts = tuple(d.part for d in details)
    edge = any(b.edge_to_edge for b in page.blocks)
    if folded:
        mirror = _fold_mirror(page.paper)
        backs = _backs(cells, mirror)
        front = replace(front, backs=backs, fold=_fold_line(page.paper, settings.margin))
        behind = [replace(b, cells=tuple(c for c in b.cells if c.component.back is not None)) for b in page.blocks]
        lines += tuple(_mirror_cut(line, mirror) for line in cut_lines(b for b in behind if b.cells))
        return Sheet(number, front, None, sets, parts, mirror, lines, edge)
    mirror = mirror_of(page.paper, settings.flip, settings.back_offset)
    back = Side(page.paper, backs=_backs(cells, mirror)) if two_sided else None
    return Sheet(number, front, back, sets, parts, mirror, lines, edge)


def _backs(cells: Sequence[Cell], mirror: Mirror) -> tuple[Cell, ...]:
    """Each cell that has a back, where its back prints."""
    return tuple(_mirrored(cell, mirror) for cell in cells if cell.component.back is not None)


def _mirrored(cell: Cell, mirror: Mirror) -> Cell:
    art = mirror.box(cell.art_box)
    return Cell(cell.component, mirror.box(cell.trim), tuple(mirror.point(x, y) for x, y in cell.clip),
                mirror.turn(cell.turn), art)


def _mirror_cut(line: CutLine, mirror: Mirror) -> CutLine:
    start, end = mirror.point(*line.start), mirror.point(*line.end)
    return CutLine(min(start, end), max(start, end))


def _fold_mirror(paper: Paper) -> Mirror:
    return Mirror(True, paper.width / 2) if paper.is_landscape else Mirror(False, paper.height / 2)


def _fold_line(paper: Paper, margin: float) -> Line:
    """The middle of the paper, from printer margin to printer margin."""
    if paper.is_landscape:
        return Line(paper.width / 2, margin, paper.width / 2, paper.height - margin)
    return Line(margin, paper.height / 2, paper.width - margin, paper.height / 2)


# --- finishing a sheet: footer items, then marks ------------------------------------------

@dataclass(frozen=True)
class Finished:
    """What a sheet carries besides its art, per page: marks, guides for unmarked cuts, footer items."""

    front_marks: tuple[Mark, ...]
    back_marks: tuple[Mark, ...]
    guides: tuple[Guide, ...]
    front_items: tuple[Placed, ...]
    back_items: tuple[Placed, ...] = field(default=())


def finish(sheet: Sheet, variants: Sequence[Sequence[Item]], settings: SheetSettings) -> Finished:
    """Place the footer items (first variant that fits, measured as they read) and the marks around them."""
    rules = MarkRules(settings.mark_length, settings.mark_gap, settings.printable(sheet.front.paper))
    marks, guides, items = _marks_and_items(tuple(sheet.lines), tuple(_ink(sheet.front)), tuple(map(tuple, variants)),
                                            rules, sheet.edge_to_edge)
    if sheet.back is None or sheet.mirror is None:
        return Finished(marks, (), guides, items)
    backed = [c.trim for c in sheet.front.fronts if c.component.back is not None]
    if len(backed) < len(sheet.front.fronts):  # marks behind a part with no back would cut blank paper
        marks_behind = [m for m in marks if any(_on_edge(m.at, trim) for trim in backed)]
    else:
        marks_behind = list(marks)
    back_marks = tuple(Mark(sheet.mirror.line(m.line), sheet.mirror.point(*m.at), m.in_bleed) for m in marks_behind)
    still = Mirror(sheet.mirror.vertical, sheet.mirror.at)  # footers stay put: no back offset
    back_items = tuple(Placed(p.name, still.box(p.box), p.turn) for p in items)
    return Finished(marks, back_marks, guides, items, back_items)


@lru_cache(maxsize=64)
def _marks_and_items(lines: tuple[CutLine, ...], ink: tuple[Box, ...],
                     variants: tuple[tuple[Item, ...], ...], rules: MarkRules,
                     edge_to_edge: bool) -> tuple[tuple[Mark, ...], tuple[Guide, ...], tuple[Placed, ...]]:
    """(marks, guides, footer items) of a front. Sheets laid out alike, with footers as wide (every
    full sheet of a long deck), are finished once: the answer depends on nothing else."""
    full, _ = place_marks(lines, ink, [], rules)
    try:
        items = place_items(variants, ink, [m.line for m in full], rules.printable)
    except DoesNotFit:
        if not edge_to_edge:
            raise
        items = []  # a board printed edge to edge leaves no margin to print in
    marks, guides = place_marks(lines, ink, [p.box.outset(FOOTER_CLEARANCE) for p in items], rules)
    return tuple(marks), tuple(guides), tuple(items)


def _on_edge(point: tuple[float, float], box: Box) -> bool:
    """Whether point lies on box's edge (a cut line ends at the trim of a component it cuts out)."""
    x, y = point
    inside = box.x - SAME <= x <= box.right + SAME and box.y - SAME <= y <= box.top + SAME
    return inside and min(abs(x - box.x), abs(x - box.right), abs(y - box.y), abs(y - box.top)) <= SAME


def _ink(side: Side) -> list[Box]:
    """Everything on a page that prints art, as boxes (the fold line counted as a thin one, a net as
    its whole extent: its flaps are cut along lines too)."""
    boxes = [c.clip_box for c in (*side.fronts, *side.backs)] + list(side.nets)
    boxes += [t.box.outset(_tab_bleed(side, t)) for t in side.tabs]
    if side.fold is not None:
        boxes.append(Box(min(side.fold.x0, side.fold.x1), min(side.fold.y0, side.fold.y1),
                         abs(side.fold.x1 - side.fold.x0), abs(side.fold.y1 - side.fold.y0)))
    return boxes


def _tab_bleed(side: Side, tab: Tab) -> float:
    """A tab bleeds like the board it belongs to."""
    return max((c.component.bleed for c in side.fronts if c.trim.contains(tab.box)), default=0.0)


__all__ = ["Finished", "Item", "Kit", "Placed", "Sheet", "Side", "finish", "lay_out"]
