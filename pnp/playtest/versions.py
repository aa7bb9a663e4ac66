"""A game's components in one version and one language: its sets, their items' copies, their faces.

`PaintedVersion` paints a game's faces with a FacePainter: the game now, or as it was at a
git revision, painted by today's pnp. `PrintedVersion` reads what an earlier build printed:
its sheets PDF and the record beside it (pnp.layout.face_places). `Absent` has no sets:
the game, or the language, was not there. Items are known by their id within their set
(an id given twice is told apart by its place: `card`, `card#2`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from pnp.layout.face_places import FacePlaces
from pnp.paint.faces import FacePainter
from pnp.playtest.faces import Geometry, OpenPdf, PaintedFace, PrintedFace, pictures_pdf, printed_geometry

SIDES = ("front", "back")


class Version(Protocol):
    exact: bool  # whether its faces are painted now (compared exactly), or cut out of a sheet

    def copies(self) -> dict[str, dict[str, int]]:
        """Each set's items (by id) and how many of each print, sets and items in order."""
        ...

    def face(self, set_id: str, item_id: str, side: str) -> PaintedFace | PrintedFace | None:
        """The face of an item on a side; None if it has none there."""
        ...

    def paint_together(self) -> None:
        """Make ready to draw every face (a comparison with faces cut from a sheet draws them all)."""
        ...


def item_keys(ids: Iterable[str]) -> list[str]:
    """Each item's key in its set: its id, or `id#n` for the n-th item given that id."""
    seen: dict[str, int] = {}
    keys = []
    for item_id in ids:
        seen[item_id] = seen.get(item_id, 0) + 1
        keys.append(item_id if seen[item_id] == 1 else f"{item_id}#{seen[item_id]}")
    return keys


class _SetsByKey:
    """Sets by id, each with its items by key (item_keys), and how many of each print."""

    def __init__(self, sets: Iterable):
        self.sets = {s.id: (s, dict(zip(item_keys(i.id for i in s.items), s.items))) for s in sets}

    def copies(self) -> dict[str, dict[str, int]]:
        return {set_id: {key: item.count for key, item in items.items()} for set_id, (_, items) in self.sets.items()}


class PaintedVersion(_SetsByKey):
    """The faces of component sets (the model's), painted alone, each distinct one once."""

    exact = True

    def __init__(self, sets: Sequence, painter: FacePainter):
        super().__init__(sets)
        self.painter = painter
        self._faces: dict[tuple, PaintedFace] = {}

    def face(self, set_id: str, item_id: str, side: str) -> PaintedFace | None:
        component_set, items = self.sets[set_id]
        item = items[item_id]
        face = item.front if side == "front" else item.back
        if face is None:
            return None
        look = (face, component_set.shape, component_set.bleed)
        if look not in self._faces:
            picture = self.painter.picture(face, component_set.shape, component_set.bleed, cut_guide=False)
            geometry = Geometry(face.width, face.height, component_set.bleed, component_set.shape, component_set.corner)
            self._faces[look] = PaintedFace(picture, geometry)
        return self._faces[look]

    def paint_together(self) -> None:
        """Every face painted into one PDF, a page each, its fonts embedded once: what making a PDF of
        each face would cost again and again (most of it), when all of them are to be drawn."""
        for set_id, (_, items) in self.sets.items():
            for key in items:
                for side in SIDES:
                    self.face(set_id, key, side)
        faces = list(self._faces.values())
        together = OpenPdf(pictures_pdf([face.picture for face in faces]))
        for index, face in enumerate(faces):
            face.painted_in(together, index)


class PrintedVersion(_SetsByKey):
    """The faces an earlier build printed: cut out of its sheets PDF where its record says they are."""

    exact = False

    def __init__(self, places: FacePlaces, sheet: OpenPdf):
        super().__init__(places.sets)
        self.sheet = sheet

    def paint_together(self) -> None:
        pass  # its faces are drawn from its sheets as they are

    def face(self, set_id: str, item_id: str, side: str) -> PrintedFace | None:
        places, items = self.sets[set_id]
        item = items[item_id]
        cells = item.faces.get(side)
        if not cells:
            return None
        return PrintedFace(self.sheet, cells, printed_geometry(places, item.width, item.height))


class Absent:
    """A version without components: the game or the language was not there."""

    exact = True

    def paint_together(self) -> None:
        pass

    def copies(self) -> dict[str, dict[str, int]]:
        return {}

    def face(self, set_id: str, item_id: str, side: str) -> None:
        return None
