"""The command line through CliRunner and as a real subprocess: exit codes, messages, files."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from click.testing import CliRunner

from pnp.cli import main
from tests.conftest import ROOT


def run(args, cwd):
    runner = CliRunner()
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return runner.invoke(main, args, catch_exceptions=False)
    finally:
        os.chdir(old)


def test_help_everywhere():
    for command in ([], ["build"], ["watch"], ["serve"], ["check"], ["list"], ["calibrate"], ["diagrams"],
                    ["translate"], ["translate", "status"], ["translate", "export"], ["translate", "import"],
                    ["translate", "stamp"]):
        result = CliRunner().invoke(main, command + ["--help"])
        assert result.exit_code == 0 and "Usage:" in result.output


def test_check_all_real_games():
    result = run(["check"], ROOT)
    assert result.exit_code == 0, result.output
    listed = {line.split(":")[0] for line in result.output.splitlines()}
    assert listed == {"boardless-quarto", "folio", "quatrefoil", "trifoil"}


def test_list_shows_sets_and_counts():
    result = run(["list"], ROOT)
    assert "boardless-quarto\tBoardless Quarto 1.0\ten, da\tpieces (16)" in result.output


def test_list_counts_copies_from_product_listed_items_and_tables(make_game, tmp_path):
    from pnp.model import load_game

    folder = make_game({"components.yaml": """\
        sets:
          chips:
            kind: token
            width: 20mm
            count: 2
            product: {colour: [red, blue], size: [1, 2, 3]}
            items:
              - {id: odd, colour: gold, count: 5}
              - table: cards.csv
            front: {background: gold}
        """, "cards.csv": "id,colour,count\na,red,3\nb,blue,\n"})
    result = run(["list"], tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("tiny\tTiny 1\ten, da\tchips (22)\n")  # 6 × 2 + 5 + 3 + 2 (the set's count)
    assert load_game(folder).sets[0].count == 22


SET_PROBLEMS = {
    "kind": ("kind: token", "kind: coin"),
    "width over the limit": ("width: 20mm", "width: 2000mm"),
    "item id": ("{id: gold, colour: gold}", "{id: ../gold, colour: gold}"),
    "two items, one id": ("      - {id: gold, colour: gold}",
                          "      - {id: gold, colour: gold}\n      - {id: gold, colour: ink}"),
    "count": ("{id: gold, colour: gold}", "{id: gold, colour: gold, count: 0}"),
    "unknown key": ("bleed: 2mm", "bleeds: 2mm"),
    "no front": ("    front:\n      background: ${colour}\n", "    fronts:\n      background: ${colour}\n"),
}


def test_list_reports_a_set_problem_as_check_does(make_game, tmp_path):
    from tests.conftest import MINIMAL_COMPONENTS

    for name, (old, new) in SET_PROBLEMS.items():
        assert old in MINIMAL_COMPONENTS, name
        make_game({"components.yaml": MINIMAL_COMPONENTS.replace(old, new)})
        listed, checked = run(["list"], tmp_path), run(["check", "--paper", "a4", "-q"], tmp_path)
        assert listed.exit_code == checked.exit_code == 1, (name, listed.output)
        assert listed.output == checked.output and "components.yaml:" in listed.output, (name, listed.output,
                                                                                          checked.output)


def test_list_leaves_the_faces_to_check(make_game, tmp_path):
    # pnp list reads only what it shows: a face's problem is found by check and build.
    from tests.conftest import MINIMAL_COMPONENTS

    make_game({"components.yaml": MINIMAL_COMPONENTS.replace("colour: ink}", "colour: inky}")})
    listed, checked = run(["list"], tmp_path), run(["check", "--paper", "a4", "-q"], tmp_path)
    assert listed.exit_code == 0 and listed.output.startswith("tiny\tTiny 1\ten, da\tchips (1)\n")
    assert checked.exit_code == 1 and "sets.chips.front.elements[0].text.colour" in checked.output


def test_usage_error_exits_2(make_game):
    result = CliRunner().invoke(main, ["build", "--paper", "a3"])
    assert result.exit_code == 2 and "expected a comma-separated list of a4, letter" in result.output


def test_unknown_game_exits_1(make_game, tmp_path):
    make_game()
    result = run(["check", "nosuch"], tmp_path)
    assert result.exit_code == 1 and "no game 'nosuch'" in result.output


def test_bad_content_fails_and_keeps_last_good_output(make_game, tmp_path):
    folder = make_game()
    good = run(["build", "--format", "pdf", "--paper", "a4", "-q"], tmp_path)
    assert good.exit_code == 0, good.output
    pdf = tmp_path / "output" / "tiny" / "tiny-sheets-en-a4.pdf"
    before = pdf.read_bytes()
    (folder / "text" / "en.yaml").write_text("chip.name: Goldenchipwithaverylongunbreakablename\n")
    bad = run(["build", "--format", "pdf", "--paper", "a4"], tmp_path)
    assert bad.exit_code == 1
    assert "text 'chip.name' (en) does not fit its box" in bad.output
    assert pdf.read_bytes() == before
    assert not [p for p in pdf.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_second_build_says_its_outputs_are_up_to_date(make_game, tmp_path):
    make_game()
    first = run(["build", "--format", "pdf", "--paper", "a4", "-j", "1"], tmp_path)
    again = run(["build", "--format", "pdf", "--paper", "a4", "-j", "1"], tmp_path)
    assert "wrote 2 files under output/" in first.output
    assert "wrote 0 files under output/; 2 outputs up to date" in again.output
    forced = run(["build", "--format", "pdf", "--paper", "a4", "--force"], tmp_path)
    assert forced.exit_code == 0 and "2 rebuilt unchanged" in forced.output


def test_missing_translation_warns_and_strict_fails(make_game, tmp_path):
    make_game({"text/da.yaml": "{}\n"})
    relaxed = run(["build", "--format", "pdf", "--paper", "a4"], tmp_path)
    assert relaxed.exit_code == 0
    assert relaxed.output == ("warning: tiny (da): 2 texts missing (set in en) — see pnp translate status tiny\n"
                              "wrote 2 files under output/\n")
    listed = run(["build", "--format", "pdf", "--paper", "a4", "-v"], tmp_path)
    assert ("warning: tiny (da): 2 texts missing (set in en) — see pnp translate status tiny\n"
            "  missing (set in en): content/tiny/text/en.yaml:1: chip.name\n"
            "  missing (set in en): content/tiny/game.yaml:1: game.title\n") in listed.output
    assert run(["build", "--format", "pdf", "--paper", "a4", "-q"], tmp_path).output == ""
    strict = run(["build", "--format", "pdf", "--paper", "a4", "--strict"], tmp_path)
    assert strict.exit_code == 1
    assert strict.output == ("Error: content/tiny/text/da.yaml: tiny: 2 texts missing (set in en) (--strict); "
                             "pnp translate status tiny lists them\n(1 problem)\n")


def test_calibrate_writes_two_pages(tmp_path):
    from pypdf import PdfReader

    result = run(["calibrate", "--out", str(tmp_path / "cal.pdf"), "--duplex", "short"], tmp_path)
    assert result.exit_code == 0
    assert len(PdfReader(tmp_path / "cal.pdf").pages) == 2


def test_subprocess_error_has_no_traceback(make_game, tmp_path):
    folder = make_game({"game.yaml": "title: [unclosed\n"})
    process = subprocess.run([sys.executable, "-m", "pnp", "check", str(folder)], cwd=tmp_path,
                             capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.returncode == 1
    assert "Traceback" not in process.stderr
    assert "game.yaml:2:1: YAML syntax error" in process.stderr
    assert process.stdout == ""


def test_subprocess_build_is_quiet_when_piped(make_game, tmp_path):
    make_game()
    process = subprocess.run([sys.executable, "-m", "pnp", "build", "--format", "png", "--dpi", "72",
                              "--paper", "letter"],
                             cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.returncode == 0, process.stderr
    assert "building" not in process.stderr
    assert sorted(p.name for p in (tmp_path / "output" / "tiny" / "png").iterdir()) == [
        "tiny-sheets-da-letter-sheet01-back.png", "tiny-sheets-da-letter-sheet01-front.png",
        "tiny-sheets-en-letter-sheet01-back.png", "tiny-sheets-en-letter-sheet01-front.png"]


def test_the_program_exits_with_clicks_codes_and_everything_it_printed(tmp_path):
    """`pnp` leaves without tearing the interpreter down (pnp.cli.run): codes and output stay whole."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def program(*args: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE,
                              text=True, env=env)

    listing = tmp_path / "list.txt"
    with listing.open("w") as file:  # as a script reads it
        assert program("list", stdout=file).returncode == 0
    assert [line.split("\t")[0] for line in listing.read_text().splitlines() if not line.startswith(" ")] == [
        "boardless-quarto", "folio", "quatrefoil", "trifoil"]
    helped = program("--help")
    assert helped.returncode == 0
    assert helped.stdout.rstrip().endswith("watch      Rebuild GAMES on every save: a changed card's sheet first,...")
    missing = program("build", "no-such-game")
    assert missing.returncode == 1 and missing.stderr.startswith("Error: no game 'no-such-game'")
    misused = program("build", "--paper", "a5")
    assert misused.returncode == 2 and "Invalid value for '--paper'" in misused.stderr


def test_translations_of_the_real_games_are_complete():
    result = run(["translate", "status", "--strict"], ROOT)
    assert result.exit_code == 0, result.output
    complete = re.findall(r"^(\S+) da: (\d+) of \2 translated, all in order$", result.output, re.MULTILINE)
    assert sorted(game for game, _ in complete) == ["boardless-quarto", "folio", "quatrefoil", "trifoil"]


def test_translate_status_strict_fails_on_a_stale_text(make_game, tmp_path):
    folder = make_game()
    (folder / "text" / "en.yaml").write_text("chip.name: Golden\n")
    result = run(["translate", "status", "--strict"], tmp_path)
    assert result.exit_code == 1 and "chip.name" in result.output


def test_diagrams_command_writes_svg_and_png(tmp_path):
    result = run(["diagrams", "folio", "--format", "svg,png", "--dpi", "72", "--lang", "da", "--out", str(tmp_path)],
                 ROOT)
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "folio" / "diagrams").iterdir())
    assert "folio-legal-region-da.svg" in names and "folio-win-sizes-da.png" in names


def test_check_replays_example_plays_and_names_the_illegal_move(tmp_path):
    import shutil

    folder = tmp_path / "content" / "boardless-quarto"
    shutil.copytree(ROOT / "content" / "boardless-quarto", folder)
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    examples = folder / "examples.yaml"
    examples.write_text(examples.read_text(encoding="utf-8").replace('"CBHD@2,-1"', '"CBHD@4,-1"'), encoding="utf-8")
    result = run(["check", "boardless-quarto"], tmp_path)
    assert result.exit_code == 1
    assert ("content/boardless-quarto/examples.yaml:10:28 examples.play.steps[2]: step 3, move 'CBHD@4,-1' is illegal: "
            "a piece must touch another piece side by side") in result.output


def test_quiet_builds_say_nothing_and_others_a_line_per_language(tmp_path):
    """A new game whose Danish catalog was emptied: -q prints nothing; a build one line for Danish
    (with the command that lists the texts), and --strict one error line for it."""
    assert run(["new", "market"], tmp_path).exit_code == 0
    (tmp_path / "market" / "text" / "da.yaml").write_text("", encoding="utf-8")
    quiet = run(["build", "market", "--dpi", "72", "-q"], tmp_path)
    assert quiet.exit_code == 0 and quiet.output == ""
    said = run(["build", "market", "--dpi", "72", "--out", "again"], tmp_path)
    assert said.exit_code == 0
    assert said.output.splitlines() == ["warning: market (da): 15 texts missing (set in en), 6 stale — "
                                        "see pnp translate status market", "wrote 27 files under again/"]
    strict = run(["build", "market", "--dpi", "72", "--out", "strict", "--strict"], tmp_path)
    assert strict.exit_code == 1 and strict.output.splitlines() == [
        "Error: market/text/da.yaml: market: 15 texts missing (set in en), 6 stale (--strict); pnp translate status "
        "market lists them", "(1 problem)"]
    listed = run(["build", "market", "--dpi", "72", "--out", "again", "-v"], tmp_path)
    assert sum(line.startswith("  missing (set in en): ") for line in listed.output.splitlines()) == 15
