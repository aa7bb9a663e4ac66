"""The `game` fixture: the tiny game of tiny_game.py in tmp_path, which is the working folder."""

from pathlib import Path

import pytest
from tiny_game import make_game


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return make_game(tmp_path)
