"""Items of given widths → rows across a width, as few rows as fit and as even as can be.

Filling each row as full as it goes leaves a short last row (nine pictures as 7 + 2,
twelve as 5 + 5 + 2); a typesetter balances them instead: nine as 5 + 4, twelve as
4 + 4 + 4. The rows keep the items' order.
"""

from __future__ import annotations

from collections.abc import Sequence

EPS = 0.01


def row_width(widths: Sequence[float], gap: float) -> float:
    return sum(widths) + gap * (len(widths) - 1) if widths else 0.0


def balanced_rows(widths: Sequence[float], gap: float, width: float) -> list[range]:
    """The items (by index) in the fewest rows that fit `width`, as evenly counted as they fit.

    An item wider than `width` gets a row of its own.
    """
    count = len(widths)
    for rows in range(_fewest_rows(widths, gap, width), count + 1):
        split = _even_split(count, rows)
        if all(row_width([widths[i] for i in row], gap) <= width + EPS or len(row) == 1 for row in split):
            return split
    return [range(i, i + 1) for i in range(count)]


def _fewest_rows(widths: Sequence[float], gap: float, width: float) -> int:
    """How many rows filling each as full as it goes takes: no split has fewer."""
    rows, used = 0, None
    for wide in widths:
        if used is not None and used + gap + wide <= width + EPS:
            used += gap + wide
        else:
            rows, used = rows + 1, wide
    return max(rows, 1)


def _even_split(count: int, rows: int) -> list[range]:
    """count items in `rows` rows, the first rows one longer where they cannot all be equal."""
    base, extra = divmod(count, rows)
    split, start = [], 0
    for row in range(rows):
        length = base + (1 if row < extra else 0)
        split.append(range(start, start + length))
        start += length
    return [row for row in split if len(row)]
