"""Boardless Quarto rules: turns a table of placed pieces and a move into the next table.

Sixteen pieces, each one value of four two-valued attributes, are placed without a board:
every new piece touches an earlier one orthogonally, and all of them must fit some 4×4
grid. The opponent chooses the piece you place. Four in a line sharing an attribute is a
winner-row, but it only wins when claimed by saying "Quarto": right after making it, or by
the opponent on the next turn if it was overlooked.

Notation
--------
A piece is four letters, one per attribute, always in this order:

    shape       S star          / C circle
    colour      B blue          / O orange
    hole        F full (solid)  / H holed
    background  L light         / D dark

so ``SBFL`` is a blue star, full, on a light background. A cell is ``x,y`` on the
table's integer grid, x growing to the right and y growing downwards (as on a page);
negative numbers are fine. A placed piece is ``SBFL@0,0``.

Players are ``A`` (who places first) and ``B`` (who gives first). Moves:

    start SBFL@0,0 COFL@1,0   the two random pieces laid next to each other
    give COHD                 the player to move hands a piece from the pool
    COHD@2,0                  the player places the piece they were given
    quarto                    claim the winner-row made by the last placed piece

A state lists the placed pieces, a star after the one placed last, a semicolon and whose
move it is: ``SBFL@0,0 COFL@1,0; B gives``, ``SBFL@0,0 COFL@1,0 COHD@2,0*; B places SOHL``,
``...; B wins``. Before the first move the state is just ``start``. The pool is every
piece neither placed nor given. When the pool is empty after a placement the game is a
draw, unless that placement made a winner-row: then the only move left is to claim it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from itertools import product
from typing import cast

from pnp.games.base import FunctionEngine, IllegalMove, NotationError, four

Cell = tuple[int, int]


@dataclass(frozen=True)
class Attribute:
    """One of the four attributes: its id, its two values and their letters."""

    name: str
    values: tuple[str, str]
    letters: tuple[str, str]


ATTRIBUTES = (
    Attribute("shape", ("star", "circle"), ("S", "C")),
    Attribute("colour", ("blue", "orange"), ("B", "O")),
    Attribute("hole", ("solid", "holed"), ("F", "H")),
    Attribute("background", ("light", "dark"), ("L", "D")),
)
PLAYERS = ("A", "B")
DRAW = "draw"
GRID = 4
# Right, down, down-right, up-right: every line of four is found once from its first cell.
_LINE_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))
_NEIGHBOUR_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True, order=True)
class Piece:
    """A piece: one value of each attribute, e.g. star, blue, solid, light."""

    shape: str
    colour: str
    hole: str
    background: str

    def value(self, attribute: str) -> str:
        return cast(str, getattr(self, attribute))  # an attribute's name is one of the str fields above

    @property
    def code(self) -> str:
        """The four-letter notation, e.g. ``SBFL``."""
        return "".join(a.letters[a.values.index(self.value(a.name))] for a in ATTRIBUTES)


ALL_PIECES = tuple(Piece(*values) for values in product(*(a.values for a in ATTRIBUTES)))


@dataclass(frozen=True)
class State:
    """Placed pieces (sorted by row, then column), the last placed cell, and what happens next.

    `phase` is ``start`` (nothing laid yet), ``give`` (`to_move` gives a piece),
    ``place`` (`to_move` places `given`) or ``won`` (`to_move` claimed Quarto).
    """

    board: tuple[tuple[Cell, Piece], ...] = ()
    last: Cell | None = None
    to_move: str = "A"
    phase: str = "start"
    given: Piece | None = None

    @property
    def cells(self) -> dict[Cell, Piece]:
        return dict(self.board)

    @property
    def to_place(self) -> Piece:
        """The piece `to_move` was given and places next (phase ``place``)."""
        if self.given is None:
            raise ValueError(f"no piece is given to place in phase {self.phase!r}")
        return self.given

    @property
    def pool(self) -> tuple[Piece, ...]:
        """The pieces still to be given, in ALL_PIECES order."""
        used = {piece for _, piece in self.board} | {self.given}
        return tuple(p for p in ALL_PIECES if p not in used)


START = State()


@dataclass(frozen=True)
class Start:
    """Lay the two randomly drawn pieces next to each other."""

    first: tuple[Cell, Piece]
    second: tuple[Cell, Piece]


@dataclass(frozen=True)
class Give:
    """Hand a piece from the pool to the opponent."""

    piece: Piece


@dataclass(frozen=True)
class Place:
    """Put the given piece at a cell."""

    piece: Piece
    cell: Cell


@dataclass(frozen=True)
class Claim:
    """Say "Quarto" to win with the winner-row made by the last placed piece."""


Move = Start | Give | Place | Claim
CLAIM = Claim()


@dataclass(frozen=True)
class WinnerRow:
    """Four cells in a line and the attribute values all four pieces share."""

    cells: tuple[Cell, Cell, Cell, Cell]
    shared: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class FixedAxes:
    """Which lines of the 4×4 grid are decided: rows once 4 tall, columns once 4 wide."""

    rows: bool
    columns: bool


# --- notation ---------------------------------------------------------------

_PIECE_HELP = (
    "write four letters: shape S/C (star/circle), colour B/O (blue/orange), "
    "hole F/H (full/holed), background L/D (light/dark), e.g. SBFL"
)
_CODES = {p.code: p for p in ALL_PIECES}
_PLACED = re.compile(r"^(\w{4})@\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?(\*?)$")
_PHASE = re.compile(r"^([AB])\s+(?:(gives|wins)|places\s+(\w{4}))$", re.IGNORECASE)


def parse_piece(text: str) -> Piece:
    """A piece from its four letters, e.g. ``SBFL`` (any letter case)."""
    piece = _CODES.get(text.strip().upper())
    if piece is None:
        raise NotationError(f"{text!r} is not a piece: {_PIECE_HELP}")
    return piece


def format_piece(piece: Piece) -> str:
    return piece.code


def format_cell(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _tidy(text: str) -> str:
    """Text with no spaces around '@', ',' or the brackets of a cell."""
    return re.sub(r"\s*([@,()])\s*", r"\1", text)


def _parse_placed(text: str) -> tuple[Cell, Piece, bool]:
    match = _PLACED.match(text.strip())
    if not match:
        raise NotationError(f"{text!r} is not a placed piece: expected e.g. 'SBFL@2,-1'")
    code, x, y, star = match.groups()
    return (int(x), int(y)), parse_piece(code), bool(star)


def parse_state(text: str) -> State:
    """A state from e.g. ``SBFL@0,0 COFL@1,0*; A places SOHL`` or ``start``."""
    if text.strip().lower() == "start":
        return START
    placed_text, semicolon, phase_text = text.partition(";")
    if not semicolon:
        raise NotationError(
            f"{text!r} is not a Boardless Quarto state: expected 'start' or placed "
            "pieces, ';' and whose move it is, e.g. 'SBFL@0,0 COFL@1,0; B gives'"
        )
    placed = [_parse_placed(word) for word in _tidy(placed_text).split()]
    state = _with_phase(_board_state(text, placed), phase_text)
    _check_reachable(text, state)
    return state


def _board_state(text: str, placed: list[tuple[Cell, Piece, bool]]) -> State:
    cells = [cell for cell, _, _ in placed]
    pieces = [piece for _, piece, _ in placed]
    lasts = [cell for cell, _, star in placed if star]
    if len(set(cells)) != len(cells) or len(set(pieces)) != len(pieces):
        raise NotationError(f"{text!r}: each cell and each piece may be used only once")
    if len(lasts) > 1:
        raise NotationError(f"{text!r}: only the last placed piece is marked with '*'")
    board = tuple(sorted(zip(cells, pieces), key=lambda item: _reading_order(item[0])))
    return State(board=board, last=lasts[0] if lasts else None)


def _with_phase(state: State, text: str) -> State:
    match = _PHASE.match(text.strip())
    if not match:
        raise NotationError(
            f"{text.strip()!r} is not whose move it is: expected 'A gives', "
            "'B places SBFL' or 'A wins'"
        )
    player, verb, code = match.groups()
    if code is not None:
        return replace(state, to_move=player.upper(), phase="place", given=parse_piece(code))
    phase = "give" if verb.lower() == "gives" else "won"
    return replace(state, to_move=player.upper(), phase=phase)


def _check_reachable(text: str, state: State) -> None:
    cells = set(state.cells)
    if len(cells) < 2:
        raise NotationError(f"{text!r}: the game starts with two pieces on the table")
    if state.given is not None and state.given in state.cells.values():
        raise NotationError(f"{text!r}: the given piece {state.given.code} is already placed")
    if not _fits_grid(cells) or not _connected(cells):
        raise NotationError(
            f"{text!r}: the pieces must touch each other and fit in a 4×4 grid"
        )


def format_state(state: State) -> str:
    """The text of a state, e.g. ``SBFL@0,0 COFL@1,0*; A places SOHL``."""
    if state.phase == "start":
        return "start"
    placed = " ".join(
        f"{piece.code}@{format_cell(cell)}" + ("*" if cell == state.last else "")
        for cell, piece in state.board
    )
    return f"{placed}; {_format_phase(state)}"


def _format_phase(state: State) -> str:
    if state.phase == "place":
        return f"{state.to_move} places {state.to_place.code}"
    return f"{state.to_move} {'gives' if state.phase == 'give' else 'wins'}"


def parse_move(text: str) -> Move:
    """A move from ``start SBFL@0,0 COFL@1,0``, ``give COHD``, ``COHD@2,0`` or ``quarto``."""
    words = _tidy(text).split()
    verb = words[0].lower() if words else ""
    if verb == "quarto" and len(words) == 1:
        return CLAIM
    if verb == "give" and len(words) == 2:
        return Give(parse_piece(words[1]))
    if verb == "start" and len(words) == 3:
        first, second = (_parse_unmarked(w) for w in words[1:])
        return Start(first, second)
    if len(words) in (1, 2) and "@" in words[-1] and verb in ("place", words[-1].lower()):
        cell, piece = _parse_unmarked(words[-1])
        return Place(piece, cell)
    raise NotationError(
        f"{text!r} is not a Boardless Quarto move: expected 'start SBFL@0,0 COFL@1,0', "
        "'give SBFL', 'SBFL@2,1' or 'quarto'"
    )


def _parse_unmarked(text: str) -> tuple[Cell, Piece]:
    cell, piece, star = _parse_placed(text)
    if star:
        raise NotationError(f"{text!r}: a move places a piece; '*' belongs in a state")
    return cell, piece


def format_move(move: Move) -> str:
    """The text of a move, e.g. ``give COHD`` or ``COHD@2,0``."""
    if isinstance(move, Start):
        laid = (f"{p.code}@{format_cell(c)}" for c, p in (move.first, move.second))
        return "start " + " ".join(laid)
    if isinstance(move, Give):
        return f"give {move.piece.code}"
    if isinstance(move, Place):
        return f"{move.piece.code}@{format_cell(move.cell)}"
    return "quarto"


# --- geometry ---------------------------------------------------------------


def _reading_order(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def _extent(cells: Collection[Cell]) -> tuple[int, int]:
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def _fits_grid(cells: Collection[Cell]) -> bool:
    width, height = _extent(cells)
    return width <= GRID and height <= GRID


def _neighbours(cell: Cell) -> list[Cell]:
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in _NEIGHBOUR_STEPS]


def _connected(cells: set[Cell]) -> bool:
    start = next(iter(cells))
    seen, frontier = {start}, [start]
    while frontier:
        frontier = [n for c in frontier for n in _neighbours(c) if n in cells and n not in seen]
        seen.update(frontier)
    return seen == cells


def legal_placements(state: State) -> set[Cell]:
    """Empty cells touching a piece orthogonally where all pieces still fit a 4×4 grid."""
    cells = state.cells
    touching = {n for c in cells for n in _neighbours(c) if n not in cells}
    return {c for c in touching if _fits_grid([*cells, c])}


def fixed_axes(state: State) -> FixedAxes:
    """Whether the grid's rows (4 tall) and columns (4 wide) are already decided."""
    if not state.board:
        return FixedAxes(rows=False, columns=False)
    width, height = _extent(state.cells)
    return FixedAxes(rows=height == GRID, columns=width == GRID)


def windows(state: State) -> list[Cell]:
    """Top-left cells of every 4×4 grid that holds all the placed pieces."""
    cells = state.cells
    if not cells:
        return []
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return [
        (left, top)
        for top in range(max(ys) - GRID + 1, min(ys) + 1)
        for left in range(max(xs) - GRID + 1, min(xs) + 1)
    ]


def lines_within(cells: Iterable[Cell]) -> list[tuple[Cell, Cell, Cell, Cell]]:
    """Every four consecutive cells in a row, column or diagonal, all among `cells`."""
    present = set(cells)
    lines = []
    for (x, y), (dx, dy) in product(sorted(present, key=_reading_order), _LINE_STEPS):
        line = four((x + k * dx, y + k * dy) for k in range(GRID))
        if all(c in present for c in line):
            lines.append(line)
    return lines


def winner_rows(state: State) -> list[WinnerRow]:
    """Every line of four placed pieces that share at least one attribute value."""
    cells = state.cells
    rows = []
    for line in lines_within(cells):
        shared = _shared_values([cells[c] for c in line])
        if shared:
            rows.append(WinnerRow(line, shared))
    return rows


def _shared_values(pieces: list[Piece]) -> tuple[tuple[str, str], ...]:
    return tuple(
        (a.name, pieces[0].value(a.name))
        for a in ATTRIBUTES
        if len({p.value(a.name) for p in pieces}) == 1
    )


def claimable_rows(state: State) -> list[WinnerRow]:
    """Winner-rows through the last placed piece, while "Quarto" may still be said."""
    if state.phase not in ("give", "place") or state.last is None:
        return []
    return [row for row in winner_rows(state) if state.last in row.cells]


def losing_gifts(state: State) -> tuple[Piece, ...]:
    """Pool pieces the opponent could place somewhere legal to make a winner-row."""
    cells = state.cells
    spots = legal_placements(state)
    return tuple(p for p in state.pool if any(_makes_row(cells, c, p) for c in spots))


def _makes_row(cells: dict[Cell, Piece], cell: Cell, piece: Piece) -> bool:
    after = {**cells, cell: piece}
    return any(
        cell in line and _shared_values([after[c] for c in line])
        for line in lines_within(after)
    )


# --- rules -----------------------------------------------------------------


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def winner(state: State) -> str | None:
    """``A`` or ``B`` after a claim, ``draw`` once the pool is spent unclaimed, else None."""
    if state.phase == "won":
        return state.to_move
    if state.phase == "give" and not state.pool and not claimable_rows(state):
        return DRAW
    return None


def legal_moves(state: State) -> list[Move]:
    """Every allowed move; for ``start``, the pairs laid at 0,0 and 1,0 or 0,1."""
    if winner(state) is not None:
        return []
    if state.phase == "start":
        return _start_moves()
    claim: list[Move] = [CLAIM] if claimable_rows(state) else []
    if state.phase == "give":
        return claim + [Give(p) for p in state.pool]
    spots = sorted(legal_placements(state), key=_reading_order)
    return claim + [Place(state.to_place, c) for c in spots]


def _start_moves() -> list[Move]:
    return [
        Start(((0, 0), first), (cell, second))
        for first, second in product(ALL_PIECES, ALL_PIECES)
        if first != second
        for cell in ((1, 0), (0, 1))
    ]


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises IllegalMove with the rule it breaks."""
    text = format_move(move)
    _check_not_over(state, text)
    if isinstance(move, Start):
        return _start(state, move, text)
    if isinstance(move, Claim):
        return _claim(state, text)
    if state.phase == "start":
        raise IllegalMove(text, "first draw two pieces and lay them next to each other")
    if isinstance(move, Give):
        return _give(state, move, text)
    return _place(state, move, text)


def _check_not_over(state: State, text: str) -> None:
    result = winner(state)
    if result == DRAW:
        raise IllegalMove(text, "the game is over: the pool is empty and it is a draw")
    if result is not None:
        raise IllegalMove(text, f"the game is over: {result} has won")


def _start(state: State, move: Start, text: str) -> State:
    if state.phase != "start":
        raise IllegalMove(text, "the two random pieces are laid only at the start")
    (first_cell, first), (second_cell, second) = move.first, move.second
    if first == second:
        raise IllegalMove(text, "the two starting pieces must be different pieces")
    if second_cell not in _neighbours(first_cell):
        raise IllegalMove(text, "the two starting pieces must touch side by side")
    board = tuple(sorted((move.first, move.second), key=lambda item: _reading_order(item[0])))
    return State(board=board, to_move="B", phase="give")


def _give(state: State, move: Give, text: str) -> State:
    if state.phase != "give":
        raise IllegalMove(text, "place the piece you were given before giving one")
    if move.piece not in state.pool:
        raise IllegalMove(text, f"{move.piece.code} is not in the pool")
    return replace(state, to_move=other(state.to_move), phase="place", given=move.piece)


def _place(state: State, move: Place, text: str) -> State:
    if state.phase != "place":
        raise IllegalMove(text, "a piece must be given before it can be placed")
    if move.piece != state.given:
        raise IllegalMove(text, f"you must place the piece you were given, {state.to_place.code}")
    _check_spot(state, move.cell, text)
    cells = {**state.cells, move.cell: move.piece}
    board = tuple(sorted(cells.items(), key=lambda item: _reading_order(item[0])))
    return replace(state, board=board, last=move.cell, phase="give", given=None)


def _check_spot(state: State, cell: Cell, text: str) -> None:
    cells = state.cells
    if cell in cells:
        raise IllegalMove(text, "that spot already holds a piece")
    if not any(n in cells for n in _neighbours(cell)):
        raise IllegalMove(text, "a piece must touch another piece side by side")
    if not _fits_grid([*cells, cell]):
        raise IllegalMove(text, "all pieces must fit in a 4×4 grid")


def _claim(state: State, text: str) -> State:
    if not claimable_rows(state):
        raise IllegalMove(
            text, "Quarto can only be claimed for a winner-row made by the last piece placed"
        )
    return replace(state, phase="won", given=None)


# --- engine ----------------------------------------------------------------

ENGINE = FunctionEngine("boardless_quarto", parse_state, format_state, parse_move, format_move, legal_moves, apply,
                        winner)
