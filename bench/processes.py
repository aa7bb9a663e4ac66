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
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Run:
    seconds: float  # wall time
    cpu: float  # CPU seconds of the process and the children it waited for
    peak_mb: float  # their peak resident memory, counting the spawner's own (see peak_mb)
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


# Runs the command as its child and prints the peak resident kB of it and the children it waited for.
_LAUNCHER = ("import resource, subprocess, sys; code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(code)")


def peak_mb(command: list[str], cwd: Path, env: dict | None = None) -> float:
    """The peak resident memory of one run of command, as if a shell had started it.

    On Linux a process's ru_maxrss starts from the size of the process that spawned it
    (exec keeps the high-water mark of the image it replaces), so a command started by the
    bench, which holds the kit's pages, would report the bench's size. It is started from
    a small Python launcher instead, which reports what its child reached.
    """
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, *command], cwd=cwd, env=env or ENV,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr.strip()[-500:]}")
    return int(done.stdout.split()[-1]) / 1024
