"""Atomic writes: a temporary file in the target folder, renamed into place when complete.

An interrupted or failed build therefore never leaves a truncated file and never
destroys the last good one.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """A temporary path to write to; it replaces target only if the block succeeds."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    try:
        yield Path(temporary)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_bytes(target: Path, data: bytes) -> None:
    with atomic_path(target) as temporary:
        temporary.write_bytes(data)


def write_text(target: Path, text: str) -> None:
    write_bytes(target, text.encode("utf-8"))
