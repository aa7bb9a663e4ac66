"""`<out>/.pnp/manifest.json`: what pnp wrote under --out, for which request, from which key.

Per unit of work (a command on one game folder, or the calibration sheet): the key of its
last run and the digest of the sources (game files, templates, pnp's code) it was checked
against. Per target: the key it was last made with, its warnings and notes. Per file: the
target that made it, the key it was made from, the request (command and options) that
asked for it, the part of a request it answers (`Facets`), whether its inputs have
changed since (`stale`), and its digest, size and modification time. A file whose size
or time differ is digested again, so a file changed by hand is made again; only files
recorded here are ever removed.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from pnp.output.transaction import STATE_FOLDER, read_state_file
from pnp.targets.digest import code_digest, file_digest, folder_digest, key_of
from pnp.targets.facets import Facets

MANIFEST_NAME = "manifest.json"
MANIFEST = f"{STATE_FOLDER}/{MANIFEST_NAME}"
VERSION = 2


@dataclass(frozen=True)
class Stamp:
    """A written file as pnp left it."""

    sha256: str
    size: int
    mtime_ns: int

    def matches(self, path: Path) -> bool:
        try:
            stat = path.stat()
        except OSError:
            return False
        if stat.st_size == self.size and stat.st_mtime_ns == self.mtime_ns:
            return True
        return stat.st_size == self.size and file_digest(path) == self.sha256


@dataclass(frozen=True)
class UnitRecord:
    key: str  # the unit key of its last run (options included)
    sources: str  # the digest of its game's files, the templates and pnp's code at that run
    game: str = ""  # the game's id, which names its outputs (pnp clean GAME, pnp list)


@dataclass
class TargetRecord:
    key: str
    unit: str
    kind: str
    warnings: list[str] = field(default_factory=list)
    request: str = ""  # the request it was last made or confirmed for
    notes: list[str] = field(default_factory=list)  # what the command says of it (pnp.targets.target.Rendered)


@dataclass(frozen=True)
class Output:
    """One file pnp wrote."""

    target: str
    unit: str
    key: str  # the key of its target when these bytes were made
    request: str  # the id of the request that made it (Manifest.requests)
    facets: Facets
    stamp: Stamp
    stale: bool = False  # its inputs changed since it was made


@dataclass
class Manifest:
    units: dict[str, UnitRecord] = field(default_factory=dict)
    targets: dict[str, TargetRecord] = field(default_factory=dict)
    files: dict[str, Output] = field(default_factory=dict)
    requests: dict[str, dict] = field(default_factory=dict)  # id → {"command": …, "options": {…}}

    @classmethod
    def load(cls, out: Path) -> Manifest:
        """The manifest under out; an empty one if there is none or it cannot be read."""
        data = read_state_file(Path(out) / STATE_FOLDER, MANIFEST_NAME)
        if data is None:
            return cls()
        try:
            raw = json.loads(data)
            if raw.get("version") != VERSION:
                return cls()
            units = {scope: UnitRecord(**u) for scope, u in raw["units"].items()}
            targets = {tid: TargetRecord(r["key"], r["unit"], r["kind"], list(r["warnings"]), r["request"],
                                         list(r.get("notes", ())))
                       for tid, r in raw["targets"].items()}
            files = {path: Output(f["target"], f["unit"], f["key"], f["request"], Facets.from_json(f["facets"]),
                                  Stamp(*f["stamp"]), bool(f.get("stale")))
                     for path, f in raw["files"].items()}
            return cls(units, targets, files, dict(raw["requests"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return cls()

    def dumps(self) -> bytes:
        units = {scope: {"key": u.key, "sources": u.sources, "game": u.game} for scope, u in sorted(self.units.items())}
        targets = {tid: {"key": r.key, "unit": r.unit, "kind": r.kind, "warnings": r.warnings, "request": r.request,
                         **({"notes": r.notes} if r.notes else {})}
                   for tid, r in sorted(self.targets.items())}
        files = {path: {"target": f.target, "unit": f.unit, "key": f.key, "request": f.request,
                        "facets": f.facets.to_json(), "stamp": [f.stamp.sha256, f.stamp.size, f.stamp.mtime_ns],
                        **({"stale": True} if f.stale else {})}
                 for path, f in sorted(self.files.items())}
        used = {f.request for f in self.files.values()} | {r.request for r in self.targets.values()}
        requests = {rid: request for rid, request in sorted(self.requests.items()) if rid in used}
        return json.dumps({"version": VERSION, "units": units, "requests": requests, "targets": targets,
                           "files": files}, indent=1, ensure_ascii=False).encode("utf-8")

    def files_of(self, unit: str) -> dict[str, Output]:
        return {path: f for path, f in self.files.items() if f.unit == unit}

    def targets_of(self, unit: str) -> dict[str, TargetRecord]:
        return {tid: r for tid, r in self.targets.items() if r.unit == unit}

    def made_by(self, target: str, key: str) -> dict[str, Output]:
        """The files target made with key."""
        return {path: f for path, f in self.files.items() if f.target == target and f.key == key}

    def intact(self, path: str, out: Path) -> bool:
        """Whether the file at path is under out as pnp wrote it."""
        return self.files[path].stamp.matches(Path(out) / path)


def unit_scope(command: str, folder: Path) -> str:
    """How the manifest names a command's work on a game folder."""
    return f"{command}:{Path(folder).resolve()}"


def files_digest(folder: Path) -> str:
    """The digest of the files a game's outputs are made from: its own and its templates'."""
    from pnp.model.folders import find_templates_folders

    return key_of(folder_digest(folder), *(folder_digest(layer) for layer in find_templates_folders(folder)))


def sources_of(folder: Path) -> str:
    """What a unit's `sources` records: the game's files, its templates and pnp's code."""
    return key_of(code_digest(), files_digest(folder))


def request_id(command: str, options: dict) -> str:
    """The id of a request: its command and the options that decide its outputs."""
    return key_of(command, options)[:16]


def stamp_of(data: bytes, path: Path) -> Stamp:
    """The stamp of a file just written with data (renames keep size and time)."""
    stat = os.stat(path)
    return Stamp(hashlib.sha256(data).hexdigest(), stat.st_size, stat.st_mtime_ns)
