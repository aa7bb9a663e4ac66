"""Trifoil notation: turns positions and moves into short text and back.

Positions
---------
``<map> <side> <actions> [variants] | <links>``

- map: the number of tiles, 6, 8, 9, 10 or 12;
- side: ``red`` or ``blue``, the player to move; actions: what that player has left
  this turn (0, 1 or 2);
- variants, only when played: ``no-tile-limit`` (chains take any number of links from
  a tile);
- links: ``-`` for none, else tile, colon, face, colour letter: ``a1:2r`` is a red link
  on face 2 of tile a1, ``b1:5b`` a blue one on face 5 of b1. Any face may hold a
  link (a push or a spin can leave one facing the edge). Printed in map order.

The start of a game on the 6-tile map is ``6 red 1 | -``; after red places on a1 face 2
and ends the turn it is ``6 blue 2 | a1:2r``; after blue's first action, ``6 blue 1 |
a1:2r b1:3b``. Supplies are not written: a player has the map's links per player minus
their links on the board.

Moves
-----
``place a1:2``, ``push a1:2`` (push the link on face 2 of a1 out through that face),
``spin delta cw``, ``spin omega ccw`` (the Greek letter works too: ``spin Δ cw``), and
``end`` to finish the turn.
"""

from __future__ import annotations

import re

from pnp.games.base import NotationError
from pnp.games.trifoil.maps import GREEK, GameMap, get_map
from pnp.games.trifoil.state import (
    COLOURS,
    Board,
    End,
    Link,
    Move,
    Place,
    Push,
    Rules,
    Spin,
    State,
)

_LINK = re.compile(r"([a-h]\d{1,2}):([0-5])([rb])")
_FACE = re.compile(r"([a-h]\d{1,2}):([0-5])")
_COLOUR_LETTER = {"r": "red", "b": "blue"}
_VARIANTS = {"no-tile-limit": "two_per_tile"}
_TRIANGLE_NAMES = {**{t: t for t in GREEK}, **{letter: t for t, letter in GREEK.items()}}
_FORMAT_HINT = "expected '<map> <red|blue> <actions> | <links>', e.g. '6 red 1 | -'"


def parse_state(text: str) -> State:
    """A position from its notation; NotationError says what is wrong."""
    parts = [part.strip() for part in text.split("|")]
    if len(parts) != 2:
        raise NotationError(f"{text!r}: {_FORMAT_HINT}")
    map_id, to_move, actions, rules = _parse_header(parts[0])
    game_map = get_map(map_id)
    links = _parse_board(parts[1], game_map)
    state = State(map_id, links, to_move, actions, rules)
    for colour in COLOURS:
        if state.supply(colour) < 0:
            raise NotationError(
                f"{text!r}: {colour} has {state.on_board(colour)} links on the board but "
                f"only {game_map.links_each} on this map"
            )
    return state


def _parse_header(header: str) -> tuple[int, str, int, Rules]:
    words = header.split()
    if len(words) < 3 or not words[0].isdigit() or not words[2].isdigit():
        raise NotationError(f"{header!r}: {_FORMAT_HINT}")
    if words[1] not in COLOURS:
        raise NotationError(f"{header!r}: the side to move is red or blue, not {words[1]!r}")
    actions = int(words[2])
    if actions > 2:
        raise NotationError(f"{header!r}: a turn has at most 2 actions")
    unknown = [w for w in words[3:] if w not in _VARIANTS]
    if unknown:
        known = ", ".join(_VARIANTS)
        raise NotationError(f"{header!r}: unknown variant {unknown[0]!r} (known: {known})")
    rules = Rules(two_per_tile="no-tile-limit" not in words)
    return int(words[0]), words[1], actions, rules


def _parse_board(text: str, game_map: GameMap) -> Board:
    if text == "-":
        return frozenset()
    links: dict[tuple[str, int], Link] = {}
    for token in text.split():
        link = _parse_link(token, game_map)
        if link.position in links:
            raise NotationError(f"{token!r}: {link.tile} face {link.face} holds one link")
        links[link.position] = link
    if not links:
        raise NotationError(f"{text!r}: write '-' for a board without links")
    return frozenset(links.values())


def _parse_link(token: str, game_map: GameMap) -> Link:
    match = _LINK.fullmatch(token)
    if not match:
        raise NotationError(f"{token!r}: a link is tile:face colour, e.g. 'a1:2r'")
    tile, face, colour = match[1], int(match[2]), _COLOUR_LETTER[match[3]]
    _check_tile(token, tile, game_map)
    return Link(tile, face, colour)


def _check_tile(token: str, tile: str, game_map: GameMap) -> None:
    if not game_map.has_tile(tile):
        tiles = " ".join(game_map.tiles)
        raise NotationError(f"{token!r}: the {game_map.id}-tile map has tiles {tiles}")


def format_state(state: State) -> str:
    """The notation of a position; parse_state reads it back to an equal State."""
    header = [str(state.map_id), state.to_move, str(state.actions_left)]
    if not state.rules.two_per_tile:
        header.append("no-tile-limit")
    return f"{' '.join(header)} | {_format_board(state.links, state.game_map)}"


def _format_board(board: Board, game_map: GameMap) -> str:
    order = {tile: i for i, tile in enumerate(game_map.tiles)}
    links = sorted(board, key=lambda k: (order[k.tile], k.face))
    return " ".join(f"{k.tile}:{k.face}{k.colour[0]}" for k in links) or "-"


def parse_move(text: str) -> Move:
    """A move from its notation: place a1:2, push a1:2, spin delta cw, end."""
    words = text.split()
    if words == ["end"]:
        return End()
    if len(words) == 2 and words[0] in ("place", "push"):
        match = _FACE.fullmatch(words[1])
        if not match:
            raise NotationError(f"{text!r}: name a face as tile:face, e.g. '{words[0]} a1:2'")
        kind = Place if words[0] == "place" else Push
        return kind(match[1], int(match[2]))
    if len(words) == 3 and words[0] == "spin":
        return _parse_spin(text, words[1], words[2])
    raise NotationError(
        f"{text!r}: a move is 'place a1:2', 'push a1:2', 'spin delta cw|ccw' or 'end'"
    )


def _parse_spin(text: str, name: str, direction: str) -> Spin:
    if name not in _TRIANGLE_NAMES:
        known = ", ".join(f"{t} ({letter})" for t, letter in GREEK.items())
        raise NotationError(f"{text!r}: the triangles are {known}")
    if direction not in ("cw", "ccw"):
        raise NotationError(f"{text!r}: spin cw (clockwise) or ccw (anticlockwise)")
    return Spin(_TRIANGLE_NAMES[name], direction == "cw")


def format_move(move: Move) -> str:
    """The notation of a move; parse_move reads it back to an equal move."""
    if isinstance(move, End):
        return "end"
    if isinstance(move, Spin):
        return f"spin {move.triangle} {'cw' if move.clockwise else 'ccw'}"
    kind = "place" if isinstance(move, Place) else "push"
    return f"{kind} {move.tile}:{move.face}"
