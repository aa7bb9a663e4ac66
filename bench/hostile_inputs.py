"""Times and measures the heavy rows of the hardening corpus, each refused by a real `pnp` process.

Every row marked `subprocess` in tests/hardening/corpus.py (a product of 200,000 items,
a rulebook nested 100,000 deep, aliases expanding to 5 MB, a 10 m board, an 8 MiB PO
file, a gigapixel PNG header, a FIFO) is run on a copy of a built kit, as the test
does, and compared with the floor: the same command on the untouched kit. The goal is
the issue's: each refusal within 20 s and 2 GB, in practice about the floor.

Run from the repository root: `python bench/hostile_inputs.py`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "hardening"))

from corpus import CASES, COMMANDS, Case  # noqa: E402
from test_corpus import Kits, prepare  # noqa: E402


def measured(work: Path, args: list[str]) -> tuple[float, float, int]:
    """(seconds, peak resident MB, exit code) of one `pnp` process."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "pnp", *args], cwd=work,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    return seconds, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        kits = Kits(scratch / "kits")
        heavy = [case for case in CASES if case.subprocess]
        print(f"{'row':<34} {'command':<9} {'s':>6} {'× floor':>8} {'MB':>6} {'× floor':>8} exit")
        for index, case in enumerate(heavy):
            command = case.commands[0]
            floor_site = prepare(Case("floor", lambda site: None, None, "", base=case.base), kits,
                                 scratch / f"floor{index}")
            floor_s, floor_mb, _ = measured(floor_site.work, COMMANDS[command](case.arguments))
            site = prepare(case, kits, scratch / f"case{index}")
            seconds, megabytes, code = measured(site.work, COMMANDS[command](case.arguments))
            print(f"{case.name:<34} {command:<9} {seconds:6.2f} {seconds / floor_s:8.2f} "
                  f"{megabytes:6.0f} {megabytes / floor_mb:8.2f} {code}")


if __name__ == "__main__":
    main()
