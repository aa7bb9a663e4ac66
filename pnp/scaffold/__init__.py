"""`pnp new GAME`: a new game folder from the commented files here, ready to build in English and Danish.

The files are copied with the game's id and title filled in (`{{id}}`, `{{title}}`); the
Danish catalog is then stamped against the English, so the first build has nothing to
warn about. Nothing is written if the folder exists.
"""

from __future__ import annotations

from pathlib import Path

FILES = ("game.yaml", "components.yaml", "cards.csv", "rulebook.yaml", "diagrams.yaml", "icons/star.svg",
         "text/en.yaml", "text/da.yaml", "text/da.glossary.yaml")


def scaffold_files(game_id: str, title: str) -> dict[str, bytes]:
    """The new game's files by path inside its folder."""
    here = Path(__file__).parent
    files = {}
    for name in FILES:
        text = (here / name).read_text(encoding="utf-8")
        files[name] = text.replace("{{id}}", game_id).replace("{{title}}", title).encode("utf-8")
    return files
