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
    return [line for paragraph in text.split("\n") for line, _ in _wrap_paragraph(paragraph, width, size, style)]


def _wrap_paragraph(paragraph: str, width: float, size: float, style: str) -> list[tuple[str, float]]:
    """(line, its width) pairs; each word and the space are measured once, lines by sums."""
    space = text_width(" ", size, style)
    lines: list[tuple[str, float]] = []
    words: list[str] = []
    line_width = 0.0
    for word in paragraph.split():
        word_width = text_width(word, size, style)
        candidate = line_width + space + word_width if words else word_width
        if words and candidate > width:
            lines.append((" ".join(words), line_width))
            words, line_width = [word], word_width
        else:
            words.append(word)
            line_width = candidate
    lines.append((" ".join(words), line_width))
    return lines


def fit(text: str, width: float, height: float, size: float, style: str) -> tuple[list[str], Overflow | None]:
    """The wrapped lines and, if they do not fit width × height, by how much."""
    measured = [pair for paragraph in text.split("\n") for pair in _wrap_paragraph(paragraph, width, size, style)]
    lines = [line for line, _ in measured]
    widest = max((line_width for _, line_width in measured), default=0.0)
    if widest > width + 0.01:
        return lines, Overflow(widest, width, "wide")
    tall = size * LEADING * (len(lines) - 1) + size
    if tall > height + 0.01:
        return lines, Overflow(tall, height, "tall")
    return lines, None
