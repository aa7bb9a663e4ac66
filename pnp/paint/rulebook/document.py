"""A story → laid-out rulebook pages (PDF bytes), and the check that pages hold what they must.

Pages are laid out by platypus at their final size (A5 to read, A6 or A5 for the
booklet). Each placed flowable's tag is recorded with its page, so a fixed-length
booklet can name the text that pushed a page group over its page.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate
from reportlab.platypus.doctemplate import LayoutError

from pnp.i18n.labels import label
from pnp.model.problems import Location, Problems
from pnp.paint.fonts import font_name
from pnp.paint.rulebook.flowables import Tag, tag_of
from pnp.paint.rulebook.style import Geometry, Styles


@dataclass(frozen=True)
class Footer:
    """What every body page says at its foot: the edition on one side, the page on the other."""

    edition: str
    page_label: str
    facing: bool


@dataclass(frozen=True)
class Layout:
    pdf: bytes
    pages: int
    placed: tuple[tuple[int, Tag], ...]


class _RulebookTemplate(BaseDocTemplate):
    def __init__(self, buffer: io.BytesIO, page: Geometry, styles: Styles, footer: Footer, title: str, author: str):
        super().__init__(buffer, pagesize=(page.width, page.height), invariant=1, initialFontName=font_name(),
                         title=title, author=author, creator="pnp", producer="pnp", pageCompression=1,
                         leftMargin=page.margin, rightMargin=page.margin, topMargin=page.margin,
                         bottomMargin=page.margin)
        self.geometry, self.styles, self.footer = page, styles, footer
        self.placed: list[tuple[int, Tag]] = []
        cover = Frame(page.margin, page.margin, page.width - 2 * page.margin, page.height - 2 * page.margin,
                      id="cover", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        body = Frame(*page.frame, id="body", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("cover", [cover]), PageTemplate("body", [body], onPage=self.draw_footer)])

    def afterFlowable(self, flowable: Flowable) -> None:
        tag = tag_of(flowable)
        if tag is not None:
            self.placed.append((self.page, tag))

    def draw_footer(self, canvas, doc) -> None:
        page, colours, number = self.geometry, self.styles.colours, canvas.getPageNumber()
        y = page.margin
        canvas.saveState()
        canvas.setStrokeColor(colours.soft)
        canvas.setLineWidth(0.4)
        canvas.line(page.margin, y + page.footer_space * 0.55, page.width - page.margin, y + page.footer_space * 0.55)
        canvas.setFillColor(colours.soft)
        canvas.setFont(font_name(), 7 * page.scale)
        left, right = self.footer.edition, f"{self.footer.page_label} {number}"
        if self.footer.facing and number % 2 == 0:
            left, right = right, left
        canvas.drawString(page.margin, y, left)
        canvas.drawRightString(page.width - page.margin, y, right)
        canvas.restoreState()


def lay_out(story: list[Flowable], page: Geometry, styles: Styles, footer: Footer, title: str, author: str) -> Layout:
    """The story as PDF pages; LayoutError if a flowable fits no frame."""
    buffer = io.BytesIO()
    document = _RulebookTemplate(buffer, page, styles, footer, title, author)
    document.build(story)
    return Layout(buffer.getvalue(), document.page, tuple(document.placed))


def footer_for(edition_line: str, language: str, facing: bool) -> Footer:
    return Footer(edition_line, label("page", language), facing)


def check_fixed_pages(layout: Layout, pages: int, where: str, rulebook: Location, problems: Problems) -> None:
    """Every page group on one page, and no more than `pages` pages: else name the text that spilled."""
    first_page: dict[int, int] = {}
    for page, tag in layout.placed:
        start = first_page.setdefault(tag.group, page)
        if page != start:
            problems.add(tag.location, tag.key, f"{where}: '{tag.key}' does not fit on page {start} of the "
                         f"{pages}-page booklet (it would run onto page {page}); shorten the text of that page")
            return
    if layout.pages > pages:
        last = layout.placed[-1][1] if layout.placed else None
        key = last.key if last else ""
        problems.add(last.location if last else rulebook, key, f"{where}: the booklet needs {layout.pages} pages "
                     f"but holds {pages}; put fewer sections on a page of their own")


def layout_error(error: LayoutError, where: str, location, problems: Problems) -> None:
    problems.add(location, "", f"{where}: {error}; a picture or table is larger than a page")
