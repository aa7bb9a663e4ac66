"""Trifoil maps against the game's published table and plane geometry worked out by hand."""

import math
from itertools import combinations

import pytest

from pnp.games.base import NotationError
from pnp.games.trifoil import MAP_IDS, get_map, opposite

SQRT3 = math.sqrt(3)

# From the rules text: tiles -> (columns, win chain length, links per player).
PUBLISHED = {
    6: ((3, 2, 1), 5, 9),
    8: ((3, 2, 3), 5, 11),
    9: ((3, 3, 2, 1), 6, 12),
    10: ((4, 3, 2, 1), 6, 13),
    12: ((3, 4, 3, 2), 7, 15),
}


def distance(p, q):
    return math.hypot(p[0] - q[0], p[1] - q[1])


def touching(game_map, s, t):
    # Flat-topped hexes of size 1 touch exactly when their centres are √3 apart.
    return math.isclose(distance(game_map.tile_centre(s), game_map.tile_centre(t)), SQRT3)


def test_the_five_maps():
    assert MAP_IDS == (6, 8, 9, 10, 12)


@pytest.mark.parametrize("map_id", PUBLISHED)
def test_tiles_columns_win_length_and_supply(map_id):
    game_map = get_map(map_id)
    columns, win, links = PUBLISHED[map_id]
    assert len(game_map.tiles) == map_id
    heights = [sum(1 for t in game_map.tiles if t[0] == letter) for letter in "abcd"]
    assert tuple(h for h in heights if h) == columns
    assert (game_map.win_length, game_map.links_each) == (win, links)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_tiles_form_a_real_formation(map_id):
    game_map = get_map(map_id)
    centres = {t: game_map.tile_centre(t) for t in game_map.tiles}
    for s, t in combinations(game_map.tiles, 2):
        assert distance(centres[s], centres[t]) > SQRT3 - 1e-9, "tiles overlap"
    # Columns stand 1.5 apart, rows within a column √3 apart, top to bottom.
    for tile, (x, y) in centres.items():
        assert math.isclose(x, 1.5 * "abcd".index(tile[0]))
        below = f"{tile[0]}{int(tile[1:]) + 1}"
        if below in centres:
            assert math.isclose(centres[below][1] - y, SQRT3)
    # Connected: every tile reachable through touching tiles.
    reached, frontier = {"a1"}, ["a1"]
    while frontier:
        tile = frontier.pop()
        for other in game_map.tiles:
            if other not in reached and touching(game_map, tile, other):
                reached.add(other)
                frontier.append(other)
    assert reached == set(game_map.tiles)


@pytest.mark.parametrize(
    "map_id, corners, side", [(6, ("a1", "a3", "c1"), 3), (10, ("a1", "a4", "d1"), 4)]
)
def test_triangular_maps_are_triangles(map_id, corners, side):
    game_map = get_map(map_id)
    # Corners of a triangle of side n hexes are (n - 1)·√3 apart.
    for s, t in combinations(corners, 2):
        assert math.isclose(
            distance(game_map.tile_centre(s), game_map.tile_centre(t)), (side - 1) * SQRT3
        )
    # And every tile lies inside the triangle of the corner centres (on or within it).
    a, b, c = (game_map.tile_centre(t) for t in corners)
    area = abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]))
    for tile in game_map.tiles:
        p = game_map.tile_centre(tile)
        parts = sum(
            abs((v[0] - p[0]) * (w[1] - p[1]) - (w[0] - p[0]) * (v[1] - p[1]))
            for v, w in ((a, b), (b, c), (c, a))
        )
        assert math.isclose(parts, area)


# Touching pairs, counted on paper: within columns, then between neighbouring columns.
#  6: 2+1+0, a-b 4, b-c 2 = 9          10: 3+2+1+0, a-b 6, b-c 4, c-d 2 = 18
#  8: 2+1+2, a-b 4, b-c 4 = 13         9: 2+2+1+0, a-b 5, b-c 4, c-d 2 = 16
# 12: 2+3+2+1, a-b 6, b-c 6, c-d 4 = 24
TOUCHING_PAIRS = {6: 9, 8: 13, 9: 16, 10: 18, 12: 24}


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_touching_pairs_and_inward_faces(map_id):
    game_map = get_map(map_id)
    pairs = sum(1 for s, t in combinations(game_map.tiles, 2) if touching(game_map, s, t))
    assert pairs == TOUCHING_PAIRS[map_id]
    assert len(game_map.inward_faces) == 2 * pairs
    # Room for every link: the inward faces hold both players' supplies.
    assert len(game_map.inward_faces) >= 2 * game_map.links_each


def test_six_tile_map_neighbours_by_hand():
    game_map = get_map(6)
    # a1 a2 a3 down column a; b1 b2 between them; c1 between b1 and b2.
    expected = {
        "a1": {2: "b1", 3: "a2"},
        "a2": {0: "a1", 1: "b1", 2: "b2", 3: "a3"},
        "a3": {0: "a2", 1: "b2"},
        "b1": {2: "c1", 3: "b2", 4: "a2", 5: "a1"},
        "b2": {0: "b1", 1: "c1", 4: "a3", 5: "a2"},
        "c1": {4: "b2", 5: "b1"},
    }
    for tile in game_map.tiles:
        found = {f: game_map.neighbour(tile, f) for f in range(6) if game_map.neighbour(tile, f)}
        assert found == expected[tile]


def test_six_tile_map_inward_and_outward_faces():
    game_map = get_map(6)
    # 9 touching pairs in a side-3 triangle -> 18 inward faces of 36; 18 on the edge.
    assert len(game_map.inward_faces) == 18
    outward = [(t, f) for t in game_map.tiles for f in range(6) if not game_map.is_inward(t, f)]
    assert len(outward) == 18
    assert not game_map.is_inward("a1", 0)
    assert not game_map.is_inward("c1", 2)
    assert game_map.is_inward("b1", 4)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_faces_touch_opposite_faces(map_id):
    game_map = get_map(map_id)
    for tile, face in game_map.inward_faces:
        other = game_map.neighbour(tile, face)
        assert game_map.neighbour(other, opposite(face)) == tile
        assert touching(game_map, tile, other)
        # The touching faces meet at one point: both face midpoints coincide.
        assert (
            distance(
                game_map.face_midpoint(tile, face), game_map.face_midpoint(other, opposite(face))
            )
            < 1e-9
        )


def test_faces_are_numbered_clockwise_from_the_top():
    game_map = get_map(6)
    cx, cy = game_map.tile_centre("b1")
    offsets = [
        (round(x - cx, 3), round(y - cy, 3))
        for x, y in (game_map.face_midpoint("b1", f) for f in range(6))
    ]
    h, w = round(SQRT3 / 2, 3), round(SQRT3 / 2 * SQRT3 / 2, 3)
    # y grows downward: top, upper right, lower right, bottom, lower left, upper left.
    assert offsets == [(0, -h), (w, -h / 2), (w, h / 2), (0, h), (-w, h / 2), (-w, -h / 2)]


TRIANGLE_COUNTS = {6: 3, 8: 4, 9: 3, 10: 3, 12: 3}


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_triangles_are_three_mutually_touching_tiles(map_id):
    game_map = get_map(map_id)
    assert len(game_map.triangles) == TRIANGLE_COUNTS[map_id]
    for triangle in game_map.triangles:
        assert len(set(triangle.tiles)) == 3
        for s, t in combinations(triangle.tiles, 2):
            assert touching(game_map, s, t)
        # The spin centre is the corner the three tiles share.
        for tile in triangle.tiles:
            assert math.isclose(
                distance(game_map.spin_centre(triangle.id), game_map.tile_centre(tile)), 1
            )


def test_triangle_names_and_letters():
    names = {m: [t.id for t in get_map(m).triangles] for m in MAP_IDS}
    assert names[6] == ["delta", "omega", "theta"]
    assert names[8] == ["delta", "omega", "theta", "beta"]
    for m in (9, 10, 12):
        assert sorted(names[m]) == ["delta", "omega", "theta"]
    letters = {t.id: t.letter for m in MAP_IDS for t in get_map(m).triangles}
    assert letters == {"delta": "Δ", "omega": "Ω", "theta": "θ", "beta": "β"}


def membership(map_id):
    game_map = get_map(map_id)
    return {t: len(game_map.triangles_of(t)) for t in game_map.tiles}


def test_six_tile_triangles_overlap_on_the_inner_tiles():
    assert membership(6) == {"a1": 1, "a2": 2, "a3": 1, "b1": 2, "b2": 2, "c1": 1}


def test_eight_tile_triangles_are_named_as_on_the_original_board():
    # GAMES.md, from the original board_8 picture: Δ = a1 a2 b1, Ω = a2 a3 b2,
    # θ = b1 c1 c2, β = b2 c2 c3.
    game_map = get_map(8)
    tiles = {t.letter: sorted(t.tiles) for t in game_map.triangles}
    assert tiles == {"Δ": ["a1", "a2", "b1"], "Ω": ["a2", "a3", "b2"], "θ": ["b1", "c1", "c2"],
                     "β": ["b2", "c2", "c3"]}


def test_eight_tile_triangles_overlap():
    counts = membership(8)
    assert counts == {"a1": 1, "a2": 2, "a3": 1, "b1": 2, "b2": 2, "c1": 1, "c2": 2, "c3": 1}


def test_nine_tile_triangles_are_disjoint_and_cover_all():
    assert set(membership(9).values()) == {1}


def test_ten_tile_triangles_are_the_corners_and_miss_the_centre():
    game_map = get_map(10)
    counts = membership(10)
    assert [t for t, n in counts.items() if n == 0] == ["b2"]
    assert max(counts.values()) == 1
    corners = {"a1", "a4", "d1"}
    for triangle in game_map.triangles:
        assert len(corners & set(triangle.tiles)) == 1
    # b2 is the centre: its centre is the mean of all tile centres.
    xs, ys = zip(*(game_map.tile_centre(t) for t in game_map.tiles))
    assert distance(game_map.tile_centre("b2"), (sum(xs) / 10, sum(ys) / 10)) < 1e-9


def rotate(point, centre, degrees):
    angle = math.radians(degrees)
    x, y = point[0] - centre[0], point[1] - centre[1]
    return (
        centre[0] + x * math.cos(angle) - y * math.sin(angle),
        centre[1] + x * math.sin(angle) + y * math.cos(angle),
    )


def test_twelve_tile_triangles_are_a_pinwheel():
    game_map = get_map(12)
    counts = membership(12)
    assert max(counts.values()) == 1
    assert sorted(t for t, n in counts.items() if n == 0) == ["a2", "c1", "c3"]
    xs, ys = zip(*(game_map.tile_centre(t) for t in game_map.tiles))
    middle = (sum(xs) / 12, sum(ys) / 12)

    def tile_at(point):
        return next(t for t in game_map.tiles if distance(game_map.tile_centre(t), point) < 1e-6)

    # A third of a turn about the middle carries the formation onto itself and each
    # triangle onto another one; a half turn does not (a pinwheel has a handedness).
    triangles = {frozenset(t.tiles) for t in game_map.triangles}
    turned = {
        frozenset(tile_at(rotate(game_map.tile_centre(s), middle, 120)) for s in tri)
        for tri in triangles
    }
    assert turned == triangles
    with pytest.raises(StopIteration):
        [tile_at(rotate(game_map.tile_centre(t), middle, 180)) for t in game_map.tiles]


def test_bounds_hold_every_corner():
    game_map = get_map(6)
    xmin, ymin, xmax, ymax = game_map.bounds()
    # Column a's left corners at x = -1, c1's right corner at 3 + 1; a1's top at -√3/2.
    assert (round(xmin, 6), round(xmax, 6)) == (-1, 4)
    assert math.isclose(ymin, -SQRT3 / 2) and math.isclose(ymax, 2 * SQRT3 + SQRT3 / 2)


def test_unknown_map_size():
    with pytest.raises(NotationError, match="6, 8, 9, 10, 12"):
        get_map(7)
