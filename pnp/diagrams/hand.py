"""Hand-placed frame specs from YAML → scene frames: board cells, pieces and markers.

This is the path a game without a rules engine uses, and the overlay an engine
diagram may add (the Quatrefoil set-up's seats and cards). A point [c, r] is the
centre of that cell of the frame's board, so on squares [0, 0] sits at (0.5, 0.5) in
scene cells. Neighbouring cells' centres are one scene cell apart on every grid: a
hexagon is one cell from flat side to flat side, its odd columns half a cell lower; an
offset board's odd rows sit half a cell to the right. Fractions place things between
cells, [0.5, 0] halfway from the first cell to the next.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.diagrams import scene as sc
from pnp.model.diagrams import BoardSpec, FrameSpec, MarkSpec, PieceSpec
from pnp.model.problems import Problems
from pnp.shapes import HEXAGON, RECTANGLE
from pnp.shapes.geometry import SQRT3, honeycomb_centre, odd_shift

Lookup = Callable[[str], str]
HEX_WIDTH = 2 / SQRT3  # corner to corner, a hexagon one cell across its flats


class Lattice:
    """Where the cells of a board lie in scene cells (a grid of pnp.model.diagrams.GRIDS), and the
    shape each cell has."""

    def __init__(self, board: BoardSpec | None):
        self.grid = board.grid if board is not None else "square"  # a frame without a board is on squares

    def centre(self, point: sc.Point) -> sc.Point:
        column, row = point
        if self.grid == "hex":
            return honeycomb_centre(column, row, HEX_WIDTH)
        if self.grid == "offset":
            return (column + 0.5 + 0.5 * odd_shift(row), row + 0.5)
        return sc.centre(point)

    def cell(self, point: sc.Point, fill: str) -> sc.Cell:
        x, y = self.centre(point)
        if self.grid == "hex":
            return sc.Cell(x, y, shape=HEXAGON, width=HEX_WIDTH, fill=fill)
        return sc.Cell(x, y, fill=fill)

    def highlight(self, point: sc.Point) -> sc.Highlight:
        """A tinted cell: a square, or the hexagon of a hex board."""
        x, y = self.centre(point)
        if self.grid == "hex":
            return sc.Highlight(x - HEX_WIDTH / 2, y - 0.5, HEX_WIDTH, 1.0, shape=HEXAGON)
        return sc.Highlight(x - 0.5, y - 0.5, shape=RECTANGLE)


def hand_frame(spec: FrameSpec, lookup: Lookup, problems: Problems, check_piece) -> sc.Frame:
    """The frame a FrameSpec describes; unknown pieces and text keys become problems."""
    items: list[sc.Item] = list(hand_items(spec, lookup, problems, check_piece))
    return sc.Frame(tuple(items), label=_label(spec, lookup, problems))


def hand_items(spec: FrameSpec, lookup: Lookup, problems: Problems, check_piece) -> list[sc.Item]:
    items: list[sc.Item] = []
    cells = Lattice(spec.board)
    if spec.board is not None:
        fill = spec.board.fill or "board"
        items += [cells.cell(point, fill) for point in spec.board.cells]
    for piece in spec.pieces:
        why = check_piece(piece.set_id, piece.item_id, piece.face)
        if why:
            problems.add(piece.location, "pieces", why)
        else:
            items.append(_piece(piece, cells))
    for mark in spec.marks:
        item = _mark(mark, cells, lookup, problems)
        if item is not None:
            items.append(item)
    return items


def _piece(spec: PieceSpec, cells: Lattice) -> sc.Piece:
    x, y = cells.centre(spec.at)
    return sc.Piece(spec.set_id, spec.item_id, x, y, spec.size, spec.face, spec.turn)


def _mark(mark: MarkSpec, cells: Lattice, lookup: Lookup, problems: Problems) -> sc.Item | None:
    return _MARKS[mark.kind](mark, cells, tuple(cells.centre(p) for p in mark.points), lookup, problems)


def _ring(mark: MarkSpec, cells: Lattice, points: tuple[sc.Point, ...], lookup: Lookup, problems: Problems) -> sc.Item:
    return sc.Ring(*points[0])


def _highlight(mark: MarkSpec, cells: Lattice, points: tuple[sc.Point, ...], lookup: Lookup,
               problems: Problems) -> sc.Item:
    return cells.highlight(mark.points[0])


def _cross(mark: MarkSpec, cells: Lattice, points: tuple[sc.Point, ...], lookup: Lookup, problems: Problems) -> sc.Item:
    return sc.Cross(*points[0])


def _stroke(mark: MarkSpec, cells: Lattice, points: tuple[sc.Point, ...], lookup: Lookup,
            problems: Problems) -> sc.Item:
    return sc.Stroke(points, arrow=mark.kind == "arrow", bend=mark.bend, dashed=mark.dashed)


def _label_mark(mark: MarkSpec, cells: Lattice, points: tuple[sc.Point, ...], lookup: Lookup,
                problems: Problems) -> sc.Item | None:
    # No text: reading it was a problem, reported already.
    text = mark.text if mark.kind == "label" or mark.text is None else _text(mark.text, lookup, problems, mark)
    return None if text is None else sc.Label(*points[0], text)


# What each mark kind of diagrams.yaml (pnp.model.diagrams.MARKS) becomes in a scene.
_MARKS = {"circle": _ring, "square": _highlight, "cross": _cross, "line": _stroke, "arrow": _stroke,
          "label": _label_mark, "label-key": _label_mark}


def _text(key: str, lookup: Lookup, problems: Problems, mark: MarkSpec) -> str | None:
    try:
        return lookup(key)
    except KeyError:
        problems.add(mark.location, "label-key", f"no text '{key}' in text/en.yaml")
        return None


def _label(spec: FrameSpec, lookup: Lookup, problems: Problems) -> str | None:
    if spec.label_key is None:
        return spec.label
    try:
        return lookup(spec.label_key)
    except KeyError:
        problems.add(spec.location, "label-key", f"no text '{spec.label_key}' in text/en.yaml")
        return None
