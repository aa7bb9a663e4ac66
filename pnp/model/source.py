"""YAML text → located nodes: every value keeps the file, line and column it came from.

Only what `yaml.safe_load` accepts is accepted, and less: no tags beyond the plain
ones, no duplicate keys, no non-finite numbers, no documents deeper or larger than a
game needs (aliases cannot multiply a small file into a huge one, and nesting is
refused before PyYAML's recursive composer could run out of stack). Errors are `Problem`s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

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
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as error:
        raise ContentError([_character_problem(file, text, error)]) from None
    try:
        root = loader.get_single_node()
    except _TooDeep as error:
        raise ContentError([Problem(_mark_location(file, error.mark), "", _too_deep())]) from None
    except yaml.MarkedYAMLError as error:
        raise ContentError([_syntax_problem(file, text, error)]) from None
    except yaml.YAMLError as error:
        raise ContentError([Problem(Location(file), "", f"not valid YAML: {error}")]) from None
    finally:
        loader.dispose()
    if root is None:
        return Node({}, Location(file, 1, 1))
    return _Converter(file).convert(root, depth=1)


class _TooDeep(Exception):
    def __init__(self, mark: Any):
        super().__init__()
        self.mark = mark


class _Loader(yaml.SafeLoader):
    """A SafeLoader that stops at MAX_DEPTH levels while composing, before its recursion gets deep."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


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


def _character_problem(file: str, text: str, error: yaml.reader.ReaderError) -> Problem:
    """A character YAML does not allow (NUL, other control characters), at its line and column."""
    position = error.position
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    code = error.character if isinstance(error.character, int) else ord(error.character)
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
    """Walks composed YAML nodes, checking tags, keys, depth and size as it goes."""

    def __init__(self, file: str):
        self.file = file
        self.nodes_seen = 0
        self.chars_seen = 0
        self.constructor = yaml.SafeLoader("")

    def location(self, node: yaml.Node) -> Location:
        return Location(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node: yaml.Node, message: str) -> ContentError:
        return ContentError([Problem(self.location(node), "", message)])

    def convert(self, node: yaml.Node, depth: int) -> Node:
        self.nodes_seen += 1
        if self.nodes_seen > MAX_NODES:
            raise self.fail(node, f"document has more than {MAX_NODES} values, over the limit (are aliases repeating a large part?)")
        if depth > MAX_DEPTH:
            raise self.fail(node, _too_deep())
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, f"YAML tag {quote(node.tag)} is not allowed; write plain values")
        if isinstance(node, yaml.MappingNode):
            return self.convert_map(node, depth)
        if isinstance(node, yaml.SequenceNode):
            return Node([self.convert(item, depth + 1) for item in node.value], self.location(node))
        return Node(self.scalar(node), self.location(node))

    def scalar(self, node: yaml.ScalarNode) -> Scalar:
        """The value of a scalar, within the bounds on one text and on all of them together."""
        length = len(node.value)
        if length > MAX_TEXT_CHARS:
            raise self.fail(node, f"a text of {length} characters is over the limit of {MAX_TEXT_CHARS}")
        self.chars_seen += length
        if self.chars_seen > MAX_EXPANDED_CHARS:
            raise self.fail(node, f"document's texts add up to more than {MAX_EXPANDED_CHARS} characters, "
                                  "over the limit (are aliases repeating a large part?)")
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
            key = self.convert(key_node, depth + 1).value
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise self.fail(key_node, f"a key must be a name, got {quote(key)}")
            key = str(key)
            if key in result:
                raise self.fail(key_node, f"key {quote(key)} appears twice in this mapping")
            result[key] = self.convert(value_node, depth + 1)
            key_locations[key] = self.location(key_node)
        return Node(result, self.location(node), key_locations)
