"""The watch figure: from saving a card's text to its sheet rewritten by `pnp watch`,
against rendering that sheet (its PDF and PNG pages) alone in a warm process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHEET = "quatrefoil/quatrefoil-sheets-en-a4.pdf"


def watch_figures(work: Path) -> tuple[float, float]:
    project = work / "watched"
    shutil.copytree(ROOT / "content" / "quatrefoil", project / "content" / "quatrefoil")
    shutil.copytree(ROOT / "templates", project / "templates")
    process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "--out", "output"], cwd=project,
                               env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=subprocess.PIPE, text=True)
    try:
        _read_until(process, "watching for changes")
        sheet = project / "output" / SHEET
        before = sheet.stat().st_mtime_ns
        english = project / "content" / "quatrefoil" / "text" / "en.yaml"
        text = english.read_text(encoding="utf-8").replace("colour.red: Red", "colour.red: Scarlet")
        start = time.perf_counter()
        english.write_text(text, encoding="utf-8")
        while sheet.stat().st_mtime_ns == before:
            if time.perf_counter() - start > 120:
                raise SystemExit("pnp watch did not rebuild the sheet within 2 minutes")
            time.sleep(0.01)
        saved = time.perf_counter() - start
    finally:
        process.terminate()
        process.wait()
    return saved, _alone(project)


def _read_until(process: subprocess.Popen, phrase: str) -> None:
    for line in process.stderr:
        if phrase in line:
            return
        if line.startswith("error"):
            raise SystemExit(line)
    raise SystemExit("pnp watch ended before its first build")


def _alone(project: Path) -> float:
    """The sheet's PDF and its PNG pages rendered one after the other, the game loaded."""
    from pnp.targets import BuildOptions
    from pnp.targets.games import load_games
    from pnp.targets.kinds import png_pages, sheets

    [game] = load_games([project / "content" / "quatrefoil"])
    options = BuildOptions(out=project / "unused")
    start = time.perf_counter()
    sheet = next(t for t in sheets.plan(game, options) if t.id == SHEET)
    pdf = sheets.render(sheet, game, options, ()).data
    for page in (t for t in png_pages.plan(game, options) if t.depends == (SHEET,)):
        png_pages.render(page, game, options, (pdf,))
    return time.perf_counter() - start
