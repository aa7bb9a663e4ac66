"""A component set read as far as its items, without its faces: what `pnp list` needs.

The set's kind, shape, size, corner, bleed and sheet choices, and each item's id,
attribute values, copies and size: its items come from `product:` (every combination
of attribute values, like Boardless Quarto's 2⁴ pieces), from `items:` listed by hand or
rows of tables (pnp.model.item_sources), or all of these; `count:` repeats an item, and a
listed item may have a `width:` and `height:` of its own (Folio's three piece sizes).
The faces stay YAML nodes here; pnp.model.components reads them into each item's front
and back, so reading the faces (and importing their readers) is paid only by commands
that draw. Set and item ids become parts of file names, so they are checked as ids; an
id made from an item's values is turned into one. A set's item count, copies, elements
and size are bounded (pnp.model.limits) before anything is expanded.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pnp.model.item_sources import is_table, item_nodes, key_texts, read_table_rows, used_names
from pnp.model.limits import (
    MAX_BLEED_MM,
    MAX_BOARD_SHEETS,
    MAX_COMPONENT_MM,
    MAX_COPIES_PER_SET,
    MAX_ID_CHARS,
    MAX_ITEMS_PER_SET,
    MAX_SET_ELEMENTS,
    SMALLEST_PAPER_MM,
)
from pnp.model.names import id_problem, slug
from pnp.model.nets import NET_KINDS, NetChoices, read_net
from pnp.model.problems import Location, Problems, quote
from pnp.model.reader import Fields
from pnp.model.sheets import SheetChoices, read_set_sheet
from pnp.model.source import Node
from pnp.model.templates import Templates
from pnp.model.units import mm, to_mm
from pnp.shapes import RECTANGLE, SHAPES, Shape

if TYPE_CHECKING:
    from pnp.model.faces import Budget
    from pnp.model.groups import GroupBook

KINDS = ("card", "token", "tile", "piece", "board", "tuck-box", "standee")
COLOUR_MEANINGS = ("meaningful", "decorative")
# Keys of a listed item besides its attributes: they cannot name attributes.
ITEM_KEYS = ("id", "count", "width", "height")
Sized = tuple[float | None, float | None]  # an item's own width and height, where it gives them


@dataclass(frozen=True)
class ItemOutline:
    """One distinct component before its faces are read: id, attribute values, copies, size, and
    for an item from a table where each value is (attribute, id, count → its cell)."""

    id: str
    values: dict[str, Any]
    count: int
    size: tuple[float, float]
    cells: Mapping[str, Location] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class SetFacts:
    """What a set is made of: its kind, shape, size, attributes, items and sheet choices. Its
    items are ItemOutlines in a SetOutline, Items with their faces in a ComponentSet."""

    id: str
    kind: str
    shape: Shape
    width: float
    height: float
    corner: float
    bleed: float
    attributes: tuple[str, ...]
    items: tuple
    location: Location
    sheet: SheetChoices
    # `accessibility: {colour: decorative}`: its colours tell no item from another, so the
    # accessibility check does not ask that they stay apart as others see them.
    decorative_colour: bool

    @property
    def count(self) -> int:
        return sum(item.count for item in self.items)


@dataclass(frozen=True)
class SetOutline(SetFacts):
    """A set as far as its items; `complete` is False when a problem left it unusable (its
    faces are still read, at a stand-in size where it has none, so their problems show too)."""

    items: tuple[ItemOutline, ...]
    front: Node
    back: Node | None
    complete: bool
    panels: tuple[tuple[str, Node], ...] = ()  # faces beyond front and back (a tuck box's side and top)


@dataclass
class SetContext:
    palette: dict
    game_folder: Any
    templates: Templates
    problems: Problems
    groups: GroupBook | None = None
    budget: Budget | None = None  # elements the set being read may still make
    constants: dict | None = None  # the set's elements that read alike for every item (FaceContext.constants)
    languages: tuple[str, ...] = ("en",)  # a table's text columns may be in these
    source_language: str = "en"
    table_texts: dict = field(default_factory=dict)  # key → TextCells, from every set's tables
    table_files: list = field(default_factory=list)  # every table file the sets read
    fonts: dict = field(default_factory=dict)  # the game's own font families by name (pnp.model.fonts)
    nets: NetChoices = field(default_factory=NetChoices)  # game.yaml's tuck-box: and standee:
    outlines: dict[str, SetOutline] = field(default_factory=dict)  # the sets read so far (a tuck box's deck)


def read_set_outlines(node: Node, context: SetContext) -> tuple[SetOutline, ...]:
    """Every usable set of components.yaml as far as its items (its groups and faces unread)."""
    outlines = each_set(node, context, read_set_outline, read_groups=lambda groups: None)
    return tuple(outline for outline in outlines if outline.complete)


def each_set(node: Node, context: SetContext, read_set: Callable, read_groups: Callable) -> tuple:
    """read_set(set_id, node, context) for every set under `sets:` in components.yaml, in the
    order written, with the file's `groups:` node given to read_groups first; Nones left out."""
    fields = Fields(node, "", context.problems)
    sets_node = fields.get("sets")
    read_groups(fields.get("groups", default=None))
    fields.finish()
    if sets_node is None:
        return ()
    if not sets_node.is_map:
        context.problems.add(sets_node.location, "sets", "expected a mapping of set names to sets")
        return ()
    result = []
    for set_id, set_node in sets_node.value.items():
        problem = id_problem(set_id, "a set id")
        if problem:
            context.problems.add(sets_node.key_location(set_id), "sets", problem)
            continue
        read = read_set(set_id, set_node, context)
        if read is not None:
            result.append(read)
    return tuple(result)


def read_set_outline(set_id: str, raw: Node, context: SetContext) -> SetOutline | None:
    """One set as far as its items; None when it has no front or too many elements to read."""
    node = context.templates.resolve(raw)
    fields = Fields(node, f"sets.{set_id}", context.problems)
    kind = fields.choice("kind", KINDS)
    shape: Shape | None
    if kind in NET_KINDS:
        net = read_net(kind, fields, context.nets, context.outlines)
        shape, width, height = net.shape, net.width, net.height
    else:
        shape_name = fields.choice("shape", tuple(SHAPES), default="rect")
        shape = SHAPES[shape_name] if shape_name is not None else None
        width = fields.length("width")
        height = fields.length("height", default=None)
    corner = fields.length("corner", default="0mm", positive=False)
    bleed = fields.length("bleed", default="3mm", positive=False)
    if bleed is not None and bleed > mm(MAX_BLEED_MM):
        fields.report(fields.values["bleed"], f"a bleed of {to_mm(bleed):g} mm is over the limit of {MAX_BLEED_MM} mm",
                      "bleed")
        bleed = None
    attributes = _attribute_names(fields)
    value_sets, own_sizes, cells = _item_values(fields, attributes, context, kind)
    key_texts(set_id, value_sets, context.table_texts)
    attributes = tuple(dict.fromkeys((*attributes, *(name for _, values, _ in value_sets for name in values))))
    front_node = fields.get("front")
    back_node = fields.get("back", default=None)
    panels = tuple((name, face) for name in (shape.panel_faces if shape else ())
                   if (face := fields.get(name, default=None)) is not None)
    sheet = read_set_sheet(fields, shape)
    decorative_colour = _decorative_colour(fields)
    fields.finish()
    faces = (front_node, back_node, *(face for _, face in panels))
    if front_node is None or not _elements_allowed(value_sets, faces, fields, context):
        return None
    size = (width or 1.0, height or (shape or RECTANGLE).natural_height(width or 1.0))
    if kind == "tuck-box" and any(own != (None, None) for own in own_sizes):
        fields.report(fields.values["items"], "a tuck box is sized from its deck; its items take no 'width' or "
                                              "'height'", "items")
        own_sizes = [(None, None)] * len(own_sizes)
    items = tuple(ItemOutline(item_id, values, count, _own_size(own, size, shape), where)
                  for (item_id, values, count), own, where in zip(value_sets, own_sizes, cells))
    sizes = {size, *(item.size for item in items)}
    if shape is not None:  # a tuck box's side and top are sized from its deck too
        sizes |= {shape.face_size(name, *item.size) for name, _ in panels for item in items}
    complete = (width is not None and kind is not None and shape is not None
                and all(_size_allowed(kind, w, h, fields) for w, h in sizes))
    outline = SetOutline(set_id, kind or "", shape or RECTANGLE, *size, corner or 0.0, bleed or 0.0, attributes,
                         items, node.location, sheet, decorative_colour, front_node, back_node, complete,
                         panels)
    context.outlines[set_id] = outline
    return outline


def _decorative_colour(fields: Fields) -> bool:
    """Whether the set's `accessibility:` says its colours are decorative (they carry no meaning)."""
    section = fields.mapping("accessibility", default=None)
    if section is None:
        return False
    meaning = section.choice("colour", COLOUR_MEANINGS, default="meaningful")
    section.finish()
    return meaning == "decorative"


def _own_size(own: Sized, size: tuple[float, float], shape: Shape | None) -> tuple[float, float]:
    """An item's size: its own width and height where it gives them, else the set's."""
    width, height = own
    if width is None and height is None:
        return size
    width = width or size[0]
    return width, height or (shape or RECTANGLE).natural_height(width)


def _elements_allowed(value_sets: list, faces: tuple[Node | None, ...], fields: Fields, context: SetContext) -> bool:
    """Every item reads its faces anew, so items × elements is bounded before any is read."""
    per_item = 0
    for face in faces:
        resolved = context.templates.resolve(face) if face is not None and face.is_map else None
        elements = resolved.value.get("elements") if resolved is not None else None
        per_item += len(elements.value) if elements is not None and elements.is_list else 0
    total = len(value_sets) * per_item
    if total > MAX_SET_ELEMENTS:
        fields.report(fields.node, f"{len(value_sets)} items with {per_item} elements each make {total} elements, "
                                   f"over the limit of {MAX_SET_ELEMENTS}")
        return False
    return True


def _size_allowed(kind: str, width: float, height: float, fields: Fields) -> bool:
    """True if the size is within the bounds; else a problem at the set."""
    problem = size_problem(kind, width, height)
    if problem:
        fields.report(fields.node, problem)
    return problem is None


def size_problem(kind: str, width: float, height: float) -> str | None:
    """A component is at most MAX_COMPONENT_MM a side; a board at most MAX_BOARD_SHEETS sheets' worth."""
    w, h = to_mm(width), to_mm(height)
    if kind != "board":
        if max(w, h) > MAX_COMPONENT_MM:
            return (f"a {kind} of {w:g} × {h:g} mm is over the limit of {MAX_COMPONENT_MM} mm a side "
                    "(only a board may be larger than the paper)")
        return None
    sheets = board_sheets(w, h)
    if sheets > MAX_BOARD_SHEETS:
        return f"a board of {w:g} × {h:g} mm needs about {sheets} sheets of paper, over the limit of {MAX_BOARD_SHEETS}"
    return None


def board_sheets(width_mm: float, height_mm: float) -> int:
    """Sheets of the smallest paper a board needs, whole sheets along each side, in the better
    orientation: fewer than its tiling needs, which loses margins and overlaps besides."""
    paper_w, paper_h = SMALLEST_PAPER_MM
    return min(math.ceil(width_mm / across) * math.ceil(height_mm / up)
               for across, up in ((paper_w, paper_h), (paper_h, paper_w)))


def _attribute_names(fields: Fields) -> tuple[str, ...]:
    names = []
    for path, node in fields.items("attributes", default=[]):
        if node.value in ITEM_KEYS:
            fields.problems.add(node.location, path, f"{quote(node.value)} is an item's own key "
                                                     f"({', '.join(ITEM_KEYS)}); name the attribute otherwise")
        elif isinstance(node.value, str) and node.value.replace("-", "").replace("_", "").isalnum():
            names.append(node.value)
        else:
            fields.problems.add(node.location, path, f"expected an attribute name, got {quote(node.value)}")
    product = fields.values.get("product")
    if product is not None and product.is_map:
        names.extend(k for k in product.value if k not in names)
    return tuple(names)


def _item_values(fields: Fields, attributes: tuple[str, ...], context: SetContext,
                 kind: str | None) -> tuple[list[tuple[str, dict, int]], list[Sized], list[Mapping[str, Location]]]:
    """(id, attribute values, count) for every item, the product first, then the listed ones and
    tables' rows; and beside them each item's own size (a listed item may give one) and the
    cells its values are in (an item from a table)."""
    default_count = fields.integer("count", default=1, minimum=1) or 1
    product = _product(fields)
    if product is None:
        return [], [], []
    items: list[tuple[str | None, dict, int]] = [(None, values, default_count) for values in product]
    sizes: list[Sized] = [(None, None)] * len(items)
    cells: list[Mapping[str, Location]] = [{} for _ in items]
    entries = list(item_nodes(fields))
    expected: tuple[str, ...] = ()
    if any(is_table(node) for _, node in entries):
        faces = (fields.values.get("front"), fields.values.get("back"))
        expected = tuple(dict.fromkeys((*attributes, *used_names(faces))))
    tables = {id(node): read_table_rows(node, path, context, default_count, expected)
              for path, node in entries if is_table(node)}
    attributes = tuple(dict.fromkeys((*attributes, *(a for rows in tables.values() for a in rows.attributes))))
    own: list[Sized]
    where: list[Mapping[str, Location]]
    for item_path, item_node in entries:
        if id(item_node) in tables:
            rows = tables[id(item_node)]
            made, own, where = rows.items, [(None, None)] * len(rows.items), rows.cells
        else:
            item_id, values, count, size = _listed_item(item_node, item_path, attributes, default_count,
                                                        context.problems, kind)
            made, own, where = [(item_id, values, count)], [size], [{}]
        if len(items) + len(made) > MAX_ITEMS_PER_SET:
            fields.report(item_node, f"a set has more than {MAX_ITEMS_PER_SET} items, over the limit", "items")
            return [], [], []
        items += made
        sizes += own
        cells += where
    if not items and all(rows.read for rows in tables.values()):
        fields.report(fields.node, "a set needs 'product:' or 'items:' (at least one item)")
    copies = sum(count for _, _, count in items)
    if copies > MAX_COPIES_PER_SET:
        fields.report(fields.node, f"the set prints {copies} components, over the limit of {MAX_COPIES_PER_SET}")
        return [], [], []
    return _with_ids(items), sizes, cells


def _product(fields: Fields) -> list[dict] | None:
    """Every combination of the values under `product:`, counted before it is made; None if too many."""
    product = fields.mapping("product", default=None)
    if product is None:
        return []
    axes = []
    for name in product.values:
        values = [v.value for _, v in product.items(name)]
        axes.append([(name, v) for v in values])
    product.finish()
    size = math.prod(len(axis) for axis in axes)
    if size > MAX_ITEMS_PER_SET:
        fields.report(product.node, f"product: makes {size} items, over the limit of {MAX_ITEMS_PER_SET}", "product")
        return None
    return [dict(combination) for combination in itertools.product(*axes)]


def _listed_item(node: Node, path: str, attributes: tuple[str, ...], default_count: int, problems: Problems,
                 kind: str | None) -> tuple[str | None, dict, int, Sized]:
    """An item of `items:`: its id (None to make one from its values), values, count and own size."""
    fields = Fields(node, path, problems)
    item_id = fields.text("id", default=None)
    problem = item_id is not None and id_problem(item_id, "an item id")
    if problem:
        fields.report(fields.values["id"], problem, "id")
    count = fields.integer("count", default=default_count, minimum=1) or 1
    size = (fields.length("width", default=None), fields.length("height", default=None))
    for key, value in zip(("width", "height"), size):
        # A board's item is measured in sheets with the set, once both sides are known.
        if value is not None and kind not in (None, "board") and to_mm(value) > MAX_COMPONENT_MM:
            fields.report(fields.values[key], f"a {kind} {key} of {to_mm(value):g} mm is over the limit of "
                                              f"{MAX_COMPONENT_MM} mm", key)
            size = (None, None)
    values = {}
    for name in attributes:
        value_node = fields.get(name, default=None)
        if value_node is not None:
            values[name] = value_node.value
    fields.finish()
    return (None if problem else item_id, values, count, size)


def _with_ids(items: list[tuple[str | None, dict, int]]) -> list[tuple[str, dict, int]]:
    """Ids made from values ('red-1-3') get '-2', '-3' when values repeat (Folio's pairs); given ids stay."""
    seen: dict[str, int] = {}
    result = []
    for index, (item_id, values, count) in enumerate(items):
        if item_id is None:
            # Room is kept for the '-N' that repeated values add.
            base = slug("-".join(str(v) for v in values.values()))[: MAX_ID_CHARS - 6].strip("-") or f"item{index + 1}"
            seen[base] = seen.get(base, 0) + 1
            item_id = base if seen[base] == 1 else f"{base}-{seen[base]}"
        result.append((item_id, values, count))
    return result

