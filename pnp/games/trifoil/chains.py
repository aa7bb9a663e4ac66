"""Trifoil chains: turns a position and a colour into that colour's longest chain.

How chains are formalised
-------------------------
The rules text: "A player instantly wins if they have a chain of at least 5 links.
Each Blink can contribute at most 2 links to a chain." The game's public notes add
that links of one colour on the same tile connect, and that links on the two touching
faces of neighbouring tiles connect.

So the links of one colour form a graph: two links are joined when they sit on the
same tile, or on face f of a tile and face (f + 3) mod 6 of its neighbour through f.
A chain is a connected set of links that takes at most 2 links from any tile; its
length is the number of links in it.

Within such a set a link has at most one partner on its own tile (the tile gives at
most 2) and at most one across its face, so every chain is a path or a cycle, and a
cycle can be walked as a path. The longest chain is therefore the longest simple path
in the graph that uses at most 2 links of any tile, which a depth-first search finds
exactly on boards this small. A link facing the edge of the formation (a push or a
spin can leave one there) joins only the links on its own tile.

Without the per-tile limit (`Rules.two_per_tile` False) a chain is a whole connected
group of links.
"""

from __future__ import annotations

from collections import deque

from pnp.games.trifoil.maps import opposite
from pnp.games.trifoil.state import State

Position = tuple[str, int]
Graph = dict[Position, tuple[Position, ...]]


def link_graph(state: State, colour: str) -> Graph:
    """Each link of `colour` and the links of `colour` it connects to."""
    game_map, occupants = state.game_map, state.occupants
    mine = sorted(p for p, c in occupants.items() if c == colour)
    graph: Graph = {}
    for tile, face in mine:
        joined = [p for p in mine if p[0] == tile and p[1] != face]
        across = game_map.neighbour(tile, face)
        if across is not None:
            facing = (across, opposite(face))
            if occupants.get(facing) == colour:
                joined.append(facing)
        graph[(tile, face)] = tuple(sorted(joined))
    return graph


def longest_chain(state: State, colour: str) -> tuple[int, tuple[Position, ...]]:
    """Length of `colour`'s longest chain and its links as (tile, face), in chain order."""
    graph = link_graph(state, colour)
    best = _longest_path(graph) if state.rules.two_per_tile else _largest_group(graph)
    return len(best), best


def _longest_path(graph: Graph) -> tuple[Position, ...]:
    best: tuple[Position, ...] = ()
    for start in graph:
        found = _extend((start,), {start[0]: 1}, graph)
        if len(found) > len(best):
            best = found
        if len(best) == len(graph):
            break
    return best


def _extend(
    path: tuple[Position, ...], per_tile: dict[str, int], graph: Graph
) -> tuple[Position, ...]:
    best = path
    for step in graph[path[-1]]:
        if step in path or per_tile.get(step[0], 0) >= 2:
            continue
        per_tile[step[0]] = per_tile.get(step[0], 0) + 1
        found = _extend(path + (step,), per_tile, graph)
        per_tile[step[0]] -= 1
        if len(found) > len(best):
            best = found
    return best


def _largest_group(graph: Graph) -> tuple[Position, ...]:
    best: tuple[Position, ...] = ()
    seen: set[Position] = set()
    for start in graph:
        if start in seen:
            continue
        group, queue = [start], deque([start])
        seen.add(start)
        while queue:
            for step in graph[queue.popleft()]:
                if step not in seen:
                    seen.add(step)
                    group.append(step)
                    queue.append(step)
        if len(group) > len(best):
            best = tuple(group)
    return best
