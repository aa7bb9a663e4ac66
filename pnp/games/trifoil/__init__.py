"""Trifoil, a two-player game of links on hexagonal tiles: positions, moves, chains, winners.

`ENGINE` is the engine pnp replays example plays with. The modules: `maps` (the five
formations, tile and face geometry, triangles), `state` (positions and moves as
values), `rules` (legal moves and their effect), `chains` (longest chain) and
`notation` (text in and out). How each rule was formalised is written in `rules` and
`chains`.
"""

from __future__ import annotations

from pnp.games.base import FunctionEngine
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


def _apply(state: State, move: Move | str) -> State:
    """Moves may be given as objects or in notation."""
    return rules.apply(state, notation.parse_move(move) if isinstance(move, str) else move)


ENGINE = FunctionEngine("trifoil", notation.parse_state, notation.format_state, notation.parse_move,
                        notation.format_move, rules.legal_moves, _apply, rules.winner)

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
    "get_map",
    "initial_state",
    "links_on_triangle",
    "longest_chain",
    "opposite",
    "push_line",
    "spin_link",
]
