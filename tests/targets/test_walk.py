"""Builds that never surprise: a walk through the commands a designer runs on one output folder.

A full build, then builds with another --format, --lang, --paper and --shop, pnp diagrams
and pnp watch saving one file: after each, every earlier output is still there, and its
bytes are the same unless the step rewrote it (checked by hash). pnp clean then removes all
of them, and only them. On a small fixture game and on Quatrefoil.
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from pnp.targets import BuildOptions
from pnp.targets.settings import requests
from pnp.targets.watch import watch
from tests.conftest import CONTENT, ROOT, wait_until
from tests.targets.conftest import digests, invoke

STEPS = (
    ["build", "--dpi", "72"],
    ["build", "--dpi", "72", "--format", "html"],
    ["build", "--dpi", "72", "--lang", "da"],
    ["build", "--dpi", "72", "--paper", "letter", "--format", "png"],
    ["build", "--dpi", "72", "--format", "tts"],
    ["build", "--dpi", "72", "--format", "pod", "--shop", "thegamecrafter"],
    ["build", "--dpi", "72", "--format", "pod", "--shop", "makeplayingcards"],
    ["build", "--dpi", "72", "--format", "pod", "--shop", "thegamecrafter"],  # pod after another pod and after tts
    ["diagrams", "--dpi", "72", "--lang", "en", "--format", "png"],
)


def kept_everything(before: dict[str, str], after: dict[str, str], rewritten: set[str]) -> None:
    """Every earlier output is still there, with its bytes unless the step rewrote it."""
    assert set(before) <= set(after), sorted(set(before) - set(after))
    changed = {path for path in before if after[path] != before[path]}
    assert changed <= rewritten, sorted(changed - rewritten)


def watch_one_save(project: Path, game: Path, out: Path, edit) -> set[str]:
    """pnp watch of game with its default settings, one file saved; the files it wrote."""
    said: list[str] = []
    stop = threading.Event()
    run = BuildOptions(out=out, jobs=1)
    thread = threading.Thread(target=watch, args=([game], run, said.append, stop),
                              kwargs={"requests": lambda chosen: requests(chosen, {"dpi": 72}, run)}, daemon=True)
    thread.start()
    try:
        assert wait_until(lambda: "watching for changes" in said, 60), said
        said.clear()
        edit()
        assert wait_until(lambda: any(line.startswith("all done") for line in said), 60), said
    finally:
        stop.set()
        thread.join(timeout=20)
    assert not thread.is_alive() and not [line for line in said if line.startswith("error")], said
    return {str(Path(line[len("wrote "):]).resolve().relative_to(out.resolve())) for line in said
            if line.startswith("wrote ")}


def walk(project: Path, game: Path, edit) -> None:
    out = project / "output"
    name = game.name
    mine = out / name / "notes.txt"  # a file of the designer's own, beside the outputs
    seen: dict[str, str] = {}
    for step in STEPS:
        result = invoke([step[0], name, *step[1:]], project)
        assert result.exit_code == 0, (step, result.output)
        assert "removed" not in result.output, (step, result.output)
        kept_everything(seen, digests(out), rewritten=set())  # nothing changed in the game: no output did either
        if not mine.exists():
            mine.parent.mkdir(parents=True, exist_ok=True)
            mine.write_text("my notes", encoding="utf-8")
        seen = digests(out)
    assert any(p.startswith(f"{name}/pod/makeplayingcards/") for p in seen) and any("/tts/" in p for p in seen)
    assert any(p.endswith(".html") for p in seen) and any("-letter" in p for p in seen)
    rewritten = watch_one_save(project, game, out, edit)
    after = digests(out)
    assert rewritten and rewritten <= set(after)
    kept_everything(seen, after, rewritten)

    listed = invoke(["list", name], project).output
    assert f"{len(after) - 1} files under output/" in listed  # notes.txt is the designer's
    cleaned = invoke(["clean", name], project)
    assert cleaned.exit_code == 0, cleaned.output
    assert f"removed {len(after) - 1} files under output/" in cleaned.output
    assert digests(out) == {f"{name}/notes.txt": seen[f"{name}/notes.txt"]}
    assert [p.name for p in (out / name).iterdir()] == ["notes.txt"]  # the folders pnp made went with its files


def test_a_walk_through_every_command_keeps_every_earlier_output_of_a_small_game(two_sets, tmp_path):
    game = two_sets()

    def edit() -> None:
        (game / "text" / "en.yaml").write_text("chip.name: Goldish\n", encoding="utf-8")

    walk(tmp_path, game, edit)


@pytest.mark.parametrize("name", ["quatrefoil"])
def test_a_walk_through_every_command_keeps_every_earlier_output_of_quatrefoil(tmp_path, name):
    game = tmp_path / "content" / name
    shutil.copytree(CONTENT / name, game)
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    english = game / "text" / "en.yaml"

    def edit() -> None:
        english.write_text(english.read_text(encoding="utf-8").replace("colour.red: Red", "colour.red: Scarlet"),
                           encoding="utf-8")

    walk(tmp_path, game, edit)
