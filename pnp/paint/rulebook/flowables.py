"""Platypus flowables the rulebook needs: tagged paragraphs, figure rows and picture strips.

Every flowable that comes from the content carries a `Tag` (text key, where that key
is defined, page group), so the layout can say which text did not fit its page.
Every one of them also writes down where it landed (`Placed`, in page coordinates)
in the canvas's ledger, and a figure what it really inks, so the layout can prove
that nothing overprints anything. Figures are drawn as PDF form XObjects, one per
picture, marked as /Figure content, so a reader of the PDF can tell a figure from the
text around it; a component's picture (a thumbnail in the components list or on a cover)
says so in the mark's properties (`/Shows (component)`): its own small print is the
component's art, while a diagram's text is held to the legibility minimum.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from reportlab.graphics.shapes import Drawing, Group, Path, transformPoint
from reportlab.lib.abag import ABag
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from pnp.layout.rows import balanced_rows
from pnp.model.icons import ICON
from pnp.model.problems import Location
from pnp.paint import images, pdfdraw
from pnp.paint.picture import as_reportlab
from pnp.paint.vector import aspect, placed
from pnp.text.fonts import font_runs
from pnp.text.rich import ICON_HEIGHT

TAG = "pnp_tag"
LEDGER = "pnp_ledger"
Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Tag:
    """Where a flowable's content comes from, and the page group it must stay in."""

    key: str
    location: Location
    group: int


def tagged(flowable: Flowable, tag: Tag) -> Flowable:
    setattr(flowable, TAG, tag)
    return flowable


def tag_of(flowable: Flowable) -> Tag | None:
    return getattr(flowable, TAG, None)


@dataclass(frozen=True)
class Placed:
    """A block as laid out: its page, kind ('text' or 'figure'), tag, box and inked area (x0, y0, x1, y1)."""

    page: int
    kind: str
    tag: Tag | None
    box: Rect
    ink: Rect


def record(canvas, kind: str, tag: Tag | None, box: Rect, ink: Rect | None = None) -> None:
    """Write a block's box and ink (in the canvas's current space) into the ledger, in page coordinates."""
    ledger = getattr(canvas, LEDGER, None)
    if ledger is not None:
        ledger.append(Placed(canvas.getPageNumber(), kind, tag, _on_page(canvas, box), _on_page(canvas, ink or box)))


def _on_page(canvas, rect: Rect) -> Rect:
    # A table draws its cells in its own space; absolutePosition maps back to the page.
    corners = [canvas.absolutePosition(x, y) for x in (rect[0], rect[2]) for y in (rect[1], rect[3])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


class RulebookParagraph(Paragraph):
    """A Paragraph that draws each character in a font that has it, sets inline icons, and keeps
    its tag when split.

    A character the run's font lacks (Greek in the italics) is moved into a run of
    its own in the fallback font, so it prints instead of an empty box. `{icon:name}`
    becomes the icon (pnp.model.icons), as tall as the type and standing on the baseline,
    drawn by IconCanvas as vectors; an icon that cannot be had is kept in `icon_problems`.
    """

    def __init__(self, text, style, bulletText=None, icons=None, **kwargs):
        self.icons, self.icon_problems = icons, []
        super().__init__(text, style, bulletText=bulletText, **kwargs)

    def _setup(self, text, style, bulletText, frags, cleaner):
        parsed = frags is None
        super()._setup(text, style, bulletText, frags, cleaner)
        if parsed:
            frags = [part for frag in self.frags for part in self._with_icons(frag)]
            self.frags = [part for frag in frags for part in _with_fallbacks(frag)]

    def _with_icons(self, frag) -> list:
        text = getattr(frag, "text", "")
        if "{icon:" not in text or getattr(frag, "cbDefn", None) is not None:
            return [frag]
        parts = ICON.split(text)  # text, name, text, name, …, text
        made = [frag.clone(text=parts[0])] if parts[0] else []
        for name, after in zip(parts[1::2], parts[2::2]):
            icon = self._icon(name, frag.fontSize)
            made += [frag.clone(text="", cbDefn=icon)] if icon is not None else []
            made += [frag.clone(text=after)] if after else []
        return made

    def _icon(self, name: str, size: float):
        path, problem = self.icons.find(name) if self.icons is not None else (None, "icons belong to a game")
        if problem:
            self.icon_problems.append(problem)
        if path is None:
            return None
        height = size * ICON_HEIGHT
        return ABag(kind="img", image=InlineIcon(path), width=height * aspect(path), height=height, valign="baseline")

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        tag = tag_of(self)
        for part in parts:
            if tag is not None:
                tagged(part, tag)
        return parts

    def drawOn(self, canvas, x, y, _sW=0):
        super().drawOn(canvas, x, y, _sW)
        style = self.style
        left = min(style.leftIndent, style.bulletIndent if self.bulletText else style.leftIndent)
        record(canvas, "text", tag_of(self), (x + left, y, x + self.width - style.rightIndent, y + self.height))


@dataclass(frozen=True)
class InlineIcon:
    """An icon in a line of text: IconCanvas draws it where the paragraph puts an image."""

    path: pathlib.Path

    def draw(self, canvas, x: float, y: float, width: float, height: float) -> None:
        canvas.saveState()
        drawing = Drawing(width, height)
        drawing.add(as_reportlab(placed(self.path, 0, 0, width, height)))
        pdfdraw.draw(drawing, canvas, x, y)
        canvas.restoreState()


class IconCanvas(Canvas):
    """The rulebook's canvas: an inline icon (a paragraph's image) is drawn as the icon's own shapes,
    and a figure's form is filled in only when the PDF is written (`write_figures`), after the
    pages: an edition that fails its checks after layout never draws its figures."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.figures: list[tuple[str, Drawing, Rect]] = []  # form name, drawing, form box
        images.set_dpi(self, images.FIGURE_DPI)  # figures show components at a fraction of their size

    def write_figures(self) -> None:
        for name, drawing, box in self.figures:
            self.beginForm(name, *box)
            pdfdraw.draw(drawing, self, 0, 0)
            self.endForm()
        self.figures.clear()

    def drawImage(self, image, x, y, width=None, height=None, *args, **kwargs):
        if isinstance(image, InlineIcon):
            return image.draw(self, x, y, width, height)
        return super().drawImage(image, x, y, width, height, *args, **kwargs)


def _with_fallbacks(frag) -> list:
    text = getattr(frag, "text", "")
    if not text or getattr(frag, "cbDefn", None) is not None:
        return [frag]
    runs = font_runs(text, frag.fontName)
    if len(runs) == 1 and runs[0][0] == frag.fontName:
        return [frag]
    return [frag.clone(text=part, fontName=name) for name, part in runs]


def ink_bounds(node) -> Rect | None:
    """What a drawing really inks: every shape's bounds grown by half its line width, through every transform.

    reportlab's own getBounds leaves line widths out, and a thick line (a winning halo)
    reaches half its width past its points.
    """
    if isinstance(node, Group):  # a Drawing is a Group too
        children = list(node.contents)
        clip = children.pop(0).getBounds() if children and _is_clip(children[0]) else None
        boxes = [b for child in children if (b := ink_bounds(child)) is not None]
        if not boxes:
            return None
        union = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        if clip is not None:  # a group that starts with a clip path inks only inside it
            union = (max(union[0], clip[0]), max(union[1], clip[1]), min(union[2], clip[2]), min(union[3], clip[3]))
            if union[0] >= union[2] or union[1] >= union[3]:
                return None
        return _transformed(getattr(node, "transform", (1, 0, 0, 1, 0, 0)), union)
    bounds = node.getBounds()
    if bounds is None:
        return None
    grow = (getattr(node, "strokeWidth", 0) or 0) / 2 if getattr(node, "strokeColor", None) is not None else 0.0
    return (bounds[0] - grow, bounds[1] - grow, bounds[2] + grow, bounds[3] + grow)


_INK: WeakKeyDictionary = WeakKeyDictionary()


def _ink_of(drawing: Drawing) -> Rect | None:
    """ink_bounds of a finished drawing, measured once: an edition's layouts and its other
    editions show the same drawings (which nobody changes once drawn)."""
    if drawing not in _INK:
        _INK[drawing] = ink_bounds(drawing)
    return _INK[drawing]


def _is_clip(node) -> bool:
    return isinstance(node, Path) and bool(node.isClipPath)


def _transformed(matrix, rect: Rect) -> Rect:
    corners = [transformPoint(matrix, (x, y)) for x in (rect[0], rect[2]) for y in (rect[1], rect[3])]
    return (min(c[0] for c in corners), min(c[1] for c in corners),
            max(c[0] for c in corners), max(c[1] for c in corners))


def draw_figure(canvas, drawing: Drawing, x: float, y: float, scale: float, tag: Tag | None,
                component: bool = False) -> None:
    """drawing at (x, y), scaled, as a form XObject of its own (drawn by `IconCanvas.write_figures`);
    its box and ink go in the ledger. `component`: the drawing is a component's picture."""
    name = f"pnpFigure{len(canvas.figures) + 1}"
    inked = _ink_of(drawing)
    x0, y0, x1, y1 = inked or (0, 0, drawing.width, drawing.height)
    canvas.figures.append((name, drawing, (min(x0, 0), min(y0, 0), max(x1, drawing.width), max(y1, drawing.height))))
    canvas.saveState()
    # Marked content: a reader of the PDF can tell figure from text, and a component's picture from a diagram.
    canvas.addLiteral("/Figure <</Shows (component)>> BDC" if component else "/Figure BMC")
    canvas.translate(x, y)
    canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.addLiteral("EMC")
    canvas.restoreState()
    box = (x, y, x + drawing.width * scale, y + drawing.height * scale)
    ink = (x + x0 * scale, y + y0 * scale, x + x1 * scale, y + y1 * scale) if inked else box
    record(canvas, "figure", tag, box, ink)


@dataclass
class Figure:
    """One picture of a row: its drawing (already at the row's scale), tag and caption paragraphs;
    `redraw(factor)` draws it that much smaller, no smaller than `smallest` allows."""

    drawing: Drawing
    tag: Tag
    captions: Sequence[Paragraph] = ()
    redraw: Callable[[float], Drawing] | None = None
    smallest: float = 1.0


class FigureRow(Flowable):
    """Figures side by side at one scale: pictures on a common baseline, captions hung below them.

    The row spans the frame; each figure gets its picture's width plus an even share of
    the room left, so captions wrap to their own column with `gutter` between columns.
    A row can be drawn smaller (`shrunk`), down to the smallest factor its figures allow.
    """

    def __init__(self, figures: Sequence[Figure], gutter: float, caption_gap: float):
        super().__init__()
        self.figures, self.gutter, self.caption_gap = list(figures), gutter, caption_gap
        self.columns: list[float] = []

    @property
    def smallest(self) -> float:
        return max(1.0 if f.redraw is None else f.smallest for f in self.figures)

    def shrunk(self, factor: float) -> FigureRow:
        """The row with every picture drawn `factor` times its size (captions keep theirs)."""
        figures = [Figure(f.redraw(factor) if f.redraw else f.drawing, f.tag, f.captions) for f in self.figures]
        row = FigureRow(figures, self.gutter, self.caption_gap)
        row.spaceBefore, row.spaceAfter = self.spaceBefore, self.spaceAfter
        tag = tag_of(self)
        return tagged(row, tag) if tag is not None else row

    def wrap(self, availWidth, availHeight):
        pictures = sum(f.drawing.width for f in self.figures)
        spare = max(0.0, availWidth - pictures - self.gutter * (len(self.figures) - 1)) / len(self.figures)
        self.columns = [f.drawing.width + spare for f in self.figures]
        self.picture_height = max(f.drawing.height for f in self.figures)
        self.caption_height = max((self._caption_height(f, w) for f, w in zip(self.figures, self.columns)), default=0.0)
        gap = self.caption_gap if self.caption_height else 0.0
        self.width, self.height = availWidth, self.picture_height + gap + self.caption_height
        return self.width, self.height

    @staticmethod
    def _caption_height(figure: Figure, width: float) -> float:
        return sum(p.wrap(width, 1e6)[1] + p.getSpaceBefore() for p in figure.captions)

    def drawOn(self, canvas, x, y, _sW=0):
        used = sum(self.columns) + self.gutter * (len(self.figures) - 1)
        left = x + (self.width - used) / 2
        baseline = y + self.height - self.picture_height
        for figure, column in zip(self.figures, self.columns):
            drawing = figure.drawing
            draw_figure(canvas, drawing, left + (column - drawing.width) / 2, baseline, 1.0, figure.tag)
            top = baseline - self.caption_gap
            for paragraph in figure.captions:
                _, height = paragraph.wrap(column, 1e6)
                top -= paragraph.getSpaceBefore() + height
                paragraph.drawOn(canvas, left, top)
            left += column + self.gutter

    def draw(self):  # drawOn does the drawing, in page coordinates
        pass


class PictureStrip(Flowable):
    """Drawings side by side at one height, in balanced rows (nine as 5 + 4), centred; rows that
    do not fit on a page go on to the next (a set of 100 distinct cards fills pages, not one)."""

    def __init__(self, drawings: list[Drawing], height: float, gap: float, tag: Tag | None = None):
        super().__init__()
        self.drawings, self.row_height, self.gap, self.tag = drawings, height, gap, tag
        self.rows: list[list[tuple[Drawing, float]]] = []

    def _scaled(self, drawing: Drawing, width: float) -> float:
        scale = self.row_height / drawing.height if drawing.height else 1.0
        return min(scale, width / drawing.width) if drawing.width else scale

    def wrap(self, availWidth, availHeight):
        scaled = [(drawing, self._scaled(drawing, availWidth)) for drawing in self.drawings]
        rows = balanced_rows([d.width * scale for d, scale in scaled], self.gap, availWidth)
        self.width, self.rows = availWidth, [[scaled[i] for i in row] for row in rows]
        self.height = len(self.rows) * self.row_height + (len(self.rows) - 1) * self.gap
        return self.width, self.height

    def split(self, availWidth, availHeight):
        self.wrap(availWidth, availHeight)
        frame = getattr(self, "_frame", None)  # set by platypus while it asks
        if frame is not None and not frame._atTop and self.height <= frame._aH:
            return []  # a strip that fits on a page of its own goes there whole
        fit = int((availHeight + self.gap) // (self.row_height + self.gap))
        if fit < 1 or fit >= len(self.rows):
            return []  # not even one row fits here (the next frame is tried), or all of it does
        parts = [PictureStrip([d for row in rows for d, _ in row], self.row_height, self.gap, self.tag)
                 for rows in (self.rows[:fit], self.rows[fit:])]
        for part in parts:
            if tag_of(self) is not None:
                tagged(part, tag_of(self))
        parts[0].spaceBefore, parts[1].spaceAfter = self.getSpaceBefore(), self.getSpaceAfter()
        return parts

    def drawOn(self, canvas, x, y, _sW=0):
        top = y + self.height
        for row in self.rows:
            wide = sum(d.width * s for d, s in row) + self.gap * (len(row) - 1)
            left = x + (self.width - wide) / 2
            for drawing, scale in row:
                bottom = top - self.row_height + (self.row_height - drawing.height * scale) / 2
                draw_figure(canvas, drawing, left, bottom, scale, self.tag, component=True)
                left += drawing.width * scale + self.gap
            top -= self.row_height + self.gap

    def draw(self):
        pass


class CoverPicture(Flowable):
    """One drawing of components (a cover's arrangement), centred across the frame."""

    def __init__(self, drawing: Drawing, tag: Tag | None = None):
        super().__init__()
        self.drawing, self.tag = drawing, tag

    def wrap(self, availWidth, availHeight):
        self.width, self.height = availWidth, self.drawing.height
        return self.width, self.height

    def drawOn(self, canvas, x, y, _sW=0):
        draw_figure(canvas, self.drawing, x + (self.width - self.drawing.width) / 2, y, 1.0, self.tag, component=True)

    def draw(self):
        pass
