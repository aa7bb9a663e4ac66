"""Nim: rows of counters; a turn takes one or more counters from one row; whoever takes the
last counter wins. A pure rules engine: positions, moves, what is legal, who has won.

Positions and moves have a short text notation that parses and prints back:
- a position is the player to move, then each row's counters from the top row down:
  "A 1 3 5 7" (A to move; rows a, b, c, d hold 1, 3, 5 and 7);
- a move is a row's letter and how many counters it takes: "d3" (three from row d).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import reduce
from operator import xor

from pnp.games.base import FunctionEngine, IllegalMove, NotationError

PLAYERS = ("A", "B")
ROWS = "abcdefgh"  # at most eight rows, named by letter from the top
MAX_COUNTERS = 15  # in one row
_MOVE = re.compile(r"([a-h])([1-9][0-9]?)")


@dataclass(frozen=True)
class Position:
    rows: tuple[int, ...]  # counters left in each row, top row first
    to_move: str = "A"


@dataclass(frozen=True)
class Move:
    row: int  # 0: row a
    take: int


def parse_position(text: str) -> Position:
    parts = text.split()
    if len(parts) < 2 or parts[0] not in PLAYERS:
        raise NotationError(f"expected the player to move (A or B), then each row's counters, such as 'A 1 3 5 7', "
                            f"got {text!r}")
    if len(parts) - 1 > len(ROWS):
        raise NotationError(f"a position has at most {len(ROWS)} rows, got {len(parts) - 1}")
    for part in parts[1:]:
        if not part.isdigit() or int(part) > MAX_COUNTERS:
            raise NotationError(f"a row holds 0 to {MAX_COUNTERS} counters, got {part!r}")
    return Position(tuple(int(part) for part in parts[1:]), parts[0])


def format_position(position: Position) -> str:
    return " ".join([position.to_move, *map(str, position.rows)])


def parse_move(text: str) -> Move:
    match = _MOVE.fullmatch(text.strip())
    if match is None:
        raise NotationError(f"expected a row's letter and how many counters it takes, such as 'b2', got {text!r}")
    return Move(ROWS.index(match[1]), int(match[2]))


def format_move(move: Move) -> str:
    return f"{ROWS[move.row]}{move.take}"


def legal_moves(position: Position) -> list[Move]:
    """Every move the player to move may make: one or more counters from any one row."""
    return [Move(row, take) for row, counters in enumerate(position.rows) for take in range(1, counters + 1)]


def apply(position: Position, move: Move) -> Position:
    """The position after move; IllegalMove, naming the rule, if the rules forbid it."""
    text = format_move(move)
    if winner(position) is not None:
        raise IllegalMove(text, f"the game is over: {winner(position)} took the last counter")
    if move.row >= len(position.rows):
        raise IllegalMove(text, f"there is no row {ROWS[move.row]}: the rows are a to {ROWS[len(position.rows) - 1]}")
    left = position.rows[move.row]
    if move.take > left:
        raise IllegalMove(text, f"row {ROWS[move.row]} has {left} counter{'s' if left != 1 else ''} left, and a turn "
                                "takes only counters that are there")
    rows = list(position.rows)
    rows[move.row] -= move.take
    return Position(tuple(rows), other(position.to_move))


def winner(position: Position) -> str | None:
    """Who has won: once every row is empty, the player who took the last counter (not the one to move)."""
    return None if any(position.rows) else other(position.to_move)


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


# --- strategy (C. L. Bouton, 1901) ------------------------------------------------------------


def nim_sum(position: Position) -> int:
    """The rows' counts combined by exclusive or: 0 means the player to move loses against best play."""
    return reduce(xor, position.rows, 0)


def winning_moves(position: Position) -> list[Move]:
    """The moves that leave a nim-sum of 0 (none when it is 0 already)."""
    return [move for move in legal_moves(position) if nim_sum(apply(position, move)) == 0]


ENGINE = FunctionEngine("nim", parse_position, format_position, parse_move, format_move, legal_moves, apply, winner)
