"""The plugin as pnp finds it: the game in content/nim, its diagrams and example play replayed
by this engine through pnp (the plugin must be installed: pip install -e .)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pnp.diagrams import diagram_scene, example_scenes, load_diagrams
from pnp.diagrams import scene as sc
from pnp.diagrams.pieces import Pieces
from pnp.i18n.catalog import Texts, load_game_catalogs
from pnp.model import load_game
from pnp.model.problems import ContentError, Problems

GAME = Path(__file__).resolve().parents[1] / "content" / "nim"


def scenes():
    game = load_game(GAME)
    catalogs = load_game_catalogs(game)
    return game, load_diagrams(game, catalogs), Pieces(game), Texts(catalogs, "en")


def counted(frame: sc.Frame, kind: type) -> int:
    return sum(isinstance(item, kind) for item in frame.items)


def test_the_diagrams_show_the_rows_the_taken_counters_and_the_winning_move():
    game, book, pieces, texts = scenes()
    frame = {name: diagram_scene(spec, pieces, texts, Problems()).frames[0] for name, spec in book.diagrams.items()}
    assert counted(frame["start"], sc.Piece) == 16 and counted(frame["start"], sc.Cross) == 0
    assert counted(frame["a-turn"], sc.Cross) == 3  # d3: three counters of row d crossed out
    crosses = [item for item in frame["a-turn"].items if isinstance(item, sc.Cross)]
    assert {(c.x, c.y) for c in crosses} == {(4.5, 3.5), (5.5, 3.5), (6.5, 3.5)}
    rings = [item for item in frame["best"].items if isinstance(item, sc.Ring)]
    assert sorted((r.x, r.y) for r in rings) == [(x + 0.5, 2.5) for x in range(3, 7)]  # c4 from rows 1, 2, 7


def test_the_example_play_is_replayed_step_by_step():
    game, book, pieces, texts = scenes()
    steps = example_scenes(book.examples["play"], pieces, texts, Problems())
    assert len(steps) == 7
    assert steps[-1][1] == "Ann takes the last counter and wins."
    assert [counted(frame, sc.Cross) for frame, _ in steps] == [2, 3, 1, 3, 1, 1, 1]


def test_an_illegal_move_in_the_example_is_an_error_at_its_line(tmp_path):
    game = shutil.copytree(GAME, tmp_path / "nim")
    examples = game / "examples.yaml"
    examples.write_text(examples.read_text(encoding="utf-8").replace("moves: [b1]", "moves: [b9]"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_diagrams(load_game(game))
    [problem] = caught.value.problems
    assert str(problem.location).endswith("examples.yaml:12:17") and problem.key == "examples.play.steps[2]"
    assert problem.message == ("step 3, move 'b9' is illegal: row b has 4 counters left, and a turn takes only "
                               "counters that are there")
