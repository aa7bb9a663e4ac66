"""The files a kit page lists → its entries: the files of one stem together, and where their thumbnails go.

A diagram written as PDF, PNG and SVG is one entry (the files one target kind made of one
stem), linking its PDF and offering the other formats beside it. An entry whose PDF or PNG can be read gets a thumbnail,
`thumbnails/<stem>.webp` beside the page; which entries have one is known before any
file is read, so the build plans the thumbnails' paths with the page's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FOLDER = "thumbnails"
PICTURED = (".pdf", ".png")
# Which file of a stem the entry links first; the others follow it as "also".
FIRST = (".pdf", ".html", ".png", ".json", ".csv", ".svg")


@dataclass(frozen=True)
class KitFile:
    """One output as a kit page lists it: its path under --out, the kind of target that made it and
    that kind's section of the page (TargetKind.section), its languages (none: every page shows it),
    its paper, whether it is out of date, and where its bytes come from: the `made`-th of the page's
    dependencies in this build, or the file already under --out (`kept`); a file with neither is
    listed without a thumbnail."""

    path: str
    kind: str
    section: str = "files"
    languages: tuple[str, ...] = ()
    paper: str | None = None
    stale: bool = False
    made: int | None = None
    kept: bool = False

    @property
    def stem(self) -> str:
        """The path within the game's folder, without its extension."""
        return self.path.split("/", 1)[1].rsplit(".", 1)[0]

    @property
    def extension(self) -> str:
        return "." + self.path.rsplit(".", 1)[-1]

    @property
    def readable(self) -> bool:
        return self.made is not None or self.kept


@dataclass(frozen=True)
class Entry:
    """The files of one stem: the one linked first, the same thing in other formats after it."""

    first: KitFile
    also: tuple[KitFile, ...] = ()

    @property
    def files(self) -> tuple[KitFile, ...]:
        return (self.first, *self.also)

    @property
    def pictured(self) -> KitFile | None:
        """The file its thumbnail is made from: its PDF, else its PNG, that can be read; None if none."""
        return next((f for ext in PICTURED for f in self.files if f.extension == ext and f.readable), None)

    @property
    def thumbnail(self) -> str | None:
        """The thumbnail's path within the game's folder, if the entry has one."""
        return f"{FOLDER}/{self.first.stem}.webp" if self.pictured is not None else None


def entries(files: Sequence[KitFile]) -> list[Entry]:
    """The files grouped by kind and stem (a web edition is not its PDF's other format), in the order
    their first files come."""
    groups: dict[tuple[str, str], list[KitFile]] = {}
    for file in files:
        groups.setdefault((file.kind, file.stem), []).append(file)
    result = []
    for group in groups.values():
        ordered = sorted(group, key=lambda f: FIRST.index(f.extension) if f.extension in FIRST else len(FIRST))
        result.append(Entry(ordered[0], tuple(ordered[1:])))
    return result
