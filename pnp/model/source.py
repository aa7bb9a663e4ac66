"""YAML text → located nodes: every value keeps the file, line and column it came from.

Only what `yaml.safe_load` accepts is accepted, and less: no tags beyond the plain
ones, no duplicate keys, no non-finite numbers, no documents deeper or larger than a
game needs (aliases cannot multiply a small file into a huge one, and nesting is
counted as the parser's events arrive, with no recursion that could run out of
stack). Errors are `Problem`s.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Union

import yaml

from pnp.model.files import read_content
from pnp.model.limits import MAX_DEPTH, MAX_EXPANDED_CHARS, MAX_NODES, MAX_TEXT_CHARS
from pnp.model.problems import ContentError, Location, Problem, quote

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}


@dataclass(frozen=True)
class Node:
    """A YAML value with its location: `value` is a scalar, list of Nodes or dict."""

    value: Any
    location: Location
    key_locations: dict[str, Location] | None = None

    def key_location(self, key: str) -> Location:
        """Where a mapping's key itself is written (for 'unknown key' errors)."""
        return (self.key_locations or {}).get(key, self.value[key].location)

    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_list(self) -> bool:
        return isinstance(self.value, list)

    def plain(self) -> Any:
        """The value without locations, for data that needs no further checking."""
        if self.is_map:
            return {k: v.plain() for k, v in self.value.items()}
        if self.is_list:
            return [v.plain() for v in self.value]
        return self.value


Mapping = dict[str, Node]
Scalar = Union[str, int, float, bool, None]


def load_yaml(path: Path, root: Path) -> Node:
    """Read one YAML file of the folder root into located nodes, or raise ContentError saying why not."""
    return parse_yaml(_decode(path, read_content(path, root)), str(path))


def parse_yaml(text: str, file: str) -> Node:
    """Located nodes of one YAML document; `file` names it in problems."""
    refused = _REFUSED_CHARACTER.search(text)
    if refused:
        raise ContentError([_character_problem(file, text, refused.start())])
    try:
        root = _compose(yaml.parse(text, Loader=_EVENTS))
    except _TooDeep as error:
        raise ContentError([Problem(_mark_location(file, error.mark), "", _too_deep())]) from None
    except yaml.MarkedYAMLError as error:
        raise ContentError([_syntax_problem(file, text, error)]) from None
    except yaml.YAMLError as error:
        raise ContentError([Problem(Location(file), "", f"not valid YAML: {error}")]) from None
    if root is None:
        return Node({}, Location(file, 1, 1))
    return _Converter(file).convert(root, depth=1)


# libyaml's event parser when PyYAML was built with it (as its wheels are), else PyYAML's
# own; both are iterative, and so is _compose, so no nesting can exhaust the stack.
_EVENTS = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# What YAML does not allow in a file (PyYAML's Reader.NON_PRINTABLE): found first, so the
# problem names its own line and column.
_REFUSED_CHARACTER = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"


class _TooDeep(Exception):
    def __init__(self, mark: Any):
        super().__init__()
        self.mark = mark


def _compose(events: Iterator[yaml.Event]) -> yaml.Node | None:
    """PyYAML's nodes of the one document in events, composed with a stack, not recursion.

    Nesting is counted as each collection opens, so a document deeper than MAX_DEPTH is
    refused at the event that goes too deep, before anything deeper is read.
    """
    root, anchors = None, {}
    open_nodes: list[list] = []  # [collection node, key waiting for its value]
    for event in events:
        if isinstance(event, yaml.DocumentStartEvent) and root is not None:
            raise yaml.MarkedYAMLError(None, None, "expected one document in the file, found a second", event.start_mark)
        if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            open_nodes.pop()
            continue
        node = _node(event, anchors)
        if node is None:
            continue
        if not open_nodes:
            root = node
        else:
            _attach(open_nodes[-1], node)
        if isinstance(event, yaml.CollectionStartEvent):
            open_nodes.append([node, None])
            if len(open_nodes) > MAX_DEPTH:
                raise _TooDeep(event.start_mark)
    return root


def _node(event: yaml.Event, anchors: dict[str, yaml.Node]) -> yaml.Node | None:
    """The node an event starts (an alias gives its anchor's node); None for stream and document events."""
    if isinstance(event, yaml.AliasEvent):
        if event.anchor not in anchors:
            raise yaml.MarkedYAMLError(None, None, f"found undefined alias {quote(event.anchor)}", event.start_mark)
        return anchors[event.anchor]
    if isinstance(event, yaml.ScalarEvent):
        tag = event.tag if event.tag not in (None, "!") else _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
        kind = yaml.SequenceNode if isinstance(event, yaml.SequenceStartEvent) else yaml.MappingNode
        tag = event.tag if event.tag not in (None, "!") else _RESOLVER.resolve(kind, None, event.implicit)
        node = kind(tag, [], event.start_mark, event.end_mark, event.flow_style)
    else:
        return None
    if event.anchor is not None:
        anchors[event.anchor] = node
    return node


def _attach(parent: list, node: yaml.Node) -> None:
    """Add node to the open collection: a list item, or a mapping's key or value."""
    collection, key = parent
    if isinstance(collection, yaml.SequenceNode):
        collection.value.append(node)
    elif key is None:
        parent[1] = node
    else:
        collection.value.append((key, node))
        parent[1] = None


def _too_deep() -> str:
    return f"document is nested more than {MAX_DEPTH} levels deep, over the limit"


def _mark_location(file: str, mark: Any) -> Location:
    return Location(file, mark.line + 1, mark.column + 1) if mark is not None else Location(file)


def _decode(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ContentError([Problem(Location(str(path), line, 1), "", "file is not UTF-8 text")]) from None


def _character_problem(file: str, text: str, position: int) -> Problem:
    """A character YAML does not allow (NUL, other control characters), at its line and column."""
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    code = ord(text[position])
    name = "a NUL character" if code == 0 else f"the character U+{code:04X}"
    return Problem(Location(file, line, column), "", f"{name} is not allowed in a YAML file; remove it")


def _syntax_problem(file: str, text: str, error: yaml.MarkedYAMLError) -> Problem:
    mark = error.problem_mark or error.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    problem = error.problem or "syntax error"
    if "\\t" in problem or "'\\t'" in str(error) or _tab_at(text, mark):
        message = "a tab character is not allowed in YAML indentation; indent with spaces"
    else:
        context = f" ({error.context})" if error.context else ""
        message = f"YAML syntax error: {problem}{context}"
        if "${" in _line_text(text, mark):
            message += "; inside { } write a value with ${...} in quotes"
    return Problem(Location(file, line, column), "", message)


def _line_text(text: str, mark: Any) -> str:
    lines = text.splitlines()
    return lines[mark.line] if mark is not None and mark.line < len(lines) else ""


def _tab_at(text: str, mark: Any) -> bool:
    if mark is None:
        return False
    lines = text.splitlines()
    return mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]


class _Converter:
    """Walks composed YAML nodes into located Nodes, checking tags, keys and values as it goes.

    Aliases make the composed nodes a graph in which one node may be reached many times;
    `measure` first counts what converting would produce, once per distinct node, so
    an alias bomb is refused in milliseconds, before any of it is expanded.
    """

    def __init__(self, file: str):
        self.file = file
        self.constructor = yaml.SafeLoader("")
        self.sizes: dict[int, tuple[int, int]] = {}

    def location(self, node: yaml.Node) -> Location:
        return Location(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node: yaml.Node, message: str) -> ContentError:
        return ContentError([Problem(self.location(node), "", message)])

    def measure(self, node: yaml.Node, depth: int) -> tuple[int, int]:
        """(values, characters) that node expands to, within MAX_DEPTH, MAX_NODES and MAX_EXPANDED_CHARS."""
        if depth > MAX_DEPTH:  # also ends an anchor that contains itself
            raise self.fail(node, _too_deep())
        known = self.sizes.get(id(node))
        if known is not None:
            return known
        if isinstance(node, yaml.ScalarNode):
            size = (1, len(node.value))
        else:
            children = node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
            measured = [self.measure(child, depth + 1) for child in children]
            size = (1 + sum(n for n, _ in measured), sum(c for _, c in measured))
        if size[0] > MAX_NODES:
            raise self.fail(node, f"this expands to more than {MAX_NODES} values, over the limit (are aliases repeating a large part?)")
        if size[1] > MAX_EXPANDED_CHARS:
            raise self.fail(node, f"this expands to more than {MAX_EXPANDED_CHARS} characters of text, over the limit "
                                  "(are aliases repeating a large part?)")
        self.sizes[id(node)] = size
        return size

    def convert(self, node: yaml.Node, depth: int) -> Node:
        if depth == 1:
            self.measure(node, depth)
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, f"YAML tag {quote(node.tag)} is not allowed; write plain values")
        if isinstance(node, yaml.MappingNode):
            return self.convert_map(node, depth)
        if isinstance(node, yaml.SequenceNode):
            return Node([self.convert(item, depth + 1) for item in node.value], self.location(node))
        return Node(self.scalar(node), self.location(node))

    def scalar(self, node: yaml.ScalarNode) -> Scalar:
        """The value of a scalar: a text within MAX_TEXT_CHARS, or a finite number."""
        if len(node.value) > MAX_TEXT_CHARS:
            raise self.fail(node, f"a text of {len(node.value)} characters is over the limit of {MAX_TEXT_CHARS}")
        if node.tag == _STR_TAG:
            return node.value  # what the constructor makes of a text, without its bookkeeping
        try:
            value = self.constructor.construct_object(node)
        except ValueError:
            raise self.fail(node, f"cannot read {quote(node.value)} as a number") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(node, f"expected a finite number, got {quote(node.value)}")
        return value

    def convert_map(self, node: yaml.MappingNode, depth: int) -> Node:
        result: dict[str, Node] = {}
        key_locations: dict[str, Location] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail(key_node, "merge keys (<<) are not supported; use extends:")
            converted = self.convert(key_node, depth + 1)
            key = converted.value
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise self.fail(key_node, f"a key must be a name, got {quote(converted.plain())}")
            key = str(key)
            if key in result:
                raise self.fail(key_node, f"key {quote(key)} appears twice in this mapping")
            result[key] = self.convert(value_node, depth + 1)
            key_locations[key] = self.location(key_node)
        return Node(result, self.location(node), key_locations)
