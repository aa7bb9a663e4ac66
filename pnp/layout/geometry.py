"""Numbers → shapes: boxes and lines in points, PDF convention (origin bottom-left, y up)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# Fitting compares sums of float lengths; a millionth of a point is far below any printer.
EPS = 1e-6


class DoesNotFit(ValueError):
    """Something is larger than the paper (or the part of it left free) it must go on;
    `set_id` names the component set it belongs to, when it is one."""

    def __init__(self, message: str, set_id: str | None = None):
        super().__init__(message)
        self.set_id = set_id


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: lower-left corner (x, y), width w, height h."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def rect(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), the form PDF page boxes (TrimBox, BleedBox) take."""
        return (self.x, self.y, self.right, self.top)

    def inset(self, d: float) -> Box:
        """The box shrunk by d on every side."""
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def outset(self, d: float) -> Box:
        """The box grown by d on every side."""
        return self.inset(-d)

    def translate(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: Box, tol: float = EPS) -> bool:
        """True when other lies inside this box (edges may touch)."""
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.right <= self.right + tol and other.top <= self.top + tol)

    def overlaps(self, other: Box, tol: float = EPS) -> bool:
        """True when the interiors share area; boxes that only touch do not overlap."""
        return (min(self.right, other.right) - max(self.x, other.x) > tol
                and min(self.top, other.top) - max(self.y, other.y) > tol)


def union_all(boxes: Iterable[Box]) -> Box:
    """The smallest box holding every one of boxes."""
    boxes = list(boxes)
    if not boxes:
        raise ValueError("union of no boxes")
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.right for b in boxes), max(b.top for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Line:
    """A straight segment from (x0, y0) to (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def length(self) -> float:
        # ** 0.5 rounds unlike math.sqrt, so it stays; its base is never negative, so it gives a float.
        length: float = ((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5
        return length

    def translate(self, dx: float, dy: float) -> Line:
        return Line(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)
