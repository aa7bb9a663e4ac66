"""Trifoil positions and moves as values: links on faces, whose turn, actions left, variants.

A position is the map, the links on the board, the side to move and the actions that
side has left this turn. Supplies are not stored: links never leave the board, so a
player has `links_each` minus their links on the board still to place.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.games.trifoil.maps import GameMap, get_map

RED = "red"
BLUE = "blue"
COLOURS = (RED, BLUE)
DRAW = "draw"
FIRST_TURN_ACTIONS = 1
TURN_ACTIONS = 2


def other(colour: str) -> str:
    return BLUE if colour == RED else RED


@dataclass(frozen=True, order=True)
class Link:
    """A link of `colour` on `face` of `tile`."""

    tile: str
    face: int
    colour: str

    @property
    def position(self) -> tuple[str, int]:
        return (self.tile, self.face)


@dataclass(frozen=True)
class Rules:
    """Rule variants. The defaults are the game as published.

    two_per_tile: a tile gives at most 2 links to one chain; False is the "much more
    defensive" variant of the rules text where a chain is any connected group.
    """

    two_per_tile: bool = True


Board = frozenset[Link]


@dataclass(frozen=True)
class State:
    """A Trifoil position, between or during a turn."""

    map_id: int
    links: Board
    to_move: str = RED
    actions_left: int = FIRST_TURN_ACTIONS
    rules: Rules = Rules()

    @property
    def game_map(self) -> GameMap:
        return get_map(self.map_id)

    @cached_property
    def occupants(self) -> dict[tuple[str, int], str]:
        """Colour of the link on each occupied (tile, face)."""
        return {link.position: link.colour for link in self.links}

    def sorted_links(self) -> tuple[Link, ...]:
        """The links in map tile order, then face: what a painter or printer walks."""
        order = {tile: i for i, tile in enumerate(self.game_map.tiles)}
        return tuple(sorted(self.links, key=lambda k: (order[k.tile], k.face)))

    def on_board(self, colour: str) -> int:
        return sum(1 for link in self.links if link.colour == colour)

    def supply(self, colour: str) -> int:
        """Links `colour` still has to place."""
        return self.game_map.links_each - self.on_board(colour)


def initial_state(map_id: int = 6, rules: Rules = Rules()) -> State:
    """The empty board of `map_id`; red starts with a one-action first turn."""
    get_map(map_id)
    return State(map_id, frozenset(), RED, FIRST_TURN_ACTIONS, rules)


@dataclass(frozen=True)
class Place:
    """Put one of your links from your supply on an empty inward face."""

    tile: str
    face: int


@dataclass(frozen=True)
class Push:
    """Push your link on `face` of `tile` out through that face, shoving links in the way."""

    tile: str
    face: int


@dataclass(frozen=True)
class Spin:
    """Turn a triangle a third of a turn, clockwise or not."""

    triangle: str
    clockwise: bool


@dataclass(frozen=True)
class End:
    """Finish the turn; the other player moves next."""


Move = Place | Push | Spin | End
