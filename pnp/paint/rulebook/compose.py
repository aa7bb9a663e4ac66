"""What belongs together, and where it may break → the page break a typesetter would choose.

platypus flows a story greedily and, where a group kept together does not fit the
rest of a page, pushes it whole to the next, however empty that leaves the page. A
`Passage` instead weighs its options when it meets the foot of a page, and takes the
cheapest:

- move it whole to the next page (a figure goes with the text that introduces it), which
  costs nothing while the page it leaves is at least FULL, and a great deal below that;
- break it at a place that reads well: between the rows of a sequence of figures,
  after a lead-in and two steps of a list, between paragraphs, inside a paragraph (its
  own widow and orphan rules hold), and at a price between a text and the figure it
  introduces (the figure then opens the next page); never between a heading and what it
  heads, a lead-in and its list, or a paragraph and its translation;
- draw its sequence of figures smaller, down to the sequence's legibility minimum.

Each option's cost is the badness of its break plus how far the page it leaves falls
short of FULL, so a page is left under FULL only where nothing else fits. Costs are
small numbers on one scale (below); `NEVER` forbids a break.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Flowable
from reportlab.platypus.doctemplate import ActionFlowable

NEVER = math.inf
FREE = 0.0
# The cost of a break, by where it falls.
BETWEEN_ROWS = 1.0  # between two rows of a sequence of figures
BETWEEN_PARAGRAPHS = 1.0  # between blocks kept together only by choice
IN_LIST = 2.0  # after a lead-in and two steps, with two steps or more still to come
BEFORE_LAST_STEP = 8.0  # after two steps or more, with only the last still to come
IN_PARAGRAPH = 3.0  # inside a paragraph, at least two lines on either side
FIGURE_AWAY = 20.0  # between a text and the figure it introduces: the figure opens the next page
# A page left filled under FULL costs UNDERFULL and more the emptier it is; above FULL a
# fuller page is still a little better. The composer measures a page by its frame and a
# reader by its ink: it aims MARGIN higher, so that both see a page at least FULL.
FULL = 0.6
MARGIN = 0.03
UNDERFULL = 100.0
SHORTFALL = 100.0
SLACK = 4.0
# Drawing a sequence 10 % smaller costs as much as one good break.
SHRINK = 10.0
FUZZ = 1e-6  # points: what platypus's frame forgives when it checks a fit


def page_cost(fill: float) -> float:
    """What leaving a page filled to `fill` (0 to 1 of its frame) costs."""
    if fill < FULL + MARGIN:
        return UNDERFULL + SHORTFALL * (FULL + MARGIN - fill)
    return SLACK * (1.0 - fill)


class NextPage(ActionFlowable):
    """Go on on the next page, unless this one is still empty (platypus's FrameBreak would leave it so)."""

    def __init__(self):
        super().__init__(("frameEnd",))

    def apply(self, doc):
        if not doc.frame._atTop:
            doc.handle_frameEnd()


@dataclass(frozen=True)
class Option:
    """One way to meet the foot of a page: the flowables to give the frame, and its cost."""

    cost: float
    flowables: tuple[Flowable, ...]


class Passage(Flowable):
    """Flowables that stay on one page where they can: `breaks[i]` is the cost of a page break
    between flowables i and i + 1 (NEVER: never there)."""

    def __init__(self, flowables: Sequence[Flowable], breaks: Sequence[float], may_shrink: bool = True):
        super().__init__()
        assert len(breaks) == len(flowables) - 1
        self.content, self.breaks, self.may_shrink = list(flowables), list(breaks), may_shrink
        self._sizes: dict[int, tuple] = {}  # id → the flowable, width, height, space before, space after

    def _stacked(self, flowables: Sequence[Flowable], width: float, canvas) -> float:
        """stacked_height, each flowable measured once at a width: a passage weighs many options
        of the same flowables, and wrapping a paragraph is most of what laying out costs."""
        return stacked_height(flowables, width, canvas, self._sizes)

    # -- platypus's side ----------------------------------------------------------------

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        return availWidth, 0xFFFFFF  # always asked to split: the choice is made there

    def getSpaceBefore(self):
        return self.content[0].getSpaceBefore()

    def getSpaceAfter(self):
        return self.content[-1].getSpaceAfter()

    def split(self, availWidth, availHeight):
        if self._stacked(self.content, availWidth, self.canv) <= availHeight + FUZZ:
            return list(self.content)
        frame = getattr(self, "_frame", None)  # platypus sets it on whatever it asks to split
        page = max(frame._y2 - frame._y1p, 1.0) if frame is not None else availHeight
        filled = (frame._y2 - frame._y) / page if frame is not None else 0.0
        at_top = frame is None or frame._atTop
        best = min(self._options(availWidth, availHeight, page, filled, at_top), key=lambda option: option.cost)
        return list(best.flowables)

    def draw(self):  # never drawn whole: split always answers
        pass

    # -- the options ----------------------------------------------------------------------

    def _options(self, width: float, height: float, page: float, filled: float, at_top: bool) -> list[Option]:
        """`page` is the frame's height, `filled` how much of it is taken already (0 to 1)."""
        # Moved whole, it weighs its options again at the top of the next page.
        moved = Passage(self.content, self.breaks, self.may_shrink)
        moved._sizes = self._sizes
        options = [] if at_top else [Option(page_cost(filled), (NextPage(), moved))]
        options += self._breaks(width, height, page, filled)
        options += self._inside_paragraph(width, height, page, filled)
        options += self._shrunk(width, height)
        if not options:  # taller than a page and no good break: platypus splits what it can
            options.append(Option(NEVER, tuple(self.content)))
        return options

    def _breaks(self, width: float, height: float, page: float, filled: float) -> list[Option]:
        """Every break the passage allows that leaves the part before it on this page."""
        options = []
        for index, cost in enumerate(self.breaks):
            if cost == NEVER:
                continue
            head = self.content[:index + 1]
            used = self._stacked(head, width, self.canv)
            if used <= height + FUZZ:
                rest = _rest(self.content[index + 1:], self.breaks[index + 1:])
                options.append(Option(cost + page_cost(filled + used / page), (*head, NextPage(), rest)))
        return options

    def _inside_paragraph(self, width: float, height: float, page: float, filled: float) -> list[Option]:
        """The paragraph that reaches past the foot of the page, split there (if its rules let it)."""
        for index, flowable in enumerate(self.content):
            through = self._stacked(self.content[:index + 1], width, self.canv)
            if through <= height + FUZZ:
                continue
            if not getattr(flowable, "splittable_in_passage", False):
                return []
            above = through - flowable.wrapOn(self.canv, width, 0xFFFFFF)[1]
            parts = flowable.split(width, height - above) if height > above else []
            if len(parts) != 2:
                return []
            rest = _rest([parts[1], *self.content[index + 1:]], self.breaks[index:])
            used = above + parts[0].wrap(width, height - above)[1]
            return [Option(IN_PARAGRAPH + page_cost(filled + used / page),
                           (*self.content[:index], parts[0], NextPage(), rest))]
        return []

    def _shrunk(self, width: float, height: float) -> list[Option]:
        """The passage with its figures drawn smaller, as little as makes it fit, within their minimums."""
        rows = [f for f in self.content if hasattr(f, "shrunk")]
        if not rows or not self.may_shrink:
            return []
        total = self._stacked(self.content, width, self.canv)
        pictures = sum(row.picture_height for row in rows)
        smallest = max(row.smallest for row in rows)
        factor = 1.0 - (total - height) / max(pictures, 1.0)
        for _ in range(3):  # pictures do not shrink quite in proportion (labels keep their size)
            if factor < smallest:
                return []
            content = [f.shrunk(factor) if hasattr(f, "shrunk") else f for f in self.content]
            if self._stacked(content, width, self.canv) <= height + FUZZ:
                return [Option(SHRINK * (1.0 - factor), tuple(content))]
            factor -= 0.03
        return []


def _rest(flowables: list[Flowable], breaks: list[float]) -> Flowable:
    """What goes on to the next page: its figures keep the scale of those already placed."""
    return flowables[0] if len(flowables) == 1 else Passage(flowables, breaks[:len(flowables) - 1], may_shrink=False)


def stacked_height(flowables: Sequence[Flowable], width: float, canvas, sizes: dict[int, tuple] | None = None) -> float:
    """The height of flowables set one under the other, space between them as a frame puts it;
    `sizes` remembers each flowable's measures (at one width) from call to call."""
    sizes = {} if sizes is None else sizes
    total, after = 0.0, None
    for flowable in flowables:
        known = sizes.get(id(flowable))
        if known is None or known[0] is not flowable or known[1] != width:
            height = flowable.wrapOn(canvas, width, 0xFFFFFF)[1]
            known = sizes[id(flowable)] = (flowable, width, height, flowable.getSpaceBefore(), flowable.getSpaceAfter())
        if after is not None:
            total += max(known[3], after)
        total += known[2]
        after = known[4]
    return total
