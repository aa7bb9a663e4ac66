"""Incremental builds: skip what is up to date, rebuild what changed or was edited, remove
what is no longer made (only if pnp wrote it), and always match a clean build byte for byte."""

from __future__ import annotations

import hashlib
import json

from pnp.targets import BuildOptions, DiagramOptions, build, build_diagrams
from tests.conftest import CONTENT
from tests.targets.conftest import digests, mtimes

OPTIONS = dict(papers=("a4",), dpi=72, jobs=1)


def test_a_rebuild_with_nothing_changed_renders_and_writes_nothing(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    first = build([folder], BuildOptions(out=out, **OPTIONS))
    before, times = digests(out), mtimes(out)
    again = build([folder], BuildOptions(out=out, **OPTIONS))
    assert first.written and not again.written and again.rendered == 0
    assert again.skipped == len(first.written)
    assert digests(out) == before and mtimes(out) == times


def test_one_changed_card_text_rewrites_only_the_files_whose_bytes_change(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    build([folder], BuildOptions(out=out, **OPTIONS))
    before, times = digests(out), mtimes(out)
    (folder / "text" / "en.yaml").write_text("chip.name: Goldish\n", encoding="utf-8")
    result = build([folder], BuildOptions(out=out, **OPTIONS))
    after = digests(out)
    changed = {path for path in after if after[path] != before.get(path)}
    assert changed == {p.relative_to(out).as_posix() for p in result.written}
    assert changed == {"tiny/tiny-sheets-en-a4.pdf", "tiny/png/tiny-sheets-en-a4-sheet01-front.png",
                       "tiny/png/tiny-sheets-en-a4-sheet01-back.png"}
    assert all(mtimes(out)[path] == times[path] for path in after if path not in changed)
    clean = tmp_path / "clean"
    build([folder], BuildOptions(out=clean, **OPTIONS))
    assert digests(clean) == after


def test_a_file_changed_by_hand_is_rebuilt(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    build([folder], BuildOptions(out=out, **OPTIONS))
    before = digests(out)
    pdf = out / "tiny" / "tiny-sheets-da-a4.pdf"
    pdf.write_bytes(pdf.read_bytes().replace(b"pnp", b"PNP"))
    result = build([folder], BuildOptions(out=out, **OPTIONS))
    assert [p.name for p in result.written] == ["tiny-sheets-da-a4.pdf"]
    assert digests(out) == before


def test_force_renders_everything_again_with_the_same_bytes(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    first = build([folder], BuildOptions(out=out, **OPTIONS))
    before = digests(out)
    forced = build([folder], BuildOptions(out=out, force=True, **OPTIONS))
    assert forced.rendered >= len(first.written) and not forced.written
    assert forced.unchanged == len(first.written)
    assert digests(out) == before


def test_outputs_no_longer_made_are_removed_but_not_files_pnp_did_not_write(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    both = BuildOptions(out=out, **{**OPTIONS, "papers": ("a4", "letter")})
    build([folder], both)
    mine = out / "tiny" / "notes.txt"
    mine.write_text("my notes", encoding="utf-8")
    edited = out / "tiny" / "tiny-sheets-da-letter.pdf"
    edited.write_bytes(edited.read_bytes() + b"% annotated by hand\n")
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("[en, da]", "[en]"))
    (folder / "text" / "da.yaml").unlink()
    result = build([folder], both)  # the build was asked for every language the game has: Danish is gone
    left = set(digests(out))
    assert not any("-da-" in path for path in left - {"tiny/tiny-sheets-da-letter.pdf"})
    assert "tiny/tiny-sheets-da-letter.pdf" in left and mine.read_text(encoding="utf-8") == "my notes"
    assert "left tiny/tiny-sheets-da-letter.pdf: changed since pnp wrote it" in result.warnings
    assert "tiny/tiny-sheets-en-a4.pdf" in left and len(result.removed) == 5  # 6 Danish files, 1 edited


def test_another_game_and_another_command_keep_their_outputs(two_sets, tmp_path):
    out = tmp_path / "out"
    one, two = two_sets("one"), two_sets("two")
    build([one, two], BuildOptions(out=out, **OPTIONS))
    build_diagrams([CONTENT / "folio"], DiagramOptions(out=out, formats=("svg",), languages=("en",), jobs=1))
    before = digests(out)
    result = build([one], BuildOptions(out=out, **OPTIONS))
    assert not result.removed and digests(out) == before


def test_the_manifest_records_every_file_with_its_digest(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    build([folder], BuildOptions(out=out, **OPTIONS))
    manifest = json.loads((out / ".pnp" / "manifest.json").read_text(encoding="utf-8"))
    recorded = {path: output["stamp"][0] for path, output in manifest["files"].items()}
    # The outputs, and the records beside the sheets: every file but pnp's state.
    written = {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in out.rglob("*")
               if p.is_file() and p.relative_to(out).parts[0] != ".pnp"}
    assert recorded == written and {path for path in written if "/.pnp/" in path} == {
        "tiny/.pnp/tiny-sheets-en-a4.json", "tiny/.pnp/tiny-sheets-da-a4.json"}


def test_a_png_deleted_by_hand_is_made_from_the_pdf_on_disk(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    build([folder], BuildOptions(out=out, **OPTIONS))
    before = digests(out)
    (out / "tiny" / "png" / "tiny-sheets-en-a4-sheet01-front.png").unlink()
    result = build([folder], BuildOptions(out=out, **OPTIONS))
    assert result.rendered == 1 and digests(out) == before


def test_strict_fails_on_a_warning_that_an_earlier_build_accepted(two_sets, tmp_path):
    import pytest

    from pnp.model.problems import ContentError

    folder, out = two_sets(**{"text/da.yaml": "{}\n"}), tmp_path / "out"
    relaxed = build([folder], BuildOptions(out=out, **OPTIONS))
    [warning] = relaxed.warnings
    assert warning.startswith("tiny (da): 2 texts missing (set in en) — see pnp translate status tiny")
    assert "chip.name" in warning
    with pytest.raises(ContentError, match="--strict"):
        build([folder], BuildOptions(out=out, strict=True, **OPTIONS))


def test_a_partial_run_removes_nothing_and_the_next_full_build_completes_it(two_sets, tmp_path):
    folder, out = two_sets(), tmp_path / "out"
    both = {**OPTIONS, "papers": ("a4", "letter")}
    build([folder], BuildOptions(out=out, **both))
    (folder / "text" / "en.yaml").write_text("chip.name: Goldish\n", encoding="utf-8")
    partial = build([folder], BuildOptions(out=out, kinds=("sheets",), **OPTIONS))
    assert [p.name for p in partial.written] == ["tiny-sheets-en-a4.pdf"] and not partial.removed
    assert (out / "tiny" / "tiny-sheets-en-letter.pdf").exists()
    full = build([folder], BuildOptions(out=out, **both))
    assert "tiny-sheets-en-a4.pdf" not in {p.name for p in full.written}
    clean = tmp_path / "clean"
    build([folder], BuildOptions(out=clean, **both))
    assert digests(out) == digests(clean)


def test_a_changed_table_cell_or_icon_remakes_the_sheet_that_shows_it(make_game, tmp_path):
    components = ("sets:\n  deck:\n    kind: token\n    width: 20mm\n    items: cards.csv\n    front:\n"
                  '      elements:\n        - text: {text: "${cost} {icon:coin}", size: 8pt}\n')
    folder, out = make_game({"components.yaml": components}), tmp_path / "out"
    (folder / "cards.csv").write_text("id,cost\nfox,1\n")
    (folder / "icons").mkdir()
    coin = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
            '<rect width="10" height="10" fill="{}"/></svg>')
    (folder / "icons" / "coin.svg").write_text(coin.format("#ff0000"))
    options = dict(papers=("a4",), formats=("pdf",), jobs=1)
    build([folder], BuildOptions(out=out, **options))
    sheets = ["tiny-sheets-da-a4.pdf", "tiny-sheets-en-a4.pdf"]  # no face has a text, each footer has
    (folder / "cards.csv").write_text("id,cost\nfox,2\n")
    assert [p.name for p in build([folder], BuildOptions(out=out, **options)).written] == sheets
    (folder / "icons" / "coin.svg").write_text(coin.format("#0000ff"))
    assert [p.name for p in build([folder], BuildOptions(out=out, **options)).written] == sheets
