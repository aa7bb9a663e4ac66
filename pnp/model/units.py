"""Lengths with units ("63.5mm", "2.5in", "12pt") → points, parsed once at load time."""

from __future__ import annotations

import re

from pnp.model.limits import MAX_LENGTH_MM
from pnp.model.problems import quote

POINTS_PER = {"mm": 72 / 25.4, "cm": 720 / 25.4, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt)\s*$")


def parse_length(text: object) -> float:
    """Points for a length such as '63.5mm'; ValueError with the expected form if not."""
    if isinstance(text, str):
        match = _LENGTH.match(text)
        if match:
            return bounded_length(float(match.group(1)) * POINTS_PER[match.group(2)], text)
    raise ValueError(f"expected a length with a unit (mm, cm, in, pt) such as '63.5mm', got {quote(text)}")


def bounded_length(points: float, text: object) -> float:
    """points, if they are within MAX_LENGTH_MM either way; ValueError naming the limit if not."""
    if abs(points) > mm(MAX_LENGTH_MM):
        raise ValueError(f"a length of {quote(text)} is over the limit of {MAX_LENGTH_MM} mm")
    return points


def mm(value: float) -> float:
    """Points in `value` millimetres."""
    return value * POINTS_PER["mm"]


def to_mm(points: float) -> float:
    """Millimetres in `points` points."""
    return points / POINTS_PER["mm"]
