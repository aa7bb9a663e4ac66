"""A game and its catalogs → checked diagram and example-play pictures and Drawings, per language.

Diagrams come from content/<game>/diagrams.yaml, example plays from examples.yaml.
Engine diagrams and examples are replayed by the game's rules engine; pieces are
looked up in components.yaml and drawn with their printed faces. A `Picture` can be
drawn at any scale: its `cell` is the one the spec asks for (`cell:`, or what fits
`width:`); a rulebook draws pictures shown together at one shared cell size.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any, Sequence

from reportlab.graphics import shapes

from pnp.i18n.catalog import Catalogs, Texts, load_game_catalogs
from pnp.model.diagrams import DiagramBook, DiagramSpec, ExampleSpec, read_diagram_book
from pnp.model.game import Game
from pnp.model.problems import Location, Problems
from pnp.model.reader import Fields
from pnp.model.source import Node
from pnp.paint.diagrams import scene as sc
from pnp.paint.diagrams.art import GameArt
from pnp.paint.diagrams.base import Context, Request
from pnp.paint.diagrams.hand import hand_frame, hand_items
from pnp.paint.diagrams.render import (
    MAX_CELL,
    Picture,
    Renderer,
    frame_cell,
    natural_cell,
)
from pnp.paint.diagrams.replay import parse_position, play
from pnp.paint.faces import FacePainter, game_icons
from pnp.text.typography import typographic_quotes

# Engine name → (adapter module, class, position used when a spec gives none).
ADAPTERS = {
    "quatrefoil": ("pnp.paint.diagrams.quatrefoil", "QuatrefoilAdapter", None),
    "boardless_quarto": ("pnp.paint.diagrams.boardless_quarto", "BoardlessQuartoAdapter", "start"),
    "folio": ("pnp.paint.diagrams.folio", "FolioAdapter", "B gives"),
    "trifoil": ("pnp.paint.diagrams.trifoil", "TrifoilAdapter", None),
}


def adapter_for(name: str) -> Any:
    module, cls, _ = ADAPTERS[name]
    return getattr(importlib.import_module(module), cls)()


def load_diagrams(game: Game, catalogs: Catalogs | None = None) -> DiagramBook:
    """Read and check every diagram and example of a game; ContentError lists every problem."""
    problems = Problems()
    book = read_diagram_book(game.folder, problems)
    catalogs = catalogs if catalogs is not None else load_game_catalogs(game)
    lookup = Texts(catalogs, catalogs.source_language)
    art = _art(game, catalogs, catalogs.source_language, problems)
    for spec in book.diagrams.values():
        diagram_scene(spec, art, lookup, problems)
        _caption(spec.caption_key, lookup, spec.location, problems)
    for example in book.examples.values():
        example_scenes(example, art, lookup, problems)
    problems.raise_if_any()
    return book


def _art(game: Game, catalogs: Catalogs, language: str, problems: Problems) -> GameArt:
    return GameArt(game, FacePainter(Texts(catalogs, language), language, problems, icons=game_icons(game)))


def diagram_caption(catalogs: Catalogs, diagram_id: str, language: str) -> str | None:
    """The caption of a diagram in a language (English when untranslated), None if it has none."""
    try:
        return Texts(catalogs, language)(f"diagram.{diagram_id}.caption")
    except KeyError:
        return None


def diagram_picture(game: Game, catalogs: Catalogs, book: DiagramBook, diagram_id: str, language: str,
                    problems: Problems) -> Picture:
    """One diagram of the (checked) book, ready to draw at any scale.

    An unknown id is a problem and gives an empty picture.
    """
    spec = book.diagrams.get(diagram_id)
    art = _art(game, catalogs, language, problems)
    renderer = Renderer(art, game.palette)
    if spec is None:
        known = ", ".join(book.diagrams) or "none"
        problems.add(Location(str(Path(game.folder) / "diagrams.yaml")), "diagrams", f"no diagram '{diagram_id}' (there are: {known})")
        return Picture(sc.Scene(()), renderer, 1.0)
    scene = diagram_scene(spec, art, Texts(catalogs, language), problems)
    return Picture(scene, renderer, spec.cell or natural_cell(scene, spec.width))


def diagram_drawing(game: Game, catalogs: Catalogs, book: DiagramBook, diagram_id: str, language: str,
                    problems: Problems, *, caption: bool = False) -> shapes.Drawing:
    """One diagram as a Drawing at the spec's scale (`cell:`, or `width:` wide, 85 mm by default).

    With caption=True the caption is set under the picture (for standalone files);
    a rulebook sets it itself. An unknown id is a problem and gives an empty Drawing.
    """
    picture = diagram_picture(game, catalogs, book, diagram_id, language, problems)
    spec = book.diagrams.get(diagram_id)
    if spec is None:
        return shapes.Drawing(1, 1)
    text = _caption(spec.caption_key, Texts(catalogs, language), spec.location, problems) if caption else None
    return picture.drawing(caption=typographic_quotes(text, language) if text else None)


def example_pictures(game: Game, catalogs: Catalogs, book: DiagramBook, example_id: str, language: str,
                     problems: Problems) -> list[tuple[Picture, str]]:
    """Each step of an example play as (Picture, caption text with its *emphasis* markup).

    All steps share one cell size (the spec's `cell:`, or the largest at which every
    step fits `width:`), so pieces keep their size from picture to picture.
    """
    spec = book.examples.get(example_id)
    if spec is None:
        known = ", ".join(book.examples) or "none"
        problems.add(Location(str(Path(game.folder) / "examples.yaml")), "examples", f"no example '{example_id}' (there are: {known})")
        return []
    art = _art(game, catalogs, language, problems)
    steps = example_scenes(spec, art, Texts(catalogs, language), problems)
    renderer = Renderer(art, game.palette)
    cell = spec.cell or min([frame_cell(frame, spec.width) for frame, _ in steps] + [MAX_CELL])
    return [(Picture(sc.Scene((frame,)), renderer, cell), text) for frame, text in steps]


def example_steps(game: Game, catalogs: Catalogs, book: DiagramBook, example_id: str, language: str,
                  problems: Problems, *, caption: bool = False) -> list[tuple[shapes.Drawing, str]]:
    """Each step of an example play as (Drawing, caption text), all at the example's one scale."""
    return [(picture.drawing(caption=typographic_quotes(text, language) if caption else None), text)
            for picture, text in example_pictures(game, catalogs, book, example_id, language, problems)]


def _caption(key: str, lookup, location: Location, problems: Problems) -> str | None:
    try:
        return lookup(key)
    except KeyError:
        problems.add(location, "caption", f"no text '{key}' in text/en.yaml")
        return None


def _context(art: GameArt, lookup, problems: Problems) -> Context:
    return Context(art.item_with, lookup, problems)


def diagram_scene(spec: DiagramSpec, art: GameArt, lookup, problems: Problems) -> sc.Scene:
    """The scene of one diagram: hand frames, or engine frames with the overlay on each."""
    overlay = []
    if spec.overlay is not None:
        overlay = hand_items(spec.overlay, lookup, problems, art.problem)
    if spec.engine is None:
        frames = [hand_frame(f, lookup, problems, art.problem) for f in spec.frames]
        if spec.overlay is not None:
            frames.append(sc.Frame(tuple(overlay), label=_overlay_label(spec, lookup, problems)))
    else:
        frames = [_with(frame, overlay) for frame in _engine_frames(spec, art, lookup, problems)]
    _check_pieces(frames, art, spec.location, problems)
    return sc.Scene(tuple(frames), per_row=spec.per_row)


def _overlay_label(spec: DiagramSpec, lookup, problems: Problems) -> str | None:
    return hand_frame(spec.overlay, lookup, Problems(), lambda *a: None).label


def _with(frame: sc.Frame, overlay: Sequence[sc.Item]) -> sc.Frame:
    if not overlay:
        return frame
    bounds = None if frame.bounds is None else _union(frame.bounds, sc.Frame(tuple(overlay)).area())
    return sc.Frame(frame.items + tuple(overlay), frame.label, bounds)


def _union(a, b):
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _engine_frames(spec: DiagramSpec, art: GameArt, lookup, problems: Problems) -> list[sc.Frame]:
    key = f"diagrams.{spec.id}"
    adapter = _adapter(spec.engine, spec.location, key, problems)
    options = Fields(spec.options or Node({}, spec.location), f"{key}.options", problems)
    if adapter is None:
        return []
    if spec.view is not None and spec.view not in adapter.views:
        problems.add(spec.location, f"{key}.view", f"expected one of {', '.join(adapter.views)}, got {spec.view!r}")
        return []
    start = _start(adapter, spec.engine, spec.position, spec.location, key, problems)
    if start is None:
        return []
    played = play(adapter.engine, start, spec.moves, f"diagram '{spec.id}'", f"{key}.moves", problems)
    if played is None:
        return []
    frames = adapter.frames(Request(spec, start, played, options), _context(art, lookup, problems))
    options.finish()
    return list(frames)


def _adapter(name: str, location: Location, key: str, problems: Problems):
    if name not in ADAPTERS:
        problems.add(location, f"{key}.engine", f"no rules engine '{name}' (there are: {', '.join(ADAPTERS)})")
        return None
    return adapter_for(name)


def _start(adapter, name: str, position: str | None, location: Location, key: str, problems: Problems):
    text = position if position is not None else ADAPTERS[name][2]
    if text is None:
        problems.add(location, key, f"a {name} diagram needs 'position:' in the engine's notation")
        return None
    return parse_position(adapter.engine, text, location, f"{key}.position", problems)


def _check_pieces(frames: Sequence[sc.Frame], art: GameArt, location: Location, problems: Problems) -> None:
    for frame in frames:
        for item in frame.items:
            if isinstance(item, sc.Piece):
                why = art.problem(item.set_id, item.item_id, item.face)
                if why:
                    problems.add(location, "pieces", why)
                    return


def example_scenes(spec: ExampleSpec, art: GameArt, lookup, problems: Problems) -> list[tuple[sc.Frame, str]]:
    """(frame, caption) per step; replay stops at the first refused move, which is a problem."""
    key = f"examples.{spec.id}"
    adapter = _adapter(spec.engine, spec.location, key, problems)
    state = None if adapter is None else _start(adapter, spec.engine, spec.position, spec.location, key, problems)
    if state is None:
        return []
    context, result = _context(art, lookup, problems), []
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
        _check_pieces([frame], art, step.location, problems)
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
