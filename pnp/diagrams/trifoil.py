"""Trifoil states → frames: hex tiles, links on their faces, triangles outlined in their colours.

The `map` view shows a formation with each triangle outlined through its tiles'
centres and its marker (Δ Ω θ β, a label on a plate of the triangle's colour) on the
spin centre; every other view shows the markers too, smaller. Otherwise each move is
drawn as the position before it (with an arrow for a push or spin, a ring for a place)
and the position after; `refuse:` names a move the engine must refuse, drawn with a
cross where it fails (for a push, just past the edge where the last link would fall
off); `show: [chain]` traces the engine's longest chain of `colour:` with a halo behind
its links; `tiles: [a1, a2]` draws only those tiles, close up (a link's place, one step
of a push). A link lies inside its tile against the side it faces, so which tile holds
it can be seen. Coordinates are the engine's hex units (centre to corner 1, y downwards).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.diagrams import scene as sc
from pnp.diagrams.adapter import Context, Request
from pnp.diagrams.replay import Played, refused
from pnp.games import trifoil as t
from pnp.games.trifoil.maps import face_vector
from pnp.model.source import Node
from pnp.shapes import HEXAGON

LINKS = "links"
LINK_SIZE = 0.66  # a link's length, in hex units (a side is 1 long)
INSET = 0.63  # tile centre to a link's middle: the link lies inside its tile, clear of the side (at √3/2)
EXIT = 1.25  # centre to the cross past an outer face (the face itself is at √3/2)
MARKER_TEXT = {True: 9.0, False: 7.5}  # the markers' letters (points), on a map and in a position


class TrifoilAdapter:
    engine = t.ENGINE
    views = ("map", "position", "moves")
    default_position = None  # a diagram gives its position

    def frames(self, request: Request, context: Context) -> tuple[sc.Frame, ...]:
        options, state = request.options, request.start
        shown = options.get("show", default=None)
        shows = [n.value for n in shown.value] if shown is not None and shown.is_list else []
        colour = options.choice("colour", (t.RED, t.BLUE), default=t.RED)
        refuse = options.text("refuse", default=None)
        if request.spec.view == "map":
            return (map_frame(state.game_map),)
        tiles = _close_up(options, state.game_map)
        # The triangles' letters stay put from frame to frame, on tiles no frame crowds.
        busy = _busy([state, *(p.after for p in request.played)], [_hint(p.before, p.move) for p in request.played])
        frames = [f for p in request.played for f in move_frames(p, tiles, busy)]
        if refuse is not None:
            frames.append(_refused_frame(state, refuse, options))
        if not frames:
            frames = [position_frame(state, chain=colour if "chain" in shows else None, tiles=tiles, busy=busy)]
        return tuple(frames)

    def step(self, played: Sequence[Played], last: bool, context: Context) -> sc.Frame:
        return position_frame(played[-1].after)

    def check(self, claim: str, value: Node, played: Sequence[Played]) -> str | None:
        return f"Trifoil example steps make no '{claim}' claims"


def _close_up(options, game_map: t.GameMap) -> tuple[str, ...] | None:
    """The tiles `tiles:` names (all on the map), or None to draw the whole map."""
    node = options.get("tiles", default=None)
    if node is None:
        return None
    names = [n.value for n in node.value] if node.is_list else []
    unknown = [str(n) for n in names if not (isinstance(n, str) and game_map.has_tile(n))]
    if not names or unknown:
        options.report(node, f"expected a list of the map's tiles ({', '.join(game_map.tiles)})"
                             + (f", got {', '.join(unknown)}" if unknown else ""), "tiles")
        return None
    return tuple(names)


def _tiles(game_map: t.GameMap, tiles: Sequence[str]) -> list[sc.Item]:
    return [sc.Cell(*game_map.tile_centre(tile), shape=HEXAGON, width=1.94, fill="tile", stroke="tile-edge")
            for tile in tiles]


def _triangles(game_map: t.GameMap, large: bool, busy: frozenset[str] = frozenset()) -> list[sc.Item]:
    """Each triangle outlined in its colour, with its letter on a plate of that colour: on a map
    where its marker goes (the spin centre); in a position, where links leave room for it (the
    centre of one of its tiles, the `busy` ones last), since links crowd the spin centre."""
    outlines: list[sc.Item] = []
    markers: list[sc.Item] = []
    for triangle, tile in zip(game_map.triangles, _label_tiles(game_map, busy)):
        corners = tuple(game_map.tile_centre(tile) for tile in triangle.tiles)
        outlines.append(sc.Outline(corners, triangle.id, width=2.2 if large else 1.4, cased=True))
        where = game_map.spin_centre(triangle.id) if large else game_map.tile_centre(tile)
        markers.append(sc.Label(*where, triangle.letter, tag=True, colour=triangle.id, size=MARKER_TEXT[large]))
    return outlines + markers


def _label_tiles(game_map: t.GameMap, busy: frozenset[str]) -> list[str]:
    """A tile of each triangle to label it on, no tile twice: a quiet one (not `busy`), then the one
    in fewest triangles."""
    taken: set[str] = set()
    chosen = []
    for triangle in game_map.triangles:
        free = [tile for tile in triangle.tiles if tile not in taken] or list(triangle.tiles)
        tile = min(free, key=lambda name: (name in busy, len(game_map.triangles_of(name))))
        taken.add(tile)
        chosen.append(tile)
    return chosen


def map_frame(game_map: t.GameMap) -> sc.Frame:
    return sc.Frame(tuple(_tiles(game_map, game_map.tiles) + _triangles(game_map, large=True)),
                    bounds=_bounds(game_map, game_map.tiles))


def _bounds(game_map: t.GameMap, tiles: Sequence[str]) -> tuple[float, float, float, float]:
    corners = [c for tile in tiles for c in game_map.tile_corners(tile)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs) - 0.1, min(ys) - 0.1, max(xs) + 0.1, max(ys) + 0.1)


def link_point(game_map: t.GameMap, tile: str, face: int) -> tuple[float, float]:
    """Where a link on `face` of `tile` is drawn: inside the tile, against the middle of that side."""
    cx, cy = game_map.tile_centre(tile)
    dx, dy = face_vector(face)
    return (cx + dx * INSET, cy + dy * INSET)


def position_frame(state: t.State, extra: Sequence[sc.Item] = (), chain: str | None = None,
                   tiles: Sequence[str] | None = None, busy: frozenset[str] | None = None) -> sc.Frame:
    """The position: every tile (or only `tiles`, close up, without the triangles), its links and
    the `extra` marks; `chain` traces that colour's longest chain. The triangles' letters go on
    tiles that are not `busy` (by default, those this frame crowds)."""
    game_map = state.game_map
    shown = tiles or game_map.tiles
    if busy is None:
        busy = _busy([state], [tuple(extra)])
    items: list[sc.Item] = _tiles(game_map, shown) + ([] if tiles else _triangles(game_map, False, busy))
    for link in state.sorted_links():
        if link.tile in shown:
            items.append(sc.Piece(LINKS, link.colour, *link_point(game_map, link.tile, link.face), size=LINK_SIZE,
                                  turn=60 * link.face))
    if chain is not None:
        _, path = t.longest_chain(state, chain)
        if len(path) > 1:
            items.append(sc.Stroke(tuple(link_point(game_map, *p) for p in path), role="win", width=0.42))
    return sc.Frame(tuple(items) + tuple(extra), bounds=sc.cover(_bounds(game_map, shown), extra))


def _busy(states: Sequence[t.State], marks: Sequence[Sequence[sc.Item]]) -> frozenset[str]:
    """The tiles that hold a link in any of the states, or a mark (a ring, an arrow)."""
    game_map = states[0].game_map
    return frozenset([link.tile for state in states for link in state.links] +
                     [_tile_at(game_map, point) for items in marks for item in items for point in _anchors(item)])


def _anchors(item: sc.Item) -> list[tuple[float, float]]:
    return list(item.points) if isinstance(item, (sc.Stroke, sc.Outline)) else [(item.x, item.y)]


def _tile_at(game_map: t.GameMap, point: tuple[float, float]) -> str:
    """The tile whose centre is nearest a point."""
    return min(game_map.tiles, key=lambda tile: math.dist(point, game_map.tile_centre(tile)))


def move_frames(played: Played, tiles: Sequence[str] | None = None,
                busy: frozenset[str] | None = None) -> tuple[sc.Frame, ...]:
    return (position_frame(played.before, _hint(played.before, played.move), tiles=tiles, busy=busy),
            position_frame(played.after, tiles=tiles, busy=busy))


def _hint(state: t.State, move) -> tuple[sc.Item, ...]:
    game_map = state.game_map
    if isinstance(move, t.Place):
        return (sc.Ring(*link_point(game_map, move.tile, move.face), r=0.3),)
    if isinstance(move, t.Push):
        x, y = link_point(game_map, move.tile, move.face)
        dx, dy = face_vector(move.face)
        # From just behind the link, out across its side: clear of a label at the tile's centre.
        return (sc.Stroke(((x - dx * 0.28, y - dy * 0.28), (x + dx * 0.8, y + dy * 0.8)), role="arrow", arrow=True),)
    if isinstance(move, t.Spin):
        cx, cy = game_map.spin_centre(move.triangle)
        start, end = (cx - 0.6, cy + 0.35), (cx + 0.6, cy + 0.35)
        if not move.clockwise:
            start, end = end, start
        return (sc.Stroke((start, end), arrow=True, bend=0.55 if move.clockwise else -0.55),)
    return ()


def _refused_frame(state: t.State, text: str, options) -> sc.Frame:
    """The position with the refused move drawn and crossed out; the engine must refuse it."""
    try:
        move = t.ENGINE.parse_move(text)
    except ValueError as error:
        options.report(options.values["refuse"], str(error), "refuse")
        return position_frame(state)
    if refused(t.ENGINE, state, text) is None:
        options.report(options.values["refuse"], f"the engine allows {text!r}, so it cannot be shown as refused",
                       "refuse")
    return position_frame(state, _hint(state, move) + (sc.Cross(*_failure_point(state, move), size=0.45),))


def _failure_point(state: t.State, move) -> tuple[float, float]:
    """Where a refused move fails: past the edge the last link of a push would cross, else its tile."""
    game_map = state.game_map
    if isinstance(move, t.Push) and game_map.has_tile(move.tile):
        tile, face = t.push_line(game_map, move.tile, move.face)[-1]
        cx, cy = game_map.tile_centre(tile)
        dx, dy = face_vector(face)
        return (cx + dx * EXIT, cy + dy * EXIT)
    if isinstance(move, (t.Place, t.Push)) and game_map.has_tile(move.tile):
        return game_map.tile_centre(move.tile)
    if isinstance(move, t.Spin) and move.triangle in {tri.id for tri in game_map.triangles}:
        return game_map.spin_centre(move.triangle)
    return game_map.tile_centre(game_map.tiles[0])
