"""Atomic writes: a temporary file in the target folder, renamed into place when complete.

An interrupted or failed build therefore never leaves a truncated file and never
destroys the last good one; readers see the old file or the new, never half of one.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_bytes(target: Path, data: bytes) -> None:
    """Replace target with data atomically, keeping an existing file's permissions."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        # "x" mode: created with the usual umask permissions, never clobbering another file.
        with open(temporary, "xb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if target.exists():
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_text(target: Path, text: str) -> None:
    write_bytes(target, text.encode("utf-8"))
