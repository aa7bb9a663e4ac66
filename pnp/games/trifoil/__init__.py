"""Trifoil, a two-player game of links on hexagonal tiles: positions, moves, chains, winners.

`ENGINE` is the engine pnp replays example plays with. The modules: `maps` (the five
formations, tile and face geometry, triangles), `state` (positions and moves as
values), `rules` (legal moves and their effect), `chains` (longest chain) and
`notation` (text in and out). How each rule was formalised is written in `rules` and
`chains`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.trifoil import notation, rules
from pnp.games.trifoil.chains import longest_chain
from pnp.games.trifoil.maps import MAP_IDS, MAPS, GameMap, Triangle, get_map, opposite
from pnp.games.trifoil.rules import links_on_triangle, push_line, spin_link
from pnp.games.trifoil.state import (
    BLUE,
    DRAW,
    RED,
    End,
    Link,
    Move,
    Place,
    Push,
    Rules,
    Spin,
    State,
    initial_state,
)


class TrifoilEngine:
    """The Engine protocol for Trifoil; moves may be given as objects or notation."""

    name = "trifoil"

    def parse_state(self, text: str) -> State:
        return notation.parse_state(text)

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(text)

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def legal_moves(self, state: State) -> Sequence[Move]:
        return rules.legal_moves(state)

    def apply(self, state: State, move: Move | str) -> State:
        if isinstance(move, str):
            move = notation.parse_move(move)
        return rules.apply(state, move)

    def winner(self, state: State) -> str | None:
        return rules.winner(state)


ENGINE = TrifoilEngine()

__all__ = [
    "BLUE",
    "DRAW",
    "ENGINE",
    "MAP_IDS",
    "MAPS",
    "RED",
    "End",
    "GameMap",
    "Link",
    "Move",
    "Place",
    "Push",
    "Rules",
    "Spin",
    "State",
    "Triangle",
    "TrifoilEngine",
    "get_map",
    "initial_state",
    "links_on_triangle",
    "longest_chain",
    "opposite",
    "push_line",
    "spin_link",
]
