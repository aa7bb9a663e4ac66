"""Located problems: where in which YAML file a value is, and what was wrong with it.

Every loader collects problems instead of stopping at the first, so a designer sees
all the mistakes of a file at once. `ContentError` carries them to the command line,
where Click prints them on stderr and exits 1.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import click


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


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content, said once, with where and what."""

    location: Location
    key: str
    message: str

    def __str__(self) -> str:
        where = f"{self.location} {self.key}:" if self.key else f"{self.location}:"
        return f"{where} {self.message}"


class ContentError(click.ClickException):
    """Content that cannot be built; every problem found is listed, sorted by place."""

    exit_code = 1

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems), key=lambda p: (p.location, p.key, p.message))
        super().__init__("\n".join(str(p) for p in self.problems))

    def format_message(self) -> str:
        count = len(self.problems)
        noun = "problem" if count == 1 else "problems"
        return f"{self.message}\n({count} {noun})"


@dataclass
class Problems:
    """A collector that loaders append to; `raise_if_any` ends a stage that failed."""

    items: list[Problem] = field(default_factory=list)

    def add(self, location: Location, key: str, message: str) -> None:
        self.items.append(Problem(location, key, message))

    def extend(self, other: "Problems | list[Problem]") -> None:
        self.items.extend(other.items if isinstance(other, Problems) else other)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise ContentError(self.items)
