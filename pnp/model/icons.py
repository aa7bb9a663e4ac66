"""Inline icons in texts: `{icon:name}` → the checked SVG or PNG file that draws it.

A text on a face or in a rulebook may hold `{icon:coin}`: the icon is `icons/coin.svg`
(or `.png`) of the game folder, else of templates/icons/, checked like any image. The
name is an id. `icon_names` lists the icons a text uses, so translation status can tell
a translation that lost or added one.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

from pnp.model.images import find_image
from pnp.model.names import is_id
from pnp.model.problems import quote

ICON = re.compile(r"\{icon:([^{}\s]*)\}")
_SUFFIXES = (".svg", ".png")


def icon_names(text: str) -> Counter:
    return Counter(ICON.findall(text))


class IconBook:
    """Finds a game's icons by name (its own icons/ first, then templates/icons/), once each."""

    def __init__(self, game_folder: Path | None, templates_folders: tuple[Path, ...] = ()):
        self.game_folder, self.templates_folders = game_folder, tuple(templates_folders)
        self._found: dict[str, tuple[Path | None, str | None]] = {}

    def find(self, name: str) -> tuple[Path | None, str | None]:
        """(path, None), or (None, why not)."""
        if name not in self._found:
            self._found[name] = self._look(name)
        return self._found[name]

    def _look(self, name: str) -> tuple[Path | None, str | None]:
        if not is_id(name):
            return None, ("expected an icon name such as {icon:coin} (lower-case letters, digits, '-'), "
                          f"got {quote(name)}")
        if self.game_folder is None:
            return None, f"no icon {quote(name)}: icons belong to a game"
        for root, prefix in ((self.game_folder, ""), *((layer, "templates/") for layer in self.templates_folders)):
            if root is None:
                continue
            for suffix in _SUFFIXES:
                if os.path.lexists(Path(root) / "icons" / f"{name}{suffix}"):
                    path, problem = find_image(f"{prefix}icons/{name}{suffix}", self.game_folder,
                                               self.templates_folders)
                    return (path, None) if problem is None else (None, f"icon {quote(name)}: {problem}")
        return None, (f"no icon {quote(name)}: expected icons/{name}.svg or icons/{name}.png in the game folder "
                      "(or in templates/icons/)")
