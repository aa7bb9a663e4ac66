"""A name → a new game folder from pnp's scaffold (pnp.scaffold), stamped so it builds cleanly at once."""

from __future__ import annotations

import os
from pathlib import Path

import click

from pnp.model.names import id_problem
from pnp.model.problems import display_path
from pnp.output.files import write_file
from pnp.scaffold import scaffold_files


class GameExists(click.ClickException):
    exit_code = 1


def new_game(folder: Path, title: str | None = None) -> list[str]:
    """Write the scaffold into folder (which must not exist) and stamp its Danish; the lines to say."""
    folder = Path(folder)
    game_id = folder.name
    problem = id_problem(game_id, "a game id")
    if problem:
        raise click.BadParameter(f"{problem} (the folder's name is the game's id)", param_hint="GAME")
    if os.path.lexists(folder):
        raise GameExists(f"{display_path(str(folder))} exists already; pnp new makes a new folder")
    title = title or game_id.replace("-", " ").capitalize()
    folder.mkdir(parents=True)
    for name, data in scaffold_files(game_id, title).items():
        write_file(folder, Path(name), data)
    _stamp(folder)
    shown = display_path(str(folder))
    argument = game_id if folder.parent.name == "content" and Path("content").resolve() == folder.parent.resolve() else shown
    return [f"made {shown}/ ({title}): a deck from cards.csv, tokens, a rulebook with a diagram, in English and Danish",
            f"build it with: pnp build {argument}"]


def _stamp(folder: Path) -> None:
    """Record the English each Danish text translates, so nothing is stale."""
    from pnp.build import load_games
    from pnp.i18n.stamp import stamp

    [loaded] = load_games([folder])
    stamp(loaded.catalogs, "da")
