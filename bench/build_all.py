"""Times `pnp build` (sheets and rulebooks) and `pnp diagrams` of every game, and prints the figures.

Run from the repository root: `python bench/build_all.py` (or `make bench`).
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.build import BuildOptions, build  # noqa: E402
from pnp.paint.diagrams.output import write_diagrams  # noqa: E402

CONTENT = Path(__file__).resolve().parents[1] / "content"


def timed(label: str, options: BuildOptions) -> None:
    games = sorted(p for p in CONTENT.iterdir() if (p / "game.yaml").is_file())
    start = time.perf_counter()
    result = build(games, options)
    seconds = time.perf_counter() - start
    size = sum(path.stat().st_size for path in result.written) / 1e6
    print(f"{label:<34} {seconds:7.2f} s  {len(result.written):4d} files  {size:7.1f} MB")


def timed_diagrams(out: Path) -> None:
    games = sorted(p for p in CONTENT.iterdir() if (p / "game.yaml").is_file())
    start = time.perf_counter()
    written = [path for game in games for path in write_diagrams(game, out, ("pdf", "png", "svg"), dpi=300)]
    seconds = time.perf_counter() - start
    size = sum(path.stat().st_size for path in written) / 1e6
    print(f"{'diagrams pdf+png+svg 300 dpi':<34} {seconds:7.2f} s  {len(written):4d} files  {size:7.1f} MB")


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        out = Path(out)
        timed("pdf, a4+letter", BuildOptions(out=out / "pdf", formats=("pdf",)))
        timed("pdf+png 150 dpi, a4", BuildOptions(out=out / "png150", papers=("a4",), dpi=150))
        timed("pdf+png 300 dpi, a4+letter", BuildOptions(out=out / "png300", dpi=300))
        timed_diagrams(out / "diagrams")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
