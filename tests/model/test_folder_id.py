"""A game without `id:` is named by its folder, however the folder is written on the command line."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.model import load_game


@pytest.mark.parametrize("written, inside",
                         [("..", "sub"), (".", ""), ("../..", "sub/deeper"), ("../../../tiny", "sub/deeper"),
                          ("./", "")])
def test_the_folders_own_name_is_the_id_when_it_is_written_as_dots(make_game, written: str, inside: str):
    folder = make_game()
    game_yaml = folder / "game.yaml"
    game_yaml.write_text("\n".join(line for line in game_yaml.read_text(encoding="utf-8").splitlines()
                                   if not line.startswith("id:")) + "\n", encoding="utf-8")
    (folder / inside).mkdir(parents=True, exist_ok=True)
    old = os.getcwd()
    os.chdir(folder / inside)
    try:
        assert load_game(written).id == "tiny"
        built = CliRunner().invoke(main, ["build", written, "--out", str(folder.parent.parent / "out"), "--format",
                                          "pdf", "--paper", "a4", "-q"])
    finally:
        os.chdir(old)
    assert built.exit_code == 0, built.output
    assert sorted(p.name for p in (folder.parent.parent / "out").iterdir() if p.name != ".pnp") == ["tiny"]
