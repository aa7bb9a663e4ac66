"""Where a game's templates are: found from the folders alone, without reading any YAML.

Templates come in layers, searched in order: the game's own `templates/`, the project's
(`templates/` beside the `content/` that holds the game), and the ones pnp ships (the
repository's `templates/`, installed as package data). A template, group, image or icon
is taken from the first layer that has it, so a game or a project overrides pnp's
`cards/poker` by defining its own, and keeps every other.
"""

from __future__ import annotations

from pathlib import Path


def default_templates_folder() -> Path:
    """The templates pnp ships: installed beside the package, or templates/ of the clone it runs from."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "templates"
    return installed if installed.is_dir() else package.parent / "templates"


def layer_with(layers: tuple[Path, ...], relative: str) -> Path:
    """The first layer of templates that has relative (a file or folder), else the first layer."""
    return next((layer for layer in layers if (Path(layer) / relative).exists()), layers[0])


def find_templates_folders(game_folder: Path) -> tuple[Path, ...]:
    """The template layers of a game, first the one that wins."""
    layers = []
    own = Path(game_folder) / "templates"
    if own.is_dir():
        layers.append(own)
    for parent in Path(game_folder).resolve().parents:
        if (parent / "templates").is_dir() and (parent / "content").is_dir():
            layers.append(parent / "templates")
            break
    layers.append(default_templates_folder())
    unique: dict[Path, Path] = {}
    for layer in layers:
        unique.setdefault(layer.resolve(), layer)
    return tuple(unique.values())
