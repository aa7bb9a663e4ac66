"""A name → a new game folder from pnp's scaffold (pnp.scaffold), stamped so it builds cleanly at once.

The folder is made whole or not at all: if anything fails on the way (a title the game
refuses, a disk that fills), what pnp new made is removed again.
"""

from __future__ import annotations

import os
import shutil
import unicodedata
from pathlib import Path

import click

from pnp.model.names import id_problem
from pnp.model.problems import display_path
from pnp.output.files import os_faults, write_file
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
    if title is not None and any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in title):
        raise click.BadParameter("expected a title on one line, without control characters", param_hint="--title")
    title = title or game_id.replace("-", " ").capitalize()
    made = [p for p in (folder, *folder.parents) if not os.path.lexists(p)]  # the game's folder first
    try:
        with os_faults(folder):
            folder.mkdir(parents=True)
        for name, data in scaffold_files(game_id, title).items():
            write_file(folder, Path(name), data)
        _stamp(folder)
    except BaseException:
        _remove_made(made)
        raise
    shown = display_path(str(folder))
    in_content = folder.parent.name == "content" and Path("content").resolve() == folder.parent.resolve()
    argument = game_id if in_content else shown
    return [f"made {shown}/ ({title}): a deck from cards.csv, tokens, a rulebook with a diagram, in English and Danish",
            f"build it with: pnp build {argument}"]


def _remove_made(made: list[Path]) -> None:
    """Take back what a failed pnp new made: the game's folder with what it holds, then
    the parents made for it, while they are empty."""
    if made and made[0].is_dir() and not made[0].is_symlink():
        shutil.rmtree(made[0], ignore_errors=True)
    for parent in made[1:]:
        try:
            parent.rmdir()
        except OSError:
            return


def _stamp(folder: Path) -> None:
    """Record the English each Danish text translates, so nothing is stale."""
    from pnp.i18n.stamp import stamp
    from pnp.targets import load_games

    [loaded] = load_games([folder])
    stamp(loaded.catalogs, "da")
