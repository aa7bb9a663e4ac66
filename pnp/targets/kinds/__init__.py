"""The registry of target kinds: every output pnp makes is one kind, in one module here.

To add an output kind (a Tabletop Simulator deck, a print-on-demand file, an HTML
rulebook):
1. write `pnp/targets/kinds/<name>.py` with a `plan(game, options)` that yields
   `Target`s (each with its paths under --out, the `params` and `inputs` that decide
   its bytes, and the ids of targets whose bytes it takes in `depends`) and a
   `render(target, game, options, upstream)` that returns `Rendered` bytes, never
   writing a file; end the module with `KIND = TargetKind(name, command, priority, plan,
   render)`;
2. register it: add the module's name to `MODULES` below (a dotted name for a module
   outside this package).
The runner then keys, skips, parallelises, stages and commits it like every other
kind, and `pnp build` (or the kind's command) makes it.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from pnp.targets.target import TargetKind

MODULES = (
    "sheets",       # component sheets, one PDF per set × language × paper
    "png_pages",    # each sheet page as a true-size PNG
    "rulebooks",    # the reading editions and the bilingual one
    "booklets",     # booklet pages laid out once per language, imposed per paper
    "translations", # per language: texts set in the source language, stale or flagged (no file)
    "tts",          # Tabletop Simulator deck sheets, token and tile images, saved objects
    "pod",          # print-on-demand files for one shop, and their manifest
    "web",          # the web edition of the rulebook, one HTML page per language
    "preview",      # the kit preview page: every output of a game with a thumbnail
    "diagrams",     # every diagram and example step alone (pnp diagrams)
    "changes",      # what changed since a playtest version, and a reprint of it (pnp diff)
    "calibration",  # the duplex calibration sheet (pnp calibrate)
)


@lru_cache(maxsize=1)
def all_kinds() -> dict[str, TargetKind]:
    """Every registered kind by name (kinds may register several, e.g. an in-memory step)."""
    kinds: dict[str, TargetKind] = {}
    for module in MODULES:
        found = importlib.import_module(module if "." in module else f"{__name__}.{module}")
        for kind in getattr(found, "KINDS", None) or (found.KIND,):
            kinds[kind.name] = kind
    return kinds


def kinds_for(command: str) -> dict[str, TargetKind]:
    return {name: kind for name, kind in all_kinds().items() if kind.command == command}
