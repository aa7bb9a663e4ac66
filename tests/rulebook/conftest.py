"""Fixtures: the four games' rulebooks built once (the helpers live in rulebook_kit)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook_kit import GAMES, ROOT, build


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> dict[str, tuple[list[Path], list[str]]]:
    out = tmp_path_factory.mktemp("rulebooks")
    return {name: build(ROOT / "content" / name, out) for name in GAMES}
