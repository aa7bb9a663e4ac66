"""Folio rules: turns pyramids on an 8×8 board and a move into the next board.

Sixteen pyramids (four colours, three sizes) are placed one at a time, each chosen by the
opponent. The first goes on a central square; every later one within 3 squares, any
direction, of every piece already down, so play stays inside one 4×4 that is fixed only
as pieces go down. Whoever completes a line of four holding all four colours, or all
three sizes plus any fourth piece, wins.

Notation
--------
A piece is a colour letter and a size: r red, y yellow, g green, b blue; 1 small,
2 medium, 3 large. ``r1`` is a small red pyramid. Squares are named like chess, ``a1``
to ``h8`` (files a–h left to right, ranks 1–8 bottom to top).

Players are ``A`` (who places first) and ``B`` (who gives first). Moves:

    give r1    the player to move hands a piece from the pool to the other player
    r1@d4      the player places the piece they were given (``place r1@d4`` works too)

A state lists the placed pieces, a semicolon and whose move it is:
``r1@d4 b2@e5; A gives``, ``r1@d4; B places g3``, ``r1@d4 ...; A wins``. Before the
first move it is just ``B gives``. The pool is the standard set (see DEFAULT_EXTRAS)
less what is placed or given; a state from another set ends with its pool:
``B gives; pool r1 r1 r2 ...``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import product

from pnp.games.base import FunctionEngine, IllegalMove, NotationError, four

COLOURS = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}
SIZES = {1: "small", 2: "medium", 3: "large"}
PLAYERS = ("A", "B")
DRAW = "draw"
FILES = "abcdefgh"
CENTRE = ("d4", "e4", "d5", "e5")
REACH = 3
# Right, up, up-right, down-right: every line of four is found once from its first square.
_LINE_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass(frozen=True)
class Piece:
    """A pyramid: a colour letter (r y g b) and a size (1 small, 2 medium, 3 large)."""

    colour: str
    size: int

    @property
    def code(self) -> str:
        return f"{self.colour}{self.size}"


def _piece_order(piece: Piece) -> tuple[int, int]:
    return list(COLOURS).index(piece.colour), piece.size


ONE_OF_EACH = tuple(Piece(c, s) for c, s in product(COLOURS, SIZES))
# Step 2 of the set-up: each size once, in red, yellow, green; step 3: a blue piece.
DEFAULT_EXTRAS = (Piece("r", 1), Piece("y", 2), Piece("g", 3), Piece("b", 1))


# --- the set of sixteen ----------------------------------------------------


def set_problem(pieces: Iterable[Piece]) -> str | None:
    """What is wrong with a proposed set of sixteen pieces, or None if the rules allow it."""
    counts = Counter(pieces)
    total = sum(counts.values())
    if total != 16:
        return f"the set must have 16 pieces, not {total}"
    missing = [p.code for p in ONE_OF_EACH if p not in counts]
    if missing:
        return f"the set needs one piece of every colour and size; {', '.join(missing)} is missing"
    extras = list((counts - Counter(ONE_OF_EACH)).elements())
    colours = Counter(p.colour for p in extras)
    twice = sorted((c for c, n in colours.items() if n > 1), key=list(COLOURS).index)
    if twice:
        colour = twice[0]
        return (
            "the four extra pieces must each be a different colour; "
            f"{COLOURS[colour]} has {colours[colour]}"
        )
    unused = [SIZES[s] for s in SIZES if s not in {p.size for p in extras}]
    if unused:
        return f"the four extra pieces must include every size; none is {unused[0]}"
    return None


def standard_set(extras: Iterable[Piece] = DEFAULT_EXTRAS) -> tuple[Piece, ...]:
    """The sixteen pieces: one of each colour and size plus `extras`; ValueError if not allowed."""
    pieces = tuple(sorted(ONE_OF_EACH + tuple(extras), key=_piece_order))
    problem = set_problem(pieces)
    if problem:
        raise ValueError(problem)
    return pieces


DEFAULT_SET = standard_set()


# --- states and moves ------------------------------------------------------


@dataclass(frozen=True)
class State:
    """Placed pieces by square (sorted), the pool (sorted), and what happens next.

    `phase` is ``give`` (`to_move` gives a piece), ``place`` (`to_move` places `given`)
    or ``won`` (`to_move` completed a winning line).
    """

    board: tuple[tuple[str, Piece], ...] = ()
    pool: tuple[Piece, ...] = DEFAULT_SET
    to_move: str = "B"
    phase: str = "give"
    given: Piece | None = None

    @property
    def squares(self) -> dict[str, Piece]:
        return dict(self.board)

    @property
    def to_place(self) -> Piece:
        """The piece `to_move` was given and places next (phase ``place``)."""
        if self.given is None:
            raise ValueError(f"no piece is given to place in phase {self.phase!r}")
        return self.given


START = State()


@dataclass(frozen=True)
class Give:
    """Hand a piece from the pool to the opponent."""

    piece: Piece


@dataclass(frozen=True)
class Place:
    """Put the given piece on a square."""

    piece: Piece
    square: str


Move = Give | Place


@dataclass(frozen=True)
class WinningLine:
    """Four squares in a line and why they win: ``colours``, ``sizes`` or both."""

    squares: tuple[str, str, str, str]
    kinds: tuple[str, ...]


# --- notation ---------------------------------------------------------------

_PIECE = re.compile(r"^([rygb])([123])$", re.IGNORECASE)
_SQUARE = re.compile(r"^[a-h][1-8]$")
_PHASE = re.compile(r"^([AB])\s+(?:(gives|wins)|places\s+(\S+))$", re.IGNORECASE)


def parse_piece(text: str) -> Piece:
    """A piece from e.g. ``r1`` or ``B3``."""
    match = _PIECE.match(text.strip())
    if not match:
        raise NotationError(
            f"{text!r} is not a piece: write a colour letter r y g b "
            "(red yellow green blue) and a size 1 2 3, e.g. r1"
        )
    return Piece(match.group(1).lower(), int(match.group(2)))


def parse_square(text: str) -> str:
    """A square name, ``a1`` to ``h8``."""
    square = text.strip().lower()
    if not _SQUARE.match(square):
        raise NotationError(f"{text!r} is not a square: expected a1 to h8")
    return square


def square_xy(square: str) -> tuple[int, int]:
    """File and rank of a square counted from 0: ``a1`` is (0, 0), ``h8`` is (7, 7)."""
    return FILES.index(square[0]), int(square[1]) - 1


def square_name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def _parse_placed(text: str) -> tuple[str, Piece]:
    code, at, square = text.partition("@")
    if not at:
        raise NotationError(f"{text!r} is not a placed piece: expected e.g. 'r1@d4'")
    return parse_square(square), parse_piece(code)


def parse_state(text: str) -> State:
    """A state from e.g. ``r1@d4 b2@e5; A gives`` or ``B gives; pool r1 r1 ...``."""
    placed: list[tuple[str, Piece]] = []
    phase: re.Match[str] | None = None
    pool: tuple[Piece, ...] | None = None
    for part in (p.strip() for p in text.split(";")):
        if part.lower().startswith("pool"):
            pool = tuple(parse_piece(w) for w in part.split()[1:])
        elif match := _PHASE.match(part):
            phase = match
        else:
            placed += [_parse_placed(word) for word in part.split()]
    if phase is None:
        raise NotationError(
            f"{text!r} is not a Folio state: expected placed pieces, ';' and whose "
            "move it is, e.g. 'r1@d4 b2@e5; A gives'"
        )
    state = _with_phase(_with_board(text, placed), phase)
    return _with_pool(text, state, pool)


def _with_board(text: str, placed: list[tuple[str, Piece]]) -> State:
    squares = [square for square, _ in placed]
    if len(set(squares)) != len(squares):
        raise NotationError(f"{text!r}: a square holds only one piece")
    if squares and not _within_reach(squares):
        raise NotationError(f"{text!r}: the pieces do not fit in one 4×4")
    return State(board=tuple(sorted(placed)))


def _within_reach(squares: list[str]) -> bool:
    points = [square_xy(s) for s in squares]
    return all(_chebyshev(p, q) <= REACH for p in points for q in points)


def _with_phase(state: State, match: re.Match[str]) -> State:
    player, verb, code = match.groups()
    if code is not None:
        return replace(state, to_move=player.upper(), phase="place", given=parse_piece(code))
    phase = "give" if verb.lower() == "gives" else "won"
    return replace(state, to_move=player.upper(), phase=phase)


def _with_pool(text: str, state: State, pool: tuple[Piece, ...] | None) -> State:
    if pool is None:
        pool = _standard_pool(state)
    if pool is None:
        raise NotationError(
            f"{text!r}: the standard set has too few of a placed piece; "
            "end the state with its pool"
        )
    return replace(state, pool=tuple(sorted(pool, key=_piece_order)))


def _standard_pool(state: State) -> tuple[Piece, ...] | None:
    """What is left of the standard set after the placed and given pieces, if it has them all."""
    used = Counter(piece for _, piece in state.board)
    if state.given:
        used[state.given] += 1
    if used - Counter(DEFAULT_SET):
        return None
    return tuple(sorted((Counter(DEFAULT_SET) - used).elements(), key=_piece_order))


def format_state(state: State) -> str:
    """The text of a state, e.g. ``r1@d4 b2@e5; A gives``; the pool only when not standard."""
    parts = [" ".join(f"{p.code}@{s}" for s, p in state.board)] if state.board else []
    parts.append(_format_phase(state))
    if state.pool != _standard_pool(state):
        parts.append(" ".join(["pool", *(p.code for p in state.pool)]))
    return "; ".join(parts)


def _format_phase(state: State) -> str:
    if state.phase == "place":
        return f"{state.to_move} places {state.to_place.code}"
    return f"{state.to_move} {'gives' if state.phase == 'give' else 'wins'}"


def parse_move(text: str) -> Move:
    """A move from ``give r1``, ``r1@d4`` or ``place r1@d4``."""
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "give" and len(words) == 2:
        return Give(parse_piece(words[1]))
    if len(words) in (1, 2) and "@" in words[-1] and verb in ("place", words[-1].lower()):
        square, piece = _parse_placed(words[-1])
        return Place(piece, square)
    raise NotationError(f"{text!r} is not a Folio move: expected 'give r1' or 'r1@d4'")


def format_move(move: Move) -> str:
    """The text of a move, e.g. ``give r1`` or ``r1@d4``."""
    if isinstance(move, Give):
        return f"give {move.piece.code}"
    return f"{move.piece.code}@{move.square}"


# --- geometry and lines ----------------------------------------------------


def _chebyshev(p: tuple[int, int], q: tuple[int, int]) -> int:
    return max(abs(p[0] - q[0]), abs(p[1] - q[1]))


def legal_squares(state: State) -> set[str]:
    """Empty squares a piece may go on: the centre at first, then within 3 of every piece."""
    if not state.board:
        return set(CENTRE)
    placed = [square_xy(s) for s, _ in state.board]
    return {
        square_name(x, y)
        for x, y in product(range(8), range(8))
        if all(0 < _chebyshev((x, y), p) <= REACH for p in placed)
    }


def lines_through(square: str) -> list[tuple[str, str, str, str]]:
    """Every line of four consecutive squares on the board that contains `square`."""
    x, y = square_xy(square)
    lines: list[tuple[str, str, str, str]] = []
    for (dx, dy), back in product(_LINE_STEPS, range(4)):
        start = (x - back * dx, y - back * dy)
        points = [(start[0] + k * dx, start[1] + k * dy) for k in range(4)]
        if all(0 <= px < 8 and 0 <= py < 8 for px, py in points):
            lines.append(four(square_name(px, py) for px, py in points))
    return lines


def line_kinds(pieces: list[Piece]) -> tuple[str, ...]:
    """Why four pieces win: ``colours`` (all four colours), ``sizes`` (all three sizes)."""
    kinds = []
    if len({p.colour for p in pieces}) == 4:
        kinds.append("colours")
    if {p.size for p in pieces} == set(SIZES):
        kinds.append("sizes")
    return tuple(kinds)


def winning_lines(state: State, through: str | None = None) -> list[WinningLine]:
    """Every full line of four that wins, optionally only those through one square."""
    squares = state.squares
    starts = [through] if through else list(squares)
    found = {line for s in starts for line in lines_through(s) if all(q in squares for q in line)}
    result = []
    for line in sorted(found):
        kinds = line_kinds([squares[q] for q in line])
        if kinds:
            result.append(WinningLine(line, kinds))
    return result


# --- rules -----------------------------------------------------------------


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def winner(state: State) -> str | None:
    """``A`` or ``B`` once a line is completed, ``draw`` when the pool runs out, else None."""
    if state.phase == "won":
        return state.to_move
    if state.phase == "give" and not state.pool:
        return DRAW
    return None


def legal_moves(state: State) -> list[Move]:
    """Every allowed move: each different piece in the pool, or each square for the given piece."""
    if winner(state) is not None:
        return []
    if state.phase == "give":
        return [Give(p) for p in dict.fromkeys(state.pool)]
    squares = sorted(legal_squares(state), key=lambda s: square_xy(s)[::-1])
    return [Place(state.to_place, s) for s in squares]


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises IllegalMove with the rule it breaks."""
    text = format_move(move)
    result = winner(state)
    if result is not None:
        verdict = "it is a draw" if result == DRAW else f"{result} has won"
        raise IllegalMove(text, f"the game is over: {verdict}")
    if isinstance(move, Give):
        return _give(state, move, text)
    return _place(state, move, text)


def _give(state: State, move: Give, text: str) -> State:
    if state.phase != "give":
        raise IllegalMove(text, "place the piece you were given before giving one")
    if move.piece not in state.pool:
        raise IllegalMove(text, f"there is no {move.piece.code} left to give")
    pool = list(state.pool)
    pool.remove(move.piece)
    return replace(
        state, pool=tuple(pool), to_move=other(state.to_move), phase="place", given=move.piece
    )


def _place(state: State, move: Place, text: str) -> State:
    if state.phase != "place":
        raise IllegalMove(text, "a piece must be given before it can be placed")
    if move.piece != state.given:
        raise IllegalMove(text, f"you must place the piece you were given, {state.to_place.code}")
    _check_square(state, move.square, text)
    board = tuple(sorted(state.board + ((move.square, move.piece),)))
    after = replace(state, board=board, phase="give", given=None)
    return replace(after, phase="won") if winning_lines(after, move.square) else after


def _check_square(state: State, square: str, text: str) -> None:
    if square in state.squares:
        raise IllegalMove(text, "that square already holds a piece")
    if not state.board and square not in CENTRE:
        raise IllegalMove(text, "the first piece must go on a central square: d4, e4, d5 or e5")
    if square not in legal_squares(state):
        raise IllegalMove(text, "a piece must be within 3 squares of every piece already placed")


# --- engine ----------------------------------------------------------------

ENGINE = FunctionEngine("folio", parse_state, format_state, parse_move, format_move, legal_moves, apply, winner)
