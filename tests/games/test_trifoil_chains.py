"""Trifoil chains: hand-counted positions, and a brute-force count over link subsets.

Touching faces on the 6-tile map: a1:2-b1:5 a1:3-a2:0 a2:1-b1:4 a2:2-b2:5 a2:3-a3:0
a3:1-b2:4 b1:2-c1:5 b1:3-b2:0 b2:1-c1:4.
"""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.trifoil import ENGINE, MAP_IDS, get_map, longest_chain
from pnp.games.trifoil.state import Link, State


def chain(text, colour="red"):
    return longest_chain(ENGINE.parse_state(text), colour)


def test_five_links_through_three_tiles_win_on_the_six_tile_map():
    # a1:2-b1:5 touch, b1:5 b1:3 share b1, b1:3-b2:0 touch, b2:0 b2:1 share b2.
    text = "6 blue 2 | a1:2r b1:3r b1:5r b2:0r b2:1r"
    length, links = chain(text)
    assert length == 5
    assert set(links) == {("a1", 2), ("b1", 5), ("b1", 3), ("b2", 0), ("b2", 1)}
    assert ENGINE.winner(ENGINE.parse_state(text)) == "red"


def test_a_tile_gives_at_most_two_links():
    # b1 holds three red links; a1:2 touches b1:5 and c1:5 touches b1:2. All five join
    # up, but a chain through b1 takes only two of its links: a1:2 b1:5 b1:2 c1:5.
    text = "6 blue 2 | a1:2r b1:2r b1:3r b1:5r c1:5r"
    length, links = chain(text)
    assert length == 4
    assert set(links) == {("a1", 2), ("b1", 5), ("b1", 2), ("c1", 5)}
    assert ENGINE.winner(ENGINE.parse_state(text)) is None


def test_a_link_facing_the_edge_joins_only_its_own_tile():
    # a3:3 faces off the board (a push or spin can leave it there): it joins a3:0 on its
    # own tile, which touches a2:3, but nothing across its own face.
    length, links = chain("6 blue 2 | a2:3r a3:0r a3:3r")
    assert length == 3
    assert links[0] in (("a3", 3), ("a2", 3))
    assert chain("6 blue 2 | a3:3r c1:2r")[0] == 1


def test_without_the_tile_limit_the_whole_group_counts():
    text = "6 blue 2 no-tile-limit | a1:2r b1:2r b1:3r b1:5r c1:5r"
    assert chain(text)[0] == 5
    assert ENGINE.winner(ENGINE.parse_state(text)) == "red"


def test_links_join_only_through_touching_faces():
    # a1:2 touches b1:5, not b1:4 (which touches a2:1).
    assert chain("6 blue 2 | a1:2r b1:4r")[0] == 1
    assert chain("6 blue 2 | a1:2r b1:5r")[0] == 2


def test_links_on_one_tile_join_whatever_their_faces():
    assert chain("6 blue 2 | b1:2r b1:5r")[0] == 2


def test_colours_do_not_mix():
    # b1:5 is blue: red a1:2 and red b1:3 are not joined through it.
    text = "6 blue 2 | a1:2r b1:3r b1:5b b2:0r"
    assert chain(text, "red")[0] == 2
    assert chain(text, "blue")[0] == 1


def test_a_ring_around_a_triangle_counts_every_link():
    # Two links on each of a1, a2, b1, touching around delta: 6, a closed loop.
    text = "6 blue 2 | a1:2r a1:3r a2:0r a2:1r b1:4r b1:5r"
    assert chain(text)[0] == 6


def test_no_links_no_chain():
    assert chain("6 red 1 | -") == (0, ())


def brute_force_longest(game_map, positions):
    """Largest subset that is connected and takes at most 2 links from any tile."""

    def joined(p, q):
        same_tile = p[0] == q[0]
        return same_tile or game_map.neighbour(*p) == q[0] and (p[1] + 3) % 6 == q[1]

    for size in range(len(positions), 0, -1):
        for subset in combinations(positions, size):
            tiles = [p[0] for p in subset]
            if any(tiles.count(t) > 2 for t in tiles):
                continue
            reached, frontier = {subset[0]}, [subset[0]]
            while frontier:
                p = frontier.pop()
                for q in subset:
                    if q not in reached and joined(p, q):
                        reached.add(q)
                        frontier.append(q)
            if len(reached) == size:
                return size
    return 0


@st.composite
def one_colour_boards(draw):
    map_id = draw(st.sampled_from(MAP_IDS))
    faces = get_map(map_id).inward_faces
    chosen = draw(st.lists(st.sampled_from(faces), unique=True, max_size=10))
    return map_id, chosen


@settings(max_examples=150, deadline=None)
@given(one_colour_boards())
def test_longest_chain_matches_brute_force(board):
    map_id, positions = board
    game_map = get_map(map_id)
    links = frozenset(Link(t, f, "red") for t, f in positions)
    length, path = longest_chain(State(map_id, links), "red")
    assert length == brute_force_longest(game_map, positions)
    # The chain it gives is real: distinct links, at most 2 per tile, each joined to the next.
    assert len(set(path)) == length
    assert all([p[0] for p in path].count(t) <= 2 for t, _ in path)
    for p, q in zip(path, path[1:]):
        assert p[0] == q[0] or (game_map.neighbour(*p) == q[0] and (p[1] + 3) % 6 == q[1])
