"""pnp new: a game folder under content/ (or here, or at a path) that checks clean at once."""

from __future__ import annotations

import os

from click.testing import CliRunner

from pnp.cli import main


def invoke(folder, *args):
    old = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        os.chdir(old)


def test_new_makes_a_game_under_content_that_checks_clean(tmp_path):
    (tmp_path / "content").mkdir()
    made = invoke(tmp_path, "new", "harbour-lights")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "content" / "harbour-lights"
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) == [
        "cards.csv", "components.yaml", "diagrams.yaml", "game.yaml", "icons/star.svg", "rulebook.yaml",
        "text/da.glossary.yaml", "text/da.yaml", "text/en.yaml"]
    assert "title: Harbour lights" in (folder / "game.yaml").read_text()
    # Every YAML file explains itself.
    assert all(p.read_text().startswith("#") for p in folder.rglob("*.yaml"))
    checked = invoke(tmp_path, "check", "harbour-lights", "--strict")
    assert checked.exit_code == 0, checked.output
    assert checked.output == "harbour-lights: ok (2 component sets, 12 components)\n"


def test_new_refuses_a_folder_that_exists_and_a_name_that_is_no_id(tmp_path):
    (tmp_path / "taken").mkdir()
    assert invoke(tmp_path, "new", "taken").exit_code == 1
    assert "exists already" in invoke(tmp_path, "new", "taken").output
    wrong = invoke(tmp_path, "new", "Big Game")
    assert wrong.exit_code == 2 and "expected a game id" in wrong.output
    assert not (tmp_path / "Big Game").exists()


def test_commands_take_a_game_anywhere_and_find_the_game_they_are_in(tmp_path):
    assert invoke(tmp_path, "new", "elsewhere/mine").exit_code == 0
    listed = invoke(tmp_path, "list", "elsewhere/mine")
    assert listed.exit_code == 0 and listed.output.startswith("mine\t")
    inside = invoke(tmp_path / "elsewhere" / "mine", "list")
    assert inside.exit_code == 0 and inside.output.startswith("mine\t"), inside.output


def test_new_quotes_whatever_title_it_is_given(tmp_path):
    """A title YAML would misread (a colon, a leading #, a quote) is written so it reads back as typed."""
    titles = {"seafarers": "Catan: Seafarers", "first": "#1 Game", "quoted": 'The "Best" Game', "dashed": "- x -",
              "yes": "yes"}
    for name, title in titles.items():
        made = invoke(tmp_path, "new", name, "--title", title)
        assert made.exit_code == 0, made.output
    listed = invoke(tmp_path, "list", *titles)
    assert listed.exit_code == 0, listed.output
    games = [line for line in listed.output.splitlines() if not line.startswith(" ")]  # not the settings and outputs
    assert [line.split("\t")[1].rsplit(" ", 1)[0] for line in games] == list(titles.values())
    checked = invoke(tmp_path, "check", *titles, "--strict")
    assert checked.exit_code == 0, checked.output


def test_new_refuses_a_title_of_several_lines(tmp_path):
    made = invoke(tmp_path, "new", "lines", "--title", "two\nlines")
    assert made.exit_code == 2 and "expected a title on one line" in made.output
    assert not (tmp_path / "lines").exists()


def test_new_leaves_no_half_made_folder_when_it_fails(tmp_path):
    """A title the game refuses (too long to be a text) fails after the files are written: they go again."""
    made = invoke(tmp_path, "new", "deep/er/long", "--title", "x" * 20_000)
    assert made.exit_code == 1 and "over the limit" in made.output and "Traceback" not in made.output
    assert list(tmp_path.iterdir()) == []
