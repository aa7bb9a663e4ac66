"""A laid-out kit → where its PDF prints each item's faces, as data a later pnp reads back.

`pnp build` keeps this record beside each sheets PDF, so that `pnp diff` can cut the
faces of an earlier build out of that PDF and compare them with the game as it is now
(pnp.playtest). It holds, per set, its shape, corner and bleed and each item's id, copies
and size; per face of an item (front, back), the cells of its first copy: the page (from
0, in the PDF's order), where the face's bleed box lies on it (the art box, in points, y
up), how far it is turned, the box its ink is clipped to, and the boxes of what the sheet
draws over it that is not the face's (a board part's alignment triangles). A board cut
into parts has one cell per part; any other face, one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.layout.blocks import Cell, Point
from pnp.layout.geometry import Box
from pnp.layout.kit import Kit, Side

if TYPE_CHECKING:
    from pnp.model.components import ComponentSet

FaceKey = tuple[str, int, str]  # set id, item index, side
VERSION = 1
SIDES = ("front", "back")


@dataclass(frozen=True)
class FaceCell:
    """Where (part of) a face prints: page, art box, turn (degrees counter-clockwise), clip box, marks over it."""

    page: int
    art: Box
    turn: int
    clip: Box
    over: tuple[Box, ...] = ()


@dataclass(frozen=True)
class ItemPlaces:
    """One item as the sheets print it: its copies, trim size and the cells of each face."""

    id: str
    count: int
    width: float
    height: float
    faces: dict[str, tuple[FaceCell, ...]]


@dataclass(frozen=True)
class SetPlaces:
    id: str
    shape: str
    corner: float
    bleed: float
    items: tuple[ItemPlaces, ...]

    def item(self, item_id: str) -> ItemPlaces | None:
        return next((item for item in self.items if item.id == item_id), None)


@dataclass(frozen=True)
class FacePlaces:
    """Every set of a kit and where each of its faces prints."""

    sets: tuple[SetPlaces, ...]

    def set(self, set_id: str) -> SetPlaces | None:
        return next((s for s in self.sets if s.id == set_id), None)

    def to_json(self) -> bytes:
        return json.dumps({"pnp-face-places": VERSION, "sets": [_set_json(s) for s in self.sets]},
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    @classmethod
    def from_json(cls, data: bytes) -> FacePlaces:
        """The record as written by to_json; ValueError if it is not one this pnp reads."""
        try:
            raw = json.loads(data)
            if raw.get("pnp-face-places") != VERSION:
                raise ValueError(f"a record of version {raw.get('pnp-face-places')!r}, not {VERSION}")
            return cls(tuple(_set_of(s) for s in raw["sets"]))
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a record of face places ({type(error).__name__}: {error})") from None


def face_places(kit: Kit, sets: Sequence[ComponentSet]) -> FacePlaces:
    """Where the kit's PDF prints the faces of the items of the sets it was laid out from."""
    cells: dict[FaceKey, list[FaceCell]] = {}
    seen: set[tuple[object, ...]] = set()
    for page, side in _pages(kit):
        for cell, face in ((c, "front") for c in side.fronts):
            _note(cells, seen, page, cell, face, side)
        for cell, face in ((c, "back") for c in side.backs):
            _note(cells, seen, page, cell, face, side)
    return FacePlaces(tuple(_set_places(s, cells) for s in sets))


def _pages(kit: Kit) -> Iterator[tuple[int, Side]]:
    """Each page of the kit's PDF with its index, in print order (as pnp.paint.sheets paints them)."""
    page = 0
    for sheet in kit.sheets:
        yield page, sheet.front
        page += 1
        if sheet.back is not None:
            yield page, sheet.back
            page += 1


def _note(cells: dict[FaceKey, list[FaceCell]], seen: set[tuple[object, ...]], page: int, cell: Cell, face: str,
          side: Side) -> None:
    """Keep the cell if it shows a part of its item's face not kept yet: each part of a board once."""
    art, clip = cell.art_box, cell.clip_box
    item = (cell.component.set_id, cell.component.item, face)
    part = (*item, round(clip.x - art.x, 2), round(clip.y - art.y, 2), round(clip.w, 2), round(clip.h, 2), cell.turn)
    if part in seen:
        return
    seen.add(part)
    over = tuple(_box_of(n) for n in side.notches if clip.contains(_box_of(n)))
    cells.setdefault(item, []).append(FaceCell(page, art, cell.turn, clip, over))


def _box_of(points: Sequence[Point]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _set_places(component_set: ComponentSet, cells: dict[FaceKey, list[FaceCell]]) -> SetPlaces:
    items = tuple(ItemPlaces(item.id, item.count, item.width, item.height,
                             {face: tuple(cells.get((component_set.id, index, face), ())) for face in SIDES
                              if (component_set.id, index, face) in cells})
                  for index, item in enumerate(component_set.items))
    return SetPlaces(component_set.id, component_set.shape.name, component_set.corner, component_set.bleed, items)


# --- JSON -------------------------------------------------------------------------------

def _round(value: float) -> float:
    return round(value, 3) + 0.0


def _box_json(box: Box) -> list[float]:
    return [_round(box.x), _round(box.y), _round(box.w), _round(box.h)]


def _set_json(places: SetPlaces) -> dict[str, Any]:
    return {"id": places.id, "shape": places.shape, "corner": _round(places.corner), "bleed": _round(places.bleed),
            "items": [{"id": item.id, "count": item.count, "width": _round(item.width), "height": _round(item.height),
                       "faces": {face: [_cell_json(c) for c in cells] for face, cells in item.faces.items()}}
                      for item in places.items]}


def _cell_json(cell: FaceCell) -> dict[str, Any]:
    made: dict[str, Any] = {"page": cell.page, "art": _box_json(cell.art), "turn": cell.turn,
                            "clip": _box_json(cell.clip)}
    if cell.over:
        made["over"] = [_box_json(b) for b in cell.over]
    return made


def _set_of(raw: dict[str, Any]) -> SetPlaces:
    items = tuple(ItemPlaces(str(i["id"]), int(i["count"]), float(i["width"]), float(i["height"]),
                             {str(face): tuple(_cell_of(c) for c in cells) for face, cells in i["faces"].items()})
                  for i in raw["items"])
    return SetPlaces(str(raw["id"]), str(raw["shape"]), float(raw["corner"]), float(raw["bleed"]), items)


def _cell_of(raw: dict[str, Any]) -> FaceCell:
    return FaceCell(int(raw["page"]), Box(*map(float, raw["art"])), int(raw["turn"]), Box(*map(float, raw["clip"])),
                    tuple(Box(*map(float, b)) for b in raw.get("over", ())))
