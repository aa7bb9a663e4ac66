"""Located problems: where in which YAML file a value is, and what was wrong with it.

Every loader collects problems instead of stopping at the first, so a designer sees
all the mistakes of a file at once. `ContentError` carries them to the command line,
where Click prints them on stderr and exits 1. A value is shown in a message only
through `quote`: escaped, and cut to a short excerpt, whatever the content holds.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import click

from pnp.model.limits import MAX_PROBLEMS_PER_FILE


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; line and column count from 1."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        shown = display_path(self.file)
        return f"{shown}:{self.line}:{self.column}" if self.line else shown


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
    """One thing wrong with the content, said once, with where and what."""

    location: Location
    key: str
    message: str

    def __str__(self) -> str:
        where = f"{self.location} {shown_key(self.key)}:" if self.key else f"{self.location}:"
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
    return MoreProblems(Location(file, _LAST_LINE), "", "", count)


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
    MAX_PROBLEMS_PER_FILE of one file, and how many more), sorted by place."""

    exit_code = 1

    def __init__(self, problems: list[Problem]):
        self.problems = capped(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def format_message(self) -> str:
        count = sum(p.count if isinstance(p, MoreProblems) else 1 for p in self.problems)
        noun = "problem" if count == 1 else "problems"
        return f"{self.message}\n({count} {noun})"


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

    def extend(self, other: "Problems | list[Problem]") -> None:
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
