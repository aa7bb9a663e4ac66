"""Named element groups: symbols and frames defined once and placed on any face by name.

A game defines groups under `groups:` in components.yaml; `templates/<file>.yaml` may hold
more, named `<file>/<name>` (like `extends:`). A definition has `elements:`, optional
`params:` (each a default value, or `~` for one every placement must give) and optional
`size:` (its own box, '20mm' or [w, h]). Inside, percentages are of that box (or, without
a size, of the box it is placed in), and `${param}` and `when: {param: value}` use the
parameters: a group sees its parameters only, never the item's attributes.

A placement, `- use: {group: symbol, x: 50%, y: 40%, w: 30%, with: {shape: star}}`,
centres the group's box on (x, y), at w × h (by default its own size, or the whole face
when it has none; given one side, the other keeps the box's proportions). Like any
element it may be rotated, repeated and shown `when:`. A group that places itself,
directly or through others, is an error naming the loop; nesting is bounded.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.model.affine import multiply, scale, translate
from pnp.model.limits import MAX_GROUP_DEPTH
from pnp.model.names import is_id
from pnp.model.problems import ContentError, Location, Problems, listing, quote
from pnp.model.reader import Fields, join_key, unknown_key_message
from pnp.model.source import Node
from pnp.model.units import parse_length

_REQUIRED = object()


@dataclass(frozen=True)
class Definition:
    name: str
    size: tuple[float, float] | None
    params: dict[str, object]  # default values; _REQUIRED where a placement must give one
    elements: Node | None  # the list of elements, read anew at each placement
    location: Location


class GroupBook:
    """The groups a game may place: its own, then those of templates/ by `file/name`."""

    def __init__(self, own: dict[str, Definition], templates, problems: Problems):
        self.own, self.templates, self.problems = own, templates, problems
        self._from_templates: dict[str, Definition | None] = {}

    def find(self, name: str, node: Node, path: str) -> Definition | None:
        if "/" not in name:
            if name not in self.own:
                known = listing(sorted(self.own)) or "none"
                self.problems.add(node.location, path, f"no group {quote(name)} (this game has: {known}; a template's "
                                                       "group is named file/name)")
            return self.own.get(name)
        if name not in self._from_templates:
            self._from_templates[name] = self._template(name, node, path)
        return self._from_templates[name]

    def _template(self, name: str, node: Node, path: str) -> Definition | None:
        if name.count("/") != 1 or not all(is_id(part) for part in name.split("/")):
            self.problems.add(node.location, path, f"expected a group name, or 'file/name' for a group in templates/, "
                                                   f"got {quote(name)}")
            return None
        try:
            found = self.templates.lookup(Node(name, node.location), ())
        except ContentError as error:
            self.problems.extend([type(p)(p.location, path, p.message) for p in error.problems])
            return None
        return read_definition(name, found, f"templates/{name}", self.problems)


def read_group_book(node: Node | None, templates, problems: Problems) -> GroupBook:
    """The `groups:` of components.yaml (node None: the game has none)."""
    own: dict[str, Definition] = {}
    if node is not None and not node.is_map:
        problems.add(node.location, "groups", "expected a mapping of group names to groups")
    elif node is not None:
        for name, definition in node.value.items():
            if not is_id(name):
                problems.add(node.key_location(name), "groups", f"expected a group name (lower-case letters, digits "
                                                                f"and '-'), got {quote(name)}")
                continue
            read = read_definition(name, definition, join_key("groups", name), problems)
            if read is not None:
                own[name] = read
    return GroupBook(own, templates, problems)


def read_definition(name: str, node: Node, path: str, problems: Problems) -> Definition | None:
    fields = Fields(node, path, problems)
    size = _size(fields)
    params = _params(fields)
    elements = fields.get("elements")
    fields.finish()
    if elements is not None and not elements.is_list:
        fields.report(elements, "expected a list of elements", "elements")
        return None
    return Definition(name, size, params, elements, node.location)


def _size(fields: Fields) -> tuple[float, float] | None:
    node = fields.get("size", default=None)
    if node is None:
        return None
    parts = node.value if node.is_list else [node]
    try:
        if len(parts) not in (1, 2):
            raise ValueError(f"expected a size such as 20mm or [20mm, 30mm], got {quote(node.plain())}")
        sides = [parse_length(part.value) for part in parts]
        if min(sides) <= 0:
            raise ValueError(f"expected a size greater than zero, got {quote(node.plain())}")
    except ValueError as error:
        fields.report(node, str(error), "size")
        return None
    return (sides[0], sides[-1])


def _params(fields: Fields) -> dict[str, object]:
    section = fields.mapping("params", default=None)
    if section is None:
        return {}
    params = {}
    for name, value in section.values.items():
        section.used.add(name)
        params[name] = _REQUIRED if value.value is None else value.value
    return params


# --- placing a group ------------------------------------------------------------------


def read_use(fields: Fields, context):
    """A `use:` element: the group's elements read with its parameters, mapped onto the placed box."""
    from pnp.model.faces import Group, _Geometry, read_elements

    name = fields.text("group")
    given = fields.mapping("with", default=None)
    g = _Geometry(fields, context)
    if name is None or context.groups is None:
        if context.groups is None and name is not None:
            fields.report(fields.node, "groups can be placed on component faces only")
        return None
    definition = context.groups.find(name, fields.values["group"], join_key(fields.path, "group"))
    if definition is None or not _may_enter(name, fields, context):
        return None
    values = _values(definition, given, fields)
    if values is None or definition.elements is None:
        return None
    box = _box(definition, g, fields, context)
    own = definition.size or box[2:]
    # A parameter given a table's value keeps its cell: a problem where the group uses it is said there.
    cells = {key: node.location for key, node in (given.values.items() if given is not None else ())
             if node.location.cell}
    inner = replace(context, width=own[0], height=own[1], values=values, chain=(*context.chain, name),
                    cells=cells or None)
    elements = read_elements(Fields(Node({"elements": definition.elements}, definition.location),
                                    f"groups.{name}", context.problems), "elements", inner)
    x, y, w, h = box
    matrix = multiply(translate(x - w / 2, y - h / 2), scale(w / own[0], h / own[1]))
    return Group(tuple(elements), matrix, fields.node.location, name, own)


def _may_enter(name: str, fields: Fields, context) -> bool:
    if name in context.chain:
        fields.report(fields.values["group"], f"group {quote(name)} places itself: "
                                              f"{' → '.join((*context.chain, name))}", "group")
        return False
    if len(context.chain) >= MAX_GROUP_DEPTH:
        fields.report(fields.values["group"], f"groups are placed inside each other more than {MAX_GROUP_DEPTH} deep, "
                                              "over the limit", "group")
        return False
    return True


def _values(definition: Definition, given: Fields | None, fields: Fields) -> dict | None:
    """The parameters: the definition's defaults, overridden by `with:`; None if one is missing or unknown."""
    values = dict(definition.params)
    ok = True
    if given is not None:
        for key, node in given.values.items():
            given.used.add(key)
            if key not in definition.params:
                message = unknown_key_message(key, sorted(definition.params))
                given.report(node, message.replace("unknown key", "unknown parameter"), key)
                ok = False
            values[key] = node.value
    missing = [key for key, value in values.items() if value is _REQUIRED]
    if missing:
        fields.report(fields.node, f"group {quote(definition.name)} needs {', '.join(missing)} "
                                   f"(with: {{{missing[0]}: ...}})")
        return None
    return values if ok else None


def _box(definition: Definition, g, fields: Fields, context) -> tuple[float, float, float, float]:
    """(centre x, centre y, w, h) of the placed group, in the space around it."""
    x, y = g.get("x", "50%"), g.get("y", "50%")
    natural = definition.size or (context.width, context.height)
    has_w, has_h = fields.has("w"), fields.has("h")
    w = g.size("w") if has_w else None
    h = g.size("h") if has_h else None
    if w is None:
        w, h = natural if h is None else (h * natural[0] / natural[1], h)
    elif h is None:
        h = w * natural[1] / natural[0]
    if w <= 0 or h <= 0:
        w, h = natural  # a size of zero or less is reported where it is written
    return (x, y, w, h)
