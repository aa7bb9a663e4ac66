"""Every write goes through one guard: nothing lands outside its root, symlinks included."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.output.files import OutsideRoot, write_file
from pnp.output.transaction import Transaction
from tests.targets.conftest import invoke


@pytest.mark.parametrize("relative", ["../escaped.pdf", "a/../../escaped.pdf", "/tmp/escaped.pdf", ".", "a/.."])
def test_a_path_leaving_the_root_is_refused(tmp_path, relative):
    root = tmp_path / "out"
    with pytest.raises(OutsideRoot, match="refusing to write"):
        write_file(root, relative, b"x")
    assert not (tmp_path / "escaped.pdf").exists()


def test_a_symlinked_folder_or_file_that_leaves_the_root_is_refused(tmp_path):
    root, outside = tmp_path / "out", tmp_path / "elsewhere"
    root.mkdir()
    outside.mkdir()
    (root / "link").symlink_to(outside, target_is_directory=True)
    (outside / "victim.pdf").write_bytes(b"keep")
    (root / "file.pdf").symlink_to(outside / "victim.pdf")
    for relative in ("link/new.pdf", "file.pdf"):
        with pytest.raises(OutsideRoot):
            write_file(root, relative, b"x")
    assert sorted(p.name for p in outside.iterdir()) == ["victim.pdf"]
    assert (outside / "victim.pdf").read_bytes() == b"keep"


def test_a_path_inside_the_root_is_written(tmp_path):
    written = write_file(tmp_path, "a/b/c.pdf", b"data")
    assert written == (tmp_path / "a" / "b" / "c.pdf").resolve() and written.read_bytes() == b"data"


def test_the_transaction_refuses_to_stage_or_remove_outside_out(tmp_path):
    with Transaction(tmp_path / "out") as transaction:
        for act in (lambda: transaction.stage("../x.pdf", b"x"), lambda: transaction.remove("../x.pdf")):
            with pytest.raises(OutsideRoot):
                act()


def test_translate_import_writes_only_inside_the_game_folder(make_game, tmp_path):
    folder = make_game()
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    text = folder / "text"
    (outside / "da.yaml").write_text((text / "da.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (outside / "en.yaml").write_text((text / "en.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    exported = invoke(["translate", "export", "tiny", "-o", "da.po"], tmp_path)
    assert exported.exit_code == 0, exported.output
    for child in text.iterdir():
        child.unlink()
    text.rmdir()
    text.symlink_to(outside, target_is_directory=True)
    before = (outside / "da.yaml").read_bytes()
    po = (tmp_path / "da.po").read_text(encoding="utf-8").replace('msgstr "Guld"', 'msgstr "Guldet"')
    (tmp_path / "da.po").write_text(po, encoding="utf-8")
    result = invoke(["translate", "import", "tiny", "da.po"], tmp_path)
    # Refused when writing (or, where content checks refuse such a link, when reading).
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert (outside / "da.yaml").read_bytes() == before


def test_translate_stamp_writes_only_inside_the_game_folder(make_game, tmp_path):
    folder = make_game()
    (folder / "text" / "en.yaml").write_text("chip.name: Golden\n", encoding="utf-8")  # the Danish is now stale
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text((folder / "text" / "da.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "text" / "da.yaml").unlink()
    (folder / "text" / "da.yaml").symlink_to(outside)
    before = outside.read_bytes()
    result = invoke(["translate", "stamp", "tiny"], tmp_path)
    # Refused when writing (or, where content checks refuse such a link, when reading).
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert outside.read_bytes() == before


def test_an_output_name_that_would_leave_out_stops_the_build_before_any_write(make_game, tmp_path, monkeypatch):
    make_game()
    import pnp.targets.kinds.sheets as sheets

    for escape in ("../../escaped", "../output/escaped"):  # outside --out, and inside it but not plain
        monkeypatch.setattr(sheets, "stem",
                            lambda loaded, language, paper, escape=escape: f"{escape}-{language}-{paper}")
        result = invoke(["build", "--paper", "a4", "-j", "1"], tmp_path)
        assert result.exit_code == 1 and "refusing to write" in result.output
        assert not list(Path(tmp_path).rglob("escaped*")) and not (tmp_path / "output").exists()
