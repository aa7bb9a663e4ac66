"""The one way pnp writes a file: inside a root folder, complete or not at all.

`write_file(root, relative, data)` refuses any path that, once resolved (symlinks
included), leaves `root`; it writes a temporary file beside the target and renames it
into place, so readers see the old file or the new, never half of one. `FileSet` does the
same for several files that change together (a translation import's table and catalog):
all are written first, then all renamed, or none. Every output
(build, diagrams, calibration) and every content edit (translate import and stamp, with
the game folder as root) goes through it. Faults of the operating system (disk full,
permission denied, a file where a folder should be) become an `OutputError`: one line
naming the file and the cause.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
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
    with FileSet(root) as files:
        target = files.stage(relative, data)
        files.commit()
    return target


class FileSet:
    """Files of one root replaced together or not at all (as a build's transaction does for --out).

    `stage` writes each new content to a temporary file beside its target; `commit` then
    renames them all into place, and if one rename fails, puts back the files already
    replaced. A message about a file names the file, never its temporary. Use as a
    context: temporaries left by a failure are removed when it ends.
    """

    def __init__(self, root: Path):
        self.root = Path(root)
        self.staged: list[tuple[Path, Path]] = []  # (target, temporary)

    def __enter__(self) -> FileSet:
        return self

    def __exit__(self, *exc) -> None:
        for _, temporary in self.staged:
            temporary.unlink(missing_ok=True)

    def stage(self, relative: str | Path, data: bytes) -> Path:
        """Write data for root/relative (checked to be inside root) beside it; nothing is replaced yet."""
        target = inside(self.root, relative)
        temporary = _temporary(target, "tmp")
        with os_faults(target, named=target):
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                _write_new(temporary, data)
                if target.exists():
                    os.chmod(temporary, target.stat().st_mode & 0o7777)
            except BaseException:
                temporary.unlink(missing_ok=True)
                raise
        self.staged.append((target, temporary))
        return target

    def commit(self) -> None:
        """Rename every staged file into place, all or none."""
        replaced: list[tuple[Path, Path | None]] = []  # (target, its old file kept aside; None if it was new)
        try:
            for target, temporary in self.staged:
                kept = _keep_aside(target)
                try:
                    with os_faults(target, named=target):
                        os.replace(temporary, target)
                except BaseException:
                    if kept is not None:
                        kept.unlink(missing_ok=True)
                    raise
                replaced.append((target, kept))
        except BaseException:
            _put_back(replaced)
            raise
        for _, kept in replaced:
            if kept is not None:
                kept.unlink(missing_ok=True)
        self.staged = []


def _temporary(target: Path, kind: str) -> Path:
    return target.with_name(f".{target.name}.{os.urandom(4).hex()}.{kind}")


def _write_new(path: Path, data: bytes) -> None:
    # "x" mode: created with the usual umask permissions, never clobbering another file.
    with open(path, "xb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())


def _keep_aside(target: Path) -> Path | None:
    """A second name for the file at target (a hard link, else a copy), so a failed commit can bring it back."""
    if not target.exists():
        return None
    kept = _temporary(target, "old")
    with os_faults(target, named=target):
        try:
            os.link(target, kept)
        except OSError:
            if not stat.S_ISREG(os.stat(target).st_mode):
                return None  # a FIFO or the like is not read (it would block); it is only replaced
            _write_new(kept, target.read_bytes())
    return kept


def _put_back(replaced: list[tuple[Path, Path | None]]) -> None:
    for target, kept in reversed(replaced):
        if kept is None:  # the file was new: it goes again
            target.unlink(missing_ok=True)
            continue
        # If it cannot, the old file stays beside the new one under its .old name, for the user to find.
        with contextlib.suppress(OSError):
            os.replace(kept, target)


def write_text(root: Path, relative: str | Path, text: str) -> Path:
    return write_file(root, relative, text.encode("utf-8"))


class os_faults:
    """A context that turns an OSError into an OutputError naming `path` and the cause."""

    def __init__(self, path: Path, named: Path | None = None):
        self.path = path
        self.named = named  # the file to name whatever file the OS names (a temporary stands for it)

    def __enter__(self) -> os_faults:
        return self

    def __exit__(self, kind, error, traceback) -> None:
        if isinstance(error, OSError) and not isinstance(error, OutputError):
            raise OutputError(fault_message(error, self.path, self.named)) from error


def fault_message(error: OSError, path: Path, named: Path | None = None) -> str:
    """'cannot write output/x.pdf: no space left on device' (the file the OS names, if any)."""
    named = named or (Path(error.filename) if error.filename else Path(path))
    known = _CAUSES.get(error.errno) if error.errno is not None else None
    cause = known or (error.strerror or str(error)).lower()
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
