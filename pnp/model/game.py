"""A game folder (content/<game>/) → a `Game`: its facts, palette and component sets.

`game.yaml` holds the facts (title, authors, version, licence, languages, players, …)
and the palette; `components.yaml` the component sets. Every problem of every file
is collected before one ContentError is raised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnp.model.colours import Colour, parse_colour
from pnp.model.components import ComponentSet, SetContext, read_sets
from pnp.model.folders import default_templates_folder, find_templates_folder  # noqa: F401  (used by callers)
from pnp.model.problems import ContentError, Location, Problem, Problems
from pnp.model.reader import Fields
from pnp.model.source import load_yaml
from pnp.model.templates import Templates

LANGUAGES = ("en", "da")
_GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Game:
    id: str
    folder: Path
    templates_folder: Path
    title: str
    authors: tuple[str, ...]
    version: str
    licence: str
    languages: tuple[str, ...]
    players: str
    minutes: str
    age: str
    palette: dict[str, Colour]
    sets: tuple[ComponentSet, ...]
    location: Location


def load_game(folder: Path, templates_folder: Path | None = None) -> Game:
    """Read and check one game folder; raise ContentError listing every problem."""
    folder = Path(folder)
    if not (folder / "game.yaml").is_file():
        raise ContentError([Problem(Location(str(folder)), "", "not a game folder: it has no game.yaml")])
    templates = Templates(templates_folder or find_templates_folder(folder))
    problems = Problems()
    info = _read_info(folder, problems)
    # Components need the palette: with a broken game.yaml they would only echo its errors.
    problems.raise_if_any()
    sets = ()
    components_path = folder / "components.yaml"
    if components_path.is_file():
        context = SetContext(info["palette"], folder, templates, problems)
        sets = _collect(lambda: read_sets(load_yaml(components_path), context), problems, ())
    _check_unique_ids(sets, problems)
    problems.raise_if_any()
    return Game(folder=folder, templates_folder=templates.folder, sets=sets, **info)


def _collect(read, problems: Problems, fallback):
    """Run a reader, turning a file-level ContentError into collected problems."""
    try:
        return read()
    except ContentError as error:
        problems.extend(error.problems)
        return fallback


def _read_info(folder: Path, problems: Problems) -> dict:
    path = folder / "game.yaml"
    node = _collect(lambda: load_yaml(path), problems, None)
    if node is None:
        return _empty_info(folder, path)
    fields = Fields(node, "", problems)
    game_id = fields.text("id", default=folder.name)
    if game_id is not None and not _GAME_ID.match(game_id):
        fields.report(fields.values.get("id", node), f"expected a lower-case name of letters, digits and '-', got {game_id!r}", "id")
    info = dict(
        id=game_id or folder.name,
        title=fields.text("title") or folder.name,
        authors=tuple(_texts(fields, "authors")),
        version=fields.text("version") or "0",
        licence=fields.text("licence") or "",
        languages=tuple(_languages(fields)),
        players=fields.text("players") or "",
        minutes=fields.text("minutes", default="") or "",
        age=fields.text("age", default="") or "",
        palette=_palette(fields),
        location=node.location,
    )
    fields.finish()
    return info


def _empty_info(folder: Path, path: Path) -> dict:
    return dict(id=folder.name, title=folder.name, authors=(), version="0", licence="", languages=("en",),
                players="", minutes="", age="", palette={}, location=Location(str(path)))


def _texts(fields: Fields, key: str) -> list[str]:
    result = []
    for path, node in fields.items(key):
        if isinstance(node.value, str):
            result.append(node.value)
        else:
            fields.problems.add(node.location, path, f"expected a name, got {node.value!r}")
    return result


def _languages(fields: Fields) -> list[str]:
    languages = []
    for path, node in fields.items("languages"):
        if node.value in LANGUAGES:
            languages.append(node.value)
        else:
            fields.problems.add(node.location, path, f"expected one of {', '.join(LANGUAGES)}, got {node.value!r}")
    if languages and languages[0] != "en":
        fields.report(fields.values["languages"], "the first language must be en, the source language", "languages")
    return languages or ["en"]


def _palette(fields: Fields) -> dict[str, Colour]:
    palette: dict[str, Colour] = {}
    section = fields.mapping("palette", default=None)
    if section is None:
        return palette
    for name, node in section.values.items():
        section.used.add(name)
        try:
            colour = parse_colour(node.value)
        except ValueError as error:
            section.report(node, str(error), name)
            continue
        if colour is None:
            section.report(node, "a palette colour cannot be 'none'", name)
        else:
            palette[name] = colour
    return palette


def _check_unique_ids(sets: tuple[ComponentSet, ...], problems: Problems) -> None:
    for component_set in sets:
        seen: set[str] = set()
        for item in component_set.items:
            if item.id in seen:
                problems.add(component_set.location, f"sets.{component_set.id}", f"two items share the id {item.id!r}; give them distinct 'id:'s")
            seen.add(item.id)
