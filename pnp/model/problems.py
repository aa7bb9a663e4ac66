"""Located problems: where in which YAML file a value is, and what was wrong with it.

Every loader collects problems instead of stopping at the first, so a designer sees
all the mistakes of a file at once. `ContentError` carries them to the command line,
where Click prints them on stderr and exits 1. A value is shown in a message only
through `quote`: escaped, and cut to a short excerpt, whatever the content holds.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

import click

from pnp.model.limits import MAX_PROBLEMS_PER_FILE

T = TypeVar("T")


class Location(NamedTuple):
    """A place in a source file; line and column count from 1. (A named tuple: every value read
    from YAML has one, and a deck read from a table makes one per cell it uses.)

    A cell of an item table is a place too: `line` and `column` are its row and column,
    `cell` names it as a spreadsheet does (`Deck!C7`, or `C7` in a CSV), `header` is its
    column's name, and `via` says where content used its value (file, line, column and key
    path: `components.yaml:14:11 sets.deck.front.elements[2].circle.fill`), when a problem
    found there came from it.
    """

    file: str
    line: int = 0
    column: int = 0
    cell: str = ""
    header: str = ""
    via: tuple = ()

    def __str__(self) -> str:
        shown = display_path(self.file)
        if self.cell:
            return f"{shown}: {self.cell}"
        return f"{shown}:{self.line}:{self.column}" if self.line else shown

    def used_at(self, place: Location, path: str) -> Location:
        """This cell, as the value content used at place (under the key path) came from it."""
        return Location(self.file, self.line, self.column, self.cell, self.header,
                        (place.file, place.line, place.column, path))

    @property
    def use(self) -> str:
        """Where the value of this cell was used, as a message says it."""
        if not self.via:
            return ""
        file, line, column, path = self.via
        return f"{Location(file, line, column)} {path}".rstrip()


def display_path(path: str) -> str:
    """A path relative to the working folder where that is shorter, for messages."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


EXCERPT_CHARS = 40
_LISTED = 12


def quote(value: object) -> str:
    """A value as a message shows it: escaped like repr, and cut to a short excerpt.

    Content may hold megabytes in one value, control characters or a file's secrets;
    a message shows no more than EXCERPT_CHARS characters of any of it.
    """
    if isinstance(value, str):
        if len(value) <= EXCERPT_CHARS:
            return repr(value)
        shown = repr(value[:EXCERPT_CHARS])
        return f"{shown[:-1]}…{shown[-1]} ({len(value)} characters)"
    if isinstance(value, (list, tuple)):
        parts = [quote(v) for v in value[:4]] + (["…"] if len(value) > 4 else [])
        return _capped("[" + ", ".join(parts) + "]")
    if isinstance(value, dict):
        parts = [f"{quote(k)}: {quote(v)}" for k, v in list(value.items())[:4]] + (["…"] if len(value) > 4 else [])
        return _capped("{" + ", ".join(parts) + "}")
    return _capped(repr(value))


def _capped(text: str) -> str:
    return text if len(text) <= 3 * EXCERPT_CHARS else text[: 3 * EXCERPT_CHARS] + "…"


def listing(names) -> str:
    """Names for a 'there are: …' list in a message: the first few, escaped, and how many more."""
    names = [str(n) for n in names]
    shown = [n if n.isprintable() and len(n) <= EXCERPT_CHARS else quote(n) for n in names[:_LISTED]]
    more = f" and {len(names) - _LISTED} more" if len(names) > _LISTED else ""
    return ", ".join(shown) + more


def shown_key(key: str) -> str:
    """A key path as a message shows it: as written when it is short and printable, else quoted."""
    return key if key.isprintable() and len(key) <= 3 * EXCERPT_CHARS else quote(key)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content, said once, with where and what; `details` are lines
    that say more (a summary's items), shown with -v."""

    location: Location
    key: str
    message: str
    details: tuple[str, ...] = ()

    def __str__(self) -> str:
        place = self.location
        if place.cell:  # `cards.xlsx: Deck!C7 (suit): …`, and where content used the value
            label = place.header or shown_key(self.key)
            used = f" (used by {place.use})" if place.via else ""
            shown = f"{place} ({label})" if label else f"{place}"
            return f"{shown}: {_one_line(self.message)}{used}"
        where = f"{place} {shown_key(self.key)}:" if self.key else f"{place}:"
        return f"{where} {_one_line(self.message)}"


MAX_MESSAGE_CHARS = 300


def _one_line(message: str) -> str:
    """A message as one short printable line, whatever a value quoted without `quote` held.

    Every message quotes values through `quote`; this is the net under code that does
    not (an engine's notation error repeating the move it was given).
    """
    if not message.isprintable():
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    return message if len(message) <= MAX_MESSAGE_CHARS else message[:MAX_MESSAGE_CHARS] + "…"


@dataclass(frozen=True)
class MoreProblems(Problem):
    """How many more problems a file has than are listed (MAX_PROBLEMS_PER_FILE)."""

    count: int = 0

    def __str__(self) -> str:
        noun = "problem" if self.count == 1 else "problems"
        return f"{display_path(self.location.file)}: {self.count} more {noun} in this file, not listed"


def _more(file: str, count: int) -> MoreProblems:
    # Its line sorts it after every problem of its file.
    return MoreProblems(Location(file, _LAST_LINE), "", "", count=count)


_LAST_LINE = 1 << 62


def capped(problems) -> list[Problem]:
    """At most MAX_PROBLEMS_PER_FILE problems of each file, first by place, and how many more."""
    listed: dict[str, list[Problem]] = {}
    more: dict[str, int] = {}
    for problem in sorted(set(problems), key=lambda p: (p.location, p.key, p.message)):
        file = problem.location.file
        if isinstance(problem, MoreProblems):
            more[file] = more.get(file, 0) + problem.count
        elif len(listed.setdefault(file, [])) < MAX_PROBLEMS_PER_FILE:
            listed[file].append(problem)
        else:
            more[file] = more.get(file, 0) + 1
    return sorted([p for file in listed for p in listed[file]] + [_more(file, n) for file, n in more.items()],
                  key=lambda p: (p.location, p.key, p.message))


class ContentError(click.ClickException):
    """Content that cannot be built; every problem found is listed (at most
    MAX_PROBLEMS_PER_FILE of one file, and how many more), sorted by place (and with
    `show_details`, set by -v, the lines that say more about a summary)."""

    exit_code = 1
    show_details = False

    def __init__(self, problems: list[Problem]):
        self.problems = capped(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __str__(self) -> str:
        if not ContentError.show_details:
            return self.message
        return "\n".join("\n".join([str(p), *(_one_line(d) for d in p.details)]) for p in self.problems)

    def format_message(self) -> str:
        count = sum(p.count if isinstance(p, MoreProblems) else 1 for p in self.problems)
        noun = "problem" if count == 1 else "problems"
        return f"{self}\n({count} {noun})"


class Problems:
    """A collector that loaders append to; `raise_if_any` ends a stage that failed.

    Of one file it keeps the first MAX_PROBLEMS_PER_FILE problems found and counts the rest,
    so a file of a million bad lines costs a count, not a million messages.
    """

    def __init__(self) -> None:
        self._listed: list[Problem] = []
        self._per_file: dict[str, int] = {}  # problems added, listed or not
        self._more: dict[str, int] = {}  # problems not listed

    @property
    def items(self) -> list[Problem]:
        """The problems kept, and a MoreProblems for each file that had more."""
        return self._listed + [_more(file, count) for file, count in self._more.items()]

    def add(self, location: Location, key: str, message: str) -> None:
        self._take(Problem(location, key, message))

    def extend(self, other: Problems | list[Problem]) -> None:
        for problem in other.items if isinstance(other, Problems) else other:
            self._take(problem)

    def _take(self, problem: Problem) -> None:
        file = problem.location.file
        seen = self._per_file.get(file, 0)
        if isinstance(problem, MoreProblems):
            self._per_file[file] = seen + problem.count
            self._more[file] = self._more.get(file, 0) + problem.count
            return
        self._per_file[file] = seen + 1
        if seen < MAX_PROBLEMS_PER_FILE:
            self._listed.append(problem)
        else:
            self._more[file] = self._more.get(file, 0) + 1

    def __len__(self) -> int:
        """How many problems were added, listed or counted."""
        return sum(self._per_file.values())

    def __bool__(self) -> bool:
        return bool(self._listed or self._more)

    def raise_if_any(self) -> None:
        if self:
            raise ContentError(self.items)

    def checked(self, value: T | None) -> T:
        """What a reader returned, once the problems it found are raised: a reader returns None only
        after adding a problem that says why, so None here is pnp's own mistake, not the content's."""
        self.raise_if_any()
        if value is None:
            raise AssertionError("a reader returned nothing and added no problem saying why")
        return value
