"""Digests that decide whether an output is stale: of files, folders, pnp's own code, and keys.

A target's key digests everything that can change its bytes. pnp's code, the versions
of the libraries that draw and encode, and the embedded fonts are one digest shared by
every key, so upgrading pnp or reportlab rebuilds everything, and nothing else does.
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import lru_cache
from pathlib import Path

import pnp

DRAWING_LIBRARIES = ("reportlab", "rl_accel", "pillow", "pypdfium2", "pikepdf", "font-source-sans-pro", "fonttools")


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as source:
        for block in iter(lambda: source.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def folder_digest(folder: Path) -> str:
    """Names and contents of every file under folder, hidden files and editor backups left out."""
    digest = hashlib.sha256()
    for path in sorted(source_files(Path(folder))):
        digest.update(f"{path.relative_to(folder).as_posix()}\0{file_digest(path)}\0".encode())
    return digest.hexdigest()


def source_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return [path for path in folder.rglob("*")
            if path.is_file() and not _ignored(path.relative_to(folder))]


def _ignored(relative: Path) -> bool:
    return any(part.startswith(".") or part.endswith("~") or part == "__pycache__" for part in relative.parts)


@lru_cache(maxsize=1)
def code_digest() -> str:
    """pnp's source, the drawing libraries' versions and the font files."""
    package = Path(pnp.__file__).parent
    digest = hashlib.sha256(folder_digest(package).encode())
    for name in DRAWING_LIBRARIES:
        digest.update(f"{name}={installed_version(name)}\0".encode())
    return digest.hexdigest()


def installed_version(name: str) -> str:
    """The version in the name of the package's .dist-info folder ('absent' if none).

    importlib.metadata says the same but takes longer to import than a no-op build runs.
    """
    wanted = name.replace("-", "_").lower()
    for entry in sys.path:
        folder = Path(entry or ".")
        if not folder.is_dir():
            continue
        for info in folder.glob("*.dist-info"):
            project, _, version = info.name[: -len(".dist-info")].partition("-")
            if project.replace("-", "_").replace(".", "_").lower() == wanted:
                return version
    return "absent"


def key_of(*parts) -> str:
    """A digest of JSON-able parts (tuples become lists, so keep them simple)."""
    text = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()
