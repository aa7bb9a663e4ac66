"""Words → lines that fit a width, and the check that they fit a box (never shrunk or clipped)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.paint.fonts import text_width

LEADING = 1.2


@dataclass(frozen=True)
class Overflow:
    """Why a text does not fit: a word wider than the box, or lines taller than it."""

    needed: float
    available: float
    dimension: str


def wrap(text: str, width: float, size: float, style: str) -> list[str]:
    """Greedy line breaking on spaces; explicit newlines start new lines."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size, style) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def fit(text: str, width: float, height: float, size: float, style: str) -> tuple[list[str], Overflow | None]:
    """The wrapped lines and, if they do not fit width × height, by how much."""
    lines = wrap(text, width, size, style)
    widest = max((text_width(line, size, style) for line in lines), default=0.0)
    if widest > width + 0.01:
        return lines, Overflow(widest, width, "wide")
    tall = size * LEADING * (len(lines) - 1) + size
    if tall > height + 0.01:
        return lines, Overflow(tall, height, "tall")
    return lines, None
