"""YAML text → located nodes: every value keeps the file, line and column it came from.

Only what `yaml.safe_load` accepts is accepted, and less: no tags beyond the plain
ones, no duplicate keys, no documents deeper or larger than a game needs (aliases
cannot be used to multiply a small file into a huge one). Errors are `Problem`s.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

import yaml

from pnp.model.problems import ContentError, Location, Problem

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 40
MAX_NODES = 200_000

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


def load_yaml(path: Path) -> Node:
    """Read one YAML file into located nodes, or raise ContentError saying why not."""
    text = _read_text(path)
    file = str(path)
    try:
        root = _compose(text)
    except yaml.MarkedYAMLError as error:
        raise ContentError([_syntax_problem(file, text, error)]) from None
    except yaml.YAMLError as error:
        raise ContentError([Problem(Location(file), "", f"not valid YAML: {error}")]) from None
    if root is None:
        return Node({}, Location(file, 1, 1))
    return _Converter(file).convert(root, depth=0)


# libyaml's parser (in PyYAML's wheels) is many times faster; the pure-Python one words
# the error messages, so a file libyaml refuses is read again by it.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


def _compose(text: str) -> yaml.Node | None:
    if _FAST_LOADER is not None:
        try:
            return yaml.compose(text, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


def _read_text(path: Path) -> str:
    file = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentError([Problem(Location(file), "", f"file is {size} bytes; a content file may be at most {MAX_FILE_BYTES}")])
        data = path.read_bytes()
    except FileNotFoundError:
        raise ContentError([Problem(Location(file), "", "file not found")]) from None
    except IsADirectoryError:
        raise ContentError([Problem(Location(file), "", "expected a YAML file, found a folder")]) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ContentError([Problem(Location(file, line, 1), "", "file is not UTF-8 text")]) from None


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
    """Walks composed YAML nodes, checking tags, keys, depth and size as it goes."""

    def __init__(self, file: str):
        self.file = file
        self.nodes_seen = 0
        self.constructor = yaml.SafeLoader("")

    def location(self, node: yaml.Node) -> Location:
        return Location(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node: yaml.Node, message: str) -> ContentError:
        return ContentError([Problem(self.location(node), "", message)])

    def convert(self, node: yaml.Node, depth: int) -> Node:
        self.nodes_seen += 1
        if self.nodes_seen > MAX_NODES:
            raise self.fail(node, f"document has more than {MAX_NODES} values (are aliases repeating a large part?)")
        if depth > MAX_DEPTH:
            raise self.fail(node, f"document is nested more than {MAX_DEPTH} levels deep")
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, f"YAML tag {node.tag!r} is not allowed; write plain values")
        if isinstance(node, yaml.MappingNode):
            return self.convert_map(node, depth)
        if isinstance(node, yaml.SequenceNode):
            return Node([self.convert(item, depth + 1) for item in node.value], self.location(node))
        return Node(self.constructor.construct_object(node), self.location(node))

    def convert_map(self, node: yaml.MappingNode, depth: int) -> Node:
        result: dict[str, Node] = {}
        key_locations: dict[str, Location] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail(key_node, "merge keys (<<) are not supported; use extends:")
            key = self.convert(key_node, depth + 1).value
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise self.fail(key_node, f"a key must be a name, got {key!r}")
            key = str(key)
            if key in result:
                raise self.fail(key_node, f"key {key!r} appears twice in this mapping")
            result[key] = self.convert(value_node, depth + 1)
            key_locations[key] = self.location(key_node)
        return Node(result, self.location(node), key_locations)
