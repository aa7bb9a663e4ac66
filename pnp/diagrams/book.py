"""A game's diagrams and example plays → checked scenes: what `load_diagrams` checks when a game
loads, and what pnp.paint.diagrams draws.

Diagrams come from content/<game>/diagrams.yaml, example plays from examples.yaml.
Engine diagrams and examples are replayed by the game's rules engine (pnp.diagrams.engines
finds its scene adapter, pnp's own or a plugin's); hand-placed ones are read as they are written.
Every piece is looked up in components.yaml, every move checked, every caption found.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp import plugins
from pnp.diagrams import scene as sc
from pnp.diagrams.adapter import Context, Request
from pnp.diagrams.engines import engine_names, find_adapter
from pnp.diagrams.hand import hand_frame, hand_items
from pnp.diagrams.pieces import Pieces
from pnp.diagrams.replay import parse_position, play
from pnp.i18n.catalog import Catalogs, Texts, load_game_catalogs
from pnp.model.diagrams import DiagramBook, DiagramSpec, ExampleSpec, FrameSpec, read_diagram_book
from pnp.model.game import Game
from pnp.model.problems import Location, Problems
from pnp.model.reader import Fields
from pnp.model.source import Node


def load_diagrams(game: Game, catalogs: Catalogs | None = None) -> DiagramBook:
    """Read and check every diagram and example of a game; ContentError lists every problem."""
    problems = Problems()
    book = read_diagram_book(game.folder, problems)
    catalogs = catalogs if catalogs is not None else load_game_catalogs(game)
    lookup = Texts(catalogs, catalogs.source_language)
    pieces = Pieces(game)
    for spec in book.diagrams.values():
        diagram_scene(spec, pieces, lookup, problems)
        caption_text(spec.caption_key, lookup, spec.location, problems)
    for example in book.examples.values():
        example_scenes(example, pieces, lookup, problems)
    problems.raise_if_any()
    return book


def diagram_caption(catalogs: Catalogs, diagram_id: str, language: str) -> str | None:
    """The caption of a diagram in a language (English when untranslated), None if it has none."""
    try:
        return Texts(catalogs, language)(f"diagram.{diagram_id}.caption")
    except KeyError:
        return None


def caption_text(key: str, lookup, location: Location, problems: Problems) -> str | None:
    try:
        return lookup(key)
    except KeyError:
        problems.add(location, "caption", f"no text '{key}' in text/en.yaml")
        return None


def _context(pieces: Pieces, lookup, problems: Problems) -> Context:
    return Context(pieces.item_with, lookup, problems)


def diagram_scene(spec: DiagramSpec, pieces: Pieces, lookup, problems: Problems) -> sc.Scene:
    """The scene of one diagram: hand frames, or engine frames with the overlay on each."""
    overlay = []
    if spec.overlay is not None:
        overlay = hand_items(spec.overlay, lookup, problems, pieces.problem)
    if spec.engine is None:
        frames = [hand_frame(f, lookup, problems, pieces.problem) for f in spec.frames]
        if spec.overlay is not None:
            frames.append(sc.Frame(tuple(overlay), label=_overlay_label(spec.overlay, lookup, problems)))
    else:
        frames = [_with(frame, overlay) for frame in _engine_frames(spec, spec.engine, pieces, lookup, problems)]
    _check_pieces(frames, pieces, spec.location, problems)
    return sc.Scene(tuple(frames), per_row=spec.per_row)


def _overlay_label(overlay: FrameSpec, lookup, problems: Problems) -> str | None:
    return hand_frame(overlay, lookup, Problems(), lambda *a: None).label


def _with(frame: sc.Frame, overlay: Sequence[sc.Item]) -> sc.Frame:
    if not overlay:
        return frame
    bounds = None if frame.bounds is None else _union(frame.bounds, sc.Frame(tuple(overlay)).area())
    return sc.Frame(frame.items + tuple(overlay), frame.label, bounds)


def _union(a, b):
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _engine_frames(spec: DiagramSpec, engine: str, pieces: Pieces, lookup, problems: Problems) -> list[sc.Frame]:
    key = f"diagrams.{spec.id}"
    adapter = _adapter(engine, spec.location, key, problems)
    options = Fields(spec.options or Node({}, spec.location), f"{key}.options", problems)
    if adapter is None:
        return []
    if spec.view is not None and spec.view not in adapter.views:
        problems.add(spec.location, f"{key}.view", f"expected one of {', '.join(adapter.views)}, got {spec.view!r}")
        return []
    start = _start(adapter, engine, spec.position, spec.location, key, problems)
    if start is None:
        return []
    played = play(adapter.engine, start, spec.moves, f"diagram '{spec.id}'", f"{key}.moves", problems)
    if played is None:
        return []
    frames = adapter.frames(Request(spec, start, played, options), _context(pieces, lookup, problems))
    options.finish()
    return list(frames)


def _adapter(name: str, location: Location, key: str, problems: Problems):
    try:
        adapter = find_adapter(name)
    except plugins.PluginError as error:
        problems.add(location, f"{key}.engine", error.message)
        return None
    if adapter is None:
        problems.add(location, f"{key}.engine", f"no rules engine '{name}' (there are: {', '.join(engine_names())}); "
                                                "an engine from outside pnp is a plugin to install (docs/engines.md)")
    return adapter


def _start(adapter, name: str, position: str | None, location: Location, key: str, problems: Problems):
    text = position if position is not None else adapter.default_position
    if text is None:
        problems.add(location, key, f"a {name} diagram needs 'position:' in the engine's notation")
        return None
    return parse_position(adapter.engine, text, location, f"{key}.position", problems)


def _check_pieces(frames: Sequence[sc.Frame], pieces: Pieces, location: Location, problems: Problems) -> None:
    for frame in frames:
        for item in frame.items:
            if isinstance(item, sc.Piece):
                why = pieces.problem(item.set_id, item.item_id, item.face)
                if why:
                    problems.add(location, "pieces", why)
                    return


def example_scenes(spec: ExampleSpec, pieces: Pieces, lookup, problems: Problems) -> list[tuple[sc.Frame, str]]:
    """(frame, caption) per step; replay stops at the first refused move, which is a problem."""
    key = f"examples.{spec.id}"
    adapter = _adapter(spec.engine, spec.location, key, problems)
    state = None if adapter is None else _start(adapter, spec.engine, spec.position, spec.location, key, problems)
    if state is None:
        return []
    context, result = _context(pieces, lookup, problems), []
    for index, step in enumerate(spec.steps):
        step_key = f"{key}.steps[{index}]"
        played = play(adapter.engine, state, step.moves, f"step {step.number}", step_key, problems)
        if played is None:
            break
        if not played:
            problems.add(step.location, step_key, f"step {step.number} has no moves")
            continue
        state = played[-1].after
        _check_claims(adapter, step, played, step_key, problems)
        frame = adapter.step(played, index == len(spec.steps) - 1, context)
        _check_pieces([frame], pieces, step.location, problems)
        result.append((frame, _step_text(step, lookup, step_key, problems)))
    return result


def _check_claims(adapter, step, played, key: str, problems: Problems) -> None:
    if step.checks is None:
        return
    if not step.checks.is_map:
        problems.add(step.checks.location, f"{key}.check", "expected a mapping of claims, e.g. {fixed: rows}")
        return
    for claim, value in step.checks.value.items():
        wrong = adapter.check(claim, value, played)
        if wrong:
            problems.add(value.location, f"{key}.check.{claim}", f"step {step.number}: {wrong}")


def _step_text(step, lookup, key: str, problems: Problems) -> str:
    parts = []
    for text_key in step.text_keys:
        try:
            parts.append(lookup(text_key))
        except KeyError:
            problems.add(step.location, key, f"no text '{text_key}' in text/en.yaml")
    return " ".join(parts)
