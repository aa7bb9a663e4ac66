"""What every engine adapter is given and gives back: engine states in, scene frames out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.diagrams import scene as sc
from pnp.diagrams.replay import Played
from pnp.games.base import Engine
from pnp.model.diagrams import DiagramSpec
from pnp.model.problems import Problems
from pnp.model.reader import Fields
from pnp.model.source import Node


@dataclass(frozen=True)
class Context:
    """The game-side facts an adapter needs: item ids by attribute values, texts, problems."""

    item: Callable[[str, dict], str | None]
    lookup: Callable[[str], str]
    problems: Problems


@dataclass(frozen=True)
class Request:
    """An engine diagram to draw: the spec, its start state, the moves played, its options."""

    spec: DiagramSpec
    start: Any
    played: Sequence[Played]
    options: Fields


class Adapter(Protocol):
    """Turns one engine's states into frames; checks the claims example captions make.

    `engine` is the rules engine, `views` what a diagram may ask it to draw (`view:`, the
    first by default), `default_position` the position in the engine's notation a diagram or
    example starts from when it gives none (None: each must give one). A plugin's
    (pnp.engines) entry point names what makes one: a class, called with no arguments.
    """

    engine: Engine
    views: tuple[str, ...]
    default_position: str | None

    def frames(self, request: Request, context: Context) -> tuple[sc.Frame, ...]: ...

    def step(self, played: Sequence[Played], last: bool, context: Context) -> sc.Frame: ...

    def check(self, claim: str, value: Node, played: Sequence[Played]) -> str | None: ...
