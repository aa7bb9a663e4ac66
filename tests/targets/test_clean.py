"""pnp clean: removes what pnp wrote under --out (a game's, or only the stale) and says what;
files pnp did not write, or that were changed by hand since, stay."""

from __future__ import annotations

import shutil

from tests.targets.conftest import digests, invoke


def test_clean_removes_only_what_pnp_wrote_and_names_each_file(two_sets, tmp_path):
    two_sets()
    assert invoke(["build", "--paper", "a4", "--dpi", "72", "-q"], tmp_path).exit_code == 0
    out = tmp_path / "output"
    made = digests(out)
    (out / "tiny" / "notes.txt").write_text("mine", encoding="utf-8")
    edited = out / "tiny" / "tiny-sheets-da-a4.pdf"
    edited.write_bytes(edited.read_bytes() + b"% by hand\n")
    result = invoke(["clean"], tmp_path)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "warning: left tiny/tiny-sheets-da-a4.pdf: changed since pnp wrote it"
    assert sorted(lines[1:-1]) == sorted(f"removed output/{path}" for path in made
                                         if path != "tiny/tiny-sheets-da-a4.pdf")
    assert lines[-1] == f"removed {len(made) - 1} files under output/"
    assert sorted(digests(out)) == ["tiny/notes.txt", "tiny/tiny-sheets-da-a4.pdf"]
    assert not (out / "tiny" / "png").exists()  # emptied, so gone too
    assert invoke(["clean"], tmp_path).output == "nothing to remove under output/\n"
    again = invoke(["build", "--paper", "a4", "--dpi", "72"], tmp_path)  # a build after clean makes its outputs again
    assert again.exit_code == 0 and f"wrote {len(made)} files" in again.output, again.output


def test_clean_a_game_leaves_the_others_and_finds_a_game_by_its_id_when_its_folder_is_gone(two_sets, tmp_path):
    two_sets("one")
    two = two_sets("two")
    assert invoke(["build", "--paper", "a4", "--format", "pdf", "-q"], tmp_path).exit_code == 0
    assert invoke(["clean", "one", "-q"], tmp_path).output == ""
    assert sorted(digests(tmp_path / "output")) == ["two/two-sheets-da-a4.pdf", "two/two-sheets-en-a4.pdf"]
    shutil.rmtree(two)
    result = invoke(["clean", "two"], tmp_path)
    assert result.exit_code == 0 and result.output.endswith("removed 2 files under output/\n"), result.output
    assert digests(tmp_path / "output") == {}


def test_clean_stale_removes_only_outputs_made_before_their_game_changed(two_sets, tmp_path):
    folder = two_sets()
    assert invoke(["build", "--paper", "a4", "--format", "pdf", "-q"], tmp_path).exit_code == 0
    assert invoke(["build", "--paper", "a4", "--format", "png", "--dpi", "72", "-q"], tmp_path).exit_code == 0
    (folder / "text" / "en.yaml").write_text("chip.name: Goldish\n", encoding="utf-8")
    rebuilt = invoke(["build", "--paper", "a4", "--format", "pdf"], tmp_path)
    # The PNG pages showing the chip's name are out of date now; the discs' (no text) are not.
    assert "2 outputs of other builds under output/ are out of date now" in rebuilt.output, rebuilt.output
    listed = invoke(["list"], tmp_path).output
    assert "  outputs:      6 files under output/, 2 of them stale (pnp clean --stale removes them):\n" in listed
    assert "    tiny/png/tiny-sheets-en-a4-sheet01-front.png\n" in listed
    result = invoke(["clean", "--stale"], tmp_path)
    assert result.output.endswith("removed 2 stale outputs under output/\n"), result.output
    assert sorted(digests(tmp_path / "output")) == ["tiny/png/tiny-sheets-da-a4-sheet01-back.png",
                                                    "tiny/png/tiny-sheets-da-a4-sheet01-front.png",
                                                    "tiny/tiny-sheets-da-a4.pdf", "tiny/tiny-sheets-en-a4.pdf"]
