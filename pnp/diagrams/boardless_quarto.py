"""Boardless Quarto states → frames: pieces where they lie, dashed circles where the next may go.

The 4×4 grid is drawn as far as the engine says it is fixed (its rows, its columns,
or the whole grid); the piece placed last sits on a highlight; a claimed winner-row is
struck through. The claims an example's captions make (grid fixed, losing gifts, a
spot not yet playable, who wins on which line) are checked against the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.diagrams import scene as sc
from pnp.diagrams.adapter import Context, Request
from pnp.diagrams.replay import Played
from pnp.games import boardless_quarto as bq
from pnp.model.source import Node

PIECES = "pieces"
CORNERS = {"upper-left": (0, 0), "upper-right": (3, 0), "lower-left": (0, 3), "lower-right": (3, 3)}


class BoardlessQuartoAdapter:
    engine = bq.ENGINE
    views = ("position",)
    default_position = "start"

    def frames(self, request: Request, context: Context) -> tuple[sc.Frame, ...]:
        states = [request.start] + [p.after for p in request.played]
        return tuple(state_frame(s, context) for s in states[-1:])

    def step(self, played: Sequence[Played], last: bool, context: Context) -> sc.Frame:
        return state_frame(played[-1].after, context)

    def check(self, claim: str, value: Node, played: Sequence[Played]) -> str | None:
        checks = {"fixed": _check_fixed, "losing": _check_losing, "unplayable": _check_unplayable, "wins": _check_wins}
        if claim not in checks:
            return f"unknown claim '{claim}' (expected one of: {', '.join(checks)})"
        return checks[claim](value, played)


def state_frame(state: bq.State, context: Context) -> sc.Frame:
    """The table: fixed grid lines, the last piece's highlight, pieces, rings, a winning line.

    Cells are the engine's own (x, y), the same from step to step, so the steps of an
    example shown side by side can cover one area and line up on one grid.
    """
    if not state.board:
        return sc.Frame(())
    items: list[sc.Item] = _grid(state)
    if state.last is not None:
        items.append(sc.Highlight(*state.last))
    for (x, y), piece in state.board:
        item = context.item(PIECES, {a.name: piece.value(a.name) for a in bq.ATTRIBUTES})
        items.append(sc.Piece(PIECES, item or piece.code, x + 0.5, y + 0.5))
    if bq.winner(state) is None:
        items += [sc.Ring(x + 0.5, y + 0.5) for x, y in sorted(bq.legal_placements(state))]
    items += [_strike(row) for row in _won_rows(state)]
    return sc.Frame(tuple(items))


def _grid(state: bq.State) -> list[sc.Item]:
    fixed = bq.fixed_axes(state)
    if fixed.rows and fixed.columns:
        left, top = bq.windows(state)[0]
        return [sc.Cell(left + c + 0.5, top + r + 0.5) for r in range(4) for c in range(4)]
    xs = [x for x, _ in state.cells]
    ys = [y for _, y in state.cells]
    items: list[sc.Item] = []
    if fixed.rows:
        top = min(ys)  # four rows are taken: the grid's rows run from the top piece down
        items += [sc.Stroke(((min(xs) - 0.9, y), (max(xs) + 1.9, y)), dashed=True) for y in (top, top + 4)]
    if fixed.columns:
        left = min(xs)
        items += [sc.Stroke(((x, min(ys) - 0.9), (x, max(ys) + 1.9)), dashed=True) for x in (left, left + 4)]
    return items


def _won_rows(state: bq.State) -> list[bq.WinnerRow]:
    if state.phase == "won":
        return [r for r in bq.winner_rows(state) if state.last in r.cells]
    return []


def _strike(row: bq.WinnerRow) -> sc.Stroke:
    ends = (row.cells[0], row.cells[-1])
    # Narrower than a cell, so the halo and its rim stay on the board.
    return sc.Stroke(tuple((x + 0.5, y + 0.5) for x, y in ends), role="win", width=0.9)


# --- claims ------------------------------------------------------------------


def _check_fixed(value: Node, played: Sequence[Played]) -> str | None:
    fixed = bq.fixed_axes(played[-1].after)
    actual = ("grid" if fixed.rows and fixed.columns else "rows" if fixed.rows
              else "columns" if fixed.columns else "none")
    if value.value not in ("grid", "rows", "columns", "none"):
        return f"expected fixed: grid, rows, columns or none, got {value.plain()!r}"
    if actual == value.value:
        return None
    return f"the caption says the {value.value} are fixed, but the engine says: {actual}"


def _check_losing(value: Node, played: Sequence[Played]) -> str | None:
    """Losing gifts are exactly the pool pieces with any of the listed attribute values."""
    state = played[-1].after
    wanted = value.plain() if value.is_list else [value.plain()]
    if not all(isinstance(w, dict) for w in wanted):
        return "expected losing: a list of {attribute: value}, e.g. [{colour: blue}]"
    claimed = {p for p in state.pool if any(all(p.value(k) == v for k, v in w.items()) for w in wanted)}
    actual = set(bq.losing_gifts(state))
    if claimed == actual:
        return None
    return f"the caption's losing gifts are {_codes(claimed)}, the engine's are {_codes(actual)}"


def _codes(pieces) -> str:
    return " ".join(sorted(p.code for p in pieces)) or "none"


def _check_unplayable(value: Node, played: Sequence[Played]) -> str | None:
    """A corner of the fixed grid was not a legal spot when this step's piece was placed."""
    place = next((p for p in played if isinstance(p.move, bq.Place)), None)
    if place is None or value.value not in CORNERS:
        return f"expected unplayable: one of {', '.join(CORNERS)} on a step that places a piece"
    spots = bq.windows(place.before)
    if len(spots) != 1:
        return "the grid is not fixed yet, so it has no corners"
    corner = (spots[0][0] + CORNERS[value.value][0], spots[0][1] + CORNERS[value.value][1])
    if corner in place.before.cells or corner in bq.legal_placements(place.before):
        return f"the {value.value} corner {bq.format_cell(corner)} was playable (or taken) before this step"
    return None


def _check_wins(value: Node, played: Sequence[Played]) -> str | None:
    """wins: {player: A|B, column: n} or {row: n}, counted from 1 in the fixed grid."""
    state = played[-1].after
    claim = value.plain() if value.is_map else {}
    if bq.winner(state) != claim.get("player"):
        return f"the caption says {claim.get('player')} wins, the engine says {bq.winner(state)}"
    (left, top), rows = bq.windows(state)[0], _won_rows(state)
    lines = {("column", c[0][0] - left + 1) for c in (r.cells for r in rows) if len({x for x, _ in c}) == 1}
    lines |= {("row", c[0][1] - top + 1) for c in (r.cells for r in rows) if len({y for _, y in c}) == 1}
    wanted = next(((k, claim[k]) for k in ("column", "row") if k in claim), None)
    if wanted is not None and wanted not in lines:
        return f"the caption says the win is on {wanted[0]} {wanted[1]}, the engine finds {sorted(lines) or 'no line'}"
    return None
