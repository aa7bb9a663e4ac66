"""pnp watch: a save rebuilds what changed, an error is said in the located form, and the
watch goes on to the next save."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from pnp.build import BuildOptions
from pnp.build.watch import affected, watch


def _wait_for(condition, timeout: float = 30.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_watch_rebuilds_on_save_says_errors_and_keeps_going(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    said: list[str] = []
    stop = threading.Event()
    options = BuildOptions(out=out, papers=("a4",), formats=("pdf",), jobs=1)
    thread = threading.Thread(target=watch, args=([folder], options, said.append, stop), daemon=True)
    thread.start()
    try:
        pdf = out / "tiny" / "tiny-sheets-en-a4.pdf"
        assert _wait_for(lambda: "watching for changes" in said)
        first = pdf.read_bytes()
        english = folder / "text" / "en.yaml"
        english.write_text("chip.name: [unclosed\n", encoding="utf-8")
        assert _wait_for(lambda: any(line.startswith("error:") for line in said)), said
        assert any("en.yaml:" in line and "YAML syntax error" in line for line in said), said
        assert pdf.read_bytes() == first
        english.write_text("chip.name: Goldish\n", encoding="utf-8")
        assert _wait_for(lambda: pdf.read_bytes() != first), said
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
