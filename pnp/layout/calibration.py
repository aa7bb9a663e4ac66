"""Paper + duplex flip → the calibration sheet as numbers: two scales on the front, two pointers behind them.

Each scale runs `RANGE` either side of its zero (40 mm in all) with a tick every `STEP`
(0.5 mm), longer every millimetre and longest, with its value, every `LABEL_EVERY`.
The value of a tick is the back offset that corrects a printer whose back pointer falls
on it: the pointer is drawn behind the zero through the same mirror as every sheet's
backs (pnp.layout.sheet), so the sign of the scale follows from the flip.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.geometry import Box, Line
from pnp.layout.paper import Paper
from pnp.layout.sheet import back_slot, mirror_of
from pnp.model.units import mm

RANGE = 20  # mm either side of zero
STEP = 0.5  # mm between ticks
LABEL_EVERY = 5  # mm between labelled ticks
TICK = {"step": mm(2), "mm": mm(3.5), "label": mm(6)}
POINTER_REACH = mm(10)  # how far a pointer runs past the tick band on either side
SCALE_DROP = mm(40)  # the X scale this far below the page's centre, the Y scale as far right of it


@dataclass(frozen=True)
class Tick:
    line: Line
    value: float  # the correction it reads, in mm
    labelled: bool


@dataclass(frozen=True)
class Scale:
    axis: int  # 0: the X scale (ticks along x), 1: the Y scale
    ticks: tuple[Tick, ...]

    @property
    def span(self) -> float:
        ends = [t.line.x0 if self.axis == 0 else t.line.y0 for t in self.ticks]
        return max(ends) - min(ends)


@dataclass(frozen=True)
class Calibration:
    scales: tuple[Scale, Scale]
    pointers: tuple[Line, Line]  # on the back page


def correction_sign(paper: Paper, flip: str, axis: int) -> int:
    """+1 when a pointer seen u mm along axis from the centre means an offset of +u, else −1."""
    centre = Box(paper.width / 2, paper.height / 2, 0, 0)
    moved = Box(centre.x + (1 if axis == 0 else 0), centre.y + (1 if axis == 1 else 0), 0, 0)
    a, b = back_slot(centre, paper, flip).box, back_slot(moved, paper, flip).box
    # A printer that shifts the back by s shows the pointer where back_slot moved by s;
    # the offset that cancels it is −s.
    shift = (b.x - a.x) if axis == 0 else (b.y - a.y)
    return -1 if shift > 0 else 1


def calibration(paper: Paper, flip: str) -> Calibration:
    cx, cy = paper.width / 2, paper.height / 2
    zeros = ((cx, cy - SCALE_DROP), (cx + SCALE_DROP, cy))
    scales = tuple(_scale(axis, zeros[axis], correction_sign(paper, flip, axis)) for axis in (0, 1))
    mirror = mirror_of(paper, flip)
    pointers = tuple(mirror.line(_pointer(axis, zeros[axis])) for axis in (0, 1))
    return Calibration(scales, pointers)  # type: ignore[arg-type]


def _scale(axis: int, zero: tuple[float, float], sign: int) -> Scale:
    ticks = []
    steps = int(RANGE / STEP)
    per_mm, per_label = int(1 / STEP), int(LABEL_EVERY / STEP)
    for i in range(-steps, steps + 1):
        labelled = i % per_label == 0
        length = TICK["label"] if labelled else TICK["mm"] if i % per_mm == 0 else TICK["step"]
        at = mm(i * STEP)
        x, y = (zero[0] + at, zero[1]) if axis == 0 else (zero[0], zero[1] + at)
        line = Line(x, y, x, y + length) if axis == 0 else Line(x, y, x + length, y)
        ticks.append(Tick(line, sign * i * STEP + 0.0, labelled))
    return Scale(axis, tuple(ticks))


def _pointer(axis: int, zero: tuple[float, float]) -> Line:
    """Across the tick band of a scale, through its zero, on the front page."""
    x, y = zero
    if axis == 0:
        return Line(x, y - POINTER_REACH, x, y + TICK["label"] + POINTER_REACH)
    return Line(x - POINTER_REACH, y, x + TICK["label"] + POINTER_REACH, y)
