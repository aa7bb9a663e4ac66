"""A game and a language tag → a new, empty translation catalog (text/<lang>.yaml) to fill in.

The file holds only comments saying what goes in it; the language is one of the game's
from then on (a game's languages include every `text/<lang>.yaml`), so status lists
every text it lacks and the build sets them in the source language until translated.
"""

from __future__ import annotations

from pathlib import Path

from pnp.i18n.catalog import Catalogs, catalog_path
from pnp.i18n.labels import label_warning
from pnp.model.files import content_file
from pnp.model.game import Game
from pnp.model.problems import ContentError, Location, Problem, display_path
from pnp.output.files import write_file


def catalog_header(game: Game, language: str) -> str:
    source = game.source_language
    return (f"# {language} texts of {game.title}, translated from text/{source}.yaml. Each entry holds the text,\n"
            f"# `source` (a fingerprint of the {source} text it translates) and `source-text` (that text);\n"
            "# pnp translate import and stamp write both. `pnp translate status` lists what is missing;\n"
            f"# `pnp translate export {game.id} --lang {language} -o {language}.po` makes a PO file.\n")


def start_language(game: Game, catalogs: Catalogs, language: str) -> list[str]:
    """Create text/<language>.yaml for game; the lines to tell the user. ContentError if it cannot be started."""
    path = catalog_path(game.folder, language)
    if language == game.source_language:
        raise ContentError([Problem(Location(str(path)), "", f"{language} is the source language of {game.id}: "
                                                             "its texts are the ones translated")])
    if content_file(path, game.folder) is not None:
        raise ContentError([Problem(Location(str(path)), "", f"{language} is started already; pnp translate status "
                                                             f"{game.id} lists what it lacks")])
    write_file(game.folder, Path("text") / path.name, catalog_header(game, language).encode("utf-8"))
    lines = [f"started {language}: wrote {display_path(str(path))}",
             f"{len(catalogs.source.entries)} texts to translate: pnp translate status {game.id} lists them; "
             f"pnp translate export {game.id} --lang {language} -o {language}.po makes a PO file for them"]
    warning = label_warning(language)
    return lines + ([f"warning: {warning}"] if warning else [])
