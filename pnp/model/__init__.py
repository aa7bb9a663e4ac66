"""YAML → a typed, located model of a game: facts, palette, component sets and faces.

Every value remembers its file, line and column, so every problem can be reported
where it is; problems are collected per file and raised together. Nothing here
draws or writes files.
"""

from pnp.model.game import Game, load_game
from pnp.model.problems import ContentError, Location, Problem

__all__ = ["ContentError", "Game", "Location", "Problem", "load_game"]
