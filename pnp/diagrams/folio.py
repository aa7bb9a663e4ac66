"""Folio states → frames: the 8×8 board (or the part around the pieces) with pyramids on it.

`show: [legal]` rings every square the engine allows for the next piece; `show: [wins]`
strikes through every winning line the engine finds. Only the final state of the
moves is drawn: Folio's diagrams are positions, not sequences.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.diagrams import scene as sc
from pnp.diagrams.adapter import Context, Request
from pnp.diagrams.replay import Played
from pnp.games import folio as f
from pnp.model.source import Node

PIECES = "pieces"
SHOWS = ("legal", "wins")


class FolioAdapter:
    engine = f.ENGINE
    views = ("position",)
    default_position = "B gives"

    def frames(self, request: Request, context: Context) -> tuple[sc.Frame, ...]:
        state = request.played[-1].after if request.played else request.start
        shows = tuple(_list(request.options, "show"))
        area = request.options.choice("area", ("board", "pieces"), default="board")
        for show in shows:
            if show not in SHOWS:
                request.options.report(request.options.values["show"],
                                       f"expected show: a list of {', '.join(SHOWS)}, got {show!r}", "show")
        return (state_frame(state, context, shows, area == "pieces"),)

    def step(self, played: Sequence[Played], last: bool, context: Context) -> sc.Frame:
        return state_frame(played[-1].after, context, ("legal", "wins"), False)

    def check(self, claim: str, value: Node, played: Sequence[Played]) -> str | None:
        return f"Folio example steps make no '{claim}' claims"


def _list(options, key: str) -> list:
    node = options.get(key, default=None)
    if node is None:
        return []
    return [n.value for n in node.value] if node.is_list else [node.value]


def _cell(square: str) -> tuple[float, float]:
    """Scene centre of a square: files left to right, rank 8 at the top."""
    x, y = f.square_xy(square)
    return (x + 0.5, 7 - y + 0.5)


def state_frame(state: f.State, context: Context, shows: Sequence[str], crop: bool) -> sc.Frame:
    bounds = _crop(state) if crop else (-0.05, -0.05, 8.05, 8.05)
    items: list[sc.Item] = [sc.Cell(x + 0.5, y + 0.5, fill="square-light" if (x + y) % 2 == 0 else "square-dark")
                            for y in range(8) for x in range(8) if _inside((x + 0.5, y + 0.5), bounds)]
    if not crop:
        items.append(sc.Outline(((3, 3), (5, 3), (5, 5), (3, 5)), "centre", width=2.0))
    for square, piece in state.board:
        item = context.item(PIECES, {"colour": f.COLOURS[piece.colour], "size": piece.size})
        items.append(sc.Piece(PIECES, item or piece.code, *_cell(square), size=0.84))
    if "legal" in shows and f.winner(state) is None:
        items += [sc.Ring(*_cell(s), r=0.3) for s in sorted(f.legal_squares(state))]
    if "wins" in shows:
        items += [sc.Stroke((_cell(w.squares[0]), _cell(w.squares[-1])), role="win", width=0.9)
                  for w in f.winning_lines(state)]
    return sc.Frame(tuple(items), bounds=bounds)


def _inside(point: tuple[float, float], bounds) -> bool:
    return bounds[0] < point[0] < bounds[2] and bounds[1] < point[1] < bounds[3]


def _crop(state: f.State) -> tuple[float, float, float, float]:
    """The squares around the pieces, one square wide, cut at square edges so no square sticks out."""
    points = [_cell(s) for s, _ in state.board] or [(4.0, 4.0)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0 = max(math.floor(min(xs)) - 1, 0), max(math.floor(min(ys)) - 1, 0)
    x1, y1 = min(math.ceil(max(xs)) + 1, 8), min(math.ceil(max(ys)) + 1, 8)
    return (x0 - 0.05, y0 - 0.05, x1 + 0.05, y1 + 0.05)
