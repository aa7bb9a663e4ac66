"""The blank pages a folded booklet must carry → pages worth having: notes, and a back cover
that serves play.

A booklet's page count is fixed by its folding (a multiple of 4, or the 8 pages of
the A6 sheet). The last page the rules leave over is the back cover: what is in the
box, every set with its count, a picture of its pieces and a box to tick when packing
up, in the booklet's language. Any other spare pages, before it, are ruled for notes.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable, PageBreak

from pnp.i18n.labels import label
from pnp.model.units import mm
from pnp.paint.rulebook.flowables import Tag, record
from pnp.paint.rulebook.story import Context, paragraph

CHECKBOX = "☐"


class RuledLines(Flowable):
    """Writing lines across the text block, filling the rest of the frame."""

    def __init__(self, spacing: float, colour):
        super().__init__()
        self.spacing, self.colour = spacing, colour

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        self.height = max(0.0, availHeight - 1)
        return self.width, self.height

    def drawOn(self, canvas, x, y, _sW=0):
        canvas.saveState()
        canvas.setStrokeColor(self.colour)
        canvas.setLineWidth(0.4)
        line = y + self.height - self.spacing
        while line >= y:
            canvas.line(x, line, x + self.width, line)
            line -= self.spacing
        canvas.restoreState()
        record(canvas, "text", None, (x, y, x + self.width, y + self.height))

    def draw(self):
        pass


class Padding(Flowable):
    """The end of a booklet's story: where the rules end, it adds the pages the booklet has
    spare (`printed(pages)` less the pages so far), so a booklet is laid out once, not once
    more to pad it. It takes no room itself."""

    def __init__(self, ctx: Context, printed: Callable[[int], int]):
        super().__init__()
        self.ctx, self.printed = ctx, printed

    def wrap(self, availWidth, availHeight):
        # Frames give a flowable its canvas and frame before wrapping it; content handed to
        # the frame here is laid out next (platypus's own DocIf adds pages the same way).
        pages = self.canv.getPageNumber()
        spare = self.printed(pages) - pages  # below 0 when the rules overrun a fixed booklet (reported)
        if spare > 0:
            self._frame.add_generated_content(*padding_pages(self.ctx, spare))
        return 0, 0

    def drawOn(self, canvas, x, y, _sW=0):
        pass  # nothing to draw, not even an empty q … Q


def padding_pages(ctx: Context, count: int) -> list[Flowable]:
    """`count` pages: notes, then the back cover (if the game has components; else notes too).

    Each page is a page group of its own (numbered -1, -2, ...: after every group of the
    rules), so a fixed-length booklet checks them like any other page.
    """
    back = 1 if count and ctx.game.sets else 0
    pages = [notes(ctx, -1 - n) for n in range(count - back)]
    if back:
        pages.append(back_cover(ctx, -count))
    return [flowable for page in pages for flowable in (PageBreak(), *page)]


def _heading(ctx: Context, name: str, group: int) -> Flowable:
    text = " / ".join(label(name, voice.language) for voice in ctx.texts)
    return paragraph(ctx, text, ctx.styles.heading, Tag(name, ctx.rulebook.location, group), ctx.language)


def back_cover(ctx: Context, group: int) -> list[Flowable]:
    """What is in the box: each set's count and name with a box to tick, and its pieces pictured small."""
    from pnp.paint.rulebook.pictures import BACK_COVER, component_lines

    s, where = ctx.styles, Tag("in-the-box", ctx.rulebook.location, group)
    flowables = [_heading(ctx, "in-the-box", group),
                 paragraph(ctx, label("checklist-intro", ctx.language), s.body, where, ctx.language)]
    for component_set in ctx.game.sets:
        flowables += component_lines(ctx, component_set, where, BACK_COVER, tick=CHECKBOX)
    return flowables


def notes(ctx: Context, group: int) -> list[Flowable]:
    return [_heading(ctx, "notes", group), RuledLines(mm(8) * ctx.page.scale, ctx.styles.colours.soft)]
