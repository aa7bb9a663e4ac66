"""The rules engines pnp knows, by the name a diagram or example gives (`engine: folio`).

Each entry names the engine's scene adapter (which holds the rules engine and turns its
states into scenes, pnp.diagrams) as "module:Class", imported only when a diagram asks
for that engine, and the position a diagram starts from when it gives none.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class EngineEntry:
    adapter: str  # "module:Class" of the engine's scene adapter
    default_position: str | None = None  # in the engine's notation; None: a diagram must give one

    def load_adapter(self) -> Any:
        module, _, name = self.adapter.partition(":")
        return getattr(importlib.import_module(module), name)()


ENGINES: dict[str, EngineEntry] = {
    "quatrefoil": EngineEntry("pnp.diagrams.quatrefoil:QuatrefoilAdapter"),
    "boardless_quarto": EngineEntry("pnp.diagrams.boardless_quarto:BoardlessQuartoAdapter", "start"),
    "folio": EngineEntry("pnp.diagrams.folio:FolioAdapter", "B gives"),
    "trifoil": EngineEntry("pnp.diagrams.trifoil:TrifoilAdapter"),
}


def find_engine(name: str) -> EngineEntry | None:
    return ENGINES.get(name)


def engine_names() -> tuple[str, ...]:
    return tuple(ENGINES)
