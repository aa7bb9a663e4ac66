"""A duplex calibration sheet: a millimetre scale on the front, a pointer on the back.

Printed duplex at 100 % and held against the light, the back's pointer falls on the
front's scale at the value to pass as `--back-offset X,Y`. The scale's numbers are
computed through the same back placement the sheets use, so the reading is the
correction itself, whichever way the printer turns the paper. Its words come from pnp's
label catalog, in the language asked for.
"""

from __future__ import annotations

import io

from reportlab.lib import colors

from pnp.i18n.labels import label
from pnp.layout.geometry import Box
from pnp.layout.paper import Paper
from pnp.layout.sheet import back_slot
from pnp.model.units import mm
from pnp.paint.fonts import font_name
from pnp.paint.sheets import new_canvas

RANGE_MM = 6
STEP_MM = 0.5
LABEL_EVERY_MM = 2


def correction_sign(paper: Paper, flip: str, axis: int) -> int:
    """+1 when a pointer seen u mm along axis from the centre means an offset of +u, else −1."""
    centre = Box(paper.width / 2, paper.height / 2, 0, 0)
    moved = Box(centre.x + (1 if axis == 0 else 0), centre.y + (1 if axis == 1 else 0), 0, 0)
    a, b = back_slot(centre, paper, flip).box, back_slot(moved, paper, flip).box
    # A printer that shifts the back by s shows the pointer where back_slot moved by s;
    # the offset that cancels it is −s.
    shift = (b.x - a.x) if axis == 0 else (b.y - a.y)
    return -1 if shift > 0 else 1


def calibration_sheet(paper: Paper, flip: str, language: str = "en") -> bytes:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, paper, flip, label("calibration-title", language).format(side="").rstrip(" –"))
    cx, cy = paper.width / 2, paper.height / 2
    _front(canvas, paper, flip, cx, cy, language)
    canvas.showPage()
    _back(canvas, paper, flip, cx, cy, language)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _title(language: str, side: str) -> str:
    return label("calibration-title", language).format(side=label(f"side-{side}", language))


def _front(canvas, paper: Paper, flip: str, cx: float, cy: float, language: str) -> None:
    canvas.setFont(font_name("bold"), 14)
    canvas.drawCentredString(cx, paper.height - mm(25), _title(language, "front"))
    canvas.setFont(font_name(), 9)
    lines = [
        label("calibration-print", language).format(edge=label(f"edge-{flip}", language)),
        label("calibration-read", language).format(option="--back-offset X,Y"),
        label("calibration-example", language).format(command="pnp build --back-offset 1,-0.5"),
    ]
    for index, line in enumerate(lines):
        canvas.drawCentredString(cx, paper.height - mm(35) - index * 12, line)
    canvas.setLineWidth(0.3)
    _scale(canvas, cx, cy - mm(20), axis=0, sign=correction_sign(paper, flip, 0))
    _scale(canvas, cx + mm(20), cy, axis=1, sign=correction_sign(paper, flip, 1))


def _scale(canvas, x: float, y: float, axis: int, sign: int) -> None:
    """Ticks every 0.5 mm from −6 to +6 mm, labelled every 2 mm with the offset each means."""
    canvas.setFont(font_name(), 6)
    steps = int(RANGE_MM / STEP_MM)
    per_label = int(LABEL_EVERY_MM / STEP_MM)
    canvas.drawString(x - mm(RANGE_MM) - mm(6), y + mm(1), "X") if axis == 0 else canvas.drawString(x, y + mm(RANGE_MM) + mm(3), "Y")
    for i in range(-steps, steps + 1):
        value = i * STEP_MM
        length = mm(5) if i % per_label == 0 else mm(3) if i % 2 == 0 else mm(2)
        px, py = (x + mm(value), y) if axis == 0 else (x, y + mm(value))
        if axis == 0:
            canvas.line(px, py, px, py + length)
        else:
            canvas.line(px, py, px + length, py)
        if i % per_label == 0:
            label = f"{sign * value:+g}" if value else "0"
            if axis == 0:
                canvas.drawCentredString(px, py - mm(3), label)
            else:
                canvas.drawString(px + mm(5), py - 2, label)


def _back(canvas, paper: Paper, flip: str, cx: float, cy: float, language: str) -> None:
    """Pointers drawn where the front's zero marks lie, seen through the paper."""
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.3)
    for (x0, y0, x1, y1) in ((cx, cy - mm(30), cx, cy - mm(10)), (cx + mm(10), cy, cx + mm(30), cy)):
        start = back_slot(Box(x0, y0, 0, 0), paper, flip).box
        end = back_slot(Box(x1, y1, 0, 0), paper, flip).box
        canvas.line(start.x, start.y, end.x, end.y)
    canvas.setFont(font_name("bold"), 14)
    title_y = paper.height - mm(25)
    canvas.drawCentredString(cx, title_y, _title(language, "back"))
