"""YAML → a typed, located model of a game: facts, palette, component sets and faces.

Every value remembers its file, line and column, so every problem can be reported
where it is; problems are collected per file and raised together. Nothing here
draws or writes files.
"""

from pnp.model.problems import ContentError, Location, Problem

__all__ = ["ContentError", "Game", "Location", "Problem", "load_game"]


def __getattr__(name: str):
    # Game and load_game on first use: importing pnp.model.units or .problems stays light.
    if name in ("Game", "load_game"):
        from pnp.model import game

        return getattr(game, name)
    raise AttributeError(f"module 'pnp.model' has no attribute {name!r}")
