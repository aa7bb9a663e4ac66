"""Nim positions → scenes: each row's counters in a line, its letter beside it.

A diagram shows the position its moves lead to; the counters the last move took stay in
the picture, crossed out, so one picture shows the move. `show: [best]` (options) rings the
counters a winning move would take next, as the engine computes it. An example's step
pictures its move the same way, and the claims its captions make (`check: {nim-sum: 0}`,
`check: {wins: A}`) are confirmed by the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.diagrams import scene as sc
from pnp.diagrams.adapter import Context, Request
from pnp.diagrams.replay import Played
from pnp.model.source import Node

from pnp_nim import rules

COUNTERS = "counters"  # the component set the counters are drawn from
SHOWS = ("best",)


class NimAdapter:
    engine = rules.ENGINE
    views = ("rows",)
    default_position = "A 1 3 5 7"

    def frames(self, request: Request, context: Context) -> tuple[sc.Frame, ...]:
        shows = _shows(request.options)
        last = request.played[-1] if request.played else None
        return (position_frame(request.start if last is None else last.before, last, context, "best" in shows),)

    def step(self, played: Sequence[Played], last: bool, context: Context) -> sc.Frame:
        return position_frame(played[-1].before, played[-1], context, best=False)

    def check(self, claim: str, value: Node, played: Sequence[Played]) -> str | None:
        after = played[-1].after
        if claim == "nim-sum":
            found = rules.nim_sum(after)
            return None if value.value == found else f"the nim-sum after this step is {found}, not {value.value!r}"
        if claim == "wins":
            found = rules.winner(after)
            return None if value.value == found else f"{found or 'nobody'} has won after this step, not {value.value!r}"
        return f"unknown claim {claim!r} (expected nim-sum or wins)"


def _shows(options) -> tuple[str, ...]:
    node = options.get("show", default=None)
    shows = () if node is None else tuple(item.value for item in node.value) if node.is_list else (node.value,)
    for show in shows:
        if show not in SHOWS:
            options.report(node, f"expected show: a list of {', '.join(SHOWS)}, got {show!r}", "show")
    return shows


def position_frame(before: rules.Position, played: Played | None, context: Context, best: bool) -> sc.Frame:
    """The rows of `before`, the counters `played` takes from it crossed out; with best, rings on the
    counters the engine's first winning move takes from the position after it."""
    after = played.after if played else before
    taken = played.move if played else None
    next_best = next(iter(rules.winning_moves(after)), None) if best else None
    item = context.item(COUNTERS, {}) or "counter"
    items: list[sc.Item] = []
    for row, counters in enumerate(before.rows):
        y = row + 0.5
        items.append(sc.Label(-0.4, y, rules.ROWS[row], size=9.0))
        for column in range(counters):
            items.append(sc.Piece(COUNTERS, item, column + 0.5, y, size=0.8))
            if taken is not None and taken.row == row and column >= counters - taken.take:
                items.append(sc.Cross(column + 0.5, y, size=0.6))
        if next_best is not None and next_best.row == row:
            left = after.rows[row]
            items += [sc.Ring(column + 0.5, y, r=0.44) for column in range(left - next_best.take, left)]
    width = max(max(before.rows, default=0), 1)
    return sc.Frame(tuple(items), bounds=(-0.8, 0.0, width, len(before.rows)))
