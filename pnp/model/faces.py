"""Face definitions in YAML → typed elements in points, face space (top-left origin, y down).

A face is a background plus a list of elements (shapes, text, images, grids).
Positions and sizes are lengths ('12mm') or percentages of the face ('50%': of the
width for x and w, of the height for y and h, of the shorter side for r). Elements
may carry `when: {attribute: value}` to appear only on some items of a set, and any
string may use `${attribute}` to take an item's value.
"""

from __future__ import annotations

import functools
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from pnp.model.colours import Colour, parse_colour
from pnp.model.files import content_file
from pnp.model.limits import MAX_DASHES, MAX_GRID_CELLS, MAX_IMAGE_PIXELS, MAX_SIDES
from pnp.model.problems import ContentError, Location, Problems, listing, quote
from pnp.model.reader import UNRESOLVED, Fields, join_key
from pnp.model.source import Node
from pnp.model.units import bounded_length, parse_length

FONTS = ("regular", "bold", "italic", "bolditalic")
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
    x: float
    y: float
    r: float
    sides: int
    rotate: float
    style: Style


@dataclass(frozen=True)
class Star:
    x: float
    y: float
    r: float
    inner: float
    points: int
    rotate: float
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
    """Text in a box: a literal (`text`) or a translatable catalog key (`key`)."""

    literal: str | None
    key: str | None
    x: float
    y: float
    w: float
    h: float
    size: float
    font: str
    align: str
    valign: str
    colour: Colour | None
    location: Location


@dataclass(frozen=True)
class Image:
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


Element = Union[Circle, Rect, Polygon, Star, Line, Text, Image, Grid]


@dataclass(frozen=True)
class Face:
    """One side of a component: what is drawn, in face space, and where it was declared."""

    width: float
    height: float
    background: Colour | None
    elements: tuple[Element, ...]
    location: Location

    @property
    def text_keys(self) -> tuple[str, ...]:
        return tuple(e.key for e in self.elements if isinstance(e, Text) and e.key)


@dataclass
class FaceContext:
    """What reading a face needs: its size, the palette, the item's values, the folders."""

    width: float
    height: float
    palette: dict[str, Colour]
    values: dict[str, Any]
    game_folder: Path
    templates_folder: Path
    problems: Problems = field(default_factory=Problems)


_VARIABLE = re.compile(r"\$\{([A-Za-z_][\w-]*)\}")


def substitute(node: Node, values: dict[str, Any], path: str, problems: Problems) -> Node:
    """node with every ${name} replaced by the item's value (a whole-string one keeps its type)."""
    if node.is_map:
        substituted = {k: substitute(v, values, join_key(path, k), problems) for k, v in node.value.items()}
        return Node(substituted, node.location, node.key_locations)
    if node.is_list:
        return Node([substitute(v, values, join_key(path, i), problems) for i, v in enumerate(node.value)], node.location)
    if not isinstance(node.value, str) or "${" not in node.value:
        return node
    unknown = [name for name in _VARIABLE.findall(node.value) if name not in values]
    if unknown:
        known = listing(sorted(values)) or "none"
        problems.add(node.location, path, f"unknown attribute '${{{unknown[0]}}}' (this set has: {known})")
        return Node(UNRESOLVED, node.location)
    whole = _VARIABLE.fullmatch(node.value)
    if whole:
        return Node(values[whole.group(1)], node.location)
    return Node(_VARIABLE.sub(lambda match: str(values[match.group(1)]), node.value), node.location)


def read_face(node: Node, path: str, context: FaceContext) -> Face:
    """A typed Face from its YAML mapping (already substituted with the item's values)."""
    fields = Fields(node, path, context.problems)
    background = fields.colour("background", context.palette, default=None)
    elements = []
    for element_path, element_node in fields.items("elements", default=[]):
        element = read_element(element_node, element_path, context)
        if element is not None:
            elements.append(element)
    fields.finish()
    return Face(context.width, context.height, background, tuple(elements), node.location)


def read_element(node: Node, path: str, context: FaceContext) -> Element | None:
    """One element, or None when its `when:` excludes this item or it is wrong."""
    if not node.is_map:
        context.problems.add(node.location, path, "expected an element such as '- circle: {r: 5mm}'")
        return None
    kinds = [k for k in node.value if k in _READERS]
    others = [k for k in node.value if k not in _READERS and k != "when"]
    if len(kinds) != 1 or others:
        expected = ", ".join(_READERS)
        context.problems.add(node.location, path, f"expected exactly one element kind ({expected}) and optionally 'when', got {', '.join(node.value) or 'nothing'}")
        return None
    if "when" in node.value and not _included(node.value["when"], join_key(path, "when"), context):
        return None
    kind = kinds[0]
    fields = Fields(node.value[kind], join_key(path, kind), context.problems)
    element = _READERS[kind](fields, context)
    fields.finish()
    return element


def _included(node: Node, path: str, context: FaceContext) -> bool:
    if not node.is_map:
        context.problems.add(node.location, path, "expected a mapping of attribute: value(s)")
        return False
    for name, wanted in node.value.items():
        if name not in context.values:
            known = listing(sorted(context.values)) or "none"
            context.problems.add(wanted.location, join_key(path, name), f"unknown attribute {quote(name)} (this set has: {known})")
            return False
        options = [w.value for w in wanted.value] if wanted.is_list else [wanted.value]
        if context.values[name] not in options:
            return False
    return True


class _Geometry:
    """Reads positions and sizes that may be lengths or percentages of the face."""

    def __init__(self, fields: Fields, context: FaceContext):
        self.fields = fields
        self.bases = {"x": context.width, "w": context.width, "y": context.height, "h": context.height}
        self.short = min(context.width, context.height)

    def get(self, key: str, default: str | None = None, axis: str | None = None) -> float:
        """Points for key; a missing key takes default (required when default is None)."""
        base = self.short if (axis or key) == "r" else self.bases.get(axis or key[0], self.short)
        if not self.fields.has(key) and default is not None:
            return _length_or_percent(default, base)
        value = self.fields.typed(key, lambda v: _length_or_percent(v, base))
        return value if value is not None else 0.0


def _length_or_percent(value: Any, base: float) -> float:
    if isinstance(value, str) and value.strip().endswith("%"):
        match = _PERCENT.fullmatch(value)
        if match is None:
            raise ValueError(f"expected a percentage such as '50%', got {quote(value)}")
        return bounded_length(float(match.group(1)) / 100 * base, value)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0:
        return 0.0
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
    return Circle(g.get("x", "50%"), g.get("y", "50%"), g.get("r", "40%"), _style(fields, context, fill="black"))


def _rect(fields: Fields, context: FaceContext) -> Rect:
    g = _Geometry(fields, context)
    return Rect(g.get("x", "0%"), g.get("y", "0%"), g.get("w", "100%"), g.get("h", "100%"), g.get("radius", "0mm", axis="r"), _style(fields, context, fill="black"))


def _polygon(fields: Fields, context: FaceContext) -> Polygon:
    g = _Geometry(fields, context)
    sides = fields.integer("sides", default=6, minimum=3, maximum=MAX_SIDES)
    rotate = fields.number("rotate", default=0.0)
    return Polygon(g.get("x", "50%"), g.get("y", "50%"), g.get("r", "40%"), sides or 6, rotate or 0.0, _style(fields, context, fill="black"))


def _star(fields: Fields, context: FaceContext) -> Star:
    g = _Geometry(fields, context)
    points = fields.integer("points", default=5, minimum=3, maximum=MAX_SIDES)
    inner = fields.number("inner", default=0.45, minimum=0.0, maximum=1.0)
    rotate = fields.number("rotate", default=0.0)
    return Star(g.get("x", "50%"), g.get("y", "50%"), g.get("r", "40%"), inner or 0.45, points or 5, rotate or 0.0, _style(fields, context, fill="black"))


def _line(fields: Fields, context: FaceContext, arrow: bool = False) -> Line:
    g = _Geometry(fields, context)
    coordinates = [g.get(k, axis=k[0]) for k in ("x1", "y1", "x2", "y2")]
    head = g.get("head", "3mm", axis="r") if arrow else 0.0
    return Line(*coordinates, style=_style(fields, context, stroke="black"), head=head)


def _arrow(fields: Fields, context: FaceContext) -> Line:
    return _line(fields, context, arrow=True)


def _text(fields: Fields, context: FaceContext) -> Text | None:
    g = _Geometry(fields, context)
    literal = fields.text("text", default=None)
    key = fields.text("key", default=None)
    if (literal is None) == (key is None):
        fields.report(fields.node, "expected either 'text' (the same in every language) or 'key' (a catalog key), not both or neither")
    text = Text(
        literal, key,
        g.get("x", "0%"), g.get("y", "0%"), g.get("w", "100%"), g.get("h", "100%"),
        size=fields.length("size", default="10pt") or 10.0,
        font=fields.choice("font", FONTS, default="regular") or "regular",
        align=fields.choice("align", ("left", "centre", "right"), default="centre") or "centre",
        valign=fields.choice("valign", ("top", "middle", "bottom"), default="middle") or "middle",
        colour=fields.colour("colour", context.palette, default="black"),
        location=fields.node.location,
    )
    return text if (literal is None) != (key is None) else None


def _image(fields: Fields, context: FaceContext) -> Image | None:
    g = _Geometry(fields, context)
    file = fields.text("file")
    box = (g.get("x", "0%"), g.get("y", "0%"), g.get("w", "100%"), g.get("h", "100%"))
    if file is None:
        return None
    path, problem = find_image(file, context.game_folder, context.templates_folder)
    if problem:
        fields.report(fields.values["file"], problem, "file")
        return None
    return Image(path, *box, location=fields.node.location)


def find_image(file: str, game_folder: Path, templates_folder: Path) -> tuple[Path | None, str | None]:
    """The image file a face names, checked; or why it cannot be used."""
    root, relative = (templates_folder, file[len("templates/"):]) if file.startswith("templates/") else (game_folder, file)
    try:
        path = content_file(Path(root) / relative, root)
    except ContentError as error:
        return None, f"image {quote(file)} {error.problems[0].message}"
    if Path(relative).suffix.lower() not in (".png", ".jpg", ".jpeg"):
        return None, f"expected a PNG or JPEG image, got {quote(file)}"
    if path is None:
        return None, f"image file not found: {quote(file)}"
    stat = path.stat()
    problem = image_problem(path, stat.st_size, stat.st_mtime_ns)
    return (None, f"image {quote(file)} {problem}") if problem else (path, None)


@functools.lru_cache(maxsize=64)
def image_problem(path: Path, size: int = 0, mtime_ns: int = 0) -> str | None:
    """Why Pillow cannot safely read the image (not an image, corrupt, a decompression bomb).

    The image is decoded in full (within MAX_IMAGE_PIXELS): a PNG or JPEG whose data is
    damaged can pass Pillow's verify() and fail only when it is drawn. The answer is
    kept per file, size and time (they are only the cache's key), as every item of a
    set names the same images.
    """
    from PIL import Image as PILImage  # here: `pnp list` reads components without Pillow

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            with PILImage.open(path) as image:
                if image.format not in ("PNG", "JPEG"):
                    return f"is {image.format}, expected PNG or JPEG"
                if image.width * image.height > MAX_IMAGE_PIXELS:
                    return f"is {image.width} × {image.height} pixels, over the limit of {MAX_IMAGE_PIXELS} pixels"
                image.verify()
            with PILImage.open(path) as image:
                image.load()
    except (PILImage.DecompressionBombError, PILImage.DecompressionBombWarning):
        return f"is too large to decode safely (over the limit of {MAX_IMAGE_PIXELS} pixels)"
    except (OSError, SyntaxError, ValueError, EOFError) as error:
        return f"cannot be read as an image: {quote(str(error))}"
    return None


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
    return Grid(g.get("x", "0%"), g.get("y", "0%"), cols, rows, g.get("cell", axis="r"), tuple(fills) or (None,),
                _style(fields, context, stroke="black"))


_READERS = {
    "circle": _circle,
    "rect": _rect,
    "polygon": _polygon,
    "star": _star,
    "line": _line,
    "arrow": _arrow,
    "text": _text,
    "image": _image,
    "grid": _grid,
}
