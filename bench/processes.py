"""One command run and timed from start to exit, as every bench figure measures it.

Standard library only: board_game_factory.py imports it inside board-game-factory's own
environment too. Commands run with Python's bytecode cache (ENV, its folder set by the
bench run): an environment that sets PYTHONDONTWRITEBYTECODE would otherwise have pnp's
modules compiled from source at every start, while click and reportlab come compiled
from their wheels, as they do on a user's machine.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Run:
    seconds: float  # wall time
    cpu: float  # CPU seconds of the process and the children it waited for
    peak_mb: float  # their peak resident memory
    error: str = ""  # the end of its error output when it failed


def run_timed(command: list[str], cwd: Path, env: dict | None = None) -> Run:
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env or ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    error = ""
    if os.waitstatus_to_exitcode(status) != 0:
        lines = [line for line in process.stderr.read().decode(errors="replace").splitlines() if line.strip()]
        error = "\n".join(lines[-3:]) or f"exit {os.waitstatus_to_exitcode(status)}"
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, error)
