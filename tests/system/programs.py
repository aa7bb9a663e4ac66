"""System tests: checks with programs from Debian (.ci/debian-packages), run by `make system-test`.

Every test module here sets `pytestmark = pytest.mark.system` (pyproject's addopts leaves
them out of `make test`). A program a test needs and cannot find fails it: a system test
never skips.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def program(name: str) -> str:
    """The path of a Debian program a system test needs; the test fails if it is missing."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed: install the packages in .ci/debian-packages (CI does), "
                    "then run make system-test")
    return path


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """A program run in the C locale, so its messages read the same everywhere."""
    return subprocess.run([program(args[0]), *args[1:]], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "LC_ALL": "C", "LANGUAGE": ""})
