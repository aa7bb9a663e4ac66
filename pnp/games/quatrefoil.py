"""Quatrefoil rules: turns an arrangement of five tokens and a move into the next arrangement.

Quatrefoil is cooperative: four tokens sit in a 2×2 (the quatrefoil), the fifth is the
free token, and the players push, twist and finally stack, hoping every token ends at the
place the dealt cards name. With five tokens there are only 120 arrangements, so the
fewest moves from any arrangement to any target is computed exactly by breadth-first search.

Notation
--------
Colours are letters: b blue, g green, p purple, r red, y yellow.

A state is the top row, a slash, the bottom row, a plus and the free token: ``bg/pr+y``
has blue at NW, green at NE, purple at SW, red at SE and yellow free. A trailing ``!``
marks the free token stacked on the quatrefoil, which ends the game: ``bg/pr+y!``.
A target (the deal) is written the same way, without ``!``.

A push is named by the square the free token enters and the way the line slides
(``>`` east, ``<`` west, ``v`` south, ``^`` north); the token at the far end of that
row or column is ejected and becomes the free token:

    NW>  top row from the west       NE<  top row from the east
    SW>  bottom row from the west    SE<  bottom row from the east
    NWv  west column from the north  SW^  west column from the south
    NEv  east column from the north  SE^  east column from the south

The entry square is where the pushed token ends up, which is what a Dual player's
position card limits. ``cw`` and ``ccw`` twist the quatrefoil a quarter turn clockwise
or anticlockwise (north up); ``stack`` ends the game.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import permutations

from pnp.games.base import FunctionEngine, IllegalMove, NotationError, four

COLOURS = {"b": "blue", "g": "green", "p": "purple", "r": "red", "y": "yellow"}
POSITIONS = ("NW", "NE", "SW", "SE")
HEADINGS = {">": "east", "<": "west", "v": "south", "^": "north"}

# Each push: (entry square, heading) -> the line it slides, from entry to far end.
_PUSH_LINES = {
    ("NW", ">"): ("NW", "NE"),
    ("NE", "<"): ("NE", "NW"),
    ("SW", ">"): ("SW", "SE"),
    ("SE", "<"): ("SE", "SW"),
    ("NW", "v"): ("NW", "SW"),
    ("SW", "^"): ("SW", "NW"),
    ("NE", "v"): ("NE", "SE"),
    ("SE", "^"): ("SE", "NE"),
}
# Clockwise with north up: the token at NW goes to NE, NE to SE, SE to SW, SW to NW.
_CLOCKWISE_FROM = {"NE": "NW", "SE": "NE", "SW": "SE", "NW": "SW"}


@dataclass(frozen=True)
class State:
    """Tokens at NW, NE, SW, SE (in that order), the free token, and whether it is stacked."""

    grid: tuple[str, str, str, str]
    free: str
    stacked: bool = False

    def at(self, position: str) -> str:
        """The colour letter of the token at a position (NW, NE, SW, SE)."""
        return self.grid[POSITIONS.index(position)]


@dataclass(frozen=True)
class Push:
    """Put the free token in at `entry` and slide its line towards `heading`."""

    entry: str
    heading: str

    @property
    def line(self) -> tuple[str, str]:
        """The row or column pushed: the entry square, then the square whose token is ejected."""
        return _PUSH_LINES[(self.entry, self.heading)]


@dataclass(frozen=True)
class Twist:
    """Rotate the quatrefoil a quarter turn."""

    clockwise: bool


@dataclass(frozen=True)
class Stack:
    """Put the free token on top of the quatrefoil; the game ends."""


Move = Push | Twist | Stack

PUSHES = tuple(Push(entry, heading) for entry, heading in _PUSH_LINES)
TWISTS = (Twist(True), Twist(False))
STACK = Stack()
# The fixed order legal moves are listed in; shortest_solution breaks ties by it.
MOVES: tuple[Move, ...] = PUSHES + TWISTS + (STACK,)


# --- notation ---------------------------------------------------------------


def parse_state(text: str) -> State:
    """A state from ``bg/pr+y`` (``!`` at the end when stacked)."""
    body = text.strip().lower()
    stacked = body.endswith("!")
    body = body.removesuffix("!")
    rows, plus, free = body.partition("+")
    top, slash, bottom = rows.partition("/")
    if not (plus and slash and len(top) == 2 and len(bottom) == 2 and len(free) == 1):
        raise NotationError(
            f"{text!r} is not a Quatrefoil state: expected two rows of two colour "
            "letters, a slash, a plus and the free token, e.g. 'bg/pr+y'"
        )
    _check_colours(text, top + bottom + free)
    return State(four(top + bottom), free, stacked)


def _check_colours(text: str, letters: str) -> None:
    unknown = sorted(set(letters) - set(COLOURS))
    if unknown:
        raise NotationError(
            f"{text!r}: unknown colour letter {unknown[0]!r}; use b g p r y "
            "(blue green purple red yellow)"
        )
    if len(set(letters)) != len(letters):
        raise NotationError(f"{text!r}: each of the five colours must appear exactly once")


def format_state(state: State) -> str:
    """The text of a state, e.g. ``bg/pr+y``."""
    grid = "".join(state.grid)
    return f"{grid[:2]}/{grid[2:]}+{state.free}" + ("!" if state.stacked else "")


def parse_target(text: str) -> State:
    """The deal's target, written like a state (never stacked)."""
    target = parse_state(text)
    if target.stacked:
        raise NotationError(f"{text!r}: a target cannot be stacked; drop the '!'")
    return target


def parse_move(text: str) -> Move:
    """A move from ``NW>``, ``SE^``, ``cw``, ``ccw`` or ``stack`` (any letter case)."""
    word = text.strip()
    if word.lower() in ("cw", "ccw"):
        return Twist(word.lower() == "cw")
    if word.lower() == "stack":
        return STACK
    entry, heading = word[:2].upper(), word[2:].lower()
    if (entry, heading) in _PUSH_LINES:
        return Push(entry, heading)
    raise NotationError(
        f"{text!r} is not a Quatrefoil move: expected a push "
        f"({', '.join(format_move(p) for p in PUSHES)}), cw, ccw or stack"
    )


def format_move(move: Move) -> str:
    """The text of a move, e.g. ``NW>`` or ``ccw``."""
    if isinstance(move, Push):
        return move.entry + move.heading
    if isinstance(move, Twist):
        return "cw" if move.clockwise else "ccw"
    return "stack"


# --- rules -----------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move allowed: all ten until the free token is stacked, then none."""
    return () if state.stacked else MOVES


def apply(state: State, move: Move) -> State:
    """The state after a move; raises IllegalMove once the game has ended."""
    if state.stacked:
        raise IllegalMove(format_move(move), "the game ended when the free token was stacked")
    if isinstance(move, Push):
        return _push(state, move)
    if isinstance(move, Twist):
        return _twist(state, move.clockwise)
    return replace(state, stacked=True)


def _push(state: State, push: Push) -> State:
    entry, far = push.line
    cells = dict(zip(POSITIONS, state.grid))
    ejected = cells[far]
    cells[far] = cells[entry]
    cells[entry] = state.free
    return State(four(cells[p] for p in POSITIONS), ejected)


def _twist(state: State, clockwise: bool) -> State:
    source = _CLOCKWISE_FROM if clockwise else {v: k for k, v in _CLOCKWISE_FROM.items()}
    return State(four(state.at(source[p]) for p in POSITIONS), state.free)


def is_solved(state: State, target: State) -> bool:
    """Whether every token is where the target puts it (stacking aside)."""
    return state.grid == target.grid and state.free == target.free


def correct_colours(state: State, target: State) -> frozenset[str]:
    """The colours in their target place: the players who may signal a thumbs up."""
    placed = {c for c, t in zip(state.grid, target.grid) if c == t}
    return frozenset(placed | ({state.free} if state.free == target.free else set()))


def winner(state: State, target: State | None = None) -> str | None:
    """``everyone`` or ``nobody`` once stacked and a target is known; else None."""
    if not state.stacked or target is None:
        return None
    return "everyone" if is_solved(state, target) else "nobody"


# --- solver ----------------------------------------------------------------


def all_states() -> tuple[State, ...]:
    """The 120 arrangements of five tokens in four squares plus the free one."""
    return tuple(State(four(p[:4]), p[4]) for p in permutations(sorted(COLOURS)))


@lru_cache(maxsize=32)
def distances_to(target: State) -> dict[State, int]:
    """Fewest moves (stack aside) from every reachable arrangement to `target`."""
    target = _unstacked(target)
    arrivals = _arrivals()
    distance = {target: 0}
    queue = deque([target])
    while queue:
        after = queue.popleft()
        for before in arrivals[after]:
            if before not in distance:
                distance[before] = distance[after] + 1
                queue.append(before)
    return distance


@lru_cache(maxsize=1)
def _arrivals() -> dict[State, tuple[State, ...]]:
    # Searching backwards along real moves keeps the answer right without assuming
    # every move can be undone (tests check separately that it can).
    arrivals: dict[State, list[State]] = {s: [] for s in all_states()}
    for before in all_states():
        for move in PUSHES + TWISTS:
            arrivals[apply(before, move)].append(before)
    return {s: tuple(b) for s, b in arrivals.items()}


def _unstacked(state: State) -> State:
    return replace(state, stacked=False)


def distance(state: State, target: State) -> int:
    """Fewest pushes and twists that turn `state` into `target`."""
    return distances_to(target)[_unstacked(state)]


def shortest_solution(state: State, target: State) -> list[Move]:
    """A shortest list of pushes and twists from `state` to `target` (add ``stack`` to end).

    At each step the first move in MOVES order that brings the target one move
    closer is taken, so the answer is always the same.
    """
    table = distances_to(target)
    current = _unstacked(state)
    moves: list[Move] = []
    while table[current] > 0:
        move = next(m for m in PUSHES + TWISTS if table[apply(current, m)] < table[current])
        moves.append(move)
        current = apply(current, move)
    return moves


# --- engine ----------------------------------------------------------------


def engine_with_target(target: State | None) -> FunctionEngine:
    """The Engine for Quatrefoil; with a target its `winner` judges a stack."""
    return FunctionEngine("quatrefoil", parse_state, format_state, parse_move, format_move, legal_moves, apply,
                          lambda state: winner(state, target))


ENGINE = engine_with_target(None)
