"""A game folder (content/<game>/) → a `Game`: its facts, palette and component sets.

`game.yaml` holds the facts (title, authors, version, licence, languages, players, …),
the palette and how sheets are laid out (`sheets:`); `components.yaml` the component sets. Every problem of every file
is collected before one ContentError is raised. Each file the folder may hold is
checked to be a regular file inside it before anything is read, so a folder or FIFO
where rulebook.yaml or text/da.yaml belongs is an error, never taken for "absent".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.model.colours import Colour, parse_colour
from pnp.model.components import ComponentSet, SetContext, read_sets
from pnp.model.files import content_file
from pnp.model.names import id_problem, language_problem
from pnp.model.problems import ContentError, Location, Problem, Problems, quote
from pnp.model.folders import default_templates_folder, find_templates_folder  # noqa: F401  (used by callers)
from pnp.model.reader import Fields
from pnp.model.sheets import SheetChoices, read_game_sheets
from pnp.model.source import load_yaml
from pnp.model.templates import Templates

LANGUAGES = ("en", "da")
# Every file a game folder may hold besides its images; text/<lang>.yaml come per language.
GAME_FILES = ("game.yaml", "components.yaml", "rulebook.yaml", "diagrams.yaml", "examples.yaml")


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
    sheets: SheetChoices = SheetChoices()


def load_game(folder: Path, templates_folder: Path | None = None) -> Game:
    """Read and check one game folder; raise ContentError listing every problem."""
    folder = Path(folder)
    if content_file(folder / "game.yaml", folder) is None:
        raise ContentError([Problem(Location(str(folder)), "", "not a game folder: it has no game.yaml")])
    templates = Templates(templates_folder or find_templates_folder(folder))
    problems = Problems()
    info = _read_info(folder, problems)
    _check_files(folder, info["languages"], problems)
    # Components need the palette: with a broken game.yaml they would only echo its errors.
    problems.raise_if_any()
    sets = ()
    components_path = folder / "components.yaml"
    if content_file(components_path, folder):
        context = SetContext(info["palette"], folder, templates, problems)
        sets = _collect(lambda: read_sets(load_yaml(components_path, folder), context), problems, ())
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


def _check_files(folder: Path, languages: tuple[str, ...], problems: Problems) -> None:
    """Each file the game may hold is absent or a regular file inside the folder."""
    names = [*GAME_FILES, *(f"text/{language}.yaml" for language in languages)]
    for name in names:
        _collect(lambda: content_file(folder / name, folder), problems, None)


def _read_info(folder: Path, problems: Problems) -> dict:
    path = folder / "game.yaml"
    node = _collect(lambda: load_yaml(path, folder), problems, None)
    if node is None:
        return _empty_info(folder, path)
    fields = Fields(node, "", problems)
    info = dict(
        id=_game_id(fields, folder),
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
        sheets=read_game_sheets(fields),
    )
    fields.finish()
    return info


def _game_id(fields: Fields, folder: Path) -> str:
    """game.yaml's id, else the folder's name; either must be an id, as it names the outputs."""
    if fields.has("id"):
        game_id = fields.text("id")
        problem = game_id is not None and id_problem(game_id, "a game id")
        if problem:
            fields.report(fields.values["id"], problem, "id")
        return game_id if game_id and not problem else "game"
    fields.used.add("id")
    problem = id_problem(folder.name, "a game id")
    if problem:
        fields.report(fields.node, f"game.yaml has no 'id:', so the folder's name is the game's id, but {problem}; "
                                   "rename the folder or add an 'id:'", "id")
        return "game"
    return folder.name


def _empty_info(folder: Path, path: Path) -> dict:
    return dict(id=folder.name, title=folder.name, authors=(), version="0", licence="", languages=("en",),
                players="", minutes="", age="", palette={}, location=Location(str(path)))


def _texts(fields: Fields, key: str) -> list[str]:
    result = []
    for path, node in fields.items(key):
        if isinstance(node.value, str):
            result.append(node.value)
        else:
            fields.problems.add(node.location, path, f"expected a name, got {quote(node.value)}")
    return result


def _languages(fields: Fields) -> list[str]:
    languages = []
    for path, node in fields.items("languages"):
        problem = language_problem(node.value)
        if problem is None and node.value not in LANGUAGES:
            problem = f"expected one of {', '.join(LANGUAGES)}, got {quote(node.value)}"
        if problem:
            fields.problems.add(node.location, path, problem)
        else:
            languages.append(node.value)
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
                problems.add(component_set.location, f"sets.{component_set.id}", f"two items share the id {quote(item.id)}; give them distinct 'id:'s")
            seen.add(item.id)
