"""A component set → a duplex PDF of sheets: faces on an n-up grid, backs behind fronts.

Front pages carry the faces, cut marks outside the grid, a 50 mm scale bar and a
footer; each is followed by its back page, where every back sits behind its front
for the chosen flip (art turned 180° for a short-edge flip), shifted by the user's
back offset. Faces that repeat are drawn once as PDF forms. Boards larger than the
paper are split across pages with overlap lines.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.graphics import renderPDF
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n.labels import label
from pnp.layout.geometry import Box, DoesNotFit, Line
from pnp.layout.paper import Paper
from pnp.layout.sheet import (SheetGrid, SheetSpec, back_cut_marks, back_grid, cut_marks, fit_grid, footer_origin,
                              page_chunks, scale_bar)
from pnp.layout.tiling import tile_board
from pnp.model.components import ComponentSet, Item
from pnp.model.faces import Face
from pnp.paint.faces import FacePainter
from pnp.paint.fonts import font_name

MARK_WIDTH = 0.25
FOOTER_SIZE = 7


@dataclass(frozen=True)
class SheetOptions:
    paper: Paper
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    marks_to_edge: bool = False


@dataclass(frozen=True)
class Footer:
    """What each sheet says about itself at its foot, in the sheet's language: the game's and
    the set's names as players know them, and pnp's own words from its label catalog."""

    game: str
    version: str
    title: str
    language: str = "en"

    @property
    def document_title(self) -> str:
        return f"{self.game} – {self.title}"

    def line(self, page: int, pages: int, side: str) -> str:
        words = label(f"side-{side.replace(' ', '-')}", self.language)
        return label("sheet-footer", self.language).format(game=self.game, version=self.version, set=self.title,
                                                           sheet=page, sheets=pages, side=words)


def new_canvas(buffer: io.BytesIO, paper: Paper, flip: str, title: str) -> Canvas:
    canvas = Canvas(buffer, pagesize=(paper.width, paper.height), invariant=1, initialFontName=font_name(), pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", "DuplexFlipShortEdge" if flip == "short" else "DuplexFlipLongEdge")
    return canvas


def paint_set(component_set: ComponentSet, painter: FacePainter, options: SheetOptions, footer: Footer) -> bytes:
    """The whole set as one PDF: front, back, front, back … (backs only where the set has them)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, options.paper, options.flip, footer.document_title)
    forms = _Forms(canvas, painter, component_set)
    spec = SheetSpec(bleed=component_set.bleed)
    try:
        grid = fit_grid(options.paper, component_set.width, component_set.height, spec)
    except DoesNotFit:
        if component_set.kind != "board":
            raise
        _paint_tiled(canvas, component_set, forms, options, footer, spec)
    else:
        _paint_grid(canvas, component_set, forms, grid, options, footer)
    canvas.save()
    return buffer.getvalue()


def sheet_pages(component_set: ComponentSet, paper: Paper) -> int:
    """How many pages paint_set makes for the set on paper (fronts and backs counted)."""
    spec = SheetSpec(bleed=component_set.bleed)
    try:
        grid = fit_grid(paper, component_set.width, component_set.height, spec)
    except DoesNotFit:
        if component_set.kind != "board":
            raise
        return len(tile_board(component_set.width, component_set.height, paper, spec)) * len(expanded_items(component_set))
    return len(page_chunks(len(expanded_items(component_set)), grid.per_page)) * (2 if component_set.has_backs else 1)


def expanded_items(component_set: ComponentSet) -> list[Item]:
    return [item for item in component_set.items for _ in range(item.count)]


def _paint_grid(canvas: Canvas, component_set: ComponentSet, forms: "_Forms", grid: SheetGrid, options: SheetOptions, footer: Footer) -> None:
    items = expanded_items(component_set)
    chunks = page_chunks(len(items), grid.per_page)
    backs = back_grid(grid, options.flip, options.back_offset)
    for number, chunk in enumerate(chunks, start=1):
        page_items = [items[i] for i in chunk]
        _start_page(canvas, grid.paper)
        for slot, item in zip(grid.slots, page_items):
            forms.place(item.front, grid.bleed_box(slot), rotation=0)
        _marks(canvas, cut_marks(grid, to_edge=options.marks_to_edge))
        _finish_page(canvas, grid, footer.line(number, len(chunks), "front"), single=_single(grid, page_items))
        if component_set.has_backs:
            _start_page(canvas, grid.paper)
            for placement, item in zip(backs, page_items):
                if item.back is not None:
                    forms.place(item.back, placement.box.outset(grid.bleed), rotation=placement.rotation)
            _marks(canvas, back_cut_marks(grid, options.flip, options.back_offset, to_edge=options.marks_to_edge))
            _finish_page(canvas, grid, footer.line(number, len(chunks), "back"), single=None, flip=options.flip)


def _single(grid: SheetGrid, page_items: list[Item]) -> Box | None:
    return grid.slots[0] if grid.per_page == 1 and page_items else None


def _paint_tiled(canvas: Canvas, component_set: ComponentSet, forms: "_Forms", options: SheetOptions, footer: Footer, spec: SheetSpec) -> None:
    """A board too large for the paper, in overlapping parts, one page each (fronts only)."""
    bleed = component_set.bleed
    tiles = tile_board(component_set.width, component_set.height, options.paper, spec)
    for item in expanded_items(component_set):
        for number, tile in enumerate(tiles, start=1):
            _start_page(canvas, tile.paper)
            shift_x, shift_y = tile.shift
            art = Box(shift_x - bleed, shift_y - bleed, component_set.width + 2 * bleed, component_set.height + 2 * bleed)
            canvas.saveState()
            _clip(canvas, tile.grid.bleed_box(tile.page_box))
            forms.place(item.front, art, rotation=0, clip=False)
            canvas.restoreState()
            _overlap_lines(canvas, tile.overlap_lines)
            _marks(canvas, cut_marks(tile.grid, to_edge=options.marks_to_edge))
            _finish_page(canvas, tile.grid, footer.line(number, len(tiles), "board part"), single=tile.page_box)


def _start_page(canvas: Canvas, paper: Paper) -> None:
    canvas.setPageSize((paper.width, paper.height))


def _finish_page(canvas: Canvas, grid: SheetGrid, text: str, single: Box | None, flip: str | None = None) -> None:
    """Scale bar, footer and (for one-component pages) TrimBox/BleedBox; then the next page."""
    bar = scale_bar(grid, flip=flip)
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.5)
    canvas.line(bar.x0, bar.y0, bar.x1, bar.y1)
    for x in (bar.x0, bar.x1):
        canvas.line(x, bar.y0 - 2, x, bar.y0 + 2)
    canvas.setFont(font_name(), FOOTER_SIZE)
    canvas.setFillColor(colors.black)
    canvas.drawString(bar.x0, bar.y0 + 3, "50 mm")
    x, y = footer_origin(grid, flip=flip)
    canvas.drawString(x, y, text)
    if single is not None:
        canvas.setTrimBox(single.rect)
        canvas.setBleedBox(single.outset(grid.bleed).rect)
    canvas.showPage()


def _marks(canvas: Canvas, marks: list[Line]) -> None:
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(MARK_WIDTH)
    for mark in marks:
        canvas.line(mark.x0, mark.y0, mark.x1, mark.y1)


def _overlap_lines(canvas: Canvas, lines: list[Line]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(colors.Color(0.3, 0.3, 0.3))
    canvas.setLineWidth(0.4)
    canvas.setDash(3, 2)
    for line in lines:
        canvas.line(line.x0, line.y0, line.x1, line.y1)
    canvas.restoreState()


def _clip(canvas: Canvas, box: Box) -> None:
    path = canvas.beginPath()
    path.rect(box.x, box.y, box.w, box.h)
    canvas.clipPath(path, stroke=0, fill=0)


class _Forms:
    """Each distinct face becomes one PDF form the first time it is placed, then is reused."""

    def __init__(self, canvas: Canvas, painter: FacePainter, component_set: ComponentSet):
        self.canvas, self.painter, self.set = canvas, painter, component_set
        self.names: dict[Face, str] = {}

    def name(self, face: Face) -> str:
        if face not in self.names:
            name = f"{self.set.id}-face{len(self.names) + 1}"
            drawing = self.painter.drawing(face, self.set.shape, self.set.bleed)
            self.canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
            renderPDF.draw(drawing, self.canvas, 0, 0)
            self.canvas.endForm()
            self.names[face] = name
        return self.names[face]

    def place(self, face: Face, box: Box, rotation: int, clip: bool = True) -> None:
        """Draw face so that its bleed box fills box (turned 180° about its centre if asked)."""
        name = self.name(face)
        canvas = self.canvas
        canvas.saveState()
        if clip:
            _clip(canvas, box)
        canvas.translate(box.x, box.y)
        if rotation == 180:
            canvas.translate(box.w, box.h)
            canvas.rotate(180)
        canvas.doForm(name)
        canvas.restoreState()
