"""Two versions of a game's components (pnp.playtest.versions) → what was added, removed and
changed, per set and item, and which copies to print again.

An item is known by its set and id. It is *added* (print all its copies), *removed*
(nothing to print), *changed* when a face of it paints otherwise (print all its copies
again: a front and its back are one piece of card), or has only its *count* changed (print
the copies it gained). A side that gained or lost its face is added or removed. Each
distinct pair of faces is compared once (a set's one back, behind every card).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from pnp.playtest.compare import Difference, compare
from pnp.playtest.faces import PaintedFace, PrintedFace
from pnp.playtest.versions import SIDES, Version

ADDED, REMOVED, CHANGED, COUNT = "added", "removed", "changed", "count"


@dataclass(frozen=True)
class FaceChange:
    """What changed on one side of an item: its words, and the words or copies the detail says."""

    side: str
    what: tuple[str, ...]
    detail: str = ""


@dataclass(frozen=True)
class ItemChange:
    set_id: str
    item: str
    status: str  # ADDED, REMOVED, CHANGED or COUNT
    count_before: int
    count_after: int
    faces: tuple[FaceChange, ...] = ()

    @property
    def reprint(self) -> int:
        """The copies to print again."""
        if self.status in (ADDED, CHANGED):
            return self.count_after
        return max(0, self.count_after - self.count_before) if self.status == COUNT else 0


@dataclass(frozen=True)
class Shown:
    """A change the changes PDF shows: one side of the items of a set that changed alike (the same
    words, the same face before and after: a set's one back behind every card is shown once), and
    where the report draws that face from, before and after (pnp.playtest.faces' `source`)."""

    set_id: str
    items: tuple[str, ...]
    change: FaceChange
    before: dict | None = None
    after: dict | None = None


@dataclass(frozen=True)
class SetTally:
    """A set's items now, how many of them changed in each way, and how many copies to print again."""

    set_id: str
    items: int
    changed: int = 0
    added: int = 0
    removed: int = 0
    count: int = 0
    reprint: int = 0

    @property
    def unchanged(self) -> int:
        return self.items - self.changed - self.added - self.count


@dataclass(frozen=True)
class Changes:
    """What changed in one language: each set's tally, each item that changed, and what the report
    shows of them, in the sets' order."""

    language: str
    sets: tuple[SetTally, ...]
    items: tuple[ItemChange, ...]
    shown: tuple[Shown, ...] = ()

    @property
    def unchanged(self) -> bool:
        return not self.items

    def item(self, set_id: str, key: str) -> ItemChange | None:
        return next((i for i in self.items if i.set_id == set_id and i.item == key), None)

    def reprint(self) -> dict[str, dict[str, int]]:
        """Copies to print again, by set and item."""
        copies: dict[str, dict[str, int]] = {}
        for item in self.items:
            if item.reprint:
                copies.setdefault(item.set_id, {})[item.item] = item.reprint
        return copies

    def to_json(self) -> bytes:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    @classmethod
    def from_json(cls, data: bytes) -> Changes:
        raw = json.loads(data)

        def face(change: dict) -> FaceChange:
            return FaceChange(change["side"], tuple(change["what"]), change["detail"])

        items = tuple(ItemChange(**{**i, "faces": tuple(face(f) for f in i["faces"])}) for i in raw["items"])
        shown = tuple(Shown(s["set_id"], tuple(s["items"]), face(s["change"]), s["before"], s["after"])
                      for s in raw["shown"])
        return cls(raw["language"], tuple(SetTally(**s) for s in raw["sets"]), items, shown)


def compare_versions(before: Version, after: Version, language: str) -> Changes:
    """Every item of both versions, compared: the sets and items of now in order, then those only before."""
    if not (before.exact and after.exact):
        for version in (before, after):
            version.paint_together()  # every face will be drawn
    comparison = _Comparison(before, after)
    then, now = before.copies(), after.copies()
    tallies, changes = [], []
    for set_id in [*now, *(s for s in then if s not in now)]:
        items_then, items_now = then.get(set_id, {}), now.get(set_id, {})
        found = [change for key in [*items_now, *(k for k in items_then if k not in items_now)]
                 if (change := comparison.item(set_id, key, items_then, items_now)) is not None]
        changes += found
        tallies.append(_tally(set_id, len(items_now), found))
    return Changes(language, tuple(tallies), tuple(changes), comparison.shown())


def _tally(set_id: str, items: int, found: list[ItemChange]) -> SetTally:
    def counted(status: str) -> int:
        return sum(change.status == status for change in found)

    return SetTally(set_id, items, counted(CHANGED), counted(ADDED), counted(REMOVED), counted(COUNT),
                    sum(change.reprint for change in found))


Face = PaintedFace | PrintedFace


@dataclass
class _Alike:
    """Items of a set whose side changed alike: the change, its faces before and after, the items."""

    set_id: str
    change: FaceChange
    old: Face | None
    new: Face | None
    items: list[str]


class _Comparison:
    """Compares items of two versions, each distinct pair of faces once, and gathers what to show."""

    def __init__(self, before: Version, after: Version):
        self.before, self.after = before, after
        self.compared: dict[tuple, Difference | None] = {}
        self.alike: list[_Alike] = []

    def item(self, set_id: str, key: str, then: dict[str, int], now: dict[str, int]) -> ItemChange | None:
        """How an item changed (None: it did not), given each version's copies of the set's items."""
        if key not in then or key not in now:
            status, version = (ADDED, self.after) if key not in then else (REMOVED, self.before)
            sides = []
            for side in SIDES:
                face = version.face(set_id, key, side)
                if face is not None:
                    sides.append(FaceChange(side, (status,)))
                    self._show(set_id, key, sides[-1], *((None, face) if status == ADDED else (face, None)))
            return ItemChange(set_id, key, status, then.get(key, 0), now.get(key, 0), tuple(sides))
        faces = tuple(change for side in SIDES if (change := self._side(set_id, key, side)) is not None)
        if faces:
            return ItemChange(set_id, key, CHANGED, then[key], now[key], faces)
        if then[key] != now[key]:
            change = FaceChange("front", (COUNT,), f"{then[key]} → {now[key]}")
            self._show(set_id, key, change, None, self.after.face(set_id, key, "front"))
            return ItemChange(set_id, key, COUNT, then[key], now[key], (change,))
        return None

    def _side(self, set_id: str, key: str, side: str) -> FaceChange | None:
        old, new = self.before.face(set_id, key, side), self.after.face(set_id, key, side)
        if old is None or new is None:
            if old is new:
                return None
            change = FaceChange(side, (ADDED,) if old is None else (REMOVED,))
        else:
            difference = self._compare(old, new)
            if difference is None:
                return None
            change = FaceChange(side, difference.what, difference.detail)
        self._show(set_id, key, change, old, new)
        return change

    def _compare(self, old: Face, new: Face) -> Difference | None:
        pair = (old.key, new.key)
        if pair not in self.compared:
            self.compared[pair] = compare(old, new)
        return self.compared[pair]

    def _show(self, set_id: str, key: str, change: FaceChange, old: Face | None, new: Face | None) -> None:
        for alike in self.alike:
            if (alike.set_id, alike.change) == (set_id, change) and self._same(alike.new, new) \
                    and self._same(alike.old, old):
                alike.items.append(key)
                return
        self.alike.append(_Alike(set_id, change, old, new, [key]))

    def _same(self, one: Face | None, other: Face | None) -> bool:
        """Whether two faces of one version paint alike (those cut from a sheet, to its tolerance)."""
        if one is None or other is None:
            return one is other
        if one.key == other.key:
            return True
        return not (one.exact and other.exact) and self._compare(one, other) is None

    def shown(self) -> tuple[Shown, ...]:
        return tuple(Shown(a.set_id, tuple(a.items), a.change, a.old.source() if a.old else None,
                           a.new.source() if a.new else None) for a in self.alike)
