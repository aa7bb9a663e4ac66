"""Typed reading of located YAML: one `Fields` per mapping, problems collected, not raised.

Each getter returns the typed value or None after recording a Problem that names the
file, line, key path and what was expected. `finish()` reports keys nobody asked for,
so a misspelt key is never silently ignored.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pnp.model.colours import Colour, parse_colour
from pnp.model.limits import MAX_NUMBER
from pnp.model.problems import Problems, listing, quote
from pnp.model.source import Node
from pnp.model.units import parse_length

MISSING: Any = object()
# A value whose ${attribute} could not be filled in: already reported, so not checked again.
UNRESOLVED: Any = object()


def join_key(parent: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


class Fields:
    """The keys of one YAML mapping, read with types; unknown keys become problems."""

    def __init__(self, node: Node, path: str, problems: Problems):
        self.node = node
        self.path = path
        self.problems = problems
        self.used: set[str] = set()
        self.values: dict[str, Node] = node.value if node.is_map else {}
        if not node.is_map:
            self.report(node, f"expected a mapping of keys, got {_describe(node.value)}")

    def report(self, node: Node, message: str, key: str | int | None = None) -> None:
        path = self.path if key is None else join_key(self.path, key)
        self.problems.add(node.location, path, message)

    def has(self, key: str) -> bool:
        return key in self.values

    def get(self, key: str, default: Any = MISSING) -> Node | None:
        """The raw node for key; a problem if it is required and missing."""
        self.used.add(key)
        if key in self.values:
            return self.values[key]
        if default is MISSING:
            self.report(self.node, f"missing required key '{key}'")
        return None

    def present(self, key: str) -> Node:
        """The node of a key the mapping has (has() said so), read like get() reads it."""
        self.used.add(key)
        return self.values[key]

    def typed(self, key: str, parse: Callable[[Any], Any], default: Any = MISSING) -> Any:
        """Value of key run through parse (which raises ValueError with the expectation)."""
        node = self.get(key, default)
        if node is None:
            # Defaults are written like YAML values ('3mm') and parsed the same way.
            if default is MISSING or default is None:
                return None
            return parse(default) if isinstance(default, str) else default
        if node.value is UNRESOLVED:
            return None
        try:
            return parse(node.value)
        except ValueError as error:
            self.report(node, str(error), key)
            return None

    def text(self, key: str, default: Any = MISSING) -> str | None:
        return self.typed(key, _parse_text, default)

    def integer(self, key: str, default: Any = MISSING, minimum: int | None = None,
                maximum: int | None = None) -> int | None:
        return self.typed(key, lambda v: _parse_int(v, minimum, maximum), default)

    def number(self, key: str, default: Any = MISSING, minimum: float = -MAX_NUMBER,
               maximum: float = MAX_NUMBER) -> float | None:
        return self.typed(key, lambda v: parse_number(v, minimum, maximum), default)

    def boolean(self, key: str, default: Any = MISSING) -> bool | None:
        return self.typed(key, _parse_bool, default)

    def length(self, key: str, default: Any = MISSING, positive: bool = True) -> float | None:
        return self.typed(key, lambda v: _positive_length(v, positive), default)

    def choice(self, key: str, options: Sequence[str], default: Any = MISSING) -> str | None:
        return self.typed(key, lambda v: _parse_choice(v, options), default)

    def colour(self, key: str, palette: dict[str, Colour], default: Any = MISSING) -> Colour | None:
        return self.typed(key, lambda v: parse_colour(v, palette), default)

    def mapping(self, key: str, default: Any = MISSING) -> Fields | None:
        node = self.get(key, default)
        return None if node is None else Fields(node, join_key(self.path, key), self.problems)

    def items(self, key: str, default: Any = MISSING) -> Iterator[tuple[str, Node]]:
        """(path, node) for each entry of a list under key."""
        node = self.get(key, default)
        if node is None:
            return
        if not node.is_list:
            self.report(node, f"expected a list, got {_describe(node.value)}", key)
            return
        for index, item in enumerate(node.value):
            yield join_key(join_key(self.path, key), index), item

    def choices(self, key: str, options: Sequence[str], default: Any = MISSING) -> tuple[str, ...]:
        """A list under key of some of options, each once; every other entry is a problem."""
        chosen: list[str] = []
        for path, item in self.items(key, default):
            if item.value in options and item.value not in chosen:
                chosen.append(item.value)
            else:
                self.problems.add(item.location, path,
                                  f"expected one of {', '.join(options)} (each once), got {quote(item.value)}")
        return tuple(chosen)

    def finish(self, allowed_extra: Sequence[str] = ()) -> None:
        """Report every key that was never read: it is misspelt or does not belong here."""
        for key in self.values:
            if key not in self.used and key not in allowed_extra:
                known = sorted(self.used | set(allowed_extra))
                self.problems.add(self.node.key_location(key), join_key(self.path, key),
                                  unknown_key_message(key, known))


def unknown_key_message(key: str, known: Sequence[str]) -> str:
    import difflib  # only a misspelt key needs it: content without one loads without difflib

    close = difflib.get_close_matches(key, known, n=1) if len(key) <= 100 else []
    hint = f"; did you mean '{close[0]}'?" if close else ""
    expected = listing(known) if known else "nothing here"
    return f"unknown key {quote(key)}{hint} (expected one of: {expected})"


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return quote(value)


def _parse_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise ValueError(f"expected text, got {_describe(value)}")


def _parse_int(value: Any, minimum: int | None, maximum: int | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {_describe(value)}")
    if minimum is not None and value < minimum:
        raise ValueError(f"expected a whole number of at least {minimum}, got {quote(value)}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{quote(value)} is over the limit of {maximum}")
    return value


def parse_number(value: Any, minimum: float = -MAX_NUMBER, maximum: float = MAX_NUMBER) -> float:
    """A finite number within [minimum, maximum]; ValueError saying what was expected."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ValueError(f"expected a number, got {_describe(value)}")
    if not (isinstance(value, float) and not math.isfinite(value)) and minimum <= value <= maximum:
        return float(value)
    raise ValueError(f"expected a number from {minimum:g} to {maximum:g}, got {quote(value)}")


def _parse_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError(f"expected true or false, got {_describe(value)}")


def _parse_choice(value: Any, options: Sequence[str]) -> str:
    if isinstance(value, str) and value in options:
        return value
    raise ValueError(f"expected one of {', '.join(options)}, got {_describe(value)}")


def _positive_length(value: Any, positive: bool) -> float:
    points = parse_length(value)
    if positive and points <= 0:
        raise ValueError(f"expected a length greater than zero, got {quote(value)}")
    if points < 0:
        raise ValueError(f"expected a length of zero or more, got {quote(value)}")
    return points
