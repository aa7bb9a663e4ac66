"""Face definitions in YAML → typed elements in points, face space (top-left origin, y down).

A face is a background plus a list of elements (shapes, text, images, grids, placed
groups). Positions and sizes are lengths ('12mm') or percentages of the face ('50%': of
the width for x and w, of the height for y and h, of the shorter side for r). Besides
its kind, an element may carry `when: {attribute: value}` (only some items show it) and
`repeat:` (copies of it, pnp.model.repeat); inside its kind, `rotate:` (degrees,
clockwise as the face is seen) turns it about its own centre or about `about: [x, y]`.
Any string may use `${attribute}` or a little arithmetic (pnp.model.expressions); it is
filled in element by element, so a repeat's variables are known where they are used.
A `use:` element places a named group (pnp.model.groups). Every element read is counted
against the set's budget, so repeats and groups cannot multiply a face without bound.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.model.affine import Matrix, apply, rotation_about
from pnp.model.colours import Colour, parse_colour
from pnp.model.expressions import ExpressionError, interpolate, names_in
from pnp.model.fonts import Font, FontFamily, read_font
from pnp.model.images import find_image
from pnp.model.limits import MAX_DASHES, MAX_GRID_CELLS, MAX_SET_ELEMENTS, MAX_SIDES
from pnp.model.problems import Location, Problems, listing, quote
from pnp.model.reader import UNRESOLVED, Fields, join_key
from pnp.model.repeat import repeat_values
from pnp.model.source import Node
from pnp.model.units import bounded_length, parse_length

MODIFIERS = ("when", "repeat")
_PERCENT = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*%\s*")


@dataclass(frozen=True)
class Style:
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 1.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    style: Style


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    radius: float
    style: Style


@dataclass(frozen=True)
class Polygon:
    """A regular polygon; with no rotation a vertex points right (a flat-topped hexagon)."""

    x: float
    y: float
    r: float
    sides: int
    style: Style


@dataclass(frozen=True)
class Star:
    """A star; with no rotation its first point is straight up."""

    x: float
    y: float
    r: float
    inner: float
    points: int
    style: Style


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style
    head: float = 0.0


@dataclass(frozen=True)
class Text:
    """Text in a box: a literal (`text`) or a translatable catalog key (`key`).

    It may carry the catalog's markup (`*term*`, `**bold**`) and inline icons (`{icon:name}`).
    """

    literal: str | None
    key: str | None
    x: float
    y: float
    w: float
    h: float
    size: float
    font: Font
    align: str
    valign: str
    colour: Colour | None
    location: Location

    # A deck's texts are copied with each card's words; the constructor costs a fifth of
    # dataclasses.replace, which looks the fields up each time.
    def saying(self, literal: str, location: Location | None = None) -> Text:
        """This text with other words in the same place and style (and where they come from, if elsewhere)."""
        return Text(literal, self.key, self.x, self.y, self.w, self.h, self.size, self.font, self.align, self.valign,
                    self.colour, location or self.location)


@dataclass(frozen=True)
class Image:
    """A PNG, JPEG or SVG file drawn into a box (an SVG as vectors)."""

    path: Path
    x: float
    y: float
    w: float
    h: float
    location: Location


@dataclass(frozen=True)
class Grid:
    x: float
    y: float
    cols: int
    rows: int
    cell: float
    fills: tuple[Colour | None, ...]
    style: Style


@dataclass(frozen=True)
class Group:
    """Elements drawn through a map of the plane: a placed group, or one element rotated.

    `matrix` maps the elements' own space (a group's box, y down) into the space around it.
    """

    elements: tuple[Element, ...]
    matrix: Matrix
    location: Location
    name: str | None = None  # the group placed, None for a rotated element
    size: tuple[float, float] = (0.0, 0.0)  # the group's own box, whose centre it turns about


Element = Circle | Rect | Polygon | Star | Line | Text | Image | Grid | Group


def walk(elements) -> Iterator[Element]:
    """Every element, those inside groups included (the groups themselves too), in drawing order."""
    for element in elements:
        yield element
        if isinstance(element, Group):
            yield from walk(element.elements)


@dataclass(frozen=True)
class Face:
    """One side of a component: what is drawn, in face space, and where it was declared."""

    width: float
    height: float
    background: Colour | None
    elements: tuple[Element, ...]
    location: Location

    def walk(self) -> Iterator[Element]:
        return walk(self.elements)

    @property
    def text_keys(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.key for e in self.walk() if isinstance(e, Text) and e.key))


class Budget:
    """Elements a set may still read: repeats and groups spend it as they expand."""

    def __init__(self):
        self.left = MAX_SET_ELEMENTS
        self.reported = False

    def spend(self, count: int, node: Node, path: str, problems: Problems) -> bool:
        self.left -= count
        if self.left >= 0:
            return True
        if not self.reported:
            problems.add(node.location, path, f"the set's faces make more than {MAX_SET_ELEMENTS} elements, over the "
                                              "limit (a repeat or group makes too many copies)")
            self.reported = True
        return False


@dataclass
class FaceContext:
    """What reading a face needs: its size, the palette, the values ${...} may use, the folders,
    the groups it may place, and the groups being placed around it (to refuse a loop)."""

    width: float
    height: float
    palette: dict[str, Colour]
    values: dict[str, Any]
    game_folder: Path
    templates_folders: tuple[Path, ...]
    problems: Problems = field(default_factory=Problems)
    groups: Any = None  # pnp.model.groups.GroupBook
    chain: tuple[str, ...] = ()
    budget: Budget = field(default_factory=Budget)
    # A set's elements by (id of node, width, height) → (node, the element read first, how it is shared).
    constants: dict | None = None
    # Where the values are, for an item from a table (attribute → its cell): a value filled in
    # from a cell is located there, so what is wrong with it is said at the cell.
    cells: Mapping[str, Location] | None = None
    fonts: Mapping[str, FontFamily] = field(default_factory=dict)  # the game's own families, by name

    def with_values(self, values: dict[str, Any]) -> FaceContext:
        return replace(self, values=values)


def substitute(node: Node, values: dict[str, Any], path: str, problems: Problems,
               cells: Mapping[str, Location] | None = None) -> Node:
    """node with every ${...} filled in from values (a whole-string one keeps the value's type); a
    value filled in from a table's cell (cells) is located at that cell, saying where it is used."""
    # A scalar without ${...} is kept as it is, without working out its key path: every
    # item of a deck fills in its faces, and most of their values hold no placeholder.
    if node.is_map:
        substituted = {k: v if _fixed(v) else substitute(v, values, join_key(path, k), problems, cells)
                       for k, v in node.value.items()}
        return Node(substituted, node.location, node.key_locations)
    if node.is_list:
        return Node([v if _fixed(v) else substitute(v, values, join_key(path, i), problems, cells)
                     for i, v in enumerate(node.value)], node.location)
    if _fixed(node):
        return node
    try:
        return Node(interpolate(node.value, values), cell_of(node, path, cells))
    except ExpressionError as error:
        problems.add(node.location, path, str(error))
        return Node(UNRESOLVED, node.location)


def cell_of(node: Node, path: str, cells: Mapping[str, Location] | None) -> Location:
    """Where the value node's ${...} fill in comes from: the cell of the first attribute it names that
    a table gives (saying where it is used), else the node itself."""
    if cells:
        for name in names_in(node.value):
            if name in cells:
                return cells.used_at(name, node.location, path) if hasattr(cells, "used_at") else \
                    cells[name].used_at(node.location, path)
    return node.location


def _fixed(node: Node) -> bool:
    """Whether node is a scalar with no ${...} to fill in."""
    value = node.value
    return not isinstance(value, (dict, list)) and not (isinstance(value, str) and "${" in value)


def read_face(node: Node, path: str, context: FaceContext) -> Face:
    """A typed Face from its YAML mapping; ${...} are filled in from context.values as it is read."""
    fields = Fields(node, path, context.problems)
    background_node = fields.get("background", default=None)
    background = None
    if background_node is not None:
        filled = substitute(background_node, context.values, join_key(path, "background"), context.problems,
                            context.cells)
        background = _colour_of(filled, join_key(path, "background"), context)
    elements = read_elements(fields, "elements", context)
    fields.finish()
    return Face(context.width, context.height, background, tuple(elements), node.location)


def _colour_of(node: Node, path: str, context: FaceContext) -> Colour | None:
    if node.value is UNRESOLVED:
        return None
    try:
        return parse_colour(node.value, context.palette)
    except ValueError as error:
        context.problems.add(node.location, path, str(error))
        return None


def read_elements(fields: Fields, key: str, context: FaceContext) -> list[Element]:
    """The elements listed under key (none if it is absent)."""
    elements: list[Element] = []
    for element_path, element_node in fields.items(key, default=[]):
        elements += read_element(element_node, element_path, context)
    return elements


def read_element(node: Node, path: str, context: FaceContext) -> list[Element]:
    """One element as written: none when `when:` excludes this item or it is wrong, several with `repeat:`."""
    if not node.is_map:
        context.problems.add(node.location, path, "expected an element such as '- circle: {r: 5mm}'")
        return []
    kinds = [k for k in node.value if k in _READERS]
    others = [k for k in node.value if k not in _READERS and k not in MODIFIERS]
    if len(kinds) != 1 or others:
        expected = ", ".join(_READERS)
        context.problems.add(node.location, path, f"expected exactly one element kind ({expected}) and optionally "
                                                  f"'when' and 'repeat', got {', '.join(node.value) or 'nothing'}")
        return []
    if "repeat" not in node.value:
        element = _read_shared(node, kinds[0], path, context)
        return [element] if element is not None else []
    repeat_node = substitute(node.value["repeat"], context.values, join_key(path, "repeat"), context.problems,
                             context.cells)
    copies = repeat_values(repeat_node, join_key(path, "repeat"), context.problems)
    if not context.budget.spend(len(copies), node, path, context.problems):
        return []
    made = []
    for variables in copies:
        element = _read_one(node, kinds[0], path, context.with_values({**context.values, **variables}))
        made += [element] if element is not None else []
    return made


# How a set's element is shared by its items (FaceContext.constants).
_ALIKE = "alike"  # read once, the same element for every item
_OWN_WORDS = "own words"  # read once; each item's copy takes its own words
_VARIES = "varies"  # read anew for each item


def _read_shared(node: Node, kind: str, path: str, context: FaceContext) -> Element | None:
    """The element; read once per set and size where it reads alike for every item (no `when:`,
    no ${...}, not a group, which takes values, and nothing wrong with it): a deck of a thousand
    cards reads its frame once. A text whose only ${...} are in its `text:` (a deck's names and
    rules) is read once too, and each item's copy takes its own words. Any other is read for
    each item, which reports its own problems."""
    shared = context.constants
    if shared is None or kind == "use" or "when" in node.value:
        return _read_one(node, kind, path, context)
    key = (id(node), context.width, context.height)
    known = shared.get(key)
    if known is not None and known[0] is node:
        _, element, how = known
        words = _words(node, kind, context) if how == _OWN_WORDS else None
        if how == _ALIKE or words is not None:
            if not context.budget.spend(1, node, path, context.problems):
                return None
            if words is None:
                return element
            body = node.value[kind]
            where = (cell_of(body.value["text"], join_key(join_key(path, kind), "text"), context.cells)
                     if context.cells else None)
            return element.saying(words, where if where is not None and where.cell else body.location)
        return _read_one(node, kind, path, context)
    before = len(context.problems)
    element = _read_one(node, kind, path, context)
    shared[key] = (node, element, _sharing(node, kind, element, len(context.problems) > before))
    return element


def _sharing(node: Node, kind: str, element: Element | None, troubled: bool) -> str:
    """How the element read from node is shared by the set's other items."""
    if troubled:
        return _VARIES
    if not _has_placeholder(node):
        return _ALIKE
    body = node.value[kind]
    if (kind == "text" and isinstance(element, Text) and element.key is None and body.is_map
            and not any(_has_placeholder(v) for k, v in body.value.items() if k != "text")):
        return _OWN_WORDS
    return _VARIES


def _words(node: Node, kind: str, context: FaceContext) -> str | None:
    """An item's words for a text shared as _OWN_WORDS; None where they are not plain words (a
    number, a table's translated text, a problem) and only reading the text anew says what it makes."""
    try:
        words = interpolate(node.value[kind].value["text"].value, context.values)
    except ExpressionError:
        return None
    return words if type(words) is str else None


def _has_placeholder(node: Node) -> bool:
    pending = [node]
    while pending:
        here = pending.pop()
        if isinstance(here.value, dict):
            pending += here.value.values()
        elif isinstance(here.value, list):
            pending += here.value
        elif not _fixed(here):
            return True
    return False


def _read_one(node: Node, kind: str, path: str, context: FaceContext) -> Element | None:
    """The element with its ${...} filled in from context.values, if its `when:` holds."""
    if "when" in node.value:
        when = substitute(node.value["when"], context.values, join_key(path, "when"), context.problems, context.cells)
        if not _included(when, join_key(path, "when"), context):
            return None
    if not context.budget.spend(1, node, path, context.problems):
        return None
    body = substitute(node.value[kind], context.values, join_key(path, kind), context.problems, context.cells)
    fields = Fields(body, join_key(path, kind), context.problems)
    element = _READERS[kind](fields, context)
    if element is not None:
        element = _rotated(element, fields, context)
    fields.finish()
    return element


def _included(node: Node, path: str, context: FaceContext) -> bool:
    if not node.is_map:
        context.problems.add(node.location, path, "expected a mapping of attribute: value(s)")
        return False
    for name, wanted in node.value.items():
        if name not in context.values:
            known = listing(sorted(context.values)) or "none"
            context.problems.add(wanted.location, join_key(path, name),
                                 f"unknown attribute {quote(name)} (known here: {known})")
            return False
        options = [w.value for w in wanted.value] if wanted.is_list else [wanted.value]
        if _compared(context.values[name]) not in [_compared(o) for o in options]:
            return False
    return True


def _compared(value: Any) -> Any:
    """A value as `when:` compares it: a table text by its source text, a whole float as an int."""
    if hasattr(value, "source"):
        return value.source
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _rotated(element: Element, fields: Fields, context: FaceContext) -> Element:
    """The element turned by its `rotate:` about its centre or `about: [x, y]`."""
    degrees = fields.number("rotate", default=0.0) or 0.0
    about_node = fields.get("about", default=None)
    about = _about(about_node, fields, context) if about_node is not None else None
    if degrees % 360 == 0:
        return element
    x, y = about if about is not None else centre(element)
    return Group((element,), rotation_about(degrees, x, y), fields.node.location)


def _about(node: Node, fields: Fields, context: FaceContext) -> tuple[float, float] | None:
    values = node.value if node.is_list else None
    if values is None or len(values) != 2:
        fields.report(node, f"expected a point [x, y] such as [50%, 50%], got {quote(node.plain())}", "about")
        return None
    try:
        return (_length_or_percent(values[0].value, context.width), _length_or_percent(values[1].value, context.height))
    except ValueError as error:
        fields.report(node, str(error), "about")
        return None


def centre(element: Element) -> tuple[float, float]:
    """The point an element turns about by default: its centre (a line's midpoint)."""
    if isinstance(element, (Circle, Polygon, Star)):
        return (element.x, element.y)
    if isinstance(element, Line):
        return ((element.x1 + element.x2) / 2, (element.y1 + element.y2) / 2)
    if isinstance(element, Grid):
        return (element.x + element.cols * element.cell / 2, element.y + element.rows * element.cell / 2)
    if isinstance(element, Group):
        return apply(element.matrix, element.size[0] / 2, element.size[1] / 2)
    return (element.x + element.w / 2, element.y + element.h / 2)


class _Geometry:
    """Reads positions and sizes that may be lengths or percentages of the face."""

    def __init__(self, fields: Fields, context: FaceContext):
        self.fields = fields
        self.bases = {"x": context.width, "w": context.width, "y": context.height, "h": context.height}
        self.short = min(context.width, context.height)

    def get(self, key: str, default: str | None = None, axis: str | None = None, least: str | None = None) -> float:
        """Points for key; a missing key takes default (required when default is None). `least` bounds
        a size: "positive" (a width, height or radius) or "zero" (a corner radius, an arrow head); a
        position may be anything."""
        base = self.short if (axis or key) == "r" else self.bases.get(axis or key[0], self.short)
        if not self.fields.has(key) and default is not None:
            return _length_or_percent(default, base)
        value = self.fields.typed(key, lambda v: _bounded(_length_or_percent(v, base), v, least))
        return value if value is not None else 0.0

    def size(self, key: str, default: str | None = None, axis: str | None = None) -> float:
        """A width, height or radius: a length or percentage greater than zero."""
        return self.get(key, default, axis, least="positive")


def _bounded(points: float, written: Any, least: str | None) -> float:
    if least == "positive" and points <= 0:
        raise ValueError(f"expected a size greater than zero, got {quote(written)}")
    if least == "zero" and points < 0:
        raise ValueError(f"expected a size of zero or more, got {quote(written)}")
    return points


def _length_or_percent(value: Any, base: float) -> float:
    if isinstance(value, str):
        return _written_length(value, base)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0:
        return 0.0
    return parse_length(value)


@lru_cache(maxsize=4096)
def _written_length(value: str, base: float) -> float:
    """Points for a length or percentage of base written as text: the items of a deck fill in
    their faces' elements anew, and these are the same few texts on every card."""
    if value.strip().endswith("%"):
        match = _PERCENT.fullmatch(value)
        if match is None:
            raise ValueError(f"expected a percentage such as '50%', got {quote(value)}")
        return bounded_length(float(match.group(1)) / 100 * base, value)
    return parse_length(value)


def _style(fields: Fields, context: FaceContext, fill: str | None = None, stroke: str | None = None) -> Style:
    """Fill, stroke, stroke width and dash of a shape; fill and stroke default per shape kind."""
    return Style(
        fill=fields.colour("fill", context.palette, default=fill),
        stroke=fields.colour("stroke", context.palette, default=stroke),
        width=fields.length("width", default="1pt") or 1.0,
        dash=fields.typed("dash", _parse_dash, default=None) or (),
    )


def _parse_dash(text: object) -> tuple[float, ...]:
    """Dash and gap lengths: none negative, not all zero (a PDF cannot draw a dash cycle of zero)."""
    if not isinstance(text, str) or not text.split() or len(text.split()) > MAX_DASHES:
        raise ValueError(f"expected 1 to {MAX_DASHES} dash lengths such as '2mm 1mm', got {quote(text)}")
    try:
        dash = tuple(parse_length(part) for part in text.split())
    except ValueError as error:
        raise ValueError(f"{error} (a dash is lengths like '2mm 1mm')") from None
    if min(dash) < 0 or sum(dash) <= 0:
        raise ValueError(f"expected dash lengths of zero or more that add up to more than zero, got {quote(text)}")
    return dash


def _circle(fields: Fields, context: FaceContext) -> Circle:
    g = _Geometry(fields, context)
    return Circle(g.get("x", "50%"), g.get("y", "50%"), g.size("r", "40%"), _style(fields, context, fill="black"))


def _rect(fields: Fields, context: FaceContext) -> Rect:
    g = _Geometry(fields, context)
    return Rect(g.get("x", "0%"), g.get("y", "0%"), g.size("w", "100%"), g.size("h", "100%"),
                g.get("radius", "0mm", axis="r", least="zero"), _style(fields, context, fill="black"))


def _polygon(fields: Fields, context: FaceContext) -> Polygon:
    g = _Geometry(fields, context)
    sides = fields.integer("sides", default=6, minimum=3, maximum=MAX_SIDES)
    return Polygon(g.get("x", "50%"), g.get("y", "50%"), g.size("r", "40%"), sides or 6,
                   _style(fields, context, fill="black"))


def _star(fields: Fields, context: FaceContext) -> Star:
    g = _Geometry(fields, context)
    points = fields.integer("points", default=5, minimum=3, maximum=MAX_SIDES)
    inner = fields.number("inner", default=0.45, minimum=0.0, maximum=1.0)
    return Star(g.get("x", "50%"), g.get("y", "50%"), g.size("r", "40%"), inner or 0.45, points or 5,
                _style(fields, context, fill="black"))


def _line(fields: Fields, context: FaceContext, arrow: bool = False) -> Line:
    g = _Geometry(fields, context)
    x1, y1, x2, y2 = (g.get(k, axis=k[0]) for k in ("x1", "y1", "x2", "y2"))
    head = g.get("head", "3mm", axis="r", least="zero") if arrow else 0.0
    return Line(x1, y1, x2, y2, style=_style(fields, context, stroke="black"), head=head)


def _arrow(fields: Fields, context: FaceContext) -> Line:
    return _line(fields, context, arrow=True)


def _text(fields: Fields, context: FaceContext) -> Text | None:
    g = _Geometry(fields, context)
    literal, key = _table_text(fields) or (fields.text("text", default=None), fields.text("key", default=None))
    unresolved = any(fields.values[k].value is UNRESOLVED for k in ("text", "key") if k in fields.values)
    if (literal is None) == (key is None) and not unresolved:
        fields.report(fields.node, "expected either 'text' (the same in every language) or 'key' (a catalog key), "
                                   "not both or neither")
    text = Text(
        literal, key,
        g.get("x", "0%"), g.get("y", "0%"), g.size("w", "100%"), g.size("h", "100%"),
        size=fields.length("size", default="10pt") or 10.0,
        font=read_font(fields, context.fonts),
        align=fields.choice("align", ("left", "centre", "right"), default="centre") or "centre",
        valign=fields.choice("valign", ("top", "middle", "bottom"), default="middle") or "middle",
        colour=fields.colour("colour", context.palette, default="black"),
        location=_text_location(fields),
    )
    return text if (literal is None) != (key is None) else None


def _text_location(fields: Fields) -> Location:
    """Where a text's problems (too long for its box, an unknown icon) are said: at the table cell
    its words come from, else at the element."""
    node = fields.values.get("text")
    return node.location if node is not None and node.location.cell else fields.node.location


def _table_text(fields: Fields) -> tuple[None, str] | None:
    """A text given as a table's translated column (`text: ${name}`): its catalog key."""
    node = fields.values.get("text")
    if node is None or not hasattr(node.value, "key"):
        return None
    fields.used.add("text")
    if fields.has("key"):
        fields.report(fields.values["key"], "give 'text' or 'key', not both", "key")
    return None, node.value.key


def _image(fields: Fields, context: FaceContext) -> Image | None:
    g = _Geometry(fields, context)
    file = fields.text("file")
    box = (g.get("x", "0%"), g.get("y", "0%"), g.size("w", "100%"), g.size("h", "100%"))
    if file is None:
        return None
    path, problem = find_image(file, context.game_folder, context.templates_folders)
    if problem:
        fields.report(fields.values["file"], problem, "file")
        return None
    assert path is not None  # find_image gives a path or the problem that kept it from one
    return Image(path, *box, location=fields.node.location)


def _grid(fields: Fields, context: FaceContext) -> Grid:
    g = _Geometry(fields, context)
    fills = []
    for fill_path, fill_node in fields.items("fills", default=[]):
        try:
            fills.append(parse_colour(fill_node.value, context.palette))
        except ValueError as error:
            context.problems.add(fill_node.location, fill_path, str(error))
    cols = fields.integer("cols", minimum=1, maximum=MAX_GRID_CELLS) or 1
    rows = fields.integer("rows", minimum=1, maximum=MAX_GRID_CELLS) or 1
    if cols * rows > MAX_GRID_CELLS:
        fields.report(fields.node, f"a grid of {cols} × {rows} cells is over the limit of {MAX_GRID_CELLS} cells")
        cols = rows = 1
    return Grid(g.get("x", "0%"), g.get("y", "0%"), cols, rows, g.size("cell", axis="r"), tuple(fills) or (None,),
                _style(fields, context, stroke="black"))


_READERS: dict[str, Callable[[Fields, FaceContext], Element | None]] = {
    "circle": _circle,
    "rect": _rect,
    "polygon": _polygon,
    "star": _star,
    "line": _line,
    "arrow": _arrow,
    "text": _text,
    "image": _image,
    "grid": _grid,
    "use": lambda fields, context: _use(fields, context),
}


def _use(fields: Fields, context: FaceContext) -> Group | None:
    from pnp.model.groups import read_use  # groups read faces' elements: imported when one is placed

    return read_use(fields, context)
