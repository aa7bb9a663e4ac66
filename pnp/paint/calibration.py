"""The duplex calibration sheet (pnp.layout.calibration) → a two-page PDF a person can read.

The front carries the instruction in the language asked for, two 40 mm scales with a
tick every 0.5 mm and a value every 5 mm, and a 50 mm scale bar; the back carries two
thick pointers with arrowheads, which show through the paper when the sheet is held
against the light. Where a pointer crosses its scale is the `--back-offset X,Y` to pass.
"""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.utils import simpleSplit

from pnp.i18n.labels import label
from pnp.layout.calibration import Calibration, Scale, calibration
from pnp.layout.geometry import Line
from pnp.layout.paper import Paper
from pnp.model.units import mm
from pnp.paint.sheets import draw_scale_bar, new_canvas
from pnp.text.fonts import font_name

TICK_WIDTH = 0.3
POINTER_WIDTH = 1.2
LABEL_SIZE = 7
TEXT_SIZE = 9
ARROW = mm(2.5)


def calibration_sheet(paper: Paper, flip: str, language: str = "en") -> bytes:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, paper, flip, label("calibration-title", language).format(side="").rstrip(" –"))
    layout = calibration(paper, flip)
    _front(canvas, paper, flip, layout, language)
    canvas.showPage()
    _back(canvas, paper, layout, language)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _title(language: str, side: str) -> str:
    return label("calibration-title", language).format(side=label(f"side-{side}", language))


def _front(canvas, paper: Paper, flip: str, layout: Calibration, language: str) -> None:
    canvas.setFillColor(colors.black)
    canvas.setFont(font_name("bold"), 14)
    canvas.drawCentredString(paper.width / 2, paper.height - mm(25), _title(language, "front"))
    _instruction(canvas, paper, flip, language)
    for scale in layout.scales:
        _scale(canvas, scale)
    draw_scale_bar(canvas, mm(15), mm(15), language)


def _instruction(canvas, paper: Paper, flip: str, language: str) -> None:
    """The three sentences, each wrapped to the page less 20 mm a side, centred."""
    sentences = [
        label("calibration-print", language).format(edge=label(f"edge-{flip}", language)),
        label("calibration-read", language).format(option="--back-offset X,Y"),
        label("calibration-example", language).format(command="pnp build --back-offset 1,-0.5"),
    ]
    canvas.setFont(font_name(), TEXT_SIZE)
    y = paper.height - mm(36)
    for sentence in sentences:
        for line in simpleSplit(sentence, font_name(), TEXT_SIZE, paper.width - mm(40)):
            canvas.drawCentredString(paper.width / 2, y, line)
            y -= TEXT_SIZE * 1.35
        y -= TEXT_SIZE * 0.5


def _scale(canvas, scale: Scale) -> None:
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(TICK_WIDTH)
    canvas.setFont(font_name(), LABEL_SIZE)
    for tick in scale.ticks:
        line = tick.line
        canvas.line(line.x0, line.y0, line.x1, line.y1)
        if tick.labelled:
            text = f"{tick.value:+g}".replace("-", "−") if tick.value else "0"
            if scale.axis == 0:
                canvas.drawCentredString(line.x0, line.y0 - mm(3.5), text)
            else:
                canvas.drawString(line.x1 + mm(1.5), line.y0 - LABEL_SIZE * 0.35, text)
    first = scale.ticks[0].line
    canvas.setFont(font_name("bold"), 11)
    if scale.axis == 0:
        canvas.drawRightString(first.x0 - mm(4), first.y0, "X")
    else:
        canvas.drawCentredString(first.x0 + mm(1), scale.ticks[-1].line.y0 + mm(4), "Y")


def _back(canvas, paper: Paper, layout: Calibration, language: str) -> None:
    """Pointers where the front's zero marks lie, seen through the paper, with arrowheads at both ends."""
    canvas.setStrokeColor(colors.black)
    canvas.setFillColor(colors.black)
    canvas.setLineWidth(POINTER_WIDTH)
    for pointer in layout.pointers:
        canvas.line(pointer.x0, pointer.y0, pointer.x1, pointer.y1)
        _arrowheads(canvas, pointer)
    canvas.setFont(font_name("bold"), 14)
    canvas.drawCentredString(paper.width / 2, paper.height - mm(25), _title(language, "back"))


def _arrowheads(canvas, pointer: Line) -> None:
    """A filled triangle at each end of the pointer, pointing along it towards the scale."""
    length = pointer.length
    ux, uy = (pointer.x1 - pointer.x0) / length, (pointer.y1 - pointer.y0) / length
    for (x, y), (dx, dy) in (((pointer.x0, pointer.y0), (ux, uy)), ((pointer.x1, pointer.y1), (-ux, -uy))):
        tip = (x + dx * ARROW, y + dy * ARROW)
        half = ARROW * 0.45
        path = canvas.beginPath()
        path.moveTo(*tip)
        path.lineTo(x - dy * half, y + dx * half)
        path.lineTo(x + dy * half, y - dx * half)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
