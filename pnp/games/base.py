"""What every rules engine shares: the illegal-move error and the engine shape."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class IllegalMove(ValueError):
    """A move the rules forbid in the given state.

    `rule` names the rule the move breaks, in words a player knows
    ("a push may not move a link off the board"), so a located content error
    can quote it.
    """

    def __init__(self, move: str, rule: str):
        super().__init__(f"illegal move {move!r}: {rule}")
        self.move = move
        self.rule = rule


class NotationError(ValueError):
    """Text that is not a state or move in the engine's notation."""


class Engine(Protocol):
    """The interface pnp uses to replay example plays and draw diagrams."""

    @property
    def name(self) -> str: ...  # read-only: a FunctionEngine is frozen

    def parse_state(self, text: str) -> Any: ...
    def format_state(self, state: Any) -> str: ...
    def parse_move(self, text: str) -> Any: ...
    def format_move(self, move: Any) -> str: ...
    def legal_moves(self, state: Any) -> Sequence[Any]: ...
    def apply(self, state: Any, move: Any) -> Any: ...
    def winner(self, state: Any) -> Any: ...


@dataclass(frozen=True)
class FunctionEngine:
    """An Engine assembled from a game module's own functions, so no game needs a wrapper class."""

    name: str
    parse_state: Callable[[str], Any]
    format_state: Callable[[Any], str]
    parse_move: Callable[[str], Any]
    format_move: Callable[[Any], str]
    legal_moves: Callable[[Any], Sequence[Any]]
    apply: Callable[[Any, Any], Any]
    winner: Callable[[Any], Any]


def four(items: Iterable[T]) -> tuple[T, T, T, T]:
    """Four items as a tuple of four (ValueError for more or fewer): a line, a 2×2 grid."""
    a, b, c, d = items
    return a, b, c, d
