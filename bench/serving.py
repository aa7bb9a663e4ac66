"""The serve figure: from saving a card's text to its new picture shown by `pnp serve` in a browser,
against `pnp watch`'s save → that card's sheet rewritten, measured in the same run (a ratio).

Both run as a user runs them, on a copy of Quatrefoil with its settings (PDF and PNG, A4 and
Letter), with all cores; each is saved SAVES times (the red colour card's name, a new one each
time), each save once the last one's whole rebuild has ended, and every time is printed with the
best and the median. The
browser is Debian's headless Chromium driven over its DevTools pipe (tests/system/browser.py):
the time ends when the page has the new picture loaded and shown, with no reload. What serve
does on top of watch: its first pass paints each card alone (the faces PDF) beside the sheets,
it renders the changed page to PNG for the browser, and the page hears of it, fetches what
changed and loads the picture.

Run from the repository root: `python bench/serving.py` (needs chromium, as the system tests do).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "system"))

from bench.processes import ENV  # noqa: E402

SAVES = 5
TIMEOUT_S = 120.0
SHEET = "output/quatrefoil/quatrefoil-sheets-en-a4.pdf"
TEXT = "content/quatrefoil/text/en.yaml"
RED = "[...document.images].find(i => i.alt === 'Colour cards: red')"
SHOWN = f"(() => {{ const i = {RED}; return i && i.complete && i.naturalWidth > 0 ? i.dataset.version : null; }})()"


def project(work: Path, name: str) -> Path:
    folder = work / name
    shutil.copytree(ROOT / "content" / "quatrefoil", folder / "content" / "quatrefoil")
    shutil.copytree(ROOT / "templates", folder / "templates")
    return folder


class Running:
    """pnp COMMAND running in folder as a user runs it, once it has said `until`; what it says is kept."""

    def __init__(self, command: str, folder: Path, until: str):
        arguments = ["--port", "0"] if command == "serve" else []
        self.process = subprocess.Popen([sys.executable, "-m", "pnp", command, *arguments], cwd=folder,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                        env={**ENV, "PYTHONPATH": str(ROOT)})
        self.lines: list[str] = []
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)
            if until in line:
                break
            if line.startswith("error"):
                raise SystemExit(line)
        else:
            raise SystemExit(f"pnp {command} ended before it said {until!r}")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    def said(self, phrase: str) -> int:
        return sum(phrase in line for line in self.lines)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


def saves(folder: Path, changed: Callable[[], object], seen: Callable[[object], bool],
          idle: Callable[[int], object]) -> list[float]:
    """The time from each save of a new card name until seen(what changed() said before it) holds; each
    save is made once the rebuilds of the saves before it are done (idle(saves made))."""
    english = folder / TEXT
    text = english.read_text(encoding="utf-8")
    times = []
    for number in range(SAVES):
        _poll(lambda made=number: idle(made), "the rebuild did not end")
        before = changed()
        english.write_text(text.replace("colour.red: Red", f"colour.red: Scarlet {number}"), encoding="utf-8")
        start = time.perf_counter()
        while not seen(before):
            if time.perf_counter() - start > TIMEOUT_S:
                raise SystemExit(f"nothing changed within {TIMEOUT_S:.0f} s of a save")
            time.sleep(0.01)
        times.append(time.perf_counter() - start)
    return times


def watch_times(work: Path) -> list[float]:
    folder = project(work, "watched")
    running = Running("watch", folder, "watching for changes")
    try:
        sheet = folder / SHEET
        # Idle once the second pass (rulebooks, PNG pages…) of every save so far has said it was done.
        return saves(folder, lambda: sheet.stat().st_mtime_ns, lambda before: sheet.stat().st_mtime_ns != before,
                     lambda made: running.said("all done in") >= made)
    finally:
        running.stop()


def serve_times(work: Path) -> list[float]:
    from browser import Chromium

    folder = project(work, "served")
    running = Running("serve", folder, "serving ")
    try:
        with Chromium() as browser:
            browser.open(running.lines[-1].split(" at ", 1)[1].split()[0], 1280, 900)
            idle = "document.getElementById('status').textContent.startsWith('Up to date')"
            _poll(lambda: browser.evaluate(idle) and browser.evaluate(SHOWN), "the first build did not show the card")
            browser.evaluate("window.pnpSamePage = true")
            times = saves(folder, lambda: browser.evaluate(SHOWN),
                          lambda before: browser.evaluate(SHOWN) not in (None, before),
                          lambda _: browser.evaluate(idle))
            if not browser.evaluate("window.pnpSamePage === true"):
                raise SystemExit("the page reloaded")
            return times
    finally:
        running.stop()


def _poll(condition: Callable[[], object], failure: str) -> None:
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > TIMEOUT_S * 2:
            raise SystemExit(failure)
        time.sleep(0.05)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="pnp-bench-serve-") as temporary:
        os.environ["PYTHONPYCACHEPREFIX"] = str(Path(temporary) / "pycache")
        work = Path(temporary)
        watched = watch_times(work)
        served = serve_times(work)
    for label, times in (("pnp watch: save → sheet rewritten", watched), ("pnp serve: save → picture shown", served)):
        print(f"{label:<40} best {min(times):.2f} s, median {statistics.median(times):.2f} s "
              f"({', '.join(f'{t:.2f}' for t in times)})")
    print(f"{'serve / watch':<40} best {min(served) / min(watched):.2f}×, "
          f"median {statistics.median(served) / statistics.median(watched):.2f}×")


if __name__ == "__main__":
    main()
