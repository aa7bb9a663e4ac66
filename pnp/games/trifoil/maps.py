r"""Trifoil maps: turns a map id (6, 8, 9, 10, 12 tiles) into tiles, faces, triangles and geometry.

Coordinates
-----------
Tiles are flat-topped hexagons of size 1: centre to corner is 1, so a tile is 2 wide and
√3 tall, and neighbouring centres are √3 apart. Tile centres are in these hex units with
x to the right and **y downward** (screen and SVG order; a reportlab painter flips y).
Tile ``a1`` is centred at (0, 0).

Internally a tile has axial coordinates (q, r): q is its column (0 for ``a``), and its
centre is x = 1.5·q, y = √3·(r + q/2). So each column sits half a hex lower than the one
to its left for the same r, which is the half-hex offset of flat-topped columns.

Tiles are named by column letter and row number counted from the top: ``a1 a2 a3 b1 ...``.

Faces
-----
Faces are numbered clockwise (as seen with y downward) from the top face::

            0
          _____
       5 /     \ 1
        /       \
        \       /
       4 \_____/ 2
            3

0 top, 1 upper right, 2 lower right, 3 bottom, 4 lower left, 5 upper left. Face f of a
tile touches face (f + 3) mod 6 of its neighbour in direction f. A face with no
neighbour is on the edge of the formation ("outward"); the other faces are "inward".

The five maps (columns of hexes left to right) and the axial row r of each column's
top tile:

=====  ========  ==============  ===================================================
tiles  columns   first rows      shape
=====  ========  ==============  ===================================================
6      3/2/1     0, 0, 0         a triangle of side 3, corners a1, a3, c1
8      3/2/3     0, 0, -1        a bow tie: tall columns a and c, short column b
9      3/3/2/1   0, 0, 0, 0      the side-4 triangle without its lower-left corner
10     4/3/2/1   0, 0, 0, 0      a triangle of side 4, corners a1, a4, d1
12     3/4/3/2   0, -1, -1, -1   3-fold symmetric about the corner of b2, b3 and c2
=====  ========  ==============  ===================================================

The 8-, 9- and 12-tile shapes are the most compact arrangements of their columns: the
most touching pairs (13, 16 and 24; for 9 tiles the mirror image ties and we take the
one that is the 10-tile triangle less a tile). The 12-tile shape is also symmetric
under a third of a turn, which its pinwheel of triangles needs.

Triangles
---------
A triangle is three mutually touching tiles around one shared corner, its spin centre.
Its tiles are stored in clockwise order around that corner, so a clockwise spin moves
each tile to the position of the next one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from pnp.games.base import NotationError

# Axial steps to the neighbour through faces 0..5 (see the module docstring).
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
COLUMN_LETTERS = "abcdefgh"
SQRT3 = math.sqrt(3)


def opposite(face: int) -> int:
    """The face a link pushed in through `face` leaves by: straight across the tile."""
    return (face + 3) % 6


def face_vector(face: int) -> tuple[float, float]:
    """Unit vector from a tile's centre out through the middle of `face` (y downward)."""
    angle = math.radians(-90 + 60 * face)
    return (math.cos(angle), math.sin(angle))


@dataclass(frozen=True)
class Triangle:
    """Three mutually touching tiles that can be spun together."""

    id: str
    letter: str
    tiles: tuple[str, str, str]  # clockwise around the spin centre


@dataclass(frozen=True)
class GameMap:
    """One Trifoil formation: its tiles, triangles, win length and links per player."""

    id: int
    columns: tuple[int, ...]
    first_rows: tuple[int, ...]
    triangles: tuple[Triangle, ...]
    win_length: int
    links_each: int

    @cached_property
    def coords(self) -> dict[str, tuple[int, int]]:
        """Axial (q, r) of every tile, by name, column by column from the top."""
        return {
            f"{COLUMN_LETTERS[q]}{row + 1}": (q, first + row)
            for q, (height, first) in enumerate(zip(self.columns, self.first_rows, strict=True))
            for row in range(height)
        }

    @cached_property
    def tiles(self) -> tuple[str, ...]:
        """Tile names in column order, top to bottom."""
        return tuple(self.coords)

    @cached_property
    def _by_coord(self) -> dict[tuple[int, int], str]:
        return {coord: name for name, coord in self.coords.items()}

    def has_tile(self, tile: str) -> bool:
        return tile in self.coords

    def neighbour(self, tile: str, face: int) -> str | None:
        """The tile that `face` of `tile` touches, or None on the edge of the formation."""
        q, r = self.coords[tile]
        dq, dr = DIRECTIONS[face]
        return self._by_coord.get((q + dq, r + dr))

    def is_inward(self, tile: str, face: int) -> bool:
        """Whether `face` of `tile` touches another tile (only such faces take links)."""
        return self.neighbour(tile, face) is not None

    @cached_property
    def inward_faces(self) -> tuple[tuple[str, int], ...]:
        """Every (tile, face) that touches a neighbour, in tile then face order."""
        return tuple((t, f) for t in self.tiles for f in range(6) if self.is_inward(t, f))

    def triangle(self, triangle_id: str) -> Triangle:
        for tri in self.triangles:
            if tri.id == triangle_id:
                return tri
        raise KeyError(triangle_id)

    def triangles_of(self, tile: str) -> tuple[Triangle, ...]:
        return tuple(tri for tri in self.triangles if tile in tri.tiles)

    def tile_centre(self, tile: str) -> tuple[float, float]:
        """Centre of `tile` in hex units (size 1, y downward, a1 at the origin)."""
        q, r = self.coords[tile]
        return (1.5 * q, SQRT3 * (r + q / 2))

    def tile_corners(self, tile: str) -> tuple[tuple[float, float], ...]:
        """The six corners of `tile`, clockwise from the left end of face 0."""
        cx, cy = self.tile_centre(tile)
        angles = (math.radians(-120 + 60 * i) for i in range(6))
        return tuple((cx + math.cos(a), cy + math.sin(a)) for a in angles)

    def face_midpoint(self, tile: str, face: int) -> tuple[float, float]:
        """Middle of `face` of `tile`: where a painter draws a link on that face."""
        cx, cy = self.tile_centre(tile)
        dx, dy = face_vector(face)
        return (cx + dx * SQRT3 / 2, cy + dy * SQRT3 / 2)

    def spin_centre(self, triangle_id: str) -> tuple[float, float]:
        """The corner the triangle's three tiles share, which a spin turns about."""
        points = [self.tile_centre(t) for t in self.triangle(triangle_id).tiles]
        return (sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3)

    def bounds(self) -> tuple[float, float, float, float]:
        """(xmin, ymin, xmax, ymax) of the whole formation's outline, in hex units."""
        corners = [c for t in self.tiles for c in self.tile_corners(t)]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return (min(xs), min(ys), max(xs), max(ys))


GREEK = {"delta": "Δ", "omega": "Ω", "theta": "θ", "beta": "β"}


def _clockwise(bare: GameMap, names: Sequence[str]) -> tuple[str, str, str]:
    # With y downward, a growing screen angle around the shared corner is clockwise.
    centres = {n: bare.tile_centre(n) for n in names}
    cx = sum(c[0] for c in centres.values()) / 3
    cy = sum(c[1] for c in centres.values()) / 3
    ring = sorted(names, key=lambda n: math.atan2(centres[n][1] - cy, centres[n][0] - cx))
    first = ring.index(min(ring, key=bare.tiles.index))
    a, b, c = ring[first:] + ring[:first]
    return a, b, c


def _make_map(
    map_id: int,
    columns: tuple[int, ...],
    first_rows: tuple[int, ...],
    win_length: int,
    links_each: int,
    triangles: str,
) -> GameMap:
    bare = GameMap(map_id, columns, first_rows, (), win_length, links_each)
    made = []
    for spec in triangles.split(","):
        tid, *tiles = spec.split()
        made.append(Triangle(tid, GREEK[tid], _clockwise(bare, tiles)))
    return GameMap(map_id, columns, first_rows, tuple(made), win_length, links_each)


# fmt: off
_TABLE = (
    # tiles, columns, first rows, win length, links each, triangles
    # The three corner triangles of the side-3 triangle; a2, b1, b2 are in two each.
    (6, (3, 2, 1), (0, 0, 0), 5, 9, "delta a1 a2 b1, omega a2 a3 b2, theta b1 b2 c1"),
    # The four corner triangles of the bow tie; a2, b1, b2, c2 are in two each. Names as
    # the original board_8 picture gives them: omega below delta, theta beside it.
    (8, (3, 2, 3), (0, 0, -1), 5, 11,
     "delta a1 a2 b1, omega a2 a3 b2, theta b1 c1 c2, beta b2 c2 c3"),
    # Three disjoint triangles covering every tile.
    (9, (3, 3, 2, 1), (0, 0, 0, 0), 6, 12, "delta a1 a2 b1, omega a3 b2 b3, theta c1 c2 d1"),
    # The three corner triangles of the side-4 triangle; the centre tile b2 is in none.
    (10, (4, 3, 2, 1), (0, 0, 0, 0), 6, 13, "delta a1 a2 b1, omega a3 a4 b3, theta c1 c2 d1"),
    # A pinwheel: each blade holds one of the central tiles b2 b3 c2 and reaches out to
    # the rim; a third of a turn about the centre carries each blade onto the next.
    # a2, c1 and c3 sit between the blades, in none.
    (12, (3, 4, 3, 2), (0, -1, -1, -1), 7, 15, "delta a1 b1 b2, omega a3 b3 b4, theta c2 d1 d2"),
)
# fmt: on
MAPS: dict[int, GameMap] = {row[0]: _make_map(*row) for row in _TABLE}
MAP_IDS = tuple(MAPS)


def get_map(map_id: int) -> GameMap:
    """The map with `map_id` tiles; NotationError for a size the game does not have."""
    try:
        return MAPS[map_id]
    except KeyError:
        sizes = ", ".join(str(m) for m in MAP_IDS)
        raise NotationError(f"no Trifoil map with {map_id} tiles (there are {sizes})") from None
