"""Entry points → the plugins pnp has: rules engines, output kinds and its own words in a language.

A plugin is an entry point (Python's packaging convention, as MkDocs and pytest use it): a
distribution declares `name = "module:attribute"` in a group of its metadata
(`[project.entry-points."pnp.engines"]` in its pyproject.toml), and pnp loads the object
when it needs it. The groups:

- `pnp.engines`: a rules engine by the name diagrams give (`engine: nim`); the object makes
  the engine's scene adapter (pnp.diagrams.adapter), which holds the engine and its default
  position;
- `pnp.kinds`: an output kind; the object is a module whose `KIND` (or `KINDS`) is a
  pnp.targets.target.TargetKind, declaring its --format token and the settings it takes;
- `pnp.labels`: pnp's own words in a language, by its tag; the object is a folder holding
  `<tag>.yaml` (pnp.i18n.labels).

pnp's own engines, kinds and languages are entry points of pnp's own distribution, declared
in its pyproject.toml and loaded the same way. `BUILT_IN` knows them without reading any
metadata (tests check that the two agree), so start-up stays fast: the installed
distributions' entry points are read only for a name pnp does not have, for `pnp list
--plugins`, and by the build digest, which reads just the small entry_points.txt files.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import click

ENGINES, KINDS, LABELS = "pnp.engines", "pnp.kinds", "pnp.labels"
GROUPS = {ENGINES: "rules engine", KINDS: "output kind", LABELS: "pnp's words in a language"}
OWN_DISTRIBUTION = "pnp_kit"  # pnp's own, whose entry points are BUILT_IN

# pnp's own entry points, as pyproject.toml's [project.entry-points] declares them.
BUILT_IN: dict[str, dict[str, str]] = {
    ENGINES: {
        "quatrefoil": "pnp.diagrams.quatrefoil:QuatrefoilAdapter",
        "boardless_quarto": "pnp.diagrams.boardless_quarto:BoardlessQuartoAdapter",
        "folio": "pnp.diagrams.folio:FolioAdapter",
        "trifoil": "pnp.diagrams.trifoil:TrifoilAdapter",
    },
    KINDS: {
        "sheets": "pnp.targets.kinds.sheets",  # component sheets, one PDF per set × language × paper
        "png_pages": "pnp.targets.kinds.png_pages",  # each sheet page as a true-size PNG
        "faces": "pnp.targets.kinds.faces",  # every distinct face alone, a page each, one PDF per language
        "rulebooks": "pnp.targets.kinds.rulebooks",  # the reading editions and the bilingual one
        "booklets": "pnp.targets.kinds.booklets",  # booklet pages laid out once per language, imposed per paper
        "translations": "pnp.targets.kinds.translations",  # per language: untranslated, stale or flagged texts
        "tts": "pnp.targets.kinds.tts",  # Tabletop Simulator deck sheets, token and tile images, saved objects
        "pod": "pnp.targets.kinds.pod",  # print-on-demand files for one shop, and their manifest
        "web": "pnp.targets.kinds.web",  # the web edition of the rulebook, one HTML page per language
        "preview": "pnp.targets.kinds.preview",  # the kit preview page: every output of a game with a thumbnail
        "diagrams": "pnp.targets.kinds.diagrams",  # every diagram and example step alone (pnp diagrams)
        "changes": "pnp.targets.kinds.changes",  # what changed since a playtest version, and its reprint (pnp diff)
        "calibration": "pnp.targets.kinds.calibration",  # the duplex calibration sheet (pnp calibrate)
    },
    LABELS: {
        "en": "pnp.i18n.labels:SHIPPED",
        "da": "pnp.i18n.labels:SHIPPED",
        "de": "pnp.i18n.labels:SHIPPED",
    },
}


T = TypeVar("T")
_REMEMBERED: list[Any] = []  # what this process found out about plugins and loaded from them (see forget)


def remembered(function: Callable[..., T]) -> Callable[..., T]:
    """function with its results kept for the process (functools.cache), until `forget`."""
    kept = cache(function)
    _REMEMBERED.append(kept)
    return kept


def forget() -> None:
    """Forget what this process found out about plugins and what it loaded from them, as a new
    process would start: for a process that installs a plugin while it runs (pnp's tests, the
    docs' pictures)."""
    for kept in _REMEMBERED:
        kept.cache_clear()


class PluginError(click.ClickException):
    """A plugin that cannot be loaded, or whose object is not what its group expects."""

    exit_code = 1


@dataclass(frozen=True)
class Distribution:
    """An installed distribution, known by its metadata folder on sys.path."""

    name: str  # as its metadata folder spells it (normalized: pnp_nim)
    version: str
    metadata: Path  # its .dist-info folder

    @property
    def shown(self) -> str:
        return f"{self.name.replace('_', '-')} {self.version}"

    def entry_points(self) -> list[tuple[str, str, str]]:
        """(group, name, value) of its entry points in pnp's groups."""
        try:
            text = (self.metadata / "entry_points.txt").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return []
        return [point for point in parse_entry_points(text) if point[0] in GROUPS]

    def local_source(self) -> str | None:
        """The folder an editable or path install came from (its direct_url.json, PEP 610), else None:
        such code can change while its version stays."""
        try:
            direct = json.loads((self.metadata / "direct_url.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        url = direct.get("url", "") if isinstance(direct, dict) else ""
        return url.removeprefix("file://") if url.startswith("file://") else None


@dataclass(frozen=True)
class Plugin:
    """One entry point: its group, name and "module:attribute", and the distribution that
    declares it (None: pnp's own)."""

    group: str
    name: str
    value: str
    distribution: Distribution | None = None

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    @property
    def provider(self) -> str:
        if self.distribution is None:
            from pnp import __version__

            return f"pnp {__version__} (built in)"
        return self.distribution.shown

    def describe(self) -> str:
        return f"the {GROUPS[self.group]} {self.name!r} of {self.provider}"

    def load(self) -> Any:
        """The object the entry point names; PluginError if a plugin's cannot be imported (pnp's own
        failing is a defect of pnp, left to say so with its traceback)."""
        if self.distribution is None:
            return self._found()
        try:
            return self._found()
        except Exception as error:  # a plugin's import may fail in any way; say which plugin, and how
            raise PluginError(f"{self.describe()} cannot be loaded ({self.value}): "
                              f"{type(error).__name__}: {error}") from None

    def _found(self) -> Any:
        found = importlib.import_module(self.module)
        attribute = self.value.partition(":")[2].strip()
        for part in attribute.split(".") if attribute else ():
            found = getattr(found, part)
        return found


def parse_entry_points(text: str) -> list[tuple[str, str, str]]:
    """(group, name, value) of each entry in an entry_points.txt (an INI file: [group], name = value)."""
    found, group = [], None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
            continue
        name, equals, value = line.partition("=")
        if equals and group is not None:
            found.append((group, name.strip(), value.split("[", 1)[0].strip()))  # extras ("[name]") dropped
    return found


@remembered
def distributions() -> dict[str, Distribution]:
    """Every distribution installed on sys.path by its normalized name, from the names of the
    .dist-info folders (the first one found wins, as for imports). importlib.metadata says the
    same but takes longer to import than a build with nothing to do runs."""
    found: dict[str, Distribution] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info"):
                project, _, version = name[: -len(".dist-info")].partition("-")
                found.setdefault(normalized(project), Distribution(project, version, Path(entry or ".", name)))
    return found


def normalized(name: str) -> str:
    return name.replace("-", "_").replace(".", "_").lower()


@remembered
def installed(group: str) -> tuple[Plugin, ...]:
    """The entry points of group that distributions other than pnp's own declare, by name."""
    found = [Plugin(kind, name, value, distribution)
             for key, distribution in distributions().items() if key != OWN_DISTRIBUTION
             for kind, name, value in distribution.entry_points() if kind == group]
    return tuple(sorted(found, key=lambda plugin: (plugin.name, plugin.provider)))


def built_in(group: str) -> tuple[Plugin, ...]:
    return tuple(Plugin(group, name, value) for name, value in BUILT_IN[group].items())


def find(group: str, name: str) -> Plugin | None:
    """The plugin called name in group: pnp's own first (no metadata is read for it), else an
    installed distribution's (the first by distribution name, should several give it)."""
    if name in BUILT_IN[group]:
        return Plugin(group, name, BUILT_IN[group][name])
    return next((plugin for plugin in installed(group) if plugin.name == name), None)


def names(group: str) -> tuple[str, ...]:
    """Every name of group pnp has: its own, then the installed ones'."""
    return tuple(dict.fromkeys([*BUILT_IN[group], *(plugin.name for plugin in installed(group))]))


def plugin_distributions() -> tuple[Distribution, ...]:
    """The installed distributions that declare entry points in pnp's groups, by name."""
    return tuple(distribution for key, distribution in sorted(distributions().items())
                 if key != OWN_DISTRIBUTION and distribution.entry_points())


def code_paths(distribution: Distribution) -> list[Path]:
    """The folders (or single modules) of the top-level modules a distribution's entry points name,
    found without importing them."""
    import importlib.util

    paths = []
    modules = (value.partition(":")[0].strip() for _, _, value in distribution.entry_points())
    for top in dict.fromkeys(module.split(".")[0] for module in modules):
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            continue
        if spec.submodule_search_locations:
            paths += [Path(location) for location in spec.submodule_search_locations]
        elif spec.origin and os.path.isfile(spec.origin):
            paths.append(Path(spec.origin))
    return paths
