"""A story → laid-out rulebook pages (PDF bytes), and the checks that pages hold what they must.

Pages are laid out by platypus at their final size (A5 to read, A6 or A5 for the
booklet). Every block writes down where it landed (see `flowables.Placed`), so the
layout can be checked as a printer would look at it: no figure inks over text or
another figure; no page but the last is nearly empty; a fixed-length booklet keeps each
page group on its page and names the text that pushed one over.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cached_property

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageBreak, PageTemplate
from reportlab.platypus.doctemplate import LayoutError

from pnp.model.problems import Location, Problems
from pnp.paint.rulebook.compose import FULL, MARGIN
from pnp.paint.rulebook.flowables import LEDGER, IconCanvas, Placed, Rect
from pnp.paint.rulebook.style import Geometry, Styles

# A page whose content fills less of its frame than this is nearly empty.
NEAR_EMPTY = 0.25
# A flowing edition lets a section break go when the page before it is filled less than this
# (the composer's aim: no page but a chapter's last is left emptier than FULL).
LOOSE = FULL + MARGIN
# Ink may stray this far (points) past a neighbour's box: anti-aliasing, not an overprint.
TOLERANCE = 0.75


@dataclass(frozen=True)
class Footer:
    """What every body page says at its foot: the edition on one side, the page on the other."""

    edition: str
    page_label: str
    facing: bool


@dataclass(frozen=True)
class Layout:
    """Where every block of a laid-out edition landed; its PDF is written when first asked for
    (an edition that fails its checks after layout is never written)."""

    canvas: IconCanvas = field(repr=False, compare=False)
    pages: int
    placed: tuple[Placed, ...]
    frame: Rect

    @cached_property
    def pdf(self) -> bytes:
        self.canvas.write_figures()
        return self.canvas.getpdfdata()

    def on_page(self, page: int) -> list[Placed]:
        return [p for p in self.placed if p.page == page]

    def fill(self, page: int) -> float:
        """How much of the frame's height a page's content takes, from the top (0 to 1)."""
        return fill_of(self.on_page(page), self.frame)


def fill_of(blocks: list[Placed], frame: Rect) -> float:
    """How much of the frame's height the blocks take, from its top (0 to 1)."""
    if not blocks:
        return 0.0
    x0, y0, x1, y1 = frame
    lowest = min(min(p.box[1], p.ink[1]) for p in blocks)
    return max(0.0, min(1.0, (y1 - lowest) / (y1 - y0)))


class SectionBreak(PageBreak):
    """A section's page break that is let go when the page before it holds text but is filled
    less than LOOSE: the next section goes on below instead of leaving the page nearly empty."""


class _RulebookTemplate(BaseDocTemplate):
    def __init__(self, buffer: io.BytesIO, page: Geometry, styles: Styles, footer: Footer, title: str, author: str):
        super().__init__(buffer, pagesize=(page.width, page.height), invariant=1, initialFontName=styles.body.fontName,
                         title=title, author=author, creator="pnp", producer="pnp", pageCompression=1,
                         leftMargin=page.side, rightMargin=page.side, topMargin=page.top,
                         bottomMargin=page.bottom)
        self.geometry, self.styles, self.footer = page, styles, footer
        self.ledger: list[Placed] = []
        x, y, w, h = page.frame
        cover = Frame(x, y, w, h, id="cover", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        body = Frame(x, y, w, h, id="body", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("cover", [cover]), PageTemplate("body", [body], onPage=self.draw_footer)])

    def beforePage(self) -> None:
        setattr(self.canv, LEDGER, self.ledger)

    def filterFlowables(self, flowables: list) -> None:
        """platypus's look at the next flowable: a SectionBreak after a loose page is dropped."""
        if isinstance(flowables[0], SectionBreak) and self._page_is_loose():
            flowables[0] = None

    def _page_is_loose(self) -> bool:
        page = self.canv.getPageNumber()
        blocks = [p for p in self.ledger if p.page == page]
        return (page >= 2 and any(p.tag is not None for p in blocks)
                and fill_of(blocks, frame_rect(self.geometry)) < LOOSE)

    def draw_footer(self, canvas, doc) -> None:
        page, colours, number = self.geometry, self.styles.colours, canvas.getPageNumber()
        left_x, right_x = page.side, page.width - page.side
        canvas.saveState()
        canvas.addLiteral("/Artifact BMC")  # page furniture, not content
        canvas.setStrokeColor(colours.soft)
        canvas.setLineWidth(0.4)
        rule = page.bottom + page.footer_space * 0.55
        canvas.line(left_x, rule, right_x, rule)
        canvas.setFillColor(colours.soft)
        canvas.setFont(self.styles.body.fontName, 7.5 * page.scale)
        left, right = self.footer.edition, f"{self.footer.page_label} {number}"
        if self.footer.facing and number % 2 == 0:
            left, right = right, left
        canvas.drawString(left_x, page.bottom, left)
        canvas.drawRightString(right_x, page.bottom, right)
        canvas.addLiteral("EMC")
        canvas.restoreState()


def lay_out(story: list[Flowable], page: Geometry, styles: Styles, footer: Footer, title: str, author: str) -> Layout:
    """The story as PDF pages; LayoutError if a flowable fits no frame."""
    document = _RulebookTemplate(io.BytesIO(), page, styles, footer, title, author)
    document._doSave = 0  # platypus's switch for "lay out, do not write yet" (its multiBuild uses it)
    document.build(story, canvasmaker=IconCanvas)
    return Layout(document.canv, document.page, tuple(document.ledger), frame_rect(page))


def frame_rect(page: Geometry) -> Rect:
    """The page's text frame as (x0, y0, x1, y1), as the ledger's boxes are."""
    x, y, w, h = page.frame
    return (x, y, x + w, y + h)


def near_empty_pages(layout: Layout, below: float = NEAR_EMPTY) -> list[int]:
    """Body pages, other than the last, filled less than `below` of their frame."""
    return [page for page in range(2, layout.pages) if layout.fill(page) < below]


def overprints(layout: Layout) -> list[tuple[Placed, Placed | None]]:
    """(figure, what it inks over) for every figure that covers another block or leaves the page frame."""
    found: list[tuple[Placed, Placed | None]] = []
    for page in range(1, layout.pages + 1):
        blocks = layout.on_page(page)
        for figure in (b for b in blocks if b.kind == "figure"):
            if not _inside(figure.ink, _grown(layout.frame, 3 * TOLERANCE)):
                found.append((figure, None))
            for other in blocks:
                target = other.ink if other.kind == "figure" else other.box
                if other is not figure and _overlap(figure.ink, target) > TOLERANCE:
                    found.append((figure, other))
    return found


def _overlap(a: Rect, b: Rect) -> float:
    return min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1]))


def _inside(a: Rect, b: Rect) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]


def _grown(r: Rect, d: float) -> Rect:
    return (r[0] - d, r[1] - d, r[2] + d, r[3] + d)


def check_overprints(layout: Layout, where: str, rulebook: Location, problems: Problems) -> None:
    """A problem for every overprint, naming the page and both blocks: never a silent overprint."""
    seen: set[tuple] = set()
    for figure, other in overprints(layout):
        what, target = _name(figure), (f"prints over {_name(other)}" if other else "runs out of the page's frame")
        if (figure.page, what, target) in seen:
            continue
        seen.add((figure.page, what, target))
        location = figure.tag.location if figure.tag else rulebook
        problems.add(location, figure.tag.key if figure.tag else "", f"{where}, page {figure.page}: {what} {target}")


def _name(block: Placed) -> str:
    """A block as a reader of the error knows it: "diagram 'push'", "the caption of diagram 'push'", "'rules.p1'"."""
    if block.tag is None:
        return "a ruled area"
    key = block.tag.key
    diagram = diagram_named(key)
    if diagram is not None:
        return diagram if block.kind == "figure" else f"the caption of {diagram}"
    return f"'{key}'" if block.kind == "text" else key


def diagram_named(key: str) -> str | None:
    """"diagram 'push'" for a figure tagged with its caption's key (diagram.push.caption), else None."""
    if key.startswith("diagram.") and key.endswith(".caption"):
        return f"diagram '{key[len('diagram.'):-len('.caption')]}'"
    return None


def check_fixed_pages(layout: Layout, pages: int, where: str, rulebook: Location, problems: Problems) -> None:
    """Every page group on one page, and no more than `pages` pages: else name the text that spilled."""
    first_page: dict[int, int] = {}
    for placed in layout.placed:
        tag = placed.tag
        if tag is None:
            continue
        start = first_page.setdefault(tag.group, placed.page)
        if placed.page != start:
            problems.add(tag.location, tag.key, f"{where}: '{tag.key}' does not fit on page {start} of the "
                         f"{pages}-page booklet (it would run onto page {placed.page}); shorten the text of that page")
            return
    if layout.pages > pages:
        tags = [p.tag for p in layout.placed if p.tag is not None]
        last = tags[-1] if tags else None
        problems.add(last.location if last else rulebook, last.key if last else "", f"{where}: the booklet needs "
                     f"{layout.pages} pages but holds {pages}; put fewer sections on a page of their own")


def layout_error(error: LayoutError, where: str, location, problems: Problems) -> None:
    problems.add(location, "", f"{where}: {error}; a picture or table is larger than a page")
