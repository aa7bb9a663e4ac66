"""Platypus flowables the rulebook needs: tagged paragraphs, scaled drawings and picture strips.

Every flowable that comes from the content carries a `Tag` (text key, where that key
is defined, page group), so the layout can say which text did not fit its page.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Flowable, Paragraph

from pnp.model.problems import Location
from pnp.paint.fonts import font_name

TAG = "pnp_tag"


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


class KeyedParagraph(Paragraph):
    """A Paragraph whose parts keep its tag when it is split across pages."""

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        tag = tag_of(self)
        for part in parts:
            if tag is not None:
                tagged(part, tag)
        return parts


def render(drawing: Drawing, canvas) -> None:
    """Draw at the origin; renderPDF would otherwise start in Helvetica, a font never embedded."""
    if getattr(drawing, "initialFontName", None) is None:
        drawing.initialFontName = font_name()
    renderPDF.draw(drawing, canvas, 0, 0)


class ScaledDrawing(Flowable):
    """A Drawing at a fixed scale, centred in the frame."""

    def __init__(self, drawing: Drawing, scale: float):
        super().__init__()
        self.drawing, self.factor = drawing, scale
        self.width, self.height = drawing.width * scale, drawing.height * scale
        self.hAlign = "CENTER"

    def wrap(self, availWidth, availHeight):
        return self.width, self.height

    def draw(self):
        self.canv.saveState()
        self.canv.scale(self.factor, self.factor)
        render(self.drawing, self.canv)
        self.canv.restoreState()


def fit_scale(drawing: Drawing, width: float) -> float:
    """1, or less so that the drawing is no wider than width (its aspect kept)."""
    return min(1.0, width / drawing.width) if drawing.width > 0 else 1.0


class PictureStrip(Flowable):
    """Drawings side by side at one height, wrapping onto more rows, centred."""

    def __init__(self, drawings: list[Drawing], height: float, gap: float):
        super().__init__()
        self.drawings, self.row_height, self.gap = drawings, height, gap
        self.rows: list[list[tuple[Drawing, float]]] = []

    def _scaled(self, drawing: Drawing, width: float) -> float:
        scale = self.row_height / drawing.height if drawing.height else 1.0
        return min(scale, width / drawing.width) if drawing.width else scale

    def wrap(self, availWidth, availHeight):
        self.width, self.rows, row, used = availWidth, [], [], 0.0
        for drawing in self.drawings:
            scale = self._scaled(drawing, availWidth)
            wide = drawing.width * scale
            if row and used + self.gap + wide > availWidth:
                self.rows.append(row)
                row, used = [], 0.0
            used += (self.gap if row else 0) + wide
            row.append((drawing, scale))
        if row:
            self.rows.append(row)
        self.height = len(self.rows) * self.row_height + (len(self.rows) - 1) * self.gap
        return self.width, self.height

    def draw(self):
        top = self.height
        for row in self.rows:
            wide = sum(d.width * s for d, s in row) + self.gap * (len(row) - 1)
            x = (self.width - wide) / 2
            for drawing, scale in row:
                y = top - self.row_height + (self.row_height - drawing.height * scale) / 2
                self.canv.saveState()
                self.canv.translate(x, y)
                self.canv.scale(scale, scale)
                render(drawing, self.canv)
                self.canv.restoreState()
                x += drawing.width * scale + self.gap
            top -= self.row_height + self.gap
