"""The blank pages a folded booklet must carry → pages worth having: a checklist and notes.

A booklet's page count is fixed by its folding (a multiple of 4, or the 8 pages of
the A6 sheet). The pages the rules leave over get a components checklist (every set
with its count and a box to tick) and then ruled pages for notes.
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
    """Writing lines across the text measure, filling the rest of the frame."""

    def __init__(self, indent: float, spacing: float, colour):
        super().__init__()
        self.indent, self.spacing, self.colour = indent, spacing, colour

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
            canvas.line(x + self.indent, line, x + self.width - self.indent, line)
            line -= self.spacing
        canvas.restoreState()
        record(canvas, "text", None, (x + self.indent, y, x + self.width - self.indent, y + self.height))

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
    """`count` pages: the checklist first (if the game has components), then notes.

    Each page is a page group of its own (numbered -1, -2, ...: after every group of the
    rules), so a fixed-length booklet checks them like any other page.
    """
    pages: list[list[Flowable]] = []
    if count and ctx.game.sets:
        pages.append(checklist(ctx, -1))
    while len(pages) < count:
        pages.append(notes(ctx, -1 - len(pages)))
    return [flowable for page in pages for flowable in (PageBreak(), *page)]


def _heading(ctx: Context, name: str, group: int) -> Flowable:
    text = " / ".join(label(name, voice.language) for voice in ctx.texts)
    return paragraph(ctx, text, ctx.styles.heading, Tag(name, ctx.rulebook.location, group), ctx.language)


def checklist(ctx: Context, group: int) -> list[Flowable]:
    s, where = ctx.styles, Tag("checklist", ctx.rulebook.location, group)
    flowables = [_heading(ctx, "checklist", group),
                 paragraph(ctx, label("checklist-intro", ctx.language), s.body, where, ctx.language)]
    for component_set in ctx.game.sets:
        key = f"component.{component_set.id}.name"
        name = ctx.texts[0](key).replace("*", "") if ctx.texts[0].has(key) else component_set.id
        flowables.append(paragraph(ctx, f"{component_set.count} × {name}", s.bullet, where, ctx.language,
                                   bullet=CHECKBOX))
    flowables.append(RuledLines(0, mm(8) * ctx.page.scale, s.colours.soft))
    return flowables


def notes(ctx: Context, group: int) -> list[Flowable]:
    return [_heading(ctx, "notes", group), RuledLines(0, mm(8) * ctx.page.scale, ctx.styles.colours.soft)]
