"""Hand-placed frame specs from YAML → scene frames: board cells, pieces and markers.

This is the path a game without a rules engine uses, and the overlay an engine
diagram may add (the Quatrefoil set-up's seats and cards). A point [c, r] is the
centre of that cell, so [0, 0] sits at (0.5, 0.5) in scene cells.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.diagrams import scene as sc
from pnp.model.diagrams import FrameSpec, MarkSpec, PieceSpec
from pnp.model.problems import Problems

Lookup = Callable[[str], str]


def hand_frame(spec: FrameSpec, lookup: Lookup, problems: Problems, check_piece) -> sc.Frame:
    """The frame a FrameSpec describes; unknown pieces and text keys become problems."""
    items: list[sc.Item] = list(hand_items(spec, lookup, problems, check_piece))
    return sc.Frame(tuple(items), label=_label(spec, lookup, problems))


def hand_items(spec: FrameSpec, lookup: Lookup, problems: Problems, check_piece) -> list[sc.Item]:
    items: list[sc.Item] = []
    if spec.board is not None:
        fill = spec.board.fill or "board"
        items += [sc.Cell(c + 0.5, r + 0.5, fill=fill) for c, r in spec.board.cells]
    for piece in spec.pieces:
        why = check_piece(piece.set_id, piece.item_id, piece.face)
        if why:
            problems.add(piece.location, "pieces", why)
        else:
            items.append(_piece(piece))
    for mark in spec.marks:
        item = _mark(mark, lookup, problems)
        if item is not None:
            items.append(item)
    return items


def _piece(spec: PieceSpec) -> sc.Piece:
    x, y = sc.centre(spec.at)
    return sc.Piece(spec.set_id, spec.item_id, x, y, spec.size, spec.face, spec.turn)


def _mark(mark: MarkSpec, lookup: Lookup, problems: Problems) -> sc.Item | None:
    points = tuple(sc.centre(p) for p in mark.points)
    (x, y) = points[0]
    if mark.kind == "circle":
        return sc.Ring(x, y)
    if mark.kind == "square":
        return sc.Highlight(x - 0.5, y - 0.5)
    if mark.kind == "cross":
        return sc.Cross(x, y)
    if mark.kind in ("line", "arrow"):
        return sc.Stroke(points, arrow=mark.kind == "arrow", bend=mark.bend, dashed=mark.dashed)
    # No text: reading it was a problem, reported already.
    text = mark.text if mark.kind == "label" or mark.text is None else _text(mark.text, lookup, problems, mark)
    return None if text is None else sc.Label(x, y, text)


def _text(key: str, lookup: Lookup, problems: Problems, mark: MarkSpec) -> str | None:
    try:
        return lookup(key)
    except KeyError:
        problems.add(mark.location, "label-key", f"no text '{key}' in text/en.yaml")
        return None


def _label(spec: FrameSpec, lookup: Lookup, problems: Problems) -> str | None:
    if spec.label_key is None:
        return spec.label
    try:
        return lookup(spec.label_key)
    except KeyError:
        problems.add(spec.location, "label-key", f"no text '{spec.label_key}' in text/en.yaml")
        return None
