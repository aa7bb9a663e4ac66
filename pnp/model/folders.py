"""Where a game's templates are: found from the folders alone, without reading any YAML."""

from __future__ import annotations

from pathlib import Path


def default_templates_folder() -> Path:
    """The templates/ folder beside content/ in the pnp repository."""
    return Path(__file__).resolve().parents[2] / "templates"


def find_templates_folder(game_folder: Path) -> Path:
    """templates/ beside the content/ that holds the game, else the repository's."""
    for parent in game_folder.resolve().parents:
        if (parent / "templates").is_dir() and (parent / "content").is_dir():
            return parent / "templates"
    return default_templates_folder()
