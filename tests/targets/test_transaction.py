"""A build is a transaction: on any error nothing under --out changes; kill -9 leaves only
complete files; operating-system faults and library refusals are one line, exit 1."""

from __future__ import annotations

import errno
import io
import os
import resource
import signal
import subprocess
import sys
import time

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.targets.kinds import all_kinds
from tests.conftest import ROOT
from tests.targets.conftest import digests, invoke

QUICK = ["--paper", "a4", "--dpi", "72", "-j", "1"]


def test_a_late_failure_in_the_second_game_leaves_the_first_games_files_byte_identical(two_sets, tmp_path):
    first, second = two_sets("first"), two_sets("second")
    assert invoke(["build", *QUICK, "-q"], tmp_path).exit_code == 0
    before = digests(tmp_path / "output")
    state = {p.name: p.read_bytes() for p in (tmp_path / "output" / ".pnp").iterdir()}
    assert "manifest.json" in state
    (first / "text" / "en.yaml").write_text("chip.name: Goldish\n", encoding="utf-8")
    (second / "text" / "en.yaml").write_text("chip.name: Goldenchipwithaverylongunbreakablename\n", encoding="utf-8")
    result = invoke(["build", *QUICK], tmp_path)
    assert result.exit_code == 1 and "text 'chip.name' (en) does not fit its box" in result.output
    assert digests(tmp_path / "output") == before
    # The manifest and the remembered digests as the good build left them; no staging folder.
    assert {p.name: p.read_bytes() for p in (tmp_path / "output" / ".pnp").iterdir()} == state


def test_a_failed_first_build_leaves_no_output_folder(two_sets, tmp_path):
    folder = two_sets()
    (folder / "text" / "en.yaml").write_text("chip.name: Goldenchipwithaverylongunbreakablename\n", encoding="utf-8")
    assert invoke(["build", *QUICK], tmp_path).exit_code == 1
    assert not (tmp_path / "output").exists()


def test_a_component_too_large_for_the_paper_fails_with_its_faces_problems_too(two_sets, tmp_path):
    # The sheets paint faces as they draw them; with no sheets to draw, the faces are still checked.
    folder = two_sets()
    components = folder / "components.yaml"
    components.write_text(components.read_text(encoding="utf-8").replace("width: 15mm", "width: 400mm"),
                          encoding="utf-8")
    (folder / "text" / "en.yaml").write_text("chip.name: Goldenchipwithaverylongunbreakablename\n", encoding="utf-8")
    result = invoke(["build", *QUICK, "--format", "pdf", "--lang", "en"], tmp_path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "text 'chip.name' (en) does not fit its box" in result.output
    assert "components.yaml" in result.output and "sets.discs" in result.output and "does not fit" in result.output
    assert not (tmp_path / "output").exists()


def test_a_library_refusal_while_rendering_is_one_line_naming_game_and_target(two_sets, tmp_path, monkeypatch):
    two_sets()
    import pnp.paint.sheets

    def refuse(*args, **kwargs):
        raise ValueError("dash pattern of zero length")

    monkeypatch.setattr(pnp.paint.sheets, "paint_kit", refuse)
    result = invoke(["build", *QUICK, "--format", "pdf", "--lang", "en"], tmp_path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert ("Error: tiny: cannot make tiny-sheets-en-a4: ValueError: dash pattern of zero length "
            "(run with -vv for details)") in result.output
    assert not (tmp_path / "output").exists()
    detailed = invoke(["build", *QUICK, "--format", "pdf", "--lang", "en", "-vv"], tmp_path)
    assert detailed.exit_code == 1 and "Traceback" in detailed.output and "in refuse" in detailed.output


@pytest.mark.parametrize("code, cause", [(errno.ENOSPC, "no space left on the disk"),
                                         (errno.EACCES, "permission denied"), (errno.EROFS, "read-only file system")])
def test_an_os_fault_while_writing_is_one_line_and_changes_nothing(two_sets, tmp_path, monkeypatch, code, cause):
    two_sets()
    assert invoke(["build", *QUICK, "-q"], tmp_path).exit_code == 0
    before = digests(tmp_path / "output")
    (tmp_path / "content" / "tiny" / "text" / "en.yaml").write_text("chip.name: Goldish\n", encoding="utf-8")
    import pnp.output.files

    def fault(path, data):
        raise OSError(code, os.strerror(code), str(path))

    monkeypatch.setattr(pnp.output.files, "_write_new", fault)
    result = invoke(["build", *QUICK], tmp_path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    [line] = result.output.strip().splitlines()
    assert line.startswith("Error: cannot write output/.pnp/staging-") and line.endswith(cause)
    assert digests(tmp_path / "output") == before


def test_a_fault_while_moving_files_into_place_undoes_the_moves_made(two_sets, tmp_path, monkeypatch):
    two_sets()
    assert invoke(["build", *QUICK, "-q"], tmp_path).exit_code == 0
    before = digests(tmp_path / "output")
    (tmp_path / "content" / "tiny" / "text" / "en.yaml").write_text("chip.name: Goldish\n", encoding="utf-8")
    game_yaml = tmp_path / "content" / "tiny" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace('version: "1"', 'version: "2"'))
    real_replace, into_place = os.replace, []

    def flaky(source, target):
        if ".pnp" not in str(target):
            into_place.append(target)
            if len(into_place) == 3:  # part-way through the commit
                raise PermissionError(errno.EACCES, "Permission denied", str(target))
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", flaky)
    result = invoke(["build", *QUICK], tmp_path)
    assert result.exit_code == 1 and "permission denied" in result.output
    assert len(into_place) > 3  # the files moved before the failure were put back
    assert digests(tmp_path / "output") == before


def test_an_output_folder_under_a_file_is_one_line(two_sets, tmp_path):
    two_sets()
    (tmp_path / "blocker").write_text("a file", encoding="utf-8")
    result = invoke(["build", *QUICK, "--out", "blocker/out"], tmp_path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "cannot write blocker" in result.output and "a file stands where a folder is needed" in result.output


@pytest.mark.parametrize("offset", ["nan,0", "0,inf", "-inf,1", "1", "a,b", "25,0"])
def test_a_bad_back_offset_is_a_usage_error_before_anything_is_written(two_sets, tmp_path, offset):
    two_sets()
    result = invoke(["build", *QUICK, "--back-offset", offset], tmp_path)
    assert result.exit_code == 2 and "--back-offset" in result.output
    assert not (tmp_path / "output").exists()


def _environment():
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_disk_full_in_a_real_process_is_one_line(two_sets, tmp_path):
    """RLIMIT_FSIZE makes the kernel refuse to grow a file past the limit (EFBIG), as a full disk would."""
    two_sets()

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    process = subprocess.run([sys.executable, "-m", "pnp", "build", "--paper", "a4", "--dpi", "300", "--format", "png"],
                             cwd=tmp_path, capture_output=True, text=True, env=_environment(), preexec_fn=small_files)
    assert process.returncode == 1, process.stderr
    assert "Traceback" not in process.stderr
    assert "the file is larger than the system allows" in process.stderr
    assert not (tmp_path / "output").exists()


def _complete(path) -> bool:
    data = path.read_bytes()
    if path.suffix == ".pdf":
        return len(PdfReader(io.BytesIO(data)).pages) > 0
    if path.suffix == ".png":
        Image.open(io.BytesIO(data)).load()
        return True
    return True


def test_kill_9_mid_build_leaves_complete_files_and_a_staging_folder_the_next_build_removes(tmp_path):
    import shutil

    shutil.copytree(ROOT / "content" / "quatrefoil", tmp_path / "content" / "quatrefoil")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    game = tmp_path / "content" / "quatrefoil" / "game.yaml"
    command = [sys.executable, "-m", "pnp", "build", "--paper", "a4", "--dpi", "100", "-q"]
    start = time.perf_counter()
    subprocess.run(command, cwd=tmp_path, env=_environment(), check=True)
    whole = time.perf_counter() - start
    out = tmp_path / "output"
    # Every run changes the version (so every file would be replaced), and is killed at a
    # later moment of its work: loading, rendering, staging, moving into place.
    for number, share in enumerate((0.3, 0.6, 0.8, 0.9, 0.97), start=2):
        game.write_text(game.read_text(encoding="utf-8").replace(f'version: "{number - 1}', f'version: "{number}'),
                        encoding="utf-8")
        process = subprocess.Popen(command, cwd=tmp_path, env=_environment())
        time.sleep(whole * share)
        process.send_signal(signal.SIGKILL)
        process.wait()
        outputs = [p for p in out.rglob("*") if p.is_file() and ".pnp" not in p.relative_to(out).parts]
        assert len(outputs) >= 15 and all(_complete(p) for p in outputs)
        assert not [p for p in outputs if p.name.endswith(".tmp")]
    subprocess.run(command, cwd=tmp_path, env=_environment(), check=True)
    assert not list((out / ".pnp").glob("staging-*"))
    subprocess.run(command + ["--out", "clean"], cwd=tmp_path, env=_environment(), check=True)
    assert digests(out) == digests(tmp_path / "clean")


def test_every_registered_kind_is_reachable_from_a_command():
    kinds = all_kinds()
    assert {"sheets", "png-page", "rulebook", "booklet-pages", "booklet", "diagram", "calibration"} <= set(kinds)
    assert {k.command for k in kinds.values()} == {"build", "diagrams", "calibrate", "diff"}


@pytest.mark.parametrize("name", ["manifest.json", "digests.json", "settings.json"])
def test_a_fifo_in_place_of_a_state_file_is_not_waited_on(two_sets, tmp_path, name):
    """A FIFO where the manifest, the digests or the settings were is read as no state (the build makes
    everything again, byte-identical) instead of hanging the build forever."""
    two_sets()
    command = [sys.executable, "-m", "pnp", "build", "--paper", "a4", "--format", "pdf", "-q"]
    subprocess.run(command, cwd=tmp_path, env=_environment(), check=True, timeout=60)
    out = tmp_path / "output"
    before = digests(out)
    (out / ".pnp" / name).unlink(missing_ok=True)
    os.mkfifo(out / ".pnp" / name)
    done = subprocess.run(command, cwd=tmp_path, env=_environment(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert digests(out) == before
    if name == "manifest.json":  # made again; the digests are kept only when a file's digest is new
        assert (out / ".pnp" / name).is_file()
