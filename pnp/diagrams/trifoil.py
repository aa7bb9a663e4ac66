"""Trifoil states → frames: hex tiles, links on their faces, triangles outlined in their colours.

The `map` view shows a formation with each triangle outlined through its tiles'
centres and its marker token (Δ Ω θ β) on the spin centre; every other view shows the
markers too, smaller. Otherwise each move is drawn as the position before it (with an
arrow for a push or spin, a ring for a place) and the position after; `refuse:` names
a move the engine must refuse, drawn with a cross where it fails (for a push, just
past the edge where the last link would fall off); `show: [chain]` traces the
engine's longest chain of `colour:` with a halo behind its links.
Coordinates are the engine's hex units (centre to corner 1, y downwards).
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.diagrams import scene as sc
from pnp.diagrams.adapter import Context, Request
from pnp.diagrams.replay import Played, refused
from pnp.games import trifoil as t
from pnp.games.trifoil.maps import face_vector
from pnp.model.source import Node
from pnp.shapes import HEXAGON

LINKS, MARKERS = "links", "triangle-markers"
INSET = 0.66
EXIT = 1.25  # centre to the cross past an outer face (the face itself is at √3/2)


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
        frames = [f for p in request.played for f in move_frames(p)]
        if refuse is not None:
            frames.append(_refused_frame(state, refuse, options))
        if not frames:
            frames = [position_frame(state, chain=colour if "chain" in shows else None)]
        return tuple(frames)

    def step(self, played: Sequence[Played], last: bool, context: Context) -> sc.Frame:
        return position_frame(played[-1].after)

    def check(self, claim: str, value: Node, played: Sequence[Played]) -> str | None:
        return f"Trifoil example steps make no '{claim}' claims"


def _tiles(game_map: t.GameMap) -> list[sc.Item]:
    return [sc.Cell(*game_map.tile_centre(tile), shape=HEXAGON, width=1.94, fill="tile", stroke="tile-edge")
            for tile in game_map.tiles]


def _triangles(game_map: t.GameMap, large: bool) -> list[sc.Item]:
    """Each triangle outlined in its colour, its marker on the spin centre."""
    outlines: list[sc.Item] = []
    markers: list[sc.Item] = []
    for triangle in game_map.triangles:
        corners = tuple(game_map.tile_centre(tile) for tile in triangle.tiles)
        outlines.append(sc.Outline(corners, triangle.id, width=2.2 if large else 1.2))
        # Small enough in a position to leave the links beside the spin centre clear.
        markers.append(sc.Piece(MARKERS, triangle.id, *game_map.spin_centre(triangle.id),
                                size=0.62 if large else 0.34))
    return outlines + markers


def map_frame(game_map: t.GameMap) -> sc.Frame:
    return sc.Frame(tuple(_tiles(game_map) + _triangles(game_map, large=True)), bounds=_bounds(game_map))


def _bounds(game_map: t.GameMap) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = game_map.bounds()
    return (x0 - 0.1, y0 - 0.1, x1 + 0.1, y1 + 0.1)


def link_point(game_map: t.GameMap, tile: str, face: int) -> tuple[float, float]:
    """Where a link on `face` of `tile` is drawn: just inside the face's middle."""
    cx, cy = game_map.tile_centre(tile)
    dx, dy = face_vector(face)
    return (cx + dx * INSET, cy + dy * INSET)


def position_frame(state: t.State, extra: Sequence[sc.Item] = (), chain: str | None = None) -> sc.Frame:
    game_map = state.game_map
    items: list[sc.Item] = _tiles(game_map) + _triangles(game_map, large=False)
    for link in state.sorted_links():
        items.append(sc.Piece(LINKS, link.colour, *link_point(game_map, link.tile, link.face), size=0.5,
                              turn=60 * link.face))
    if chain is not None:
        _, path = t.longest_chain(state, chain)
        if len(path) > 1:
            items.append(sc.Stroke(tuple(link_point(game_map, *p) for p in path), role="win", width=0.42))
    return sc.Frame(tuple(items) + tuple(extra), bounds=sc.cover(_bounds(game_map), extra))


def move_frames(played: Played) -> tuple[sc.Frame, ...]:
    return (position_frame(played.before, _hint(played.before, played.move)), position_frame(played.after))


def _hint(state: t.State, move) -> tuple[sc.Item, ...]:
    game_map = state.game_map
    if isinstance(move, t.Place):
        return (sc.Ring(*link_point(game_map, move.tile, move.face), r=0.3),)
    if isinstance(move, t.Push):
        x, y = link_point(game_map, move.tile, move.face)
        dx, dy = face_vector(move.face)
        return (sc.Stroke(((x - dx * 0.5, y - dy * 0.5), (x + dx * 0.75, y + dy * 0.75)), role="arrow", arrow=True),)
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
