"""The registry of target kinds: every output pnp makes is one kind, in one module here, and
an installed plugin adds its own the same way.

To add an output kind (a Tabletop Simulator deck, a print-on-demand file, an HTML
rulebook):
1. write a module with a `plan(game, options)` that yields `Target`s (each with its paths
   under --out, the `params` and `inputs` that decide its bytes, and the ids of targets
   whose bytes it takes in `depends`) and a `render(target, game, options, upstream)` that
   returns `Rendered` bytes, never writing a file; end the module with
   `KIND = TargetKind(name, command, priority, plan, render, formats=(TOKEN,), settings=(...))`;
2. register it as a `pnp.kinds` entry point naming the module: pnp's own in pyproject.toml
   and pnp.plugins.BUILT_IN, a plugin's in its own pyproject.toml (docs/engines.md).
The runner then keys, skips, parallelises, stages and commits it like every other
kind, and `pnp build --format TOKEN` (or the kind's command) makes it.

pnp's own kinds are imported when a command plans; an installed plugin's only when a
build asks for a --format token none of pnp's own makes (pnp.targets.options.FORMATS), so a
build that asks for none reads no distribution's metadata.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from pnp import plugins
from pnp.targets.options import FORMATS
from pnp.targets.target import TargetKind


@cache
def own_kinds() -> dict[str, TargetKind]:
    """pnp's own kinds by name (a module may register several, e.g. an in-memory step)."""
    return {kind.name: kind for plugin in plugins.built_in(plugins.KINDS) for kind in kinds_of(plugin)}


@plugins.remembered
def installed_kinds() -> tuple[tuple[TargetKind, ...], ...]:
    """The kinds of each installed pnp.kinds plugin; PluginError for the first one that is broken."""
    return tuple(kinds_of(plugin) for plugin in plugins.installed(plugins.KINDS))


def kinds_of(plugin: plugins.Plugin) -> tuple[TargetKind, ...]:
    """The kinds a pnp.kinds plugin's module gives (its KIND, or KINDS); PluginError if it gives none,
    or (a plugin from outside pnp) gives kinds that are not of pnp build, take a name of pnp's own
    kinds, or make files for no --format token of their own."""
    module = plugin.load()
    kinds = tuple(getattr(module, "KINDS", None) or (getattr(module, "KIND", None),))
    if not all(isinstance(kind, TargetKind) for kind in kinds):
        raise plugins.PluginError(f"{plugin.describe()} ({plugin.value}) is not a module of output kinds: it has "
                                  "no KIND (or KINDS) made with pnp.targets.target.TargetKind (docs/engines.md)")
    if plugin.distribution is None:
        return kinds
    tokens = sorted({token for kind in kinds for token in kind.formats})
    taken = [kind.name for kind in kinds if kind.name in own_kinds()]
    if taken:
        raise plugins.PluginError(f"{plugin.describe()} names a kind {taken[0]!r}, as one of pnp's own is named")
    if any(kind.command != "build" for kind in kinds) or not tokens or set(tokens) & set(FORMATS):
        raise plugins.PluginError(f"{plugin.describe()} must give kinds of pnp build that make files for a --format "
                                  f"token of their own (they make {', '.join(tokens) or 'none'}; pnp's own make "
                                  f"{', '.join(FORMATS)})")
    return kinds


def all_kinds(formats: Iterable[str] = ()) -> dict[str, TargetKind]:
    """Every kind a build asking for these --format tokens may need: pnp's own, and the kinds of the
    installed plugins that make a token none of pnp's own does."""
    wanted = set(formats) - set(FORMATS)
    if not wanted:
        return own_kinds()
    added = {kind.name: kind for kinds in installed_kinds() if {f for kind in kinds for f in kind.formats} & wanted
             for kind in kinds}
    return {**own_kinds(), **added}


def kinds_for(command: str, formats: Iterable[str] = ()) -> dict[str, TargetKind]:
    """The kinds of a command; for pnp build, those its --format tokens need (see all_kinds)."""
    return {name: kind for name, kind in all_kinds(formats if command == "build" else ()).items()
            if kind.command == command}


def plugin_formats() -> tuple[str, ...]:
    """The --format tokens the installed plugins' kinds make (loading them)."""
    return tuple(dict.fromkeys(token for kinds in installed_kinds() for kind in kinds for token in kind.formats))
