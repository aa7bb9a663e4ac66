"""Digests that decide whether an output is stale: of files, folders, pnp's own code, and keys.

A target's key digests everything that can change its bytes. pnp's code, the versions
of the libraries that draw and encode, the embedded fonts and the installed plugins (their
names and versions, and the code of those installed from a folder) are one digest shared
by every key, so upgrading pnp or reportlab, or installing or changing a plugin, rebuilds
everything, and nothing else does.

A file's digest is remembered by its size, times and inode, in the state folder of
--out between runs, so a build with nothing changed reads no file (as Python trusts a
.pyc by its source's size and time). A file changed so soon after it was digested that
its times could not tell the two versions apart is never remembered (git's "racy"
entries): it is read again next time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import time
from pathlib import Path

import pnp
from pnp import plugins
from pnp.output.transaction import STATE_FOLDER, read_state_file

DRAWING_LIBRARIES = ("reportlab", "rl_accel", "pillow", "pypdfium2", "pikepdf", "font-source-sans-pro", "fonttools")
MEMORY_FILE = "digests.json"
MEMORY_VERSION = 1
# Longer than the coarsest file-time step pnp may meet (2 s on FAT) and a clock's drift.
RACY_NS = 3_000_000_000


class DigestMemory:
    """File digests by absolute path, each with the stat signature it was computed under."""

    def __init__(self, entries: dict[str, list] | None = None, state: Path | None = None):
        self.entries = entries or {}
        self.changed = False
        self.state = state  # the state folder it was read from

    def digest(self, path: Path | str) -> str:
        stat = os.stat(path)
        signature = [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]
        name = os.fspath(path)
        if not os.path.isabs(name):
            name = os.path.abspath(name)
        known = self.entries.get(name)
        if known is not None and known[:4] == signature:
            return known[4]
        digest = _read_digest(path)
        if time.time_ns() - max(stat.st_mtime_ns, stat.st_ctime_ns) > RACY_NS:
            self.entries[name] = [*signature, digest]
            self.changed = True
        return digest

    @classmethod
    def load(cls, state: Path) -> DigestMemory:
        """What an earlier run kept in the state folder (nothing if it is missing or unreadable)."""
        data = read_state_file(Path(state), MEMORY_FILE)
        if data is None:
            return cls(state=Path(state))
        try:
            raw = json.loads(data)
            if raw.get("version") == MEMORY_VERSION:
                return cls({name: entry for name, entry in raw["files"].items()
                            if isinstance(entry, list) and len(entry) == 5}, Path(state))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass
        return cls(state=Path(state))

    def dumps(self) -> bytes:
        """The entries whose files are still there, for the state folder."""
        files = {name: entry for name, entry in sorted(self.entries.items()) if os.path.exists(name)}
        return json.dumps({"version": MEMORY_VERSION, "files": files}).encode("utf-8")


# The memory file digests go through: a run's own, from its state folder (`remember_in`).
memory = DigestMemory()


def remember_in(state: Path) -> DigestMemory:
    """Make what the state folder kept the memory of this process's digests, and return it
    (the memory already in use, if it came from there: a command reads it once)."""
    global memory
    if memory.state != Path(state):
        memory = DigestMemory.load(state)
    return memory


def file_digest(path: Path | str) -> str:
    return memory.digest(path)


def _read_digest(path: Path | str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as source:
        for block in iter(lambda: source.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def folder_digest(folder: Path) -> str:
    """Names and contents of every file under folder, hidden files, editor backups and pnp's
    own output folders left out. A file that goes while it is digested (an editor's autosave,
    `sed -i`'s temporary) is left out as if it had gone a moment earlier: its going is a change
    of its own, which the next build (or pnp watch) sees."""
    root = os.path.abspath(folder)
    digest = hashlib.sha256()
    for relative in source_files(root):
        try:
            file = file_digest(os.path.join(root, relative))
        except FileNotFoundError:
            continue
        digest.update(f"{relative}\0{file}\0".encode())
    return digest.hexdigest()


def source_files(folder: Path | str) -> list[str]:
    """The files under folder, as sorted relative POSIX names, without hidden files and
    folders, editor backups and autosaves (`name~`, `#name#`), `__pycache__` and any folder
    that holds pnp's state (an --out folder, wherever it is: a game built or watched from
    inside its own folder writes there). Links are followed, each folder once (a link back
    up the tree ends there); a folder that goes while it is listed is left out."""
    found: list[str] = []
    if os.path.isdir(folder):
        _gather(os.fspath(folder), "", found, set())
    return sorted(found)


def _gather(folder: str, prefix: str, found: list[str], seen: set[tuple[int, int]]) -> None:
    try:
        identity = os.stat(folder)
        if (identity.st_dev, identity.st_ino) in seen or (prefix and is_output_folder(folder)):
            return
        seen.add((identity.st_dev, identity.st_ino))
        with os.scandir(folder) as entries:
            listed = list(entries)
    except FileNotFoundError:
        return
    for entry in listed:
        if ignored_name(entry.name):
            continue
        if entry.is_dir():
            _gather(entry.path, f"{prefix}{entry.name}/", found, seen)
        elif entry.is_file():
            found.append(prefix + entry.name)


def ignored_name(name: str) -> bool:
    """A file or folder name that is never content: hidden, an editor's backup or autosave, a cache."""
    return (name.startswith(".") or name.endswith("~") or (name.startswith("#") and name.endswith("#"))
            or name == "__pycache__")


def is_output_folder(folder: Path | str) -> bool:
    """Whether folder is one pnp builds into (it holds pnp's state folder)."""
    return os.path.isdir(os.path.join(folder, STATE_FOLDER))


_code_digest: str | None = None


def code_digest() -> str:
    """pnp's source, the drawing libraries' versions, the font files and the installed plugins
    (once per process: the code that runs is the code that was imported)."""
    global _code_digest
    if _code_digest is None:
        digest = hashlib.sha256(folder_digest(Path(pnp.__file__).parent).encode())
        installed = plugins.distributions()
        for name in DRAWING_LIBRARIES:
            found = installed.get(plugins.normalized(name))
            digest.update(f"{name}={found.version if found else 'absent'}\0".encode())
        digest.update(plugins_digest().encode())
        _code_digest = digest.hexdigest()
    return _code_digest


def plugins_digest() -> str:
    """Every installed plugin distribution's name and version; the code of those installed from a
    folder (editable, or by path), which can change while the version stays, hashed as pnp's own."""
    digest = hashlib.sha256()
    for distribution in plugins.plugin_distributions():
        digest.update(f"plugin {distribution.name}={distribution.version}\0".encode())
        if distribution.local_source() is not None:
            for path in plugins.code_paths(distribution):
                code = folder_digest(path) if path.is_dir() else file_digest(path)
                digest.update(f"{path.name}\0{code}\0".encode())
    return digest.hexdigest()


def key_of(*parts) -> str:
    """A digest of JSON-able parts (tuples become lists, so keep them simple); a dataclass (a
    target's parameters) counts as its class's name and its fields."""
    text = json.dumps(parts, sort_keys=True, default=_plain, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _plain(value):
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}]
    return str(value)
