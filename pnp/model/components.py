"""Component sets in YAML → typed sets of items, each with resolved front and back faces.

A set is one kind of component cut from sheets (cards, tokens, tiles, pieces, a
board) sharing a size and shape. Its items come from `product:` (every combination
of attribute values, like Boardless Quarto's 2⁴ pieces), from `items:` listed by hand,
or both; `count:` repeats an item. Faces may use `${attribute}` and `when:`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from pnp.model.faces import Face, FaceContext, read_face, substitute
from pnp.model.problems import Location, Problems
from pnp.model.reader import Fields, join_key
from pnp.model.source import Node
from pnp.model.templates import Templates

KINDS = ("card", "token", "tile", "piece", "board")
SHAPES = ("rect", "circle", "hexagon")
BACKS = ("same", "none")


@dataclass(frozen=True)
class Item:
    """One distinct component: its attribute values, how many to print, and its faces."""

    id: str
    values: tuple[tuple[str, Any], ...]
    count: int
    front: Face
    back: Face | None


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
    fields.finish()
    if sets_node is None:
        return ()
    if not sets_node.is_map:
        context.problems.add(sets_node.location, "sets", "expected a mapping of set names to sets")
        return ()
    result = []
    for set_id, set_node in sets_node.value.items():
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
    attributes = _attribute_names(fields)
    value_sets = _item_values(fields, attributes, context.problems)
    front_node = fields.get("front")
    back_node = fields.get("back", default=None)
    fields.finish()
    if front_node is None:
        return None
    # With a bad width the faces are still read (at a stand-in size) so their problems show too.
    size = (width or 1.0, height or _natural_height(shape or "rect", width or 1.0))
    items = tuple(
        _make_item(path, item_id, values, count, front_node, back_node, size, context)
        for item_id, values, count in value_sets
    )
    if width is None or kind is None or shape is None:
        return None
    width, height = size
    return ComponentSet(set_id, kind, shape, width, height, corner or 0.0, bleed or 0.0, attributes, items, node.location)


def _natural_height(shape: str, width: float) -> float:
    # A flat-topped hexagon is `width` from corner to corner and √3/2 of that from flat to flat.
    return width * math.sqrt(3) / 2 if shape == "hexagon" else width


def _attribute_names(fields: Fields) -> tuple[str, ...]:
    names = []
    for path, node in fields.items("attributes", default=[]):
        if isinstance(node.value, str) and node.value.replace("-", "").replace("_", "").isalnum():
            names.append(node.value)
        else:
            fields.problems.add(node.location, path, f"expected an attribute name, got {node.value!r}")
    product = fields.values.get("product")
    if product is not None and product.is_map:
        names.extend(k for k in product.value if k not in names)
    return tuple(names)


def _item_values(fields: Fields, attributes: tuple[str, ...], problems: Problems) -> list[tuple[str, dict, int]]:
    """(id, attribute values, count) for every item: the product first, then the listed ones."""
    default_count = fields.integer("count", default=1, minimum=1) or 1
    result = []
    product = fields.mapping("product", default=None)
    if product is not None:
        axes = []
        for name in product.values:
            values = [v.value for _, v in product.items(name)]
            axes.append([(name, v) for v in values])
        product.finish()
        for combination in itertools.product(*axes):
            values = dict(combination)
            result.append(("-".join(str(v) for v in values.values()), values, default_count))
    for item_path, item_node in fields.items("items", default=[]):
        result.append(_listed_item(item_node, item_path, attributes, default_count, len(result), problems))
    result = _unique_generated_ids(result)
    if not result:
        fields.report(fields.node, "a set needs 'product:' or 'items:' (at least one item)")
    return result


def _listed_item(node: Node, path: str, attributes: tuple[str, ...], default_count: int, index: int, problems: Problems) -> tuple[str, dict, int]:
    fields = Fields(node, path, problems)
    item_id = fields.text("id", default=None)
    count = fields.integer("count", default=default_count, minimum=1) or 1
    values = {}
    for name in attributes:
        value_node = fields.get(name, default=None)
        if value_node is not None:
            values[name] = value_node.value
    fields.finish()
    fallback = "-".join(str(v) for v in values.values()) or f"item{index + 1}"
    return (item_id or _GENERATED + fallback, values, count)


_GENERATED = "\0"


def _unique_generated_ids(items: list[tuple[str, dict, int]]) -> list[tuple[str, dict, int]]:
    """Ids made from values get '-2', '-3' when values repeat (Folio's pairs); given ids stay."""
    seen: dict[str, int] = {}
    result = []
    for item_id, values, count in items:
        if item_id.startswith(_GENERATED):
            base = item_id[len(_GENERATED):]
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
            context.problems.add(back_node.location, join_key(path, "back"), f"expected a face, 'same' or 'none', got {back_node.value!r}")
        else:
            back = _face(back_node, join_key(path, "back"), values, size, context)
    return Item(item_id, tuple(values.items()), count, front, back)


def _face(node: Node, path: str, values: dict, size: tuple[float, float], context: SetContext) -> Face:
    resolved = substitute(context.templates.resolve(node), values, path, context.problems)
    face_context = FaceContext(size[0], size[1], context.palette, values, context.game_folder, context.templates.folder, context.problems)
    return read_face(resolved, path, face_context)
