"""Every row of the corpus (corpus.py) through the real commands: the right exit code, one
clear located line, no traceback, and nothing changed or added anywhere on disk.

A good kit of each base game is built once (out/ with sheets, rulebooks and diagrams,
and da.po exported); each case works on a copy of it placed a few folders deep, so a
file written through '..' would still land inside the case's tmp folder, where the
before/after snapshot sees it. Rows marked `subprocess` also run as a real process
limited to 20 s and 2 GB of address space.
"""

from __future__ import annotations

import hashlib
import os
import resource
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from corpus import CASES, COMMANDS, Case, Site
from PIL import Image

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]
TINY = Path(__file__).parent / "tiny"
TIME_LIMIT_S = 20
MEMORY_LIMIT_BYTES = 2 << 30
LONGEST_LINE = 400  # characters of one error line: a value is only ever shown as a short excerpt


class Kits:
    """Good kits, built on first use and then copied for every case."""

    def __init__(self, root: Path):
        self.root = root
        self.built: dict[tuple[str, ...], Path] = {}

    def get(self, games: tuple[str, ...]) -> Path:
        if games not in self.built:
            self.built[games] = self._build(games)
        return self.built[games]

    def _build(self, games: tuple[str, ...]) -> Path:
        work = self.root / "-".join(games)
        for game in games:
            shutil.copytree(TINY if game == "tiny" else ROOT / "content" / game, work / "content" / game)
        shutil.copytree(ROOT / "templates", work / "templates")
        if "tiny" in games:
            (work / "content" / "tiny" / "art").mkdir()
            Image.new("RGB", (16, 16), (34, 34, 34)).save(work / "content" / "tiny" / "art" / "mark.png")
        for args in (COMMANDS["build"](list(games)), COMMANDS["diagrams"](list(games)),
                     ["translate", "export", games[0], "-o", "da.po"]):
            result = invoke(work, args)
            assert result.exit_code == 0, result.output
        return work


@pytest.fixture(scope="session")
def kits(tmp_path_factory) -> Kits:
    return Kits(tmp_path_factory.mktemp("kits"))


def invoke(work: Path, args: list[str]) -> Result:
    old = os.getcwd()
    os.chdir(work)
    try:
        return CliRunner().invoke(main, args)
    finally:
        os.chdir(old)


def prepare(case: Case, kits: Kits, tmp_path: Path) -> Site:
    work = tmp_path / "one" / "two" / "three" / "work"
    shutil.copytree(kits.get((case.base, *case.also)), work, symlinks=True)
    site = Site(work, work / "content" / case.base)
    case.mutate(site)
    return site


def snapshot(root: Path) -> dict[str, tuple]:
    """Every entry under root: a file by its digest, a link by its target, anything else by its kind."""
    entries: dict[str, tuple] = {}
    for directory, folders, files in os.walk(root):
        for name in folders + files:
            path = Path(directory) / name
            mode = path.lstat().st_mode
            key = str(path.relative_to(root))
            if stat.S_ISLNK(mode):
                entries[key] = ("link", os.readlink(path))
            elif stat.S_ISREG(mode):
                entries[key] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
            else:
                entries[key] = ("other", stat.S_IFMT(mode))
    return entries


def expected_place(case: Case, site: Site) -> str | None:
    """`where` as the message shows it: relative to the work folder, `file@text` as file:line."""
    if case.where is None:
        return None
    where, _, text = case.where.partition("@")
    shown = where[len("work:"):] if where.startswith("work:") else f"content/{case.base}/{where}"
    if not text:
        return shown
    lines = site.path(where).read_text(encoding="utf-8").splitlines()
    return f"{shown}:{next(number for number, line in enumerate(lines, 1) if text in line)}"


def check_message(case: Case, site: Site, exit_code: int, output: str, command: str) -> None:
    """The exit code, and a first error line at the expected place with the expected phrase."""
    assert exit_code == case.exit_code, f"pnp {command}: {output}"
    errors = [line for line in output.splitlines() if line.startswith("Error:")]
    assert errors, f"pnp {command}: {output}"
    first = errors[0]
    place = expected_place(case, site)
    if place is not None:
        assert first.startswith((f"Error: {place}:", f"Error: {place} ")), f"pnp {command}: {first}"
        assert f"({case.problems} problem" in output, f"pnp {command}: {output}"
    assert case.phrase in first, f"pnp {command}: {first}"
    assert all(len(line) <= LONGEST_LINE for line in output.splitlines()), f"pnp {command}: {output}"
    if case.secret:
        assert case.secret not in output


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_bad_input_gives_one_clear_line_and_changes_nothing(case: Case, kits: Kits, tmp_path: Path):
    site = prepare(case, kits, tmp_path)
    before = snapshot(tmp_path)
    # One copy serves all the row's commands: each must leave it as it was, which is checked.
    outputs = {}
    for command in case.commands:
        result = invoke(site.work, COMMANDS[command](case.arguments))
        assert result.exception is None or isinstance(result.exception, SystemExit), f"{command}: {result.exception!r}"
        check_message(case, site, result.exit_code, result.output, command)
        assert snapshot(tmp_path) == before, f"pnp {command} changed or added files"
        outputs[command] = result.output
    # pnp check is a build that writes nothing: it finds every problem a build finds, said the same way.
    if "build" in outputs and "check" in outputs:
        assert outputs["check"] == outputs["build"]


def _limit_resources() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES))


HEAVY = [case for case in CASES if case.subprocess]


@pytest.mark.parametrize("case", HEAVY, ids=[case.name for case in HEAVY])
def test_heavy_input_fails_fast_in_a_real_process(case: Case, kits: Kits, tmp_path: Path):
    site = prepare(case, kits, tmp_path)
    before = snapshot(tmp_path)
    args = COMMANDS[case.commands[0]](case.arguments)
    done = subprocess.run([sys.executable, "-m", "pnp", *args], cwd=site.work, capture_output=True, text=True,
                          timeout=TIME_LIMIT_S, preexec_fn=_limit_resources)
    assert "Traceback" not in done.stderr, done.stderr
    check_message(case, site, done.returncode, done.stdout + done.stderr, args[0])
    assert snapshot(tmp_path) == before


def test_the_snapshot_sees_a_file_written_through_dotdot(kits: Kits, tmp_path: Path):
    """What the corpus relies on: a set named x/../../../escaped wrote beside out/; that, and
    anything up to three folders higher, is inside tmp_path, where the snapshot looks."""
    site = prepare(CASES[0], kits, tmp_path)
    before = snapshot(tmp_path)
    (site.work / "out" / "tiny" / "x").mkdir()
    (site.work / "out" / "tiny" / "x" / ".." / ".." / ".." / "escaped-a4.pdf").write_bytes(b"%PDF")
    assert set(snapshot(tmp_path)) - set(before) == {"one/two/three/work/escaped-a4.pdf",
                                                     "one/two/three/work/out/tiny/x"}
