"""Settings that stick: a project's `pnp.yaml`, a game's `build:` and the command line → each game's options.

A build is asked for by settings, each from the first place that gives it:
1. the command line (`--paper letter`);
2. the game's `build:` section of game.yaml: the game's own settings (its formats,
   languages, print shop, Tabletop Simulator address, sheet layout), which travel with it;
3. the project's `pnp.yaml`, beside `content/` (for a game kept elsewhere, beside its
   folder): the printer's settings (paper, duplex, back offset, resolution), which belong
   to the machine the kit is printed on, and defaults for the game settings of every game;
4. pnp's defaults.
Every value is checked where it is written; a bad one is a located error (a printer
setting in game.yaml, an unknown key or a language the game lacks among them). Each
output kind declares the settings it takes (pnp.targets.kinds), so `pnp list` says which
settings in force the formats in force use, each value with where it came from.

A build with nothing changed must not read YAML it need not read: a game's settings are
resolved once and kept in the state folder under the digests of the two files they come
from, so a no-op build finds them by the files' sizes and times (pnp.targets.digest).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

from pnp.layout.paper import FLIPS, PAPERS
from pnp.model.problems import Location, Problems, quote
from pnp.targets.options import (
    DEFAULT_FORMATS,
    MAX_DPI,
    BuildOptions,
    check_back_offset,
    check_base_url,
    listed,
    tupled,
)

PROJECT_FILE = "pnp.yaml"
SECTION = "build"
CACHE_FILE = "settings.json"
CACHE_VERSION = 1
COMMAND_LINE, GAME, PROJECT, DEFAULT = "command line", "game.yaml", PROJECT_FILE, "default"


class Setting(NamedTuple):
    """One setting: its key in the files and on the command line, the option it sets, whose it is."""

    key: str
    option: str  # the BuildOptions field
    printer: bool  # a printer's setting: pnp.yaml or the command line, never a game's file
    default: Any
    help: str


SETTINGS = (
    Setting("paper", "papers", True, ("a4", "letter"), "paper sizes: a4, letter or both"),
    Setting("duplex", "flip", True, "long", "how the printer turns the sheet: long or short"),
    Setting("back-offset", "back_offset_mm", True, (0.0, 0.0), "X,Y in mm that back pages move by (pnp calibrate)"),
    Setting("dpi", "dpi", True, 300, "resolution sheets print at: PNG pages, and raster art in the PDFs"),
    Setting("formats", "formats", False, DEFAULT_FORMATS, "outputs: pdf, png, tts, pod, html, faces"),
    Setting("languages", "languages", False, None, "languages to build (default: all the game has)"),
    Setting("shop", "shop", False, None, "the print-on-demand shop for pod (templates/shops/)"),
    Setting("tts-base-url", "tts_base_url", False, None, "where the Tabletop Simulator images will be hosted"),
    Setting("layout", "layout", False, None, "sheet layout over every set's own: butted, gutter, honeycomb, fold"),
)
BY_KEY = {s.key: s for s in SETTINGS}
# A project's defaults for every game: the printer's settings and the game settings that are not a game's alone.
PROJECT_KEYS = tuple(s.key for s in SETTINGS if s.key != "languages")
GAME_KEYS = tuple(s.key for s in SETTINGS if not s.printer)


class Value(NamedTuple):
    """A setting's value in force and where it came from (`where`: the place in a file, if a file's)."""

    value: Any
    origin: str
    where: Location | None = None


Resolved = dict[str, Value]  # by setting key


def project_folder(game_folder: Path) -> Path:
    """The folder whose pnp.yaml holds a game's project settings: the one holding the content/
    the game is in, else the folder the game is in."""
    folder = Path(game_folder).resolve()
    for parent in folder.parents:
        if parent.name == "content" and parent.parent != parent:
            return parent.parent
    return folder.parent


def project_file(game_folder: Path) -> Path:
    return project_folder(game_folder) / PROJECT_FILE


# --- reading the files --------------------------------------------------------------------


def _parse_list(allowed: Callable[[tuple[str, ...]], tuple[str, ...]], what: str) -> Callable[[Any], tuple[str, ...]]:
    """A parser of lists whose items come from allowed(items) (the choices, as far as the items need)."""

    def parse(value: Any) -> tuple[str, ...]:
        parts = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else None
        chosen: tuple[str, ...] = ()
        if parts and all(isinstance(p, str) for p in parts):
            chosen = tuple(dict.fromkeys(p.strip() for p in parts if p.strip()))
            if chosen and all(p in allowed(chosen) for p in chosen):
                return chosen
        raise ValueError(f"expected {what}: a list of {', '.join(allowed(chosen))}, got {quote(value)}")

    return parse


def _parse_choice(allowed: tuple[str, ...]) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if value in allowed:
            return value
        raise ValueError(f"expected one of {', '.join(allowed)}, got {quote(value)}")

    return parse


def _parse_offset(value: Any) -> tuple[float, float]:
    parts = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
    try:
        offset = tuple(float(part) for part in parts if not isinstance(part, bool))
    except (TypeError, ValueError):
        offset = ()
    if len(offset) != 2 or len(parts) != 2:
        raise ValueError(f"expected X and Y in millimetres such as [0.5, -1], got {quote(value)}")
    check_back_offset(offset)  # a BadOption, a ValueError, says what is wrong with the numbers
    return offset


def _parse_dpi(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 72 <= value <= MAX_DPI:
        raise ValueError(f"expected a whole number of dots per inch from 72 to {MAX_DPI}, got {quote(value)}")
    return value


def _parse_url(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a base URL such as https://example.org/mygame/, got {quote(value)}")
    check_base_url(value)
    return value


def _parse_shop(value: Any) -> str:
    from pnp.model.names import id_problem

    problem = id_problem(value, "a shop name")
    if problem:
        raise ValueError(problem)
    return value


def _parse_languages(value: Any) -> tuple[str, ...]:
    from pnp.model.names import language_problem

    parts = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else None
    if not parts:
        raise ValueError(f"expected a list of the game's languages such as [en, da], got {quote(value)}")
    for part in parts:
        problem = language_problem(part.strip() if isinstance(part, str) else part)
        if problem:
            raise ValueError(problem)
    return tuple(dict.fromkeys(p.strip() for p in parts))


def _parsers() -> dict[str, Callable[[Any], Any]]:
    from pnp.model.sheets import LAYOUTS
    from pnp.targets.options import known_formats

    return {"paper": _parse_list(lambda _: tuple(PAPERS), "paper sizes"), "duplex": _parse_choice(tuple(FLIPS)),
            "back-offset": _parse_offset, "dpi": _parse_dpi, "formats": _parse_list(known_formats, "formats"),
            "languages": _parse_languages, "shop": _parse_shop, "tts-base-url": _parse_url,
            "layout": _parse_choice(LAYOUTS)}


def read_settings(path: Path, root: Path, section: str | None, keys: tuple[str, ...], origin: str,
                  problems: Problems) -> Resolved:
    """The settings a file gives (in its `section:`, or at its top); its problems added to problems."""
    from pnp.model.files import content_file
    from pnp.model.problems import ContentError
    from pnp.model.reader import Fields
    from pnp.model.source import load_yaml

    try:
        if content_file(path, root) is None:
            return {}
        node = load_yaml(path, root)
    except ContentError as error:
        problems.extend(error.problems)
        return {}
    if section is not None:
        top = Fields(node, "", problems)
        part = top.get(section, default=None)
        if part is None:
            return {}
        node = part
    fields = Fields(node, section or "", problems)
    parsers = _parsers()
    found: Resolved = {}
    for key in keys:
        if fields.has(key):
            value = fields.typed(key, functools.partial(_parse_plain, parsers[key]))
            if value is not None:
                found[key] = Value(value, origin, fields.values[key].location)
    for key in fields.values:
        if key not in keys and key in BY_KEY:
            fields.used.add(key)
            fields.report(fields.values[key], _misplaced(key, section), key)
    fields.finish(allowed_extra=tuple(BY_KEY))  # a misspelt key is told the one it is closest to
    return found


def _parse_plain(parse: Callable[[Any], Any], value: Any) -> Any:
    """A value read from located YAML, parsed as a plain one."""
    return parse(_plain(value))


def _plain(value: Any) -> Any:
    """A value read from located YAML without its locations (a list's items are nodes)."""
    return [_plain(item.value) for item in value] if isinstance(value, list) else value


def _misplaced(key: str, section: str | None) -> str:
    if section is not None:
        return (f"{key} is a printer's setting, not the game's: give it in {PROJECT_FILE} beside content/ "
                f"or on the command line (--{key})")
    return f"{key} are a game's: give them in its game.yaml (build: {key}: [...]) or on the command line (--lang)"


# --- resolving --------------------------------------------------------------------------


def resolve(folder: Path, given: Mapping[str, Any], problems: Problems) -> Resolved:
    """Every setting of the game in folder: given (the command line, None where not given) over
    its game.yaml's build: over the project's pnp.yaml over pnp's defaults."""
    folder = Path(folder)
    project = read_settings(project_file(folder), project_folder(folder), None, PROJECT_KEYS, PROJECT, problems)
    game = read_settings(folder / "game.yaml", folder, SECTION, GAME_KEYS, GAME, problems)
    resolved: Resolved = {}
    for setting in SETTINGS:
        if given.get(setting.key) is not None:
            resolved[setting.key] = Value(given[setting.key], COMMAND_LINE)
        else:
            resolved[setting.key] = game.get(setting.key) or project.get(setting.key) or Value(setting.default, DEFAULT)
    return resolved


def check(folder: Path, resolved: Resolved, problems: Problems) -> Resolved:
    """Settings that make sense together for this game: its own languages, a shop for pod (a
    shop from a file is left unused by a game without pod), a shop profile that exists. A value
    from a file that does not fit is a located problem; from the command line, a usage error."""
    import click

    formats, shop = resolved["formats"], resolved["shop"]
    if "pod" in formats.value and shop.value is None:
        if formats.origin == COMMAND_LINE:
            raise click.UsageError("--format pod needs --shop NAME, a profile in templates/shops/ "
                                   "(such as thegamecrafter)")
        problems.add(_place(formats), _key(formats, "formats"), "pod (print-on-demand files) needs a shop, a profile "
                     "in templates/shops/ such as thegamecrafter: add shop: NAME")
    if shop.value is not None and "pod" not in formats.value and shop.origin == COMMAND_LINE:
        raise click.UsageError("--shop is for print-on-demand files: add pod to --format")
    if shop.value is not None and shop.origin != COMMAND_LINE and "pod" in formats.value:
        known = shop_names(folder)
        if shop.value not in known:
            problems.add(_place(shop), _key(shop, "shop"), f"no shop profile {quote(shop.value)} in templates/shops/ "
                                                         f"(there are: {', '.join(known) or 'none'})")
    languages = resolved["languages"]
    if languages.value is not None and languages.origin == GAME:
        from pnp.model.game import game_languages

        has = game_languages(folder)
        for language in languages.value:
            if language not in has:
                problems.add(_place(languages), _key(languages, "languages"),
                             f"the game has no language {quote(language)} (it has {', '.join(has)}); "
                             f"start it with: pnp translate init GAME {language}")
    return resolved


def _key(value: Value, key: str) -> str:
    return f"{SECTION}.{key}" if value.origin == GAME else key


def _place(value: Value) -> Location:
    """Where a setting read from a file is written (one from the command line or a default is nowhere)."""
    if value.where is None:
        raise AssertionError(f"a setting from {value.origin} has no place in a file")
    return value.where


def shop_names(folder: Path) -> list[str]:
    from pnp.model.folders import find_templates_folders
    from pnp.model.shops import shop_names as names

    return sorted({name for layer in find_templates_folders(Path(folder)) for name in names(layer)})


def settings_used(formats: Iterable[str]) -> set[str]:
    """The settings the kinds that make these formats take (each kind declares its own)."""
    from pnp.targets.kinds import kinds_for

    formats = set(formats)
    return {setting for kind in kinds_for("build", formats).values() if set(kind.formats) & formats
            for setting in kind.settings}


def options_of(resolved: Resolved, run: BuildOptions) -> BuildOptions:
    """The options a game is built with: run's (out, jobs, force, strict, kinds) and its settings."""
    values = {BY_KEY[key].option: value.value for key, value in resolved.items()}
    if "pod" not in values["formats"]:
        values["shop"] = None  # a shop from a file, for games that make pod: unused here
    return replace(run, **values)


# --- per game, remembered -----------------------------------------------------------------


def requests(folders: Iterable[Path], given: Mapping[str, Any], run: BuildOptions,
             memory: Memory | None = None) -> dict[Path, BuildOptions]:
    """Each game's options: run's, with its settings; ContentError listing every problem of
    the settings files, click.UsageError for command-line values that do not fit a game."""
    return {folder: options_of(resolved, run) for folder, resolved in resolve_all(folders, given, memory).items()}


def resolve_all(folders: Iterable[Path], given: Mapping[str, Any],
                memory: Memory | None = None) -> dict[Path, Resolved]:
    """Each game's settings (see resolve and check), found in memory where it has them."""
    memory = memory or Memory(None)
    problems = Problems()
    result = {}
    for folder in folders:
        folder = Path(folder)
        known = memory.get(folder, given)
        if known is None:
            found = Problems()
            known = check(folder, resolve(folder, given, found), found)
            if not found:
                memory.put(folder, given, known)
            problems.extend(found)
        result[folder] = known
    problems.raise_if_any()
    return result


class Memory:
    """Resolved settings kept in the state folder under the digests of the files they come from;
    `save` once the build they were resolved for has committed (a failed build changes nothing)."""

    def __init__(self, state: Path | None, keep: bool = True):
        self.state, self.changed, self.keep = state, False, keep  # keep: False for commands that write nothing
        self.entries: dict = {}
        if state is not None and Path(state).is_dir():
            from pnp.targets.digest import remember_in

            remember_in(state)  # the digests this memory's keys take, known by size and time from the last run
            from pnp.output.transaction import read_state_file

            try:
                raw = json.loads(read_state_file(Path(state), CACHE_FILE) or b"{}")
                if raw.get("version") == CACHE_VERSION:
                    self.entries = dict(raw["games"])
            except (ValueError, KeyError, TypeError, AttributeError):
                pass

    def _key(self, folder: Path, given: Mapping[str, Any]) -> str:
        """What the game's settings are resolved from: its two files, the shop profiles there are and its
        catalogs (its languages), pnp's code and what the command line gave."""
        from pnp.model.folders import find_templates_folders
        from pnp.targets.digest import code_digest, file_digest, key_of

        files = []
        for path in (project_file(folder), Path(folder) / "game.yaml"):
            try:
                files.append(file_digest(path))
            except OSError:
                files.append("absent")
        folders = (Path(folder) / "text", *(Path(layer) / "shops" for layer in find_templates_folders(Path(folder))))
        names = [sorted(os.listdir(f)) if os.path.isdir(f) else [] for f in folders]
        return key_of(code_digest(), files, names, {k: listed(v) for k, v in sorted(given.items())})

    def get(self, folder: Path, given: Mapping[str, Any]) -> Resolved | None:
        if self.state is None:
            return None
        entry = self.entries.get(str(Path(folder).resolve()))
        if entry is None or entry.get("key") != self._key(folder, given):
            return None
        try:
            return {key: Value(tupled(v[0]), v[1], Location(*v[2]) if v[2] else None)
                    for key, v in entry["values"].items()}
        except (KeyError, TypeError, IndexError):
            return None

    def put(self, folder: Path, given: Mapping[str, Any], resolved: Resolved) -> None:
        if self.state is None or not self.keep:
            return
        values = {key: [listed(v.value), v.origin,
                        [os.path.abspath(v.where.file), v.where.line, v.where.column] if v.where else None]
                  for key, v in resolved.items()}
        self.entries[str(Path(folder).resolve())] = {"key": self._key(folder, given), "values": values}
        self.changed = True

    def save(self) -> None:
        if self.state is None or not self.changed or not Path(self.state).is_dir():
            return
        from pnp.output.files import OutputError, write_file

        with contextlib.suppress(OutputError):  # the next run reads the settings files again
            write_file(self.state, CACHE_FILE, json.dumps({"version": CACHE_VERSION, "games": self.entries},
                                                           sort_keys=True).encode("utf-8"))
