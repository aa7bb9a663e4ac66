"""pnp watch: a save rebuilds what changed, an error is said in the located form, and the
watch goes on to the next save."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from pnp.targets import BuildOptions
from pnp.targets.watch import SHEETS_FIRST, Built, Rebuilds, affected, rebuild, watch
from tests.conftest import wait_until


def test_watch_rebuilds_on_save_says_errors_and_keeps_going(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    said: list[str] = []
    stop = threading.Event()
    options = BuildOptions(out=out, papers=("a4",), formats=("pdf",), jobs=1)
    thread = threading.Thread(target=watch, args=([folder], options, said.append, stop), daemon=True)
    thread.start()
    try:
        pdf = out / "tiny" / "tiny-sheets-en-a4.pdf"
        assert wait_until(lambda: "watching for changes" in said)
        first = pdf.read_bytes()
        english = folder / "text" / "en.yaml"
        english.write_text("chip.name: [unclosed\n", encoding="utf-8")
        assert wait_until(lambda: any(line.startswith("error:") for line in said)), said
        assert any("en.yaml:" in line and "YAML syntax error" in line for line in said), said
        assert pdf.read_bytes() == first
        english.write_text("chip.name: Goldish\n", encoding="utf-8")
        assert wait_until(lambda: pdf.read_bytes() != first), said
        assert any(line.startswith("changed: ") and line.endswith("en.yaml") for line in said)
        assert any(line.startswith("wrote ") and line.endswith("tiny-sheets-en-a4.pdf") for line in said)
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive()


def test_a_template_change_touches_every_game_and_a_game_file_only_its_game(tmp_path):
    games = [tmp_path / "content" / "a", tmp_path / "content" / "b"]
    templates = [tmp_path / "templates"]
    assert affected(games, templates, [templates[0] / "cards.yaml"]) == games
    assert affected(games, templates, [games[1] / "text" / "en.yaml"]) == [games[1]]
    assert affected(games, templates, [Path("/elsewhere/file.yaml")]) == []


class Heard:
    """A listener of a rebuild's passes: what it heard, in order."""

    def __init__(self):
        self.events: list[tuple] = []

    def started(self, step: str, folders: tuple[Path, ...]) -> None:
        self.events.append(("started", step, [f.name for f in folders]))

    def built(self, outcome: Built) -> None:
        what = "error" if outcome.error else "built" if outcome.result is not None else "given up"
        self.events.append((what, outcome.step, [f.name for f in outcome.folders]))


def test_games_rebuilt_apart_each_take_the_passes_and_one_error_holds_no_other_back(two_sets, tmp_path):
    good, broken = two_sets("good"), two_sets("broken", **{"text/en.yaml": "chip.name: [unclosed\n"})
    options = BuildOptions(out=tmp_path / "out", papers=("a4",), formats=("pdf",), jobs=1)
    heard, said = Heard(), []
    rebuild([good, broken], options, said.append, rebuilds=Rebuilds(SHEETS_FIRST, apart=True, listener=heard))
    assert heard.events == [("started", "sheets", ["good"]), ("built", "sheets", ["good"]),
                            ("started", "sheets", ["broken"]), ("error", "sheets", ["broken"]),
                            ("started", "all", ["good"]), ("built", "all", ["good"])]
    assert (tmp_path / "out" / "good" / "good-sheets-en-a4.pdf").is_file()
    assert not (tmp_path / "out" / "broken").exists()
    assert [line for line in said if line.startswith("error: ")] == [
        next(line for line in said if "en.yaml:" in line and "YAML syntax error" in line)]


def pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "".join(page.extract_text() for page in PdfReader(path).pages)


def _watching(folder: Path, options: BuildOptions):
    """pnp watch of folder in a thread: (what it said, a function that stops it and says whether it ended)."""
    said: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=([folder], options, said.append, stop), daemon=True)
    thread.start()

    def stopped() -> bool:
        stop.set()
        thread.join(timeout=20)
        return not thread.is_alive()

    assert wait_until(lambda: "watching for changes" in said), said
    return said, stopped


def test_a_save_read_half_done_is_built_again_not_reported(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    said, stopped = _watching(folder, BuildOptions(out=out, papers=("a4",), formats=("pdf",), jobs=1))
    pdf = out / "tiny" / "tiny-sheets-en-a4.pdf"
    english = folder / "text" / "en.yaml"
    try:
        with english.open("w", encoding="utf-8") as file:  # an editor that writes in two goes
            file.write('chip.name: "Gol')
            file.flush()
            time.sleep(0.25)
            file.write('dish"\n')
        assert wait_until(lambda: "Goldish" in pdf_text(pdf)), "\n".join(said)
        english.unlink()  # a save by rename: the file is gone for a moment
        time.sleep(0.3)
        english.write_text("chip.name: Golden\n", encoding="utf-8")
        assert wait_until(lambda: "Golden" in pdf_text(pdf)), "\n".join(said)
    finally:
        assert stopped()
    assert not [line for line in said if line.startswith("error")], said


def test_an_autosave_storm_during_rebuilds_never_ends_the_watch(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    said, stopped = _watching(folder, BuildOptions(out=out, papers=("a4",), formats=("pdf",), jobs=1))
    text = folder / "text"
    english = text / "en.yaml"
    storming = threading.Event()

    def storm() -> None:
        """What editors and sed -i leave in text/ for a moment: files that appear and go again."""
        names = ["#en.yaml#", ".#en.yaml", "en.yaml~", "sedAb12Cd", "4913", ".en.yaml.swp", "en.yaml.tmp"]
        count = 0
        while not storming.is_set():
            for name in names:
                path = text / f"{name}{count % 3}"
                path.write_text("chip.name: storm\n", encoding="utf-8")
                path.unlink()
            count += 1

    thread = threading.Thread(target=storm, daemon=True)
    thread.start()
    try:
        for number in range(6):
            english.write_text(f"chip.name: Gold {number}\n", encoding="utf-8")
            time.sleep(0.4)
    finally:
        storming.set()
        thread.join(timeout=10)
    try:
        english.write_text("chip.name: Calm\n", encoding="utf-8")
        assert wait_until(lambda: "Calm" in pdf_text(out / "tiny" / "tiny-sheets-en-a4.pdf")), "\n".join(said)
    finally:
        assert stopped(), said  # it was still watching, and stopped when asked
    assert not [line for line in said if line.startswith("error")], said


WATCH_INSIDE_S = 4  # the test's span; the report says how a 60 s run went


def _watch_process(args: list[str], cwd: Path, log: Path, seconds: float) -> str:
    """pnp watch run as a real process for seconds after its first build; what it printed (kept in log)."""
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    with log.open("w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", *args], cwd=cwd, stderr=stderr,
                                   stdout=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            assert wait_until(lambda: "watching for changes" in log.read_text(), 60), log.read_text()
            time.sleep(seconds)
        finally:
            process.terminate()
            process.wait(timeout=20)
    return log.read_text()


def test_watch_inside_the_game_folder_never_rebuilds_on_its_own(two_sets, tmp_path):
    folder = two_sets()
    # The documented "the game it is run in": out is output/ inside the game folder.
    inside = _watch_process(["--paper", "a4", "--format", "pdf", "-j", "1"], folder, tmp_path / "inside.log",
                            WATCH_INSIDE_S)
    assert (folder / "output" / "tiny" / "tiny-sheets-en-a4.pdf").is_file()
    assert "changed:" not in inside and inside.count("wrote ") == 2, inside
    # --out inside the game folder, named from the project.
    named = _watch_process(["content/tiny", "--out", "content/tiny/out", "--paper", "a4", "--format", "pdf", "-j", "1"],
                           tmp_path, tmp_path / "named.log", WATCH_INSIDE_S)
    assert "changed:" not in named and named.count("wrote ") == 2, named
