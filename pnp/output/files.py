"""The one way pnp writes a file: inside a root folder, complete or not at all.

`write_file(root, relative, data)` refuses any path that, once resolved (symlinks
included), leaves `root`; it writes a temporary file beside the target and renames it
into place, so readers see the old file or the new, never half of one. Every output
(build, diagrams, calibration) and every content edit (translate import and stamp, with
the game folder as root) goes through it. Faults of the operating system (disk full,
permission denied, a file where a folder should be) become an `OutputError`: one line
naming the file and the cause.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import click

from pnp.model.problems import display_path


class OutputError(click.ClickException):
    """A file pnp could not write or move: one line, exit 1."""

    exit_code = 1


class OutsideRoot(OutputError):
    """A path that would put a file outside the folder it must stay in."""


def inside(root: Path, relative: str | Path) -> Path:
    """root/relative, resolved; OutsideRoot if it is absolute or resolves outside root."""
    root = Path(root).resolve()
    if Path(relative).is_absolute():
        raise OutsideRoot(f"refusing to write {relative}: outside {display(root)}")
    target = (root / relative).resolve()
    if target == root or not target.is_relative_to(root):
        raise OutsideRoot(f"refusing to write {display(root / relative)}: it resolves outside {display(root)}")
    return target


def write_file(root: Path, relative: str | Path, data: bytes) -> Path:
    """Replace root/relative with data atomically (keeping an existing file's permissions)."""
    target = inside(root, relative)
    with os_faults(target):
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.urandom(4).hex()}.tmp")
        try:
            _write_new(temporary, data)
            if target.exists():
                os.chmod(temporary, target.stat().st_mode & 0o7777)
            os.replace(temporary, target)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    return target


def _write_new(path: Path, data: bytes) -> None:
    # "x" mode: created with the usual umask permissions, never clobbering another file.
    with open(path, "xb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())


def write_text(root: Path, relative: str | Path, text: str) -> Path:
    return write_file(root, relative, text.encode("utf-8"))


class os_faults:
    """A context that turns an OSError into an OutputError naming `path` and the cause."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self) -> "os_faults":
        return self

    def __exit__(self, kind, error, traceback) -> bool:
        if isinstance(error, OSError) and not isinstance(error, OutputError):
            raise OutputError(fault_message(error, self.path)) from error
        return False


def fault_message(error: OSError, path: Path) -> str:
    """'cannot write output/x.pdf: no space left on device' (the file the OS names, if any)."""
    named = Path(error.filename) if error.filename else Path(path)
    cause = _CAUSES.get(error.errno) or (error.strerror or str(error)).lower()
    return f"cannot write {display(named)}: {cause}"


_CAUSES = {
    errno.ENOSPC: "no space left on the disk",
    errno.EDQUOT: "disk quota exceeded",
    errno.EFBIG: "the file is larger than the system allows",
    errno.EROFS: "the folder is on a read-only file system",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOTDIR: "a file stands where a folder is needed",
    errno.EISDIR: "a folder stands where the file should go",
}


def display(path: Path) -> str:
    return display_path(str(path))
