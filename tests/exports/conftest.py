"""The four games built once with --format pdf,tts,pod,html --shop thegamecrafter, shared by the export tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CONTENT

GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")


@pytest.fixture(scope="session")
def kit(tmp_path_factory) -> Path:
    """The output folder of one build of every game's exports."""
    from pnp.targets import BuildOptions, build

    out = tmp_path_factory.mktemp("exports")
    build([CONTENT / game for game in GAMES],
          BuildOptions(out=out, formats=("pdf", "tts", "pod", "html"), shop="thegamecrafter", jobs=2))
    return out


@pytest.fixture(scope="session")
def games():
    """Every game loaded as the build loads it, by id."""
    from pnp.targets import load_games

    return {loaded.id: loaded for loaded in load_games([CONTENT / game for game in GAMES])}
