"""Laying out the four games' kits (and small made-up ones) with pnp's layout alone."""

from __future__ import annotations

import pytest

from pnp.layout.kit import lay_out
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import settings_for
from pnp.model import load_game
from tests.conftest import CONTENT

GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")


@pytest.fixture(scope="session")
def games():
    return {name: load_game(CONTENT / name) for name in GAMES}


def kit_of(game, paper: str, layout: str | None = None, flip: str = "long"):
    settings = settings_for(game.sheets, layout, flip)
    return lay_out(game.sets, game.sheets, PAPERS[paper], settings), settings
