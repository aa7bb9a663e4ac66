"""Plain words → lines that fit a width (diagram labels and captions; face text is pnp.text.rich)."""

from __future__ import annotations

from pnp.text.fonts import text_width

LEADING = 1.2


def wrap(text: str, width: float, size: float, font: str) -> list[str]:
    """Greedy line breaking on spaces; explicit newlines start new lines. `font` is a registered
    font name, or a style of pnp's own family."""
    return [line for paragraph in text.split("\n") for line, _ in _wrap_paragraph(paragraph, width, size, font)]


def _wrap_paragraph(paragraph: str, width: float, size: float, font: str) -> list[tuple[str, float]]:
    """(line, its width) pairs; each word and the space are measured once, lines by sums."""
    space = text_width(" ", size, font)
    lines: list[tuple[str, float]] = []
    words: list[str] = []
    line_width = 0.0
    for word in paragraph.split():
        word_width = text_width(word, size, font)
        candidate = line_width + space + word_width if words else word_width
        if words and candidate > width:
            lines.append((" ".join(words), line_width))
            words, line_width = [word], word_width
        else:
            words.append(word)
            line_width = candidate
    lines.append((" ".join(words), line_width))
    return lines
