"""What pnp wrote under --out for a game → what `pnp serve`'s page shows of it: pictures by section,
language and paper, and links to the rest.

The manifest says which files the game's builds made (pnp build's and pnp diagrams'), of which
kind, in which languages and on which paper, with each file's digest; a PDF's own pages are its
pictures, named by the PDF's outline where it has one (the faces PDF names each set and item).
A picture's address carries the file's digest, so a page knows a picture changed by its
address alone. Files are read, checked against their digest and measured once per digest.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from pnp.output.files import OutputError, inside
from pnp.output.raster import PageFacts, page_facts, page_png
from pnp.output.transaction import STATE_FOLDER, in_pnp_folder
from pnp.targets.manifest import MANIFEST_NAME, Manifest, unit_scope

POINTS_PER_MM = 72 / 25.4
VERSION_LENGTH = 16  # hex digits of a file's SHA-256 that name its version in an address
# The resolutions a page may ask pictures at: from a thumbnail's to a true-size view on a
# high-density screen, few enough that the cache holds what a page asks again.
DPIS = (48, 72, 96, 144, 192, 288)
KEPT_FACTS = 1000  # PDFs whose pages' facts are kept (a few hundred bytes each)


@dataclass(frozen=True)
class Section:
    """A part of the page: the kinds of target whose files it shows (none: the files no other section
    shows), the pass of the rebuild that makes them, and whether it shows their PDFs' pages as
    pictures (else each file is one link)."""

    id: str
    title: str
    kinds: tuple[str, ...]
    step: str
    pictured: bool = True


@dataclass(frozen=True)
class KitFile:
    """A file pnp wrote for the game: where under --out, its version, section, languages and paper."""

    path: str
    version: str
    section: Section
    languages: tuple[str, ...]
    paper: str | None
    stale: bool


class Manifests:
    """The manifest under --out, read again only when its file changed (a build committed)."""

    def __init__(self, out: Path):
        self.path = Path(out) / STATE_FOLDER / MANIFEST_NAME
        self.out = Path(out)
        self._lock = threading.Lock()
        self._seen: tuple | None = None
        self._manifest = Manifest()

    def current(self) -> Manifest:
        try:
            stat = os.stat(self.path)
            seen: tuple | None = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
        except OSError:
            seen = None
        with self._lock:
            if seen != self._seen:
                self._manifest, self._seen = Manifest.load(self.out), seen
            return self._manifest


def kit_files(manifest: Manifest, folder: Path, sections: tuple[Section, ...]) -> list[KitFile]:
    """Every file the game's builds made under --out, in the order of the manifest (by path), but
    pnp's own (in `.pnp` folders)."""
    scopes = {unit_scope("build", folder), unit_scope("diagrams", folder)}
    by_kind = {kind: section for section in sections for kind in section.kinds}
    others = next(section for section in sections if not section.kinds)
    files = []
    for path, output in sorted(manifest.files.items()):
        if output.unit not in scopes or in_pnp_folder(path):
            continue
        record = manifest.targets.get(output.target)
        section = by_kind.get(record.kind if record else "", others)
        if section.pictured and not path.endswith(".pdf"):
            section = others  # a diagram's PNG and SVG: the PDF is its picture
        files.append(KitFile(path, output.stamp.sha256[:VERSION_LENGTH], section, output.facets.languages,
                             output.facets.paper, output.stale))
    return files


def file_items(kit_file: KitFile, pages: list[PageFacts] | None, game_id: str) -> list[dict]:
    """What the page shows of a file: a picture per page of a PDF (none if it cannot be read now: a
    build is replacing it), or one link."""
    common = {"file": kit_file.path, "version": kit_file.version, "languages": list(kit_file.languages),
              "paper": kit_file.paper, "stale": kit_file.stale}
    if not kit_file.section.pictured:
        return [{**common, "key": kit_file.path, "group": "", "label": kit_file.path.rsplit("/", 1)[-1]}]
    items = []
    for index, page in enumerate(pages or ()):
        group, label = _names(kit_file, page, index, len(pages or ()), game_id)
        items.append({**common, "key": f"{kit_file.path}#{index + 1}", "page": index, "group": group, "label": label,
                      "width_mm": round(page.width / POINTS_PER_MM, 2),
                      "height_mm": round(page.height / POINTS_PER_MM, 2)})
    return items


def _names(kit_file: KitFile, page: PageFacts, index: int, pages: int, game_id: str) -> tuple[str, str]:
    """(the group a picture is shown in, its own name): a page the PDF's outline names, by its entry
    and the one above it (a face: its set, its item); a one-page PDF (a diagram) by its file's name
    without the game's and the language's; a page of a longer one by its number, under the file's name."""
    name = kit_file.path.rsplit("/", 1)[-1]
    if len(page.titles) >= 2:
        return page.titles[0], " · ".join(page.titles[1:])
    if pages == 1:
        stem = name.removesuffix(".pdf").removeprefix(f"{game_id}-")
        for language in kit_file.languages:
            stem = stem.removesuffix(f"-{language}")
        return "", stem
    return name, f"page {index + 1} of {pages}"


class Documents:
    """The PDFs the page pictures, each read once per version: its pages' facts, and each page as a
    PNG at a resolution a page asks for, the most recently used kept up to a memory budget."""

    def __init__(self, out: Path, budget: int = 256 * 2**20):
        self.out = Path(out)
        self.budget = budget
        self._lock = threading.Lock()
        self._facts: OrderedDict[str, list[PageFacts]] = OrderedDict()
        self._pngs: OrderedDict[tuple[str, int, int], bytes] = OrderedDict()
        self._png_bytes = 0

    def pages(self, kit_file: KitFile) -> list[PageFacts] | None:
        """The file's pages; None if the file is not the version the manifest names (a build is replacing it)."""
        return self._pages(kit_file.path, kit_file.version)

    def png(self, path: str, version: str, page: int, dpi: int) -> bytes | None:
        """Page `page` (from 0) of the PDF at path as a PNG at dpi; None if the file is not that version
        or has no such page."""
        key = (version, page, dpi)
        with self._lock:
            if key in self._pngs:
                self._pngs.move_to_end(key)
                return self._pngs[key]
        data = self.read(path, version)
        pages = self._pages(path, version, data) if data is not None else None
        if data is None or pages is None or not 0 <= page < len(pages):
            return None
        png = page_png(data, page, dpi)
        with self._lock:
            if key not in self._pngs:
                self._pngs[key] = png
                self._png_bytes += len(png)
            while self._png_bytes > self.budget and len(self._pngs) > 1:
                self._png_bytes -= len(self._pngs.popitem(last=False)[1])
        return png

    def _pages(self, path: str, version: str, data: bytes | None = None) -> list[PageFacts] | None:
        with self._lock:
            if version in self._facts:
                self._facts.move_to_end(version)
                return self._facts[version]
        data = data if data is not None else self.read(path, version)
        if data is None:
            return None
        facts = page_facts(data)
        with self._lock:
            self._facts[version] = facts
            while len(self._facts) > KEPT_FACTS:
                self._facts.popitem(last=False)
        return facts

    def read(self, path: str, version: str) -> bytes | None:
        """The bytes of out/path if they are that version, else None."""
        try:
            data = inside(self.out, path).read_bytes()
        except (OSError, OutputError):
            return None
        return data if hashlib.sha256(data).hexdigest()[:VERSION_LENGTH] == version else None
