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
    return _MARKS[mark.kind](mark, tuple(sc.centre(p) for p in mark.points), lookup, problems)


def _ring(mark: MarkSpec, points: tuple[sc.Point, ...], lookup: Lookup, problems: Problems) -> sc.Item:
    return sc.Ring(*points[0])


def _highlight(mark: MarkSpec, points: tuple[sc.Point, ...], lookup: Lookup, problems: Problems) -> sc.Item:
    return sc.Highlight(points[0][0] - 0.5, points[0][1] - 0.5)


def _cross(mark: MarkSpec, points: tuple[sc.Point, ...], lookup: Lookup, problems: Problems) -> sc.Item:
    return sc.Cross(*points[0])


def _stroke(mark: MarkSpec, points: tuple[sc.Point, ...], lookup: Lookup, problems: Problems) -> sc.Item:
    return sc.Stroke(points, arrow=mark.kind == "arrow", bend=mark.bend, dashed=mark.dashed)


def _label_mark(mark: MarkSpec, points: tuple[sc.Point, ...], lookup: Lookup, problems: Problems) -> sc.Item | None:
    # No text: reading it was a problem, reported already.
    text = mark.text if mark.kind == "label" or mark.text is None else _text(mark.text, lookup, problems, mark)
    return None if text is None else sc.Label(*points[0], text)


# What each mark kind of diagrams.yaml (pnp.model.diagrams.MARKS) becomes in a scene.
_MARKS = {"circle": _ring, "square": _highlight, "cross": _cross, "line": _stroke, "arrow": _stroke,
          "label": _label_mark, "label-key": _label_mark}


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
