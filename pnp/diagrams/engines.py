"""The rules engines pnp has, by the name a diagram or example gives (`engine: folio`) → their
scene adapters, checked.

Each is a `pnp.engines` entry point (pnp.plugins): pnp's own four, and any installed
plugin's. Its object makes the engine's adapter (pnp.diagrams.adapter), imported only
when a diagram asks for that engine; one that is not an adapter is a PluginError naming
what it lacks.
"""

from __future__ import annotations

from pnp import plugins
from pnp.diagrams.adapter import Adapter

ENGINE_FUNCTIONS = ("parse_state", "format_state", "parse_move", "format_move", "legal_moves", "apply", "winner")
ADAPTER_FUNCTIONS = ("frames", "step", "check")


@plugins.remembered
def find_adapter(name: str) -> Adapter | None:
    """The adapter of the engine called name (None if pnp has none); PluginError if its plugin is broken."""
    plugin = plugins.find(plugins.ENGINES, name)
    return None if plugin is None else adapter_of(plugin)


def adapter_of(plugin: plugins.Plugin) -> Adapter:
    """The adapter a pnp.engines plugin makes, checked; PluginError if it cannot make one."""
    made = plugin.load()
    try:
        adapter = made()
    except Exception as error:  # a plugin's code may fail in any way; say which plugin, and how
        raise plugins.PluginError(f"{plugin.describe()} cannot make its adapter: "
                                  f"{type(error).__name__}: {error}") from None
    lacks = adapter_problems(adapter)
    if lacks:
        raise plugins.PluginError(f"{plugin.describe()} ({plugin.value}) is not a scene adapter: {'; '.join(lacks)} "
                                  "(docs/engines.md says what an engine plugin gives)")
    return adapter


def adapter_problems(adapter: object) -> list[str]:
    """What an object lacks to be an adapter, in words (none: it is one)."""
    problems = [f"no {name}()" for name in ADAPTER_FUNCTIONS if not callable(getattr(adapter, name, None))]
    engine = getattr(adapter, "engine", None)
    if engine is None:
        problems.append("no engine")
    else:
        problems += [f"its engine has no {name}()" for name in ENGINE_FUNCTIONS
                     if not callable(getattr(engine, name, None))]
        if not isinstance(getattr(engine, "name", None), str):
            problems.append("its engine has no name")
    views = getattr(adapter, "views", None)
    if not (isinstance(views, tuple) and views and all(isinstance(view, str) for view in views)):
        problems.append("views is not a tuple of names")
    if not isinstance(getattr(adapter, "default_position", 0), (str, type(None))):
        problems.append("no default_position (a position in the engine's notation, or None)")
    return problems


def engine_names() -> tuple[str, ...]:
    """Every engine's name: pnp's own, then the installed plugins'."""
    return plugins.names(plugins.ENGINES)
