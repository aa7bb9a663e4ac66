"""Settings that stick: pnp.yaml beside content/, build: in game.yaml and the command line, in that
order of strength; honoured by pnp build, shown by pnp list with where each came from, and
every bad value a located error."""

from __future__ import annotations

import json

from tests.targets.conftest import digests, invoke

PROJECT = "paper: letter\nduplex: short\nback-offset: [0.5, -1]\ndpi: 72\nformats: [pdf]\n"
GAME_SETTINGS = "build:\n  formats: [pdf, html]\n  languages: [da]\n  tts-base-url: https://example.org/kit/\n"


def game_with_settings(two_sets, project: str | None = PROJECT, game: str = GAME_SETTINGS):
    from tests.conftest import MINIMAL_GAME

    folder = two_sets(**{"game.yaml": MINIMAL_GAME + game})
    if project is not None:
        (folder.parent.parent / "pnp.yaml").write_text(project, encoding="utf-8")
    return folder


def test_a_build_takes_the_projects_printer_and_the_games_own_settings(two_sets, tmp_path):
    game_with_settings(two_sets)
    result = invoke(["build", "-q"], tmp_path)
    assert result.exit_code == 0, result.output
    # letter from pnp.yaml; pdf and html from game.yaml, over pnp.yaml's pdf; Danish only, from game.yaml.
    assert sorted(digests(tmp_path / "output")) == ["tiny/index.html", "tiny/tiny-sheets-da-letter.pdf"]
    manifest = json.loads((tmp_path / "output" / ".pnp" / "manifest.json").read_text(encoding="utf-8"))
    [request] = manifest["requests"].values()
    assert request["options"]["back_offset_mm"] == [0.5, -1.0] and request["options"]["flip"] == "short"


def test_the_command_line_goes_over_the_game_which_goes_over_the_project(two_sets, tmp_path):
    game_with_settings(two_sets, game="build:\n  formats: [pdf]\n")
    result = invoke(["build", "--paper", "a4", "--lang", "en", "-q"], tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(digests(tmp_path / "output")) == ["tiny/tiny-sheets-en-a4.pdf"]


def test_list_shows_each_value_in_force_and_where_it_came_from(two_sets, tmp_path):
    game_with_settings(two_sets)
    listed = invoke(["list"], tmp_path)
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert lines[0] == "tiny\tTiny 1\ten, da\tchips (1), discs (1)"
    settings = {line.split(":")[0].strip(): line for line in lines[1:10]}
    assert settings["paper"].split()[1:] == ["letter", "(pnp.yaml:1)"]
    assert settings["back-offset"].split()[1:] == ["0.5,-1", "mm", "(pnp.yaml:3)"]
    assert settings["formats"].split()[1:] == ["pdf,", "html", "(content/tiny/game.yaml:11)"]
    assert settings["languages"].split()[1:] == ["da", "(content/tiny/game.yaml:12)"]
    assert settings["duplex"].split()[1:] == ["short", "(pnp.yaml:2)"]
    assert settings["dpi"].split()[1:] == ["72", "(pnp.yaml:4)"]  # PDF sheets embed raster art at it
    assert "(content/tiny/game.yaml:13; not used by pdf, html)" in settings["tts-base-url"]
    assert settings["shop"].split()[1:] == ["-", "(default)"]
    assert lines[10] == "  outputs:      none under output/"
    invoke(["build", "-q"], tmp_path)
    listed = invoke(["list"], tmp_path).output.splitlines()
    assert listed[10] == "  outputs:      2 files under output/, none of them stale"


def test_a_change_of_settings_is_seen_by_the_next_build(two_sets, tmp_path):
    folder = game_with_settings(two_sets)
    assert invoke(["build", "-q"], tmp_path).exit_code == 0
    (folder.parent.parent / "pnp.yaml").write_text(PROJECT.replace("letter", "a4"), encoding="utf-8")
    assert invoke(["build", "-q"], tmp_path).exit_code == 0
    assert "tiny/tiny-sheets-da-a4.pdf" in digests(tmp_path / "output")


BAD = {
    "a printer setting in game.yaml": (None, "build:\n  paper: a4\n",
                                       "content/tiny/game.yaml:11:10 build.paper: paper is "
                                       "a printer's setting, not the game's: give it in pnp.yaml"),
    "a misspelt key": ("papr: a4\n", "", "pnp.yaml:1:1 papr: unknown key 'papr'; did you mean 'paper'?"),
    "a paper pnp does not have": ("paper: [a4, a3]\n", "", "pnp.yaml:1:8 paper: expected paper sizes: a list of a4, "
                                  "letter, got ['a4', 'a3']"),
    "a language the game lacks": (None, "build:\n  languages: [en, fr]\n",
                                  "content/tiny/game.yaml:11:14 build.languages: "
                                  "the game has no language 'fr' (it has en, da); "
                                  "start it with: pnp translate init GAME fr"),
    "languages for every game": ("languages: [en]\n", "",
                                 "pnp.yaml:1:12 languages: languages are a game's: give them in "
                                 "its game.yaml"),
    "pod without a shop": (None, "build:\n  formats: [pod]\n", "content/tiny/game.yaml:11:12 build.formats: pod "
                           "(print-on-demand files) needs a shop"),
    "a shop without a profile": (None, "build:\n  formats: [pod]\n  shop: nosuch\n", "content/tiny/game.yaml:12:9 "
                                 "build.shop: no shop profile 'nosuch' in templates/shops/"),
    "a back offset too far": ("back-offset: 30,0\n", "", "pnp.yaml:1:14 back-offset: a back offset over 20 mm is not "
                              "a printer's misregistration"),
    "a build section that is a list": (None, "build: [pdf]\n", "content/tiny/game.yaml:10:8 build: expected a mapping"),
}


def test_every_bad_setting_is_a_located_error_and_nothing_is_built(two_sets, tmp_path):
    for name, (project, game, message) in BAD.items():
        folder = game_with_settings(two_sets, project, game)
        for command in (["build", "-q"], ["list"], ["check", "-q"]):
            result = invoke(command, tmp_path)
            assert result.exit_code == 1, (name, command, result.output)
            assert result.output.startswith(f"Error: {message}"), (name, command, result.output)
        assert not (tmp_path / "output" / "tiny").exists(), name
        (folder.parent.parent / "pnp.yaml").unlink(missing_ok=True)


def test_a_command_line_value_that_does_not_fit_is_a_usage_error(two_sets, tmp_path):
    game_with_settings(two_sets, project=None, game="")
    assert invoke(["build", "--format", "pod"], tmp_path).exit_code == 2
    assert invoke(["build", "--shop", "thegamecrafter"], tmp_path).exit_code == 2
    result = invoke(["build", "--lang", "fr"], tmp_path)
    assert result.exit_code == 2 and "start it with: pnp translate init GAME fr" in result.output


def test_a_shop_in_the_project_file_is_left_unused_by_a_game_without_pod(two_sets, tmp_path):
    game_with_settings(two_sets, project="shop: thegamecrafter\nformats: [pdf]\npaper: a4\n", game="")
    assert invoke(["build", "-q"], tmp_path).exit_code == 0
    listed = invoke(["list"], tmp_path).output
    assert "thegamecrafter        (pnp.yaml:1; not used by pdf)" in listed


def test_the_documented_example_is_what_pnp_list_says(tmp_path):
    """docs/settings.md: its pnp.yaml and game.yaml, laid out as a project, give the pnp list it shows."""
    import re

    from tests.conftest import ROOT

    page = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    for name, text in re.findall(r"```yaml file=(\S+)\n(.*?)```", page, re.DOTALL):
        target = tmp_path / name if name == "pnp.yaml" else tmp_path / "content" / "lantern" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    [(command, shown)] = re.findall(r"```text output=([^\n]+)\n(.*?)```", page, re.DOTALL)
    result = invoke(command.split()[1:], tmp_path)
    assert result.exit_code == 0 and result.output == shown, result.output
