"""Where a set's items come from besides `product:`: items listed in YAML and rows of tables.

`items:` is a list of items, or the name of a table file (`items: cards.csv`); in the
list, `- table: cards.xlsx` (with `sheet:` for a spreadsheet) puts a table's rows among
items written by hand. A table's rows become items in pnp.model.table_items, imported
only for a set that has a table; its columns become the set's attributes (pnp.model.tables
says which headers mean more). Its text columns become catalog texts once the items'
ids are known: `key_texts` turns them into `TableText` values keyed `<set>.<item>.<name>`
and records, per key, the cell each language's text is in (or would be written to).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnp.model.problems import Location
from pnp.model.reader import Fields
from pnp.model.source import Node

if TYPE_CHECKING:
    from pnp.model.tables import Cell, TextCells


@dataclass
class PendingText:
    """A row's text attribute before the item has its id: its text and cell per language."""

    attribute: str
    source: str
    texts: dict[str, str]
    cells: dict[str, Cell]

    def __str__(self) -> str:  # an id made from values uses the source text
        return self.source


@dataclass
class TableRows:
    """A table's contribution to a set: the attributes its columns give, its items, and beside
    each item where its values are (attribute, id and count → the cell's location)."""

    attributes: list[str] = field(default_factory=list)
    items: list[tuple[str | None, dict, int]] = field(default_factory=list)
    cells: list[Mapping[str, Location]] = field(default_factory=list)
    read: bool = False  # whether the table could be read (if not, its problems say why)


def item_nodes(fields: Fields) -> Iterator[tuple[str, Node]]:
    """(path, node) of each entry of `items:`; a table's file name alone counts as one entry."""
    node = fields.values.get("items")
    if node is not None and isinstance(node.value, str):
        fields.used.add("items")
        yield "items", Node({"table": node}, node.location)
        return
    yield from fields.items("items", default=[])


def is_table(node: Node) -> bool:
    return node.is_map and "table" in node.value


def read_table_rows(node: Node, path: str, context, default_count: int, expected: tuple[str, ...] = ()) -> TableRows:
    """The items of a `table:` entry (its problems collected in context.problems); `expected` are the
    attribute names the set uses (declared, or filled in on its faces)."""
    from pnp.model.table_items import read_rows  # the table readers, for a set that has a table

    return read_rows(node, path, context, default_count, expected)


def used_names(nodes) -> tuple[str, ...]:
    """The attribute names faces fill in (`${suit}`, `${cost + 1}`) or choose by (`when: {suit: …}`)."""
    from pnp.model.expressions import names_in

    names: list[str] = []
    pending = [n for n in nodes if n is not None]
    while pending:
        node = pending.pop()
        if isinstance(node.value, dict):
            when = node.value.get("when")
            if when is not None and when.is_map:
                names += list(when.value)
            pending += node.value.values()
        elif isinstance(node.value, list):
            pending += node.value
        elif isinstance(node.value, str) and "${" in node.value:
            names += names_in(node.value)
    return tuple(dict.fromkeys(names))


def item_text_key(set_id: str, item_id: str, attribute: str) -> str:
    """The catalog key of an item's own text: a table column's (`name.en`, `name.da`: `<set>.<item>.name`),
    or one written in text/<lang>.yaml, such as the name Tabletop Simulator shows for the item."""
    return f"{set_id}.{item_id}.{attribute}"


def key_texts(set_id: str, items: list[tuple[str, dict, int]], registry: dict[str, TextCells]) -> None:
    """Give each pending text its key `<set>.<item>.<attribute>` (now that ids are known) and record its cells."""
    pending = [(item_id, values, attribute, value) for item_id, values, _ in items
               for attribute, value in values.items() if isinstance(value, PendingText)]
    if not pending:
        return
    from pnp.model.tables import TableText, TextCells  # only a table's rows make pending texts

    for item_id, values, attribute, value in pending:
        key = item_text_key(set_id, item_id, attribute)
        registry[key] = TextCells(key, value.texts, value.cells)
        values[attribute] = TableText(key, value.source)
