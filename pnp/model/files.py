"""Content files on disk → regular files inside their game folder (or templates/), read within bounds.

Content names files (game.yaml, text/da.yaml, an image), and those names may have been
made hostile: a link to /etc/passwd, a folder or a FIFO where a file belongs, a path
through '..'. Every content file is looked up here: nothing there is "absent", anything
but a regular file inside the folder is a located error saying what was found, and a
file is read without blocking and never beyond its size bound.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.model.limits import MAX_FILE_BYTES
from pnp.model.problems import ContentError, Location, Problem, display_path

_CHUNK = 1 << 16


def content_file(path: Path, root: Path) -> Path | None:
    """path (links followed) if it is a regular file inside root; None if nothing is there.

    ContentError, located at path, if it leads outside root (through a link or '..'),
    is a link to nothing, or is a folder, FIFO, device or socket.
    """
    path = Path(path)
    try:
        inside = Path(root).resolve()
        resolved = path.resolve()
    except (OSError, RuntimeError, ValueError) as error:  # a link loop, NUL, a name too long
        raise _fail(path, f"cannot be looked up: {_reason(error)}") from None
    if inside not in resolved.parents:
        raise _fail(path, f"leads outside {display_path(str(root))}/ (through a link or '..'); "
                          "content must be a file inside the game folder or templates/")
    try:
        mode = os.stat(resolved).st_mode
    except FileNotFoundError:
        if os.path.lexists(path):
            raise _fail(path, "is a link to a file that does not exist") from None
        return None
    except OSError as error:
        raise _fail(path, f"cannot be read: {_reason(error)}") from None
    if not stat.S_ISREG(mode):
        raise _fail(path, f"expected a file, found {describe_mode(mode)}")
    return resolved


def read_content(path: Path, root: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a content file (see content_file); a missing one is an error too."""
    resolved = content_file(path, root)
    if resolved is None:
        raise _fail(Path(path), "file not found")
    return read_regular_file(Path(path), limit, opened=resolved, follow=False)


def read_regular_file(path: Path, limit: int, opened: Path | None = None, follow: bool = True) -> bytes:
    """The bytes of the regular file at path, at most limit of them; ContentError saying why not.

    Opened without blocking (a FIFO is refused, not waited on) and checked after opening,
    so what is read is what was checked.
    """
    descriptor = _open_regular(path, limit, opened, follow)
    try:
        return _read_at_most(descriptor, path, limit)
    finally:
        os.close(descriptor)


def read_file_head(path: Path, count: int, limit: int) -> bytes:
    """The first `count` bytes of the regular file at path, checked as read_regular_file checks it
    (its size within limit), without reading the rest: what kind of file it is."""
    descriptor = _open_regular(path, limit, None, True)
    try:
        return os.read(descriptor, count)
    except OSError as error:
        raise _fail(path, f"cannot be read: {_reason(error)}") from None
    finally:
        os.close(descriptor)


def _open_regular(path: Path, limit: int, opened: Path | None, follow: bool) -> int:
    """A descriptor of the regular file at path (or opened), its size within limit; ContentError if not."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(opened or path, flags)
    except FileNotFoundError:
        raise _fail(path, "file not found") from None
    except (OSError, ValueError) as error:
        raise _fail(path, f"cannot be read: {_reason(error)}") from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise _fail(path, f"expected a file, found {describe_mode(info.st_mode)}")
        if info.st_size > limit:
            raise _too_large(path, info.st_size, limit)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _read_at_most(descriptor: int, path: Path, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        try:
            chunk = os.read(descriptor, _CHUNK)
        except OSError as error:
            raise _fail(path, f"cannot be read: {_reason(error)}") from None
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:  # the file grew after it was measured
            raise _too_large(path, size, limit)
        chunks.append(chunk)


def is_game_folder(folder: Path) -> bool:
    """Whether folder has anything called game.yaml (load_game says what, if it is not a file)."""
    return os.path.lexists(Path(folder) / "game.yaml")


def describe_mode(mode: int) -> str:
    """What a file system entry is, in a user's words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something that is not a regular file"


def _too_large(path: Path, size: int, limit: int) -> ContentError:
    return _fail(path, f"file is {size} bytes, over the limit of {limit} bytes")


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return "a link loop" if isinstance(error, RuntimeError) else "not a usable file name"


def _fail(path: Path, message: str) -> ContentError:
    return ContentError([Problem(Location(str(path)), "", message)])
