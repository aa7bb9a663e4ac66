"""A game folder (content/<game>/) → a `Game`: its facts, palette and component sets.

`game.yaml` holds the facts (title, subtitle, authors, what the game is based on,
version, licence, languages, players, …), the palette and how sheets are laid out
(`sheets:`); `components.yaml` the component sets. A game's languages are data: any BCP
47 tag it lists, and any that has a `text/<lang>.yaml`; its source language (English
unless `source-language:` says otherwise) is the one the others are translated from, and
the title and subtitle are texts of that language, translated like any other (keys
`game.title`, `game.subtitle`). Every problem of every file is collected before one
ContentError is raised. Credits and cover facts are optional: a game states only what
its designer knows (no licence, no age), and pnp prints nothing in place of what is not
stated. Each file the folder may hold is checked to be a regular file inside it before
anything is read, so a folder or FIFO where rulebook.yaml or text/da.yaml belongs is an
error, never taken for "absent".
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.model.colours import Colour, parse_colour
from pnp.model.files import content_file, describe_mode
from pnp.model.folders import find_templates_folders
from pnp.model.fonts import PNP_FONTS, FontFamily, RulebookFonts, read_fonts, read_rulebook_fonts
from pnp.model.limits import MAX_LANGUAGES
from pnp.model.names import id_problem, language_problem
from pnp.model.nets import NetChoices, read_game_nets
from pnp.model.problems import ContentError, Location, Problem, Problems, quote
from pnp.model.reader import MISSING, Fields
from pnp.model.set_outline import ItemOutline, SetContext, SetFacts, SetOutline, read_set_outlines
from pnp.model.sheets import SheetChoices, read_game_sheets
from pnp.model.source import load_yaml
from pnp.model.templates import Templates

if TYPE_CHECKING:
    from pnp.model.components import ComponentSet, Item

SOURCE_LANGUAGE = "en"  # a game's source language unless its game.yaml names another
# Every file a game folder may hold besides its images; text/<lang>.yaml come per language.
GAME_FILES = ("game.yaml", "components.yaml", "rulebook.yaml", "diagrams.yaml", "examples.yaml")
# The texts game.yaml gives in the source language, and the keys their translations go under.
TITLE_KEY, SUBTITLE_KEY = "game.title", "game.subtitle"
GLOSSARY_SUFFIX = ".glossary.yaml"


@dataclass(frozen=True)
class BasedOn:
    """The work a game is based on (a variant of Quarto): its title and, if known, its authors."""

    title: str
    authors: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    id: str
    folder: Path
    templates_folders: tuple[Path, ...]  # layers of templates, the game's own first (pnp.model.folders)
    title: str
    subtitle: str
    authors: tuple[str, ...]  # () where game.yaml names none
    version: str
    licence: str  # "" where game.yaml states none
    languages: tuple[str, ...]
    source_language: str
    bilingual: tuple[str, str] | None  # the two languages of the bilingual rulebook, if it has one
    players: str  # the cover's facts: "" where game.yaml does not state them
    minutes: str
    age: str
    palette: dict[str, Colour]
    sets: tuple[ComponentSet, ...]
    location: Location
    text_locations: dict[str, Location]  # where game.yaml writes the title and subtitle
    table_texts: dict = field(default_factory=dict)  # key → TextCells: texts kept in item tables
    table_files: tuple[Path, ...] = ()  # the item tables the sets read
    sheets: SheetChoices = SheetChoices()
    nets: NetChoices = NetChoices()  # how its tuck boxes and standees are made, unless a set says
    based_on: BasedOn | None = None
    fonts: dict[str, FontFamily] = field(default_factory=dict)  # the game's own families, by name
    rulebook_fonts: RulebookFonts = PNP_FONTS

    @property
    def own_texts(self) -> dict[str, tuple[str, Location]]:
        """The source-language texts game.yaml gives, by the key their translations use."""
        texts = {TITLE_KEY: self.title, SUBTITLE_KEY: self.subtitle}
        return {key: (text, self.text_locations.get(key, self.location)) for key, text in texts.items() if text}

    @property
    def proper_names(self) -> tuple[str, ...]:
        """The names game.yaml gives: its title, its authors, the work it is based on and that work's
        authors. No glossary term is found in them, and they keep their capitals inside a running line."""
        work = self.based_on
        return tuple(n for n in (self.title, *self.authors, *([work.title, *work.authors] if work else ())) if n)

    def title_in(self, texts) -> str:
        """The title as texts (a language's Texts) give it, the source's where untranslated."""
        return texts.get(TITLE_KEY, self.title)


@dataclass(frozen=True)
class GameOutline:
    """What `pnp list` shows of a game: its facts and its sets as far as their items."""

    id: str
    title: str
    version: str
    languages: tuple[str, ...]
    sets: tuple[SetOutline, ...]


def load_game(folder: Path, templates_folders: tuple[Path, ...] | None = None) -> Game:
    """Read and check one game folder; raise ContentError listing every problem."""
    from pnp.model.components import read_sets  # the faces' readers: `pnp list` goes without them

    folder = Path(folder)
    info, sets, context = _read_game(folder, templates_folders, read_sets)
    return Game(folder=folder, templates_folders=context.templates.folders, sets=sets, table_texts=context.table_texts,
                table_files=tuple(dict.fromkeys(context.table_files)), **info)


def game_outline(folder: Path) -> GameOutline:
    """game.yaml and components.yaml read and checked as load_game does, except the sets' groups
    and faces, which are left unread (pnp check and pnp build find their problems)."""
    info, sets, _ = _read_game(Path(folder), None, read_set_outlines)
    return GameOutline(info["id"], info["title"], info["version"], info["languages"], sets)


def _read_game(folder: Path, templates_folders: tuple[Path, ...] | None,
               read_sets: Callable) -> tuple[dict, tuple, SetContext]:
    """(game.yaml's facts, components.yaml's sets as read_sets reads them, the context they were
    read in); raise ContentError listing every problem."""
    if content_file(folder / "game.yaml", folder) is None:
        raise ContentError([Problem(Location(str(folder)), "", "not a game folder: it has no game.yaml")])
    templates = Templates(templates_folders or find_templates_folders(folder))
    problems = Problems()
    info = _read_info(folder, problems, templates.folders)
    _check_files(folder, info["languages"], problems)
    # Components need the palette: with a broken game.yaml they would only echo its errors.
    problems.raise_if_any()
    sets = ()
    components_path = folder / "components.yaml"
    context = SetContext(info["palette"], folder, templates, problems, languages=info["languages"],
                         source_language=info["source_language"], fonts=info["fonts"], nets=info["nets"])
    if content_file(components_path, folder):
        sets = _collect(lambda: read_sets(load_yaml(components_path, folder), context), problems, ())
    _check_unique_ids(sets, problems)
    problems.raise_if_any()
    return info, sets, context


def game_languages(folder: Path) -> tuple[str, ...]:
    """The languages of the game in folder, read from game.yaml and text/ alone (its problems
    are reported when the game is loaded)."""
    return _read_info(Path(folder), Problems())["languages"]


def game_title_and_languages(folder: Path) -> tuple[str, tuple[str, ...]]:
    """The title and languages of the game in folder, read as game_languages reads them (the
    folder's name stands for the title while game.yaml cannot be read)."""
    info = _read_info(Path(folder), Problems())
    return info["title"], info["languages"]


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
        _collect(functools.partial(content_file, folder / name, folder), problems, None)


def text_files(folder: Path, problems: Problems) -> tuple[list[str], list[str]]:
    """The languages that have a catalog (text/<lang>.yaml) and those that have a glossary
    (text/<lang>.glossary.yaml), sorted; any other YAML file in text/ is a problem."""
    text = Path(folder) / "text"
    if not text.is_dir():
        if os.path.lexists(text) and not text.is_dir():
            problems.add(Location(str(text)), "", f"expected a folder of catalogs, found {_what(text)}")
        return [], []
    catalogs: list[str] = []
    glossaries: list[str] = []
    for path in sorted(text.iterdir()):
        name = path.name
        if not name.endswith(".yaml") or name.startswith("."):
            continue  # notes, editors' backups: not content pnp reads
        glossary = name.endswith(GLOSSARY_SUFFIX)
        tag = name[: -len(GLOSSARY_SUFFIX)] if glossary else name[: -len(".yaml")]
        if language_problem(tag) is not None:
            problems.add(Location(str(path)), "", "expected a catalog named after a language tag (da.yaml, "
                                                  f"pt-BR.yaml) or a glossary (da{GLOSSARY_SUFFIX}), got {quote(name)}")
            continue
        (glossaries if glossary else catalogs).append(tag)
    return catalogs, glossaries


def _what(path: Path) -> str:
    try:
        return describe_mode(os.stat(path).st_mode)
    except OSError:
        return "a link to nothing"


def _read_info(folder: Path, problems: Problems, templates_folders: tuple[Path, ...] | None = None) -> dict:
    path = folder / "game.yaml"
    node = _collect(lambda: load_yaml(path, folder), problems, None)
    if node is None:
        return _empty_info(folder, path)
    fields = Fields(node, "", problems)
    languages, source = _languages(fields, folder)
    fonts = read_fonts(fields, folder, templates_folders or find_templates_folders(folder))
    info = dict(
        id=_game_id(fields, folder),
        title=fields.text("title") or folder_name(folder),
        subtitle=fields.text("subtitle", default="") or "",
        authors=tuple(_texts(fields, "authors", default=None)),
        based_on=_based_on(fields),
        version=fields.text("version") or "0",
        licence=fields.text("licence", default=None) or "",
        languages=languages,
        source_language=source,
        bilingual=_bilingual(fields, languages),
        players=fields.text("players", default=None) or "",
        minutes=fields.text("minutes", default="") or "",
        age=fields.text("age", default="") or "",
        palette=_palette(fields),
        location=node.location,
        text_locations={key: fields.values[name].location
                        for key, name in ((TITLE_KEY, "title"), (SUBTITLE_KEY, "subtitle")) if name in fields.values},
        sheets=read_game_sheets(fields),
        nets=read_game_nets(fields),
        fonts=fonts,
        rulebook_fonts=read_rulebook_fonts(fields, fonts),
    )
    fields.used.add("build")  # how the game is built: read and checked by pnp.targets.settings
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
    name = folder_name(folder)
    problem = id_problem(name, "a game id")
    if problem:
        fields.report(fields.node, f"game.yaml has no 'id:', so the folder's name is the game's id, but {problem}; "
                                   "rename the folder or add an 'id:'", "id")
        return "game"
    return name


def folder_name(folder: Path) -> str:
    """The name of the game's folder, also when it is given as '.' or '..' (`pnp build ..`)."""
    return Path(os.path.abspath(folder)).name


def _empty_info(folder: Path, path: Path) -> dict:
    return dict(id=folder_name(folder), title=folder_name(folder), subtitle="", authors=(), based_on=None, version="0",
                licence="",
                languages=(SOURCE_LANGUAGE,), source_language=SOURCE_LANGUAGE, bilingual=None, players="", minutes="",
                age="", palette={}, location=Location(str(path)), text_locations={}, fonts={},
                rulebook_fonts=PNP_FONTS)


def _texts(fields: Fields, key: str, default=MISSING) -> list[str]:
    result = []
    for path, node in fields.items(key, default):
        if isinstance(node.value, str):
            result.append(node.value)
        else:
            fields.problems.add(node.location, path, f"expected a name, got {quote(node.value)}")
    return result


def _based_on(fields: Fields) -> BasedOn | None:
    """`based-on:` as a work's title, or a mapping of its `title` and `authors`."""
    node = fields.get("based-on", default=None)
    if node is None:
        return None
    if isinstance(node.value, str) and node.value.strip():
        return BasedOn(node.value)
    if not node.is_map:
        fields.report(node, f"expected the title of the work the game is based on, or a mapping such as "
                            f"{{title: Quarto, authors: [Blaise Müller]}}, got {quote(node.plain())}", "based-on")
        return None
    work = Fields(node, "based-on", fields.problems)
    title = work.text("title")
    authors = tuple(_texts(work, "authors", default=None))
    work.finish()
    return BasedOn(title, authors) if title else None


def _languages(fields: Fields, folder: Path) -> tuple[tuple[str, ...], str]:
    """(every language of the game, its source language): those listed in order, then any
    other that has a text/<lang>.yaml; the source is among them."""
    source = fields.text("source-language", default=SOURCE_LANGUAGE) or SOURCE_LANGUAGE
    problem = language_problem(source)
    if problem:
        fields.report(fields.values["source-language"], problem, "source-language")
        source = SOURCE_LANGUAGE
    listed: list[str] = []
    for path, node in fields.items("languages", default=None):
        problem = language_problem(node.value)
        if problem is None and node.value in listed:
            problem = f"{quote(node.value)} is listed twice"
        if problem:
            fields.problems.add(node.location, path, problem)
        else:
            listed.append(node.value)
    if listed and source not in listed:
        fields.report(fields.values["languages"], f"lists no {quote(source)}, the source language every other is "
                                                  "translated from (source-language: names another)", "languages")
    found, _ = text_files(folder, fields.problems)
    languages = tuple(dict.fromkeys([*(listed or [source]), *found]))
    if len(languages) > MAX_LANGUAGES:
        fields.report(fields.node, f"the game has {len(languages)} languages, over the limit of {MAX_LANGUAGES}",
                      "languages")
        languages = languages[:MAX_LANGUAGES]
    return languages, source


def _bilingual(fields: Fields, languages: tuple[str, ...]) -> tuple[str, str] | None:
    """The bilingual edition's two languages: as the game says, else its first two (None: no such edition)."""
    node = fields.get("bilingual", default=None)
    if node is None:
        return (languages[0], languages[1]) if len(languages) > 1 else None
    if node.value is False:
        return None
    pair = [item.value for item in node.value] if node.is_list else None
    if pair is None or len(pair) != 2 or pair[0] == pair[1] or not all(lang in languages for lang in pair):
        fields.report(node, f"expected two of the game's languages ({', '.join(languages)}) such as "
                            f"[{', '.join(languages[:2]) or 'en, da'}], or false for no bilingual edition, "
                            f"got {quote(node.plain())}", "bilingual")
        return None
    return (pair[0], pair[1])


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


def _check_unique_ids(sets: tuple[SetFacts, ...], problems: Problems) -> None:
    """Every item of a set has an id of its own; a repeated one from a table is said at its cell."""
    for component_set in sets:
        seen: dict[str, ItemOutline | Item] = {}
        for item in component_set.items:
            if item.id in seen:
                first = seen[item.id]
                where = item.cells.get("id")
                if where is not None:
                    other = first.cells.get("id")
                    earlier = ((other.cell if other.file == where.file else str(other)) if other
                               else "an item listed earlier")
                    problems.add(where, "id",
                                 f"the id {quote(item.id)} is also the id in {earlier}; give each row its own id")
                else:
                    problems.add(component_set.location, f"sets.{component_set.id}",
                                 f"two items share the id {quote(item.id)}; give them distinct 'id:'s")
            seen.setdefault(item.id, item)
