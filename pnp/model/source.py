"""YAML text → located nodes: every value keeps the file, line and column it came from.

Only what `yaml.safe_load` accepts is accepted, and less: no tags beyond the plain
ones, no duplicate keys, no non-finite numbers, no documents deeper or larger than a
game needs (aliases cannot multiply a small file into a huge one, and nesting is
counted as the parser's events arrive, with no recursion that could run out of
stack). Errors are `Problem`s.

The located nodes are built straight from the parser's events, checked as each value
ends: a 10,000-card deck's components read in half the time it took to compose
PyYAML's nodes first and walk them again.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
Scalar = str | int | float | bool | None


def load_yaml(path: Path, root: Path) -> Node:
    """Read one YAML file of the folder root into located nodes, or raise ContentError saying why not."""
    return parse_yaml(_decode(path, read_content(path, root)), str(path))


def parse_yaml(text: str, file: str) -> Node:
    """Located nodes of one YAML document; `file` names it in problems."""
    refused = _REFUSED_CHARACTER.search(text)
    if refused:
        raise ContentError([_character_problem(file, text, refused.start())])
    try:
        return _parse(text, file, _EVENTS)
    except _LibyamlTooDeep:
        # libyaml (0.2.6 on) stops at its own nesting limit while its scanner reads ahead,
        # before pnp has counted a level. PyYAML's own parser hands over each event as it
        # reads it, so pnp's count, lower than libyaml's, finds the first level too deep.
        return _parse(text, file, yaml.SafeLoader)


# libyaml's event parser when PyYAML was built with it (as its wheels are), else PyYAML's
# own; both are iterative, and so is _Builder, so no nesting can exhaust the stack.
_EVENTS = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# How libyaml's scanner says it reached its nesting limit (tests/contracts checks the words).
LIBYAML_DEPTH_PROBLEM = "exceeded maximum nesting depth"


class _LibyamlTooDeep(Exception):
    """libyaml refused a document for its nesting before pnp's own limit could be applied."""


def _parse(text: str, file: str, loader: type) -> Node:
    try:
        root = _Builder(file).build(yaml.parse(text, Loader=loader))
    except _TooDeep as error:
        raise ContentError([Problem(_mark_location(file, error.mark), "", _too_deep())]) from None
    except yaml.MarkedYAMLError as error:
        if loader is not yaml.SafeLoader and error.problem == LIBYAML_DEPTH_PROBLEM:
            raise _LibyamlTooDeep() from None
        raise ContentError([_syntax_problem(file, text, error)]) from None
    except yaml.YAMLError as error:
        raise ContentError([Problem(Location(file), "", f"not valid YAML: {error}")]) from None
    return root if root is not None else Node({}, Location(file, 1, 1))
# What YAML does not allow in a file (PyYAML's Reader.NON_PRINTABLE): found first, so the
# problem names its own line and column.
_REFUSED_CHARACTER = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"
_MERGE_TAG = "tag:yaml.org,2002:merge"


class _TooDeep(Exception):
    def __init__(self, mark: Any):
        super().__init__()
        self.mark = mark


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


_OPENING = object()  # an anchor whose collection has not ended: an alias to it would contain itself


@dataclass
class _Open:
    """A list or mapping whose end has not been read yet, and what it expands to so far."""

    items: list[Node] | dict[str, Node]
    location: Location
    anchor: str | None
    key_locations: dict[str, Location]  # a mapping's keys' places (a list's stays empty)
    pending: tuple[str, Location] | None = None  # a mapping's key, read and waiting for its value, and its place
    values: int = 1
    chars: int = 0
    height: int = 1


class _Builder:
    """Parser events → located Nodes, checking tags, keys, values and limits as each value ends.

    Each value is counted as it is added to its list or mapping: how many values and
    characters it expands to, and how deep it reaches. An alias adds its anchor's counts
    again without copying anything (it is the anchor's Node: nodes are never changed
    after reading), so an alias bomb is refused at the first list that would expand
    past a limit, before any of it is expanded.
    """

    def __init__(self, file: str):
        self.file = file
        self.constructor = yaml.SafeLoader("")
        self.open: list[_Open] = []
        self.anchors: dict[str, Any] = {}  # name → (node, values, chars, height) or _OPENING
        self.root: Node | None = None
        self.documents = 0

    def build(self, events: Iterator[yaml.Event]) -> Node | None:
        for event in events:
            kind = type(event)
            if kind is yaml.ScalarEvent:
                self._scalar(event)
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                self._start(event, kind is yaml.MappingStartEvent)
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                self._end()
            elif kind is yaml.AliasEvent:
                self._alias(event)
            elif kind is yaml.DocumentStartEvent:
                self.documents += 1
                if self.documents > 1:
                    raise yaml.MarkedYAMLError(None, None, "expected one document in the file, found a second",
                                               event.start_mark)
        return self.root

    def location(self, mark: Any) -> Location:
        return Location(self.file, mark.line + 1, mark.column + 1)

    def fail(self, location: Location, message: str) -> ContentError:
        return ContentError([Problem(location, "", message)])

    def _tag(self, event: yaml.NodeEvent, kind: type, value: Any) -> str:
        tag = event.tag if event.tag not in (None, "!") else _RESOLVER.resolve(kind, value, event.implicit)
        if tag not in _PLAIN_TAGS:
            if tag == _MERGE_TAG and self._at_key():
                raise self.fail(self.location(event.start_mark), "merge keys (<<) are not supported; use extends:")
            raise self.fail(self.location(event.start_mark),
                            f"YAML tag {quote(tag)} is not allowed; write plain values")
        return tag

    def _at_key(self) -> bool:
        return bool(self.open) and isinstance(self.open[-1].items, dict) and self.open[-1].pending is None

    def _scalar(self, event: yaml.ScalarEvent) -> None:
        location = self.location(event.start_mark)
        if len(self.open) >= MAX_DEPTH:  # a value inside the deepest list or mapping allowed
            raise self.fail(location, _too_deep())
        text = event.value
        if len(text) > MAX_TEXT_CHARS:
            raise self.fail(location, f"a text of {len(text)} characters is over the limit of {MAX_TEXT_CHARS}")
        tag = self._tag(event, yaml.ScalarNode, text)
        if tag == _STR_TAG:
            value: Scalar = text  # what the constructor makes of a text, without its bookkeeping
        else:
            scalar = yaml.ScalarNode(tag, text, event.start_mark, event.end_mark, event.style)
            value = self._constructed(scalar, location)
        self._add(Node(value, location), 1, len(text), 1, event.anchor)

    def _constructed(self, node: yaml.ScalarNode, location: Location) -> Scalar:
        """A number, true/false or null, finite."""
        try:
            value = self.constructor.construct_object(node)
        except ValueError:
            raise self.fail(location, f"cannot read {quote(node.value)} as a number") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(location, f"expected a finite number, got {quote(node.value)}")
        return value

    def _start(self, event: yaml.CollectionStartEvent, mapping: bool) -> None:
        self._tag(event, yaml.MappingNode if mapping else yaml.SequenceNode, None)
        if event.anchor is not None:
            self.anchors[event.anchor] = _OPENING
        location = self.location(event.start_mark)
        self.open.append(_Open({} if mapping else [], location, event.anchor, {}))
        if len(self.open) > MAX_DEPTH:
            raise _TooDeep(event.start_mark)

    def _end(self) -> None:
        done = self.open.pop()
        node = Node(done.items, done.location, done.key_locations if isinstance(done.items, dict) else None)
        self._add(node, done.values, done.chars, done.height, done.anchor)

    def _alias(self, event: yaml.AliasEvent) -> None:
        known = self.anchors.get(event.anchor)
        if known is None:
            raise yaml.MarkedYAMLError(None, None, f"found undefined alias {quote(event.anchor)}", event.start_mark)
        if known is _OPENING:  # inside its own anchor: it would repeat itself without end
            raise self.fail(self.location(event.start_mark), _too_deep())
        node, values, chars, height = known
        if len(self.open) + height > MAX_DEPTH:  # as deep as what it repeats, placed here
            raise self.fail(self.location(event.start_mark), _too_deep())
        self._add(node, values, chars, height, None)

    def _add(self, node: Node, values: int, chars: int, height: int, anchor: str | None) -> None:
        """node (expanding to values and chars, height levels deep) into the collection that is open."""
        if anchor is not None:
            self.anchors[anchor] = (node, values, chars, height)
        if not self.open:
            self.root = node
            return
        parent = self.open[-1]
        parent.values += values
        parent.chars += chars
        parent.height = max(parent.height, height + 1)
        if parent.values > MAX_NODES:
            raise self.fail(parent.location, f"this expands to more than {MAX_NODES} values, over the limit "
                                             "(are aliases repeating a large part?)")
        if parent.chars > MAX_EXPANDED_CHARS:
            raise self.fail(parent.location, f"this expands to more than {MAX_EXPANDED_CHARS} characters of text, over "
                                             "the limit (are aliases repeating a large part?)")
        if isinstance(parent.items, list):
            parent.items.append(node)
        elif parent.pending is None:
            parent.pending = (self._key(node, parent), node.location)
        else:
            key, key_location = parent.pending
            parent.items[key] = node
            parent.key_locations[key] = key_location
            parent.pending = None

    def _key(self, node: Node, mapping: _Open) -> str:
        key = node.value
        if not isinstance(key, (str, int)) or isinstance(key, bool):
            raise self.fail(node.location, f"a key must be a name, got {quote(node.plain())}")
        key = str(key)
        if key in mapping.items:
            raise self.fail(node.location, f"key {quote(key)} appears twice in this mapping")
        return key
