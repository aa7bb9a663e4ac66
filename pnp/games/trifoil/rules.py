"""Trifoil rules: turns a position and a move into the next position, or says which rule it breaks.

How the rules are formalised (quotes are from the published rules text)
-----------------------------------------------------------------------
Links. A link sits on one face of one tile. "You can't place any links facing outwards
from the formation": only inward faces (faces touching another tile) take a placed
link. A push or a spin may still leave a link on an outer face (the original's
push_multiple and spin pictures show exactly that); it stays on the board there. A
face holds at most one link, so the two touching faces of a seam are two places.

Place. Put a link from your supply on an empty inward face. "If you attempt to place a
link where a link already exists, you will instead push it": in this notation that is
written as a push, and placing on a taken face is refused with that hint.

Push. "You can push a link outwards from a Blink the same way that you place a link ...
pushing any other links in the way as well! You can only push links of your own
color." A push names a face f of a tile T that holds your link and drives it out
through f. The places it travels through form a straight line: T's face f, then in the
next tile N the face it enters by, (f + 3) mod 6, then N's opposite face f, then the
entry face of the tile after, and so on; the line ends at the first face f with no
tile beyond it, an outer face, which is still on the board. The links in the unbroken
run from the start of the line each move one place along it; the first empty place
takes the last of them. The link you push must be yours; links in the way may be of
either colour (they are pushed, you did not choose them). "If your push would result
in a link being deleted off of the edge of the board, it is considered invalid and
will do nothing": when the run fills the line to its end, the last link would leave
the board, so the push is refused and nothing moves. (A link on an outer face pushed
outwards has nowhere to go: that push is always refused.) A push takes no link from
the supply.

Spin. "Players are allowed to do this ONLY if they have less links on that triangle than
their opponents ... If they have the same amount of links as the opponent, they cannot
spin it." Every link on any face of the triangle's three tiles counts, whether it
faces another tile of the triangle, a tile outside it or the edge. A spin turns the
triangle a third of a turn about the corner its tiles share, clockwise (``cw``) or
anticlockwise (``ccw``); each tile takes the place of the next one that way and its
links go with it, their faces turning by 2 (clockwise adds 2). The links travel with
their tiles even when that turns one to face the edge of the formation: it stays on
its tile, facing out (the original's spin picture does this).

Turns. Red moves first. "On the first turn of the game, the player going first only
gets 1 action. Every turn afterwards each player gets 2 actions", and "players can use
up to 2 actions": a turn is at most that many actions followed by ``end`` ("double click
any Blink to commit a move and switch turns"). ``end`` is legal at any point of a turn,
after two, one or no actions, whatever the board then looks like: the rules set no
limit on how a turn leaves the board (a spin and the spin back, or a push and the push
back, is a turn), and the original lets a player undo back to the start of the turn
before committing. The turn does not end by itself when the actions run out; only
``end`` is then legal.

End of the game. "A player instantly wins if they have a chain of at least 5 links"
(the map's win length); this is checked after every action, for both colours, since a
push or spin can lengthen the opponent's chain. "The game also ends when either player
has placed 9 links" (the map's links per player): the game ends right after either
player places their last link. Then, or when a chain reaches the winning length, the
player with the longer chain wins; equal chains are a draw. So if one action gives
both players a winning chain, the longer one wins.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.games.base import IllegalMove
from pnp.games.trifoil.chains import longest_chain
from pnp.games.trifoil.maps import GameMap, Triangle, opposite
from pnp.games.trifoil.notation import format_move
from pnp.games.trifoil.state import (
    BLUE,
    COLOURS,
    DRAW,
    RED,
    TURN_ACTIONS,
    Board,
    End,
    Link,
    Move,
    Place,
    Push,
    Spin,
    State,
    other,
)

Position = tuple[str, int]

GAME_OVER = "the game is over"
NO_ACTIONS = "you have used all your actions this turn; end it"
NO_TILE = "there is no such tile on this map"
NO_TRIANGLE = "there is no such triangle on this map"
NO_FACE = "a tile has faces 0 to 5"
EDGE_PLACE = "a link must face a neighbouring tile, not the edge of the board"
TAKEN = "that face already holds a link (placing there would be a push)"
NOTHING_TO_PUSH = "there is no link on that face to push"
NOT_YOURS = "you may push only links of your own colour"
OFF_BOARD = "a push may not move a link off the board"
MINORITY = "you may spin a triangle only when you have fewer links on it than your opponent"


def winner(state: State) -> str | None:
    """'red', 'blue' or 'draw' once the game is over, else None."""
    lengths = {c: longest_chain(state, c)[0] for c in COLOURS}
    win = state.game_map.win_length
    reached = any(n >= win for n in lengths.values())
    if not reached and all(state.supply(c) > 0 for c in COLOURS):
        return None
    if lengths[RED] == lengths[BLUE]:
        return DRAW
    return RED if lengths[RED] > lengths[BLUE] else BLUE


def apply(state: State, move: Move) -> State:
    """The position after `move`; IllegalMove (with the rule) if the rules forbid it."""
    text = format_move(move)
    if winner(state) is not None:
        raise IllegalMove(text, GAME_OVER)
    return _apply_unchecked(state, move, text)


def legal_moves(state: State) -> list[Move]:
    """Every legal move: places, pushes and spins in map order, then `end`."""
    if winner(state) is not None:
        return []
    return [*_legal_actions(state), End()]


def _legal_actions(state: State) -> list[Move]:
    return [m for m in _candidate_actions(state) if _is_legal(state, m)]


def _candidate_actions(state: State) -> list[Move]:
    if state.actions_left == 0:
        return []
    game_map, occupants = state.game_map, state.occupants
    faces = game_map.inward_faces
    # No supply check: the game is over as soon as either supply runs out.
    places: list[Move] = [Place(t, f) for t, f in faces if (t, f) not in occupants]
    own = [link.position for link in state.sorted_links() if link.colour == state.to_move]
    pushes = [Push(t, f) for t, f in own]
    spins = [Spin(tri.id, cw) for tri in game_map.triangles for cw in (True, False)]
    return places + pushes + spins


def _is_legal(state: State, move: Move) -> bool:
    try:
        _apply_unchecked(state, move, "")
    except IllegalMove:
        return False
    return True


def _apply_unchecked(state: State, move: Move, text: str) -> State:
    if isinstance(move, End):
        return replace(state, to_move=other(state.to_move), actions_left=TURN_ACTIONS)
    if state.actions_left <= 0:
        raise IllegalMove(text, NO_ACTIONS)
    if isinstance(move, Place):
        links = _place(state, move, text)
    elif isinstance(move, Push):
        links = _push(state, move, text)
    else:
        links = _spin(state, move, text)
    return replace(state, links=links, actions_left=state.actions_left - 1)


def _check_face(game_map: GameMap, tile: str, face: int, text: str) -> None:
    if not game_map.has_tile(tile):
        raise IllegalMove(text, NO_TILE)
    if face not in range(6):
        raise IllegalMove(text, NO_FACE)


def _place(state: State, move: Place, text: str) -> Board:
    game_map = state.game_map
    _check_face(game_map, move.tile, move.face, text)
    if not game_map.is_inward(move.tile, move.face):
        raise IllegalMove(text, EDGE_PLACE)
    if (move.tile, move.face) in state.occupants:
        raise IllegalMove(text, TAKEN)
    return state.links | {Link(move.tile, move.face, state.to_move)}


def push_line(game_map: GameMap, tile: str, face: int) -> tuple[Position, ...]:
    """The places a push out through `face` of `tile` travels along, in order.

    The last place is an outer face: a link pushed past it would leave the board.
    """
    line = [(tile, face)]
    current = game_map.neighbour(tile, face)
    while current is not None:
        line += [(current, opposite(face)), (current, face)]
        current = game_map.neighbour(current, face)
    return tuple(line)


def _push(state: State, move: Push, text: str) -> Board:
    _check_face(state.game_map, move.tile, move.face, text)
    occupants = state.occupants
    colour = occupants.get((move.tile, move.face))
    if colour is None:
        raise IllegalMove(text, NOTHING_TO_PUSH)
    if colour != state.to_move:
        raise IllegalMove(text, NOT_YOURS)
    line = push_line(state.game_map, move.tile, move.face)
    run = next((i for i, place in enumerate(line) if place not in occupants), None)
    if run is None:
        raise IllegalMove(text, OFF_BOARD)
    moved = dict(occupants)
    for i in reversed(range(run)):
        moved[line[i + 1]] = moved.pop(line[i])
    return frozenset(Link(t, f, c) for (t, f), c in moved.items())


def links_on_triangle(state: State, triangle: Triangle, colour: str) -> int:
    """Links of `colour` on any face of the triangle's tiles (what the minority rule counts)."""
    return sum(1 for k in state.links if k.tile in triangle.tiles and k.colour == colour)


def spin_link(triangle: Triangle, clockwise: bool, link: Link) -> Link:
    """Where `link` is after the spin: on the next tile of the triangle, face turned by 2."""
    if link.tile not in triangle.tiles:
        return link
    step = 1 if clockwise else -1
    tile = triangle.tiles[(triangle.tiles.index(link.tile) + step) % 3]
    return Link(tile, (link.face + 2 * step) % 6, link.colour)


def _spin(state: State, move: Spin, text: str) -> Board:
    game_map = state.game_map
    try:
        triangle = game_map.triangle(move.triangle)
    except KeyError:
        raise IllegalMove(text, NO_TRIANGLE) from None
    mine = links_on_triangle(state, triangle, state.to_move)
    if mine >= links_on_triangle(state, triangle, other(state.to_move)):
        raise IllegalMove(text, MINORITY)
    return frozenset(spin_link(triangle, move.clockwise, k) for k in state.links)
