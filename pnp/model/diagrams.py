"""diagrams.yaml and examples.yaml → typed, located specs of rule diagrams and example plays.

A diagram is hand-placed frames (a board, pieces named by component set and item,
markers, labels) or an engine position with moves that an adapter turns into frames;
hand-placed pieces and markers may be laid over an engine's frames. An example play
is a list of steps, each a few moves in the engine's notation with its caption keys
and the claims its captions make. `cell:` fixes the size of one board cell (the scale)
instead of fitting the picture to `width:`. Positions are board cells: `at: [2, 1]` is the
centre of the cell in column 2, row 1 (counted from 0, rows downwards); fractions
place things between cells. A piece or mark with `repeat:` is made once per value
(pnp.model.repeat), its `${...}` filled in. Unknown keys are problems, like everywhere else. Ids
become parts of file names and are checked as such; how many pictures, frames and
moves a game has, and how far and how wide a diagram reaches, are bounded.

diagrams.yaml may also say how small the game's pieces may be drawn and still be told
apart (`legibility:`): `smallest-piece:` for every piece, `pieces:` a size per component
set (Trifoil's links, 5 mm). A rulebook never draws a picture smaller than that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from pnp.model.files import content_file
from pnp.model.limits import (
    MAX_DIAGRAM_CELLS,
    MAX_FRAMES,
    MAX_GRID_CELLS,
    MAX_MOVES,
    MAX_NOTATION_CHARS,
    MAX_PICTURE_MM,
    MAX_PICTURES,
    MAX_REPEAT,
)
from pnp.model.names import id_problem, is_id
from pnp.model.problems import ContentError, Location, Problems, quote
from pnp.model.reader import Fields, join_key
from pnp.model.repeat import repeat_values
from pnp.model.source import Node, load_yaml
from pnp.model.units import mm

Point = tuple[float, float]
FACES = ("front", "back")
MARKS = ("circle", "square", "line", "arrow", "cross", "label", "label-key")
# How a board's cells lie: squares (`grid:` or `cells:`); flat-topped hexagons whose odd
# columns sit half a cell lower (`hex:`); squares whose odd rows sit half a cell to the right
# (`offset:`). A hexagon or offset board is written as [columns, rows] or as a list of cells.
GRIDS = ("square", "hex", "offset")
DEFAULT_WIDTH = 85 * 72 / 25.4
SMALLEST_PIECE = mm(3)  # the smallest a piece may be drawn where the game says nothing


@dataclass(frozen=True)
class PieceSpec:
    set_id: str
    item_id: str
    at: Point
    face: str
    size: float
    turn: float
    location: Location


@dataclass(frozen=True)
class MarkSpec:
    """A marker: `points` holds one point (circle, square, cross, label) or a path."""

    kind: str
    points: tuple[Point, ...]
    text: str | None
    bend: float
    dashed: bool
    location: Location


@dataclass(frozen=True)
class BoardSpec:
    """Board cells: a cols × rows grid, or a free list of cells; `none` draws no board. `grid` is
    how the cells lie (GRIDS): squares, flat-topped hexagons or squares in staggered rows."""

    cells: tuple[tuple[int, int], ...]
    fill: str | None
    grid: str = "square"


@dataclass(frozen=True)
class FrameSpec:
    board: BoardSpec | None
    pieces: tuple[PieceSpec, ...]
    marks: tuple[MarkSpec, ...]
    label: str | None
    label_key: str | None
    location: Location


@dataclass(frozen=True)
class DiagramSpec:
    """One diagram; `engine` set means `position`, `moves` and `view` go to its adapter."""

    id: str
    width: float
    cell: float | None  # size of one board cell, if the designer fixes the scale
    caption_key: str
    per_row: int
    engine: str | None
    view: str | None
    position: str | None
    moves: tuple[tuple[str, Location], ...]
    options: Node | None
    frames: tuple[FrameSpec, ...]
    overlay: FrameSpec | None
    location: Location


@dataclass(frozen=True)
class StepSpec:
    number: int
    moves: tuple[tuple[str, Location], ...]
    text_keys: tuple[str, ...]
    checks: Node | None
    location: Location


@dataclass(frozen=True)
class ExampleSpec:
    id: str
    engine: str
    position: str | None
    width: float
    cell: float | None
    steps: tuple[StepSpec, ...]
    location: Location


@dataclass(frozen=True)
class Legibility:
    """How small a piece may be drawn (its width on the paper, points): per set, else `smallest_piece`."""

    smallest_piece: float = SMALLEST_PIECE
    pieces: tuple[tuple[str, float], ...] = ()
    location: Location | None = None

    def smallest(self, set_id: str) -> float:
        return dict(self.pieces).get(set_id, self.smallest_piece)


@dataclass(frozen=True)
class DiagramBook:
    """Every diagram and example play of one game, by id, in the order written, and how small
    their pieces may be drawn."""

    diagrams: dict[str, DiagramSpec]
    examples: dict[str, ExampleSpec]
    legibility: Legibility = Legibility()


PICTURE_FILES = ("diagrams", "examples")  # each read from <name>.yaml in the game folder


def read_diagram_book(game_folder: Path, problems: Problems) -> DiagramBook:
    """Both files of a game folder (either may be absent); problems are collected."""
    legibility: list[Legibility] = []
    diagrams = _read_file(Path(game_folder), "diagrams", read_diagram, problems, legibility)
    examples = _read_file(Path(game_folder), "examples", read_example, problems)
    pictures = len(diagrams) + sum(len(example.steps) for example in examples.values())
    if pictures > MAX_PICTURES:
        file = "examples.yaml" if examples else "diagrams.yaml"
        problems.add(Location(str(Path(game_folder) / file)), "",
                     f"diagrams and example steps make {pictures} pictures, over the limit of {MAX_PICTURES}")
    return DiagramBook(diagrams, examples, *legibility)


def picture_ids(game_folder: Path, section: str) -> set[str] | None:
    """The ids under `diagrams:` (or `examples:`) without reading the specs; None if unreadable."""
    try:
        root = _section_root(Path(game_folder), section)
    except ContentError:
        return None  # reported where the file itself is read
    if root is None:
        return set()
    node = root.value.get(section) if root.is_map else None
    return {key for key in node.value if is_id(key)} if node is not None and node.is_map else None


def _section_root(game_folder: Path, section: str) -> Node | None:
    path = game_folder / f"{section}.yaml"
    return load_yaml(path, game_folder) if content_file(path, game_folder) else None


def _read_file(game_folder: Path, section: str, read, problems: Problems, legibility: list | None = None) -> dict:
    """The specs under `section:`; `legibility`, if given, receives the file's `legibility:` if it has one."""
    try:
        root = _section_root(game_folder, section)
    except ContentError as error:
        problems.extend(error.problems)
        return {}
    if root is None:
        return {}
    fields = Fields(root, "", problems)
    mapping = fields.mapping(section)
    if legibility is not None and fields.has("legibility"):
        legibility.append(read_legibility(fields.mapping("legibility")))
    fields.finish()
    if mapping is None or not mapping.node.is_map:
        return {}
    result = {}
    if len(mapping.values) > MAX_PICTURES:
        problems.add(mapping.node.location, section,
                     f"{len(mapping.values)} {section} are over the limit of {MAX_PICTURES}")
        return {}
    for key, node in mapping.values.items():
        mapping.used.add(key)
        problem = id_problem(key, f"{'a diagram' if section == 'diagrams' else 'an example'} id")
        if problem:
            problems.add(mapping.node.key_location(key), section, problem)
            continue
        spec = read(key, node, join_key(section, key), problems)
        if spec is not None:
            result[key] = spec
    return result


def read_legibility(fields: Fields | None) -> Legibility:
    """`legibility:`: `smallest-piece:` a length, `pieces:` a length per component set id."""
    if fields is None:
        return Legibility()
    smallest = fields.length("smallest-piece", default=None) or SMALLEST_PIECE
    sizes = fields.mapping("pieces", default=None)
    pieces = []
    if sizes is not None:
        for set_id in list(sizes.values):
            size = sizes.length(set_id)
            if size is not None:
                pieces.append((set_id, size))
        sizes.finish()
    fields.finish()
    return Legibility(smallest, tuple(pieces), fields.node.location)


def read_diagram(diagram_id: str, node: Node, path: str, problems: Problems) -> DiagramSpec | None:
    fields = Fields(node, path, problems)
    width = _width(fields)
    cell = _cell(fields)
    default_caption = f"diagram.{diagram_id}.caption"
    caption = fields.text("caption", default=default_caption)
    if caption is None:  # not text, and reported: the default key stands in (a lookup of None would fail again)
        caption = default_caption
    per_row = fields.integer("per-row", default=0, minimum=0, maximum=MAX_FRAMES) or 0
    engine = fields.text("engine", default=None)
    view = fields.text("view", default=None)
    position, readable = _position(fields)
    moves = _moves(fields)
    options = fields.get("options", default=None)
    frames = tuple(read_frame(n, p, problems) for p, n in fields.items("frames", default=[]))
    if len(frames) > MAX_FRAMES:
        fields.report(fields.values["frames"], f"a diagram of {len(frames)} frames is over the limit of {MAX_FRAMES}",
                      "frames")
    overlay = _overlay(fields, node, path, problems)
    fields.finish()
    if engine is None and not frames and overlay is None:
        fields.report(node, "a diagram needs 'frames:', pieces and marks, or an 'engine:' with a position")
    if engine is None and (position or moves or view):
        fields.report(node, "'position', 'moves' and 'view' need an 'engine:' to read them")
    if not node.is_map or moves is None or not readable:
        return None
    return DiagramSpec(diagram_id, width, cell, caption, per_row, engine, view, position, moves, options, frames,
                       overlay, node.location)


def _width(fields: Fields) -> float:
    width = fields.length("width", default=None) or DEFAULT_WIDTH
    if width > mm(MAX_PICTURE_MM):
        fields.report(fields.values["width"], f"a picture wider than {MAX_PICTURE_MM} mm is over the limit", "width")
        return DEFAULT_WIDTH
    return width


def _cell(fields: Fields) -> float | None:
    """The size of one board cell, shared by a sequence of pictures; no larger than a picture."""
    cell = fields.length("cell", default=None)
    if cell is not None and cell > mm(MAX_PICTURE_MM):
        fields.report(fields.values["cell"], f"a cell larger than {MAX_PICTURE_MM} mm is over the limit", "cell")
        return None
    return cell


def _overlay(fields: Fields, node: Node, path: str, problems: Problems) -> FrameSpec | None:
    """The frame written directly on the diagram (board, pieces, marks, label), if any."""
    keys = ("board", "pieces", "marks", "label", "label-key")
    if not any(fields.has(k) for k in keys):
        return None
    return _frame_from(fields, node, path, problems)


def read_frame(node: Node, path: str, problems: Problems) -> FrameSpec:
    fields = Fields(node, path, problems)
    frame = _frame_from(fields, node, path, problems)
    fields.finish()
    return frame


def _frame_from(fields: Fields, node: Node, path: str, problems: Problems) -> FrameSpec:
    board_fields = fields.mapping("board", default=None)
    board = _board(board_fields) if board_fields is not None else None
    piece_entries = repeated(fields.items("pieces", default=[]), problems)
    pieces = tuple(p for p in (_piece(n, p, problems) for p, n in piece_entries) if p)
    mark_entries = repeated(fields.items("marks", default=[]), problems)
    marks = tuple(m for m in (_mark(n, p, problems) for p, n in mark_entries) if m)
    if len(pieces) + len(marks) > MAX_REPEAT:
        fields.report(node, f"{len(pieces) + len(marks)} pieces and marks in one frame are over the limit of "
                            f"{MAX_REPEAT}")
        pieces, marks = (), ()
    label = fields.text("label", default=None)
    label_key = fields.text("label-key", default=None)
    return FrameSpec(board, pieces, marks, label, label_key, node.location)


def repeated(entries, problems: Problems):
    """(path, node) of each entry; an entry with `repeat:` once per copy, its ${...} filled in."""
    from pnp.model.faces import substitute  # the same filling-in as on faces

    made = 0
    for path, node in entries:
        if not (node.is_map and "repeat" in node.value):
            made += 1
            yield path, node
            continue
        body = Node({k: v for k, v in node.value.items() if k != "repeat"}, node.location, node.key_locations)
        for values in repeat_values(node.value["repeat"], join_key(path, "repeat"), problems):
            made += 1
            if made > MAX_REPEAT + 1:
                return  # the frame reports that it has too many
            yield path, substitute(body, values, path, problems)


def _board(fields: Fields) -> BoardSpec:
    staggered = [key for key in GRIDS[1:] if fields.has(key)]
    if len(staggered) > 1 or (staggered and (fields.has("grid") or fields.has("cells"))):
        written = [key for key in ("grid", "cells", *GRIDS[1:]) if fields.has(key)]
        fields.report(fields.node, f"a board is one kind of grid: 'grid' or 'cells' (squares), 'hex' or 'offset', "
                                   f"got {' and '.join(quote(key) for key in written)}")
    cells: list[tuple[int, int]] = []
    if staggered:
        key = staggered[0]
        cells = _cells(fields.present(key), join_key(fields.path, key), fields.problems)
        for other in ("grid", "cells", *staggered[1:]):
            fields.used.add(other)  # reported above
    else:
        grid = fields.get("grid", default=None)
        if grid is not None:
            cells = _grid_cells(grid, join_key(fields.path, "grid"), fields.problems)
        for path, node in fields.items("cells", default=[]):
            point = _point(node, path, fields.problems)
            if point is not None:
                cells.append((int(point[0]), int(point[1])))
    fill = fields.text("fill", default=None)
    fields.finish()
    if not cells and not fields.problems.items:
        fields.report(fields.node, "a board needs 'grid: [columns, rows]' or 'cells: [[column, row], ...]' (or "
                                   "'hex:' or 'offset:' with either)")
    return BoardSpec(tuple(cells), fill, staggered[0] if staggered else "square")


def _cells(node: Node, path: str, problems: Problems) -> list[tuple[int, int]]:
    """The cells of `hex:` or `offset:`: [columns, rows], or a list of [column, row]."""
    if node.is_list and node.value and node.value[0].is_list:
        points = [_point(n, join_key(path, i), problems) for i, n in enumerate(node.value)]
        return [(int(p[0]), int(p[1])) for p in points if p is not None]
    return _grid_cells(node, path, problems)


def _grid_cells(node: Node, path: str, problems: Problems) -> list[tuple[int, int]]:
    """Every cell of a [columns, rows] grid, row by row."""
    size = _grid_size(node, path, problems)
    return [] if size is None else [(c, r) for r in range(size[1]) for c in range(size[0])]


def _grid_size(node: Node, path: str, problems: Problems) -> tuple[int, int] | None:
    values = node.value if node.is_list else None
    if values is None or len(values) != 2 or not all(_is_count(v.value) for v in values):
        problems.add(node.location, path,
                     f"expected [columns, rows] as two whole numbers from 1, got {quote(node.plain())}")
        return None
    cols, rows = values[0].value, values[1].value
    if cols * rows > MAX_GRID_CELLS:
        problems.add(node.location, path,
                     f"a board of {cols} × {rows} cells is over the limit of {MAX_GRID_CELLS} cells")
        return None
    return cols, rows


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _piece(node: Node, path: str, problems: Problems) -> PieceSpec | None:
    fields = Fields(node, path, problems)
    set_id, item_id = fields.text("set"), fields.text("item")
    at_node = fields.get("at")
    at = _point(at_node, join_key(path, "at"), problems) if at_node is not None else None
    face = fields.choice("face", FACES, default="front")
    size = fields.number("size", default=0.86, minimum=0.01, maximum=10)
    turn = fields.number("turn", default=0.0)
    fields.finish()
    if set_id is None or item_id is None or at is None:
        return None
    return PieceSpec(set_id, item_id, at, face or "front", size or 0.86, turn or 0.0, node.location)


def _mark(node: Node, path: str, problems: Problems) -> MarkSpec | None:
    fields = Fields(node, path, problems)
    kinds = [k for k in MARKS if fields.has(k)]
    if len(kinds) != 1:
        fields.report(node, f"expected exactly one marker kind ({', '.join(MARKS)})")
        return None
    kind = kinds[0]
    bend = fields.number("bend", default=0.0, minimum=-MAX_DIAGRAM_CELLS, maximum=MAX_DIAGRAM_CELLS) or 0.0
    dashed = bool(fields.boolean("dashed", default=False))
    points: tuple[Point, ...]
    if kind in ("label", "label-key"):
        text = fields.text(kind)
        at_node = fields.get("at")
        at = _point(at_node, join_key(path, "at"), problems) if at_node is not None else None
        points = (at,) if at else ()
    else:
        text = None
        points = _points(fields.present(kind), join_key(path, kind), problems, path_like=kind in ("line", "arrow"))
    fields.finish()
    if not points:
        return None
    return MarkSpec(kind, points, text, bend, dashed, node.location)


def _points(node: Node, path: str, problems: Problems, path_like: bool) -> tuple[Point, ...]:
    if not path_like:
        point = _point(node, path, problems)
        return (point,) if point else ()
    if not node.is_list or len(node.value) < 2:
        problems.add(node.location, path, "expected a list of at least two points, e.g. [[0, 0], [2, 0]]")
        return ()
    points = [_point(n, join_key(path, i), problems) for i, n in enumerate(node.value)]
    return tuple(p for p in points if p is not None) if None not in points else ()


def _point(node: Node, path: str, problems: Problems) -> Point | None:
    values = node.value if node.is_list else None
    if values is None or len(values) != 2 or not all(_is_number(v.value) for v in values):
        problems.add(node.location, path, f"expected a point [column, row], got {quote(node.plain())}")
        return None
    if any(abs(v.value) > MAX_DIAGRAM_CELLS for v in values):
        problems.add(node.location, path, f"a point more than {MAX_DIAGRAM_CELLS} cells from the origin is over the "
                                          f"limit, got {quote(node.plain())}")
        return None
    return (float(values[0].value), float(values[1].value))


def _is_number(value) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def _position(fields: Fields) -> tuple[str | None, bool]:
    """The position in the engine's notation, and whether it is short enough to read."""
    position = fields.text("position", default=None)
    if position is not None and len(position) > MAX_NOTATION_CHARS:
        fields.report(fields.values["position"], _notation_too_long(position), "position")
        return None, False
    return position, True


def _notation_too_long(text: str) -> str:
    return f"{len(text)} characters of notation are over the limit of {MAX_NOTATION_CHARS}"


def _moves(fields: Fields) -> tuple[tuple[str, Location], ...] | None:
    """The moves listed under `moves:`; None when there are too many, or one too long, to replay."""
    moves: list[tuple[str, Location]] = []
    for path, node in fields.items("moves", default=[]):
        if len(moves) >= MAX_MOVES:
            fields.problems.add(node.location, path, f"more than {MAX_MOVES} moves in one list, over the limit")
            return None
        if isinstance(node.value, str) and len(node.value) > MAX_NOTATION_CHARS:
            fields.problems.add(node.location, path, _notation_too_long(node.value))
            return None
        if isinstance(node.value, str):
            moves.append((node.value, node.location))
        else:
            fields.problems.add(node.location, path,
                                f"expected a move in the engine's notation, got {quote(node.plain())}")
    return tuple(moves)


def read_example(example_id: str, node: Node, path: str, problems: Problems) -> ExampleSpec | None:
    fields = Fields(node, path, problems)
    engine = fields.text("engine")
    position, readable = _position(fields)
    width = _width(fields)
    cell = _cell(fields)
    steps = [_step(example_id, i + 1, n, p, problems) for i, (p, n) in enumerate(fields.items("steps"))]
    fields.finish()
    replayable = tuple(step for step in steps if step is not None)
    if engine is None or not node.is_map or not readable or len(replayable) < len(steps):
        return None
    return ExampleSpec(example_id, engine, position, width, cell, replayable, node.location)


def _step(example_id: str, number: int, node: Node, path: str, problems: Problems) -> StepSpec | None:
    """One step of an example play; None when its moves were too many to replay."""
    fields = Fields(node, path, problems)
    moves = _moves(fields)
    default_text = f"example.{example_id}.step{number:02d}"
    text = fields.text("text", default=default_text)
    if text is None:  # not text, and reported: the default key stands in (a lookup of None would fail again)
        text = default_text
    notes = []
    for note_path, note in fields.items("notes", default=[]):
        if isinstance(note.value, str):
            notes.append(note.value)
        else:
            problems.add(note.location, note_path, f"expected a text key, got {quote(note.plain())}")
    checks = fields.get("check", default=None)
    fields.finish()
    if moves is None:
        return None
    return StepSpec(number, moves, (text, *notes), checks, node.location)
