"""Where a game's templates are: found from the folders alone, without reading any YAML.

Templates come in layers, searched in order: the game's own `templates/`, the project's
(`templates/` beside the `content/` that holds the game), and the ones pnp ships (the
repository's `templates/`, installed as package data). A template, group, image or icon
is taken from the first layer that has it, so a game or a project overrides pnp's
`cards/poker` by defining its own, and keeps every other.

A file of a layer is contained as a content file is, and so is the layer itself: the
game's `templates/` must be a folder inside the game folder and the project's inside the
project, not a link to a folder elsewhere (whose files would then pass as templates).
"""

from __future__ import annotations

import os
from pathlib import Path

from pnp.model.files import content_file
from pnp.model.problems import ContentError, Location, Problem, display_path


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


def layer_file(layer: Path, relative: str) -> Path | None:
    """The file relative of a templates layer, as content_file finds it (None if it is not
    there); ContentError, located at it, if it or the layer leads outside where it belongs."""
    path = Path(layer) / relative
    owner = layer_owner(layer)
    if owner is not None and os.path.lexists(path):
        try:
            contained = Path(layer).resolve().is_relative_to(owner.resolve())
        except (OSError, RuntimeError, ValueError):
            contained = False
        if not contained:
            raise ContentError([Problem(Location(str(path)), "", f"leads outside {display_path(str(owner))}/ (its "
                                                                 "templates/ is a link to a folder elsewhere); "
                                                                 "content must be a file inside the game folder or "
                                                                 "templates/")])
    return content_file(path, layer)


def named_file(file: str, game_folder: Path, templates_folders: tuple[Path, ...]) -> Path | None:
    """The file a content file names (an image, a font): in the game folder, or `templates/...` in
    the first layer of templates that has it; None if there is none. ContentError, as
    content_file and layer_file raise it, for a file that leads outside where it belongs."""
    if file.startswith("templates/"):
        relative = file[len("templates/"):]
        layer = next((layer for layer in templates_folders if os.path.lexists(Path(layer) / relative)),
                     templates_folders[0])
        return layer_file(layer, relative)
    return content_file(Path(game_folder) / file, game_folder)


def layer_owner(layer: Path) -> Path | None:
    """The folder a layer must stay inside: the game's or the project's folder that holds it
    (None for the templates pnp ships, which no game's content can move)."""
    if Path(layer).resolve() == default_templates_folder().resolve():
        return None
    return Path(layer).parent
