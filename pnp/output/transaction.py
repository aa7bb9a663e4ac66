"""All the files of one run, moved into --out together or not at all.

A run stages every new file in `<out>/.pnp/staging-<random>/new/` (through the guarded
writer) and notes the outputs to remove. `commit` then moves each file into place,
parking what it replaces in `staging-…/old/`; if any move fails, the moves already
made are undone, so on any error nothing under --out has changed. Folders the removed
files leave empty go too. Each file appears by
one rename, so `kill -9` at any moment leaves only complete files, plus a staging folder
that the next run removes. A lock on `<out>/.pnp/lock` keeps two runs from interleaving.
A run told not to keep state removes the `.pnp` folder again if it made it.

The state folder must be pnp's own: one that is a link (to a folder whose `staging-*`
would be removed) or not a folder at all is refused before anything is removed or made,
and a state file (the lock, the manifest, the digests) is opened only if it is a regular
file, without blocking: a FIFO put in its place cannot hang a build.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path

from pnp.model.files import describe_mode
from pnp.output.files import OutputError, display, fault_message, inside, os_faults, write_file

if sys.platform == "win32":  # no advisory locks: one run at a time is then the user's care
    fcntl = None
else:
    import fcntl

STATE_FOLDER = ".pnp"


def in_pnp_folder(relative: str) -> bool:
    """Whether an output path (relative to --out) is in a `.pnp` folder: a file pnp keeps for itself
    (the record of where a sheets PDF prints its faces), written and removed with the outputs but
    never counted or named among them."""
    return STATE_FOLDER in relative.split("/")


class Transaction:
    """Use as a context: stage() and remove() during the run, commit() at its end."""

    def __init__(self, out: Path, keep_state: bool = True):
        self.out = Path(out)
        self.keep_state = keep_state  # False: a state folder this run made goes when it ends
        self.state = self.out / STATE_FOLDER
        self.staged: list[str] = []
        self.removed: list[str] = []
        self._lock: int | None = None

    def __enter__(self) -> Transaction:
        check_state_folder(self.state)
        # Folders this run makes are removed again if it ends without a commit.
        self._made = [p for p in (self.state, *self.state.parents) if not os.path.lexists(p)][::-1]
        self.committed = False
        with os_faults(self.state):
            self.state.mkdir(parents=True, exist_ok=True)
            self._lock = _open_lock(self.state / "lock")
            if fcntl is not None:
                # A POSIX record lock belongs to this process alone: worker processes forked
                # later do not hold it, so it ends with this process, even under kill -9.
                fcntl.lockf(self._lock, fcntl.LOCK_EX)
            for leftover in self.state.glob("staging-*"):
                if leftover.is_symlink():
                    leftover.unlink()  # never followed: what it links to is not pnp's
                else:
                    _remove_tree(leftover)
            self.staging = self.state / f"staging-{os.urandom(4).hex()}"
            (self.staging / "new").mkdir(parents=True)
        return self

    def __exit__(self, *exc) -> None:
        _remove_tree(self.staging)
        if self._lock is not None:
            os.close(self._lock)
        if not self.committed:
            _remove_made(self._made)
        elif not self.keep_state and self.state in self._made:
            _remove_made([self.state])

    def stage(self, relative: str, data: bytes) -> None:
        """Write the future content of out/relative into the staging folder."""
        inside(self.out, relative)
        write_file(self.staging / "new", relative, data)
        self.staged.append(relative)

    def remove(self, relative: str) -> None:
        """Delete out/relative at commit (an output this run no longer makes)."""
        inside(self.out, relative)
        self.removed.append(relative)

    def commit(self) -> None:
        """Move every staged file into place and remove the removed; all or nothing."""
        done: list[tuple[Path, Path | None]] = []
        created: list[Path] = []
        try:
            for relative in self.removed:
                self._park(relative, done)
            for relative in self.staged:
                target = inside(self.out, relative)
                created += _make_parents(target.parent)
                self._park(relative, done)
                with os_faults(target):
                    os.replace(self.staging / "new" / relative, target)
                done.append((target, None))
        except BaseException:
            _undo(done, created)
            raise
        self.committed = True
        _prune(self.out, self.removed)

    def _park(self, relative: str, done: list) -> None:
        """Move out/relative aside into old/, remembering how to bring it back."""
        target = inside(self.out, relative)
        if not target.exists() and not target.is_symlink():
            return
        parked = self.staging / "old" / relative
        with os_faults(target):
            parked.parent.mkdir(parents=True, exist_ok=True)
            os.replace(target, parked)
        done.append((target, parked))


def check_state_folder(state: Path) -> None:
    """OutputError if the state folder is there but is not a folder of its own (a link, a file)."""
    try:
        mode = os.lstat(state).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise OutputError(fault_message(error, state)) from None
    if stat.S_ISLNK(mode):
        raise OutputError(f"refusing to use {display(state)}: it is a link, and pnp keeps its state (a lock, the "
                          "manifest, staging folders) in a folder of its own; remove the link")
    if not stat.S_ISDIR(mode):
        found = "a file" if stat.S_ISREG(mode) else describe_mode(mode)
        raise OutputError(f"refusing to use {display(state)}: pnp keeps its state there, in a folder, and found "
                          f"{found}; remove it")


def read_state_file(state: Path, name: str) -> bytes | None:
    """The bytes of the file `name` of the state folder, or None if there is none or it is not a
    regular file in a state folder of pnp's own (what is there is not waited on: a FIFO is not read)."""
    try:
        check_state_folder(state)
        descriptor = os.open(state / name, _STATE_FLAGS | os.O_RDONLY)
    except (OutputError, OSError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return None
        chunks = []
        while chunk := os.read(descriptor, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(descriptor)


# Not following a link, not blocking (a FIFO opens at once and is then refused as not a regular file).
_STATE_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def _open_lock(path: Path) -> int:
    """A descriptor of the lock file, made if missing; OutputError if something else is in its place."""
    try:
        descriptor = os.open(path, _STATE_FLAGS | os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        if os.path.islink(path):
            raise OutputError(f"refusing to use {display(path)} as pnp's lock: it is a link; remove it") from None
        raise OutputError(fault_message(error, path)) from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        raise OutputError(f"refusing to use {display(path)} as pnp's lock: found {describe_mode(mode)}; remove it")
    return descriptor


def _remove_tree(folder: Path) -> None:
    """Remove a staging folder and what it holds. One that holds nothing but its empty
    `new/` (a run with nothing to write) goes without importing shutil, which with the
    compression modules it brings costs a no-op build about 3 % of its time."""
    try:
        (folder / "new").rmdir()
        folder.rmdir()
    except OSError:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)


def _make_parents(folder: Path) -> list[Path]:
    missing = [p for p in (folder, *folder.parents) if not p.exists()][::-1]
    with os_faults(folder):
        for path in missing:
            path.mkdir()
    return missing


def _prune(out: Path, removed: list[str]) -> None:
    """Remove the folders the removed files leave empty (a shop's folder, a game's png/), up to out."""
    root = Path(out).resolve()
    for relative in removed:
        folder = (root / relative).parent
        while folder != root and folder.is_relative_to(root):
            try:
                folder.rmdir()
            except OSError:
                break  # not empty, or not ours to remove
            folder = folder.parent


def _remove_made(folders: list[Path]) -> None:
    """Remove folders made by a run that failed (the state folder with its lock file)."""
    for folder in reversed(folders):
        if folder.name == STATE_FOLDER:
            (folder / "lock").unlink(missing_ok=True)
        try:
            folder.rmdir()
        except OSError:
            return


def _undo(done: list[tuple[Path, Path | None]], created: list[Path]) -> None:
    """Put back every file moved so far, newest first, then drop folders made for them."""
    for target, parked in reversed(done):
        if parked is None:
            target.unlink(missing_ok=True)
        else:
            os.replace(parked, target)
    for folder in reversed(created):
        with contextlib.suppress(OSError):
            folder.rmdir()
