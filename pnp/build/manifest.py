"""`<out>/.pnp/manifest.json`: what pnp wrote under --out, from which key, with which bytes.

Per unit of work (a command on one game folder, or the calibration sheet) the key of
all its inputs; per target its key, its warnings and each file's digest, size and
modification time. A file whose size or time differ is digested again, so a file
changed by hand is rebuilt, and only files recorded here are ever removed.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from pnp.build.digest import file_digest
from pnp.output.transaction import STATE_FOLDER, read_state_file

MANIFEST_NAME = "manifest.json"
MANIFEST = f"{STATE_FOLDER}/{MANIFEST_NAME}"
VERSION = 1


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


@dataclass
class Record:
    key: str
    unit: str
    kind: str
    files: dict[str, Stamp]
    warnings: list[str] = field(default_factory=list)


@dataclass
class Manifest:
    units: dict[str, str] = field(default_factory=dict)
    targets: dict[str, Record] = field(default_factory=dict)

    @classmethod
    def load(cls, out: Path) -> "Manifest":
        """The manifest under out; an empty one if there is none or it cannot be read."""
        data = read_state_file(Path(out) / STATE_FOLDER, MANIFEST_NAME)
        if data is None:
            return cls()
        try:
            raw = json.loads(data)
            if raw.get("version") != VERSION:
                return cls()
            targets = {tid: Record(r["key"], r["unit"], r["kind"], {p: Stamp(*s) for p, s in r["files"].items()}, r["warnings"])
                       for tid, r in raw["targets"].items()}
            return cls(dict(raw["units"]), targets)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return cls()

    def dumps(self) -> bytes:
        targets = {tid: {"key": r.key, "unit": r.unit, "kind": r.kind, "warnings": r.warnings,
                         "files": {p: [s.sha256, s.size, s.mtime_ns] for p, s in sorted(r.files.items())}}
                   for tid, r in sorted(self.targets.items())}
        return json.dumps({"version": VERSION, "units": dict(sorted(self.units.items())), "targets": targets},
                          indent=1, ensure_ascii=False).encode("utf-8")

    def in_unit(self, unit: str) -> dict[str, Record]:
        return {tid: r for tid, r in self.targets.items() if r.unit == unit}

    def intact(self, record: Record, out: Path) -> bool:
        """Every file of the record is under out as pnp wrote it."""
        return all(stamp.matches(Path(out) / path) for path, stamp in record.files.items())


def stamp_of(data: bytes, path: Path) -> Stamp:
    """The stamp of a file just written with data (renames keep size and time)."""
    stat = os.stat(path)
    return Stamp(hashlib.sha256(data).hexdigest(), stat.st_size, stat.st_mtime_ns)
