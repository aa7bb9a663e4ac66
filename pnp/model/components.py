"""Component sets in YAML → typed sets of items, each with resolved front and back faces.

A set is one kind of component cut from sheets (cards, tokens, tiles, pieces, a
board) sharing a size and shape. Its items come from `product:` (every combination
of attribute values, like Boardless Quarto's 2⁴ pieces), from `items:` listed by hand or
rows of tables (pnp.model.item_sources), or all of these; `count:` repeats an item, and a
listed item may have a `width:` and `height:` of its own (Folio's three piece sizes).
Faces may use `${attribute}`, `when:`, `repeat:` and the groups under `groups:`. A set's
`sheet:` says how its sheets are laid out (pnp.model.sheets).
Set and item ids become parts of file names, so they are checked as ids; an id made
from an item's values is turned into one. A set's item count, copies and size are
bounded (pnp.model.limits) before anything is expanded.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from pnp.model.faces import Budget, Face, FaceContext, read_face
from pnp.model.groups import GroupBook, read_group_book
from pnp.model.item_sources import is_table, item_nodes, key_texts, read_table_rows
from pnp.model.limits import (MAX_BLEED_MM, MAX_BOARD_SHEETS, MAX_COMPONENT_MM, MAX_COPIES_PER_SET, MAX_ID_CHARS,
                              MAX_ITEMS_PER_SET, MAX_SET_ELEMENTS, SMALLEST_PAPER_MM)
from pnp.model.names import id_problem, slug
from pnp.model.problems import Location, Problems, quote
from pnp.model.reader import Fields, join_key
from pnp.model.sheets import SheetChoices, read_set_sheet
from pnp.model.source import Node
from pnp.model.templates import Templates
from pnp.model.units import mm, to_mm

KINDS = ("card", "token", "tile", "piece", "board")
SHAPES = ("rect", "circle", "hexagon")
BACKS = ("same", "none")
# Keys of a listed item besides its attributes: they cannot name attributes.
ITEM_KEYS = ("id", "count", "width", "height")
Sized = tuple[float | None, float | None]  # an item's own width and height, where it gives them


@dataclass(frozen=True)
class Item:
    """One distinct component: its attribute values, how many to print, its faces and size."""

    id: str
    values: tuple[tuple[str, Any], ...]
    count: int
    front: Face
    back: Face | None

    @property
    def width(self) -> float:
        return self.front.width

    @property
    def height(self) -> float:
        return self.front.height


@dataclass(frozen=True)
class ComponentSet:
    id: str
    kind: str
    shape: str
    width: float
    height: float
    corner: float
    bleed: float
    attributes: tuple[str, ...]
    items: tuple[Item, ...]
    location: Location
    sheet: SheetChoices = SheetChoices()

    @property
    def count(self) -> int:
        return sum(item.count for item in self.items)

    @property
    def has_backs(self) -> bool:
        return any(item.back is not None for item in self.items)

    @property
    def text_keys(self) -> tuple[str, ...]:
        keys = []
        for item in self.items:
            for face in (item.front, item.back):
                if face is not None:
                    keys.extend(k for k in face.text_keys if k not in keys)
        return tuple(keys)


def read_sets(node: Node, context: "SetContext") -> tuple[ComponentSet, ...]:
    """Every set under `sets:` in components.yaml, in the order written."""
    fields = Fields(node, "", context.problems)
    sets_node = fields.get("sets")
    context.groups = read_group_book(fields.get("groups", default=None), context.templates, context.problems)
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
        component_set = read_set(set_id, set_node, context)
        if component_set is not None:
            result.append(component_set)
    return tuple(result)


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


def read_set(set_id: str, raw: Node, context: SetContext) -> ComponentSet | None:
    path = f"sets.{set_id}"
    node = context.templates.resolve(raw)
    fields = Fields(node, path, context.problems)
    kind = fields.choice("kind", KINDS)
    shape = fields.choice("shape", SHAPES, default="rect")
    width = fields.length("width")
    height = fields.length("height", default=None)
    corner = fields.length("corner", default="0mm", positive=False)
    bleed = fields.length("bleed", default="3mm", positive=False)
    if bleed is not None and bleed > mm(MAX_BLEED_MM):
        fields.report(fields.values["bleed"], f"a bleed of {to_mm(bleed):g} mm is over the limit of {MAX_BLEED_MM} mm", "bleed")
        bleed = None
    attributes = _attribute_names(fields)
    value_sets, own_sizes = _item_values(fields, attributes, context, kind)
    key_texts(set_id, value_sets, context.table_texts)
    attributes = tuple(dict.fromkeys((*attributes, *(name for _, values, _ in value_sets for name in values))))
    front_node = fields.get("front")
    back_node = fields.get("back", default=None)
    sheet = read_set_sheet(fields, shape)
    fields.finish()
    if front_node is None:
        return None
    if not _elements_allowed(value_sets, (front_node, back_node), fields, context):
        return None
    # With a bad width the faces are still read (at a stand-in size) so their problems show too.
    size = (width or 1.0, height or _natural_height(shape or "rect", width or 1.0))
    context.budget, context.constants = Budget(), {}
    items = tuple(
        _make_item(path, item_id, values, count, front_node, back_node, _own_size(own, size, shape), context)
        for (item_id, values, count), own in zip(value_sets, own_sizes)
    )
    if width is None or kind is None or shape is None:
        return None
    width, height = size
    if not all(_size_allowed(kind, w, h, fields) for w, h in {size, *((i.width, i.height) for i in items)}):
        return None
    return ComponentSet(set_id, kind, shape, width, height, corner or 0.0, bleed or 0.0, attributes, items,
                        node.location, sheet)


def _own_size(own: Sized, size: tuple[float, float], shape: str | None) -> tuple[float, float]:
    """An item's size: its own width and height where it gives them, else the set's."""
    width, height = own
    if width is None and height is None:
        return size
    width = width or size[0]
    return width, height or _natural_height(shape or "rect", width)


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
    return min(math.ceil(width_mm / across) * math.ceil(height_mm / up) for across, up in ((paper_w, paper_h), (paper_h, paper_w)))


def _natural_height(shape: str, width: float) -> float:
    # A flat-topped hexagon is `width` from corner to corner and √3/2 of that from flat to flat.
    return width * math.sqrt(3) / 2 if shape == "hexagon" else width


def _attribute_names(fields: Fields) -> tuple[str, ...]:
    names = []
    for path, node in fields.items("attributes", default=[]):
        if node.value in ITEM_KEYS:
            fields.problems.add(node.location, path, f"{quote(node.value)} is an item's own key ({', '.join(ITEM_KEYS)}); "
                                                     "name the attribute otherwise")
        elif isinstance(node.value, str) and node.value.replace("-", "").replace("_", "").isalnum():
            names.append(node.value)
        else:
            fields.problems.add(node.location, path, f"expected an attribute name, got {quote(node.value)}")
    product = fields.values.get("product")
    if product is not None and product.is_map:
        names.extend(k for k in product.value if k not in names)
    return tuple(names)


def _item_values(fields: Fields, attributes: tuple[str, ...], context: SetContext,
                 kind: str | None) -> tuple[list[tuple[str, dict, int]], list[Sized]]:
    """(id, attribute values, count) for every item, the product first, then the listed ones and
    tables' rows; and beside them each item's own size (a listed item may give one)."""
    default_count = fields.integer("count", default=1, minimum=1) or 1
    product = _product(fields)
    if product is None:
        return [], []
    items: list[tuple[str | None, dict, int]] = [(None, values, default_count) for values in product]
    sizes: list[Sized] = [(None, None)] * len(items)
    entries = list(item_nodes(fields))
    tables = {id(node): read_table_rows(node, path, context, default_count) for path, node in entries if is_table(node)}
    attributes = tuple(dict.fromkeys((*attributes, *(a for rows in tables.values() for a in rows.attributes))))
    for item_path, item_node in entries:
        if id(item_node) in tables:
            made, own = tables[id(item_node)].items, [(None, None)] * len(tables[id(item_node)].items)
        else:
            *listed, size = _listed_item(item_node, item_path, attributes, default_count, context.problems, kind)
            made, own = [tuple(listed)], [size]
        if len(items) + len(made) > MAX_ITEMS_PER_SET:
            fields.report(item_node, f"a set has more than {MAX_ITEMS_PER_SET} items, over the limit", "items")
            return [], []
        items += made
        sizes += own
    if not items and all(rows.read for rows in tables.values()):
        fields.report(fields.node, "a set needs 'product:' or 'items:' (at least one item)")
    copies = sum(count for _, _, count in items)
    if copies > MAX_COPIES_PER_SET:
        fields.report(fields.node, f"the set prints {copies} components, over the limit of {MAX_COPIES_PER_SET}")
        return [], []
    return _with_ids(items), sizes


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


def _make_item(path: str, item_id: str, values: dict, count: int, front_node: Node, back_node: Node | None,
               size: tuple[float, float], context: SetContext) -> Item:
    front = _face(front_node, join_key(path, "front"), values, size, context)
    back = None
    if back_node is not None and back_node.value != "none":
        if back_node.value == "same":
            back = front
        elif isinstance(back_node.value, str):
            context.problems.add(back_node.location, join_key(path, "back"), f"expected a face, 'same' or 'none', got {quote(back_node.value)}")
        else:
            back = _face(back_node, join_key(path, "back"), values, size, context)
    return Item(item_id, tuple(values.items()), count, front, back)


def _face(node: Node, path: str, values: dict, size: tuple[float, float], context: SetContext) -> Face:
    face_context = FaceContext(size[0], size[1], context.palette, values, context.game_folder, context.templates.folders,
                               context.problems, context.groups, budget=context.budget or Budget(),
                               constants=context.constants)
    return read_face(context.templates.resolve(node), path, face_context)
