"""Digests remembered between runs: trusted only while a file's size, times and inode say it
is the file that was read, and never for a file changed too recently for its times to tell."""

from __future__ import annotations

import json
import os

import pytest

from pnp.targets import digest
from pnp.targets.digest import DigestMemory, source_files
from tests.targets.conftest import invoke

HOUR_NS = 3600 * 10**9


@pytest.fixture
def reads(monkeypatch):
    """The files digest.py opens, in order."""
    opened = []
    real = digest._read_digest

    def counting(path):
        opened.append(os.fspath(path))
        return real(path)

    monkeypatch.setattr(digest, "_read_digest", counting)
    return opened


@pytest.fixture
def no_racy_window(monkeypatch):
    """Files written by the test count as old enough to remember (their ctime cannot be set back)."""
    monkeypatch.setattr(digest, "RACY_NS", -HOUR_NS)


def test_a_remembered_file_is_not_read_again(tmp_path, reads, no_racy_window):
    card = tmp_path / "en.yaml"
    card.write_text("chip.name: Gold\n", encoding="utf-8")
    memory = DigestMemory()
    first = memory.digest(card)
    assert memory.digest(card) == first and reads == [str(card)]
    assert memory.changed


def test_a_file_rewritten_with_the_same_size_and_mtime_is_read_again(tmp_path, reads, no_racy_window):
    card = tmp_path / "en.yaml"
    card.write_text("chip.name: Gold\n", encoding="utf-8")
    memory = DigestMemory()
    before = memory.digest(card)
    times = card.stat()
    card.write_text("chip.name: Bold\n", encoding="utf-8")
    os.utime(card, ns=(times.st_atime_ns, times.st_mtime_ns))  # an editor that keeps the time
    assert card.stat().st_mtime_ns == times.st_mtime_ns and card.stat().st_size == times.st_size
    assert memory.digest(card) != before and len(reads) == 2


def test_a_file_changed_within_the_racy_window_is_not_remembered(tmp_path, reads):
    card = tmp_path / "en.yaml"
    card.write_text("chip.name: Gold\n", encoding="utf-8")
    memory = DigestMemory()
    memory.digest(card)
    memory.digest(card)
    assert len(reads) == 2 and not memory.entries and not memory.changed


def test_what_a_build_remembers_spares_the_next_build_reading_its_content(two_sets, tmp_path, reads, no_racy_window):
    two_sets()
    assert invoke(["build", "--paper", "a4", "--dpi", "72", "-j", "1", "-q"], tmp_path).exit_code == 0
    kept = json.loads((tmp_path / "output" / ".pnp" / digest.MEMORY_FILE).read_text(encoding="utf-8"))["files"]
    content = str(tmp_path / "content")
    assert any(name.startswith(content) for name in kept)
    reads.clear()
    result = invoke(["build", "--paper", "a4", "--dpi", "72", "-j", "1"], tmp_path)
    assert result.exit_code == 0 and "0 rebuilt" in result.output
    assert not [path for path in reads if path.startswith(content)]


def test_an_unreadable_memory_is_ignored_and_written_again(two_sets, tmp_path, no_racy_window):
    game = two_sets()
    assert invoke(["build", "--paper", "a4", "--dpi", "72", "-j", "1", "-q"], tmp_path).exit_code == 0
    kept = tmp_path / "output" / ".pnp" / digest.MEMORY_FILE
    kept.write_text('{"version": 1, "files": {"x": [1, 2', encoding="utf-8")
    (game / "text" / "en.yaml").write_text("chip.name: Goldish\n", encoding="utf-8")
    result = invoke(["build", "--paper", "a4", "--dpi", "72", "-j", "1"], tmp_path)
    assert result.exit_code == 0 and "rebuilt" in result.output
    assert json.loads(kept.read_text(encoding="utf-8"))["version"] == digest.MEMORY_VERSION


def test_source_files_skip_hidden_backups_and_caches_and_end_at_a_link_back_up(tmp_path):
    (tmp_path / "text").mkdir()
    for name in ("game.yaml", "text/en.yaml", "text/en.yaml~", ".hidden", "__pycache__/x.pyc", ".git/config"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / "text" / "loop").symlink_to(tmp_path, target_is_directory=True)
    assert source_files(tmp_path) == ["game.yaml", "text/en.yaml"]
    assert source_files(tmp_path / "missing") == []
