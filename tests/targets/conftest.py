"""A two-set game for build tests: chips (with a text) and plain discs (without)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from tests.conftest import MINIMAL_COMPONENTS

DISCS = """\
  discs:
    kind: token
    shape: circle
    width: 15mm
    bleed: 1mm
    items:
      - {id: plain}
    front:
      background: ink
"""
TWO_SETS = MINIMAL_COMPONENTS + DISCS


def invoke(args: list[str], cwd: Path):
    """The CLI through CliRunner, run in cwd (where content/ is)."""
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, args, catch_exceptions=False)
    finally:
        os.chdir(old)


@pytest.fixture
def two_sets(make_game):
    """content/<name>/ of a game with a text set and a textless set."""
    return lambda name="tiny", **files: make_game({"components.yaml": TWO_SETS, **files}, name=name)


def digests(out: Path) -> dict[str, str]:
    """Every output file under out (pnp's own .pnp folder left out) → its SHA-256."""
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and ".pnp" not in p.relative_to(out).parts}


def mtimes(out: Path) -> dict[str, int]:
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns
            for p in out.rglob("*") if p.is_file() and ".pnp" not in p.relative_to(out).parts}
