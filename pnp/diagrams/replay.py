"""Positions and moves in an engine's notation → the engine-checked states between them.

Every move is parsed and applied by the rules engine; a position or move the engine
refuses becomes a located problem naming the file:line, the step, the move and the
rule it breaks, so no picture can show an illegal position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.games.base import Engine, IllegalMove, NotationError
from pnp.model.problems import Location, Problems


@dataclass(frozen=True)
class Played:
    """One applied move: its text, the engine's move object and the states around it."""

    text: str
    move: Any
    before: Any
    after: Any


def parse_position(engine: Engine, text: str, location: Location, key: str, problems: Problems) -> Any | None:
    try:
        return engine.parse_state(text)
    except (NotationError, ValueError) as error:
        problems.add(location, key, f"position {text!r} is not a {engine.name} position: {error}")
        return None


def play(engine: Engine, state: Any, moves, where: str, key: str, problems: Problems) -> list[Played] | None:
    """Apply (text, location) moves in order; None after recording the first refused one."""
    played = []
    for text, location in moves:
        try:
            move = engine.parse_move(text)
            after = engine.apply(state, move)
        except IllegalMove as error:
            problems.add(location, key, f"{where}, move {text!r} is illegal: {error.rule}")
            return None
        except (NotationError, ValueError) as error:
            problems.add(location, key, f"{where}, move {text!r} is not {engine.name} notation: {error}")
            return None
        played.append(Played(text, move, state, after))
        state = after
    return played


def refused(engine: Engine, state: Any, text: str) -> str | None:
    """The rule a move breaks in `state`, or None if the engine allows it."""
    try:
        engine.apply(state, engine.parse_move(text))
    except IllegalMove as error:
        return error.rule
    return None
