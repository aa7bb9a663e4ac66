"""Component sets in YAML → typed sets of items, each with resolved front and back faces.

A set is one kind of component cut from sheets (cards, tokens, tiles, pieces, a
board) sharing a size and shape. pnp.model.set_outline reads a set as far as its items
(kind, shape, size, ids, values, copies); here each item's front and back are read from
the set's faces, which may use `${attribute}` and the item's own fields (`${id}`,
`${count}`, `${width}` and `${height}` in millimetres), `when:`, `repeat:` and the groups
under `groups:`. A set's `sheet:` says how its sheets are laid out (pnp.model.sheets).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from pnp.model.faces import Budget, Face, FaceContext, read_face
from pnp.model.groups import read_group_book
from pnp.model.problems import Location, quote
from pnp.model.reader import join_key
from pnp.model.set_outline import ItemOutline, SetContext, SetFacts, SetOutline, each_set, read_set_outline
from pnp.model.source import Node
from pnp.model.units import to_mm


@dataclass(frozen=True)
class Item:
    """One distinct component: its attribute values, how many to print, its faces and size."""

    id: str
    values: tuple[tuple[str, Any], ...]
    count: int
    front: Face
    back: Face | None
    # Where a table item's values are (attribute → its cell).
    cells: Mapping[str, Location] = field(default_factory=dict, compare=False, hash=False)
    panels: tuple[tuple[str, Face], ...] = ()  # its faces besides front and back (a tuck box's side and top)

    @property
    def faces(self) -> tuple[tuple[str, Face], ...]:
        """(name, face) of every face it has: front, back (if any) and its panels' (a tuck box's side, top)."""
        return (("front", self.front), *((("back", self.back),) if self.back is not None else ()), *self.panels)

    def face(self, name: str) -> Face | None:
        """Its face of that name (front, back, side …), None if it has none."""
        if name == "front":
            return self.front
        if name == "back":
            return self.back
        return dict(self.panels).get(name)

    @property
    def width(self) -> float:
        return self.front.width

    @property
    def height(self) -> float:
        return self.front.height


@dataclass(frozen=True)
class ComponentSet(SetFacts):
    items: tuple[Item, ...]

    @property
    def has_backs(self) -> bool:
        """Whether its components have backs printed behind their fronts (a folded one's back is beside it)."""
        return not self.shape.folded and any(item.back is not None for item in self.items)

    @property
    def text_keys(self) -> tuple[str, ...]:
        keys: list[str] = []
        for item in self.items:
            for _, face in item.faces:
                keys.extend(k for k in face.text_keys if k not in keys)
        return tuple(keys)


def read_sets(node: Node, context: SetContext) -> tuple[ComponentSet, ...]:
    """Every set under `sets:` in components.yaml, in the order written."""

    def read_groups(groups: Node | None) -> None:
        context.groups = read_group_book(groups, context.templates, context.problems)

    return each_set(node, context, read_set, read_groups)


def read_set(set_id: str, raw: Node, context: SetContext) -> ComponentSet | None:
    """One set with every item's faces read; None when a problem (collected) left it unusable."""
    outline = read_set_outline(set_id, raw, context)
    if outline is None:
        return None
    context.budget, context.constants = Budget(), {}
    items = tuple(_make_item(f"sets.{set_id}", item, outline, context) for item in outline.items)
    if not outline.complete:
        return None
    facts = {fact.name: getattr(outline, fact.name) for fact in fields(SetFacts)}
    return ComponentSet(**{**facts, "items": items})


def _make_item(path: str, item: ItemOutline, outline: SetOutline, context: SetContext) -> Item:
    values, size, front_node, back_node = face_values(item, item.size), item.size, outline.front, outline.back
    front = _face(front_node, join_key(path, "front"), values, size, context, item.cells)
    back = None
    if back_node is not None and back_node.value != "none":
        if back_node.value == "same":
            back = front
        elif isinstance(back_node.value, str):
            context.problems.add(back_node.location, join_key(path, "back"),
                                 f"expected a face, 'same' or 'none', got {quote(back_node.value)}")
        else:
            back = _face(back_node, join_key(path, "back"), values, size, context, item.cells)
    panels = []
    for name, node in outline.panels:
        panel_size = outline.shape.face_size(name, *size)
        panels.append((name, _face(node, join_key(path, name), face_values(item, panel_size), panel_size, context,
                                   item.cells)))
    return Item(item.id, tuple(item.values.items()), item.count, front, back, item.cells, tuple(panels))


def face_values(item: ItemOutline, size: tuple[float, float]) -> dict[str, Any]:
    """What a face of an item may fill in: the item's own fields (its id and copies, and the face's
    size in millimetres, a number to compute with: `x: "${width / 2}mm"`) and its attributes, which
    a table column of the same name gives instead."""
    width, height = size
    return {"id": item.id, "count": item.count, "width": round(to_mm(width), 4), "height": round(to_mm(height), 4),
            **item.values}


def _face(node: Node, path: str, values: dict, size: tuple[float, float], context: SetContext,
          cells: Mapping[str, Location] | None = None) -> Face:
    face_context = FaceContext(size[0], size[1], context.palette, values, context.game_folder,
                               context.templates.folders, context.problems, context.groups,
                               budget=context.budget or Budget(), constants=context.constants, cells=cells,
                               fonts=context.fonts)
    return read_face(context.templates.resolve(node), path, face_context)
