"""`pnp calibrate --out FILE` writes that file and nothing else: other calibration sheets,
in the same folder or in a folder pnp builds into, are never taken for its outdated outputs."""

from __future__ import annotations

from pnp.targets import BuildOptions, build
from tests.targets.conftest import digests, invoke

OPTIONS = dict(papers=("a4",), dpi=72, jobs=1)


def calibrate(path, *args) -> None:
    result = invoke(["calibrate", "--out", str(path), *args], path.parent.parent)
    assert result.exit_code == 0, result.output


def test_a_second_sheet_under_another_name_keeps_the_first(tmp_path):
    folder = tmp_path / "sheets"
    folder.mkdir()
    calibrate(folder / "a.pdf")
    first = (folder / "a.pdf").read_bytes()
    calibrate(folder / "b.pdf", "--paper", "letter")
    assert sorted(p.name for p in folder.iterdir()) == ["a.pdf", "b.pdf"]  # and no .pnp/ beside them
    assert (folder / "a.pdf").read_bytes() == first and first.startswith(b"%PDF")


def test_the_same_name_again_replaces_the_sheet(tmp_path):
    folder = tmp_path / "sheets"
    folder.mkdir()
    calibrate(folder / "a.pdf")
    a4 = (folder / "a.pdf").read_bytes()
    calibrate(folder / "a.pdf", "--paper", "letter")
    assert (folder / "a.pdf").read_bytes() != a4 and sorted(p.name for p in folder.iterdir()) == ["a.pdf"]


def test_sheets_in_a_build_folder_survive_each_other_and_the_build(two_sets, tmp_path):
    game, out = two_sets(), tmp_path / "out"
    build([game], BuildOptions(out=out, **OPTIONS))
    calibrate(out / "a.pdf")
    calibrate(out / "b.pdf", "--duplex", "short")
    sheets = {name: digests(out)[name] for name in ("a.pdf", "b.pdf")}
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("[en, da]", "[en]"))
    (game / "text" / "da.yaml").unlink()
    result = build([game], BuildOptions(out=out, **OPTIONS))  # Danish no longer made
    left = digests(out)
    assert {name: left[name] for name in sheets} == sheets
    assert result.removed and all("-da-" in path.name for path in result.removed)
    assert not any("-da-" in path for path in left)
