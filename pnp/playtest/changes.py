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
from pnp.playtest.versions import SIDES, Version

ADDED, REMOVED, CHANGED, COUNT = "added", "removed", "changed", "count"


@dataclass(frozen=True)
class FaceChange:
    """One side of an item that changed: what changed, and where a report draws it from before and after."""

    side: str
    what: tuple[str, ...]
    detail: str = ""
    before: dict | None = None
    after: dict | None = None


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
    """What changed in one language: each set's tally and each item that changed, in the sets' order."""

    language: str
    sets: tuple[SetTally, ...]
    items: tuple[ItemChange, ...]

    @property
    def none(self) -> bool:
        return not self.items

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
        items = tuple(ItemChange(**{**item, "faces": tuple(FaceChange(**{**face, "what": tuple(face["what"])})
                                                           for face in item["faces"])})
                      for item in raw["items"])
        return cls(raw["language"], tuple(SetTally(**s) for s in raw["sets"]), items)


def compare_versions(before: Version, after: Version, language: str) -> Changes:
    """Every item of both versions, compared: the sets and items of now in order, then those only before."""
    then, now = before.copies(), after.copies()
    compared: dict[tuple, Difference | None] = {}
    tallies, changes = [], []
    for set_id in [*now, *(s for s in then if s not in now)]:
        items_then, items_now = then.get(set_id, {}), now.get(set_id, {})
        found = [change for key in [*items_now, *(k for k in items_then if k not in items_now)]
                 if (change := _item(before, after, set_id, key, (items_then, items_now), compared)) is not None]
        changes += found
        tallies.append(_tally(set_id, len(items_now), found))
    return Changes(language, tuple(tallies), tuple(changes))


def _tally(set_id: str, items: int, found: list[ItemChange]) -> SetTally:
    def counted(status: str) -> int:
        return sum(change.status == status for change in found)

    return SetTally(set_id, items, counted(CHANGED), counted(ADDED), counted(REMOVED), counted(COUNT),
                    sum(change.reprint for change in found))


def _item(before: Version, after: Version, set_id: str, key: str, copies: tuple[dict, dict],
          compared: dict) -> ItemChange | None:
    """How an item changed (None: it did not), given each version's copies of the set's items."""
    then, now = copies
    if key not in then:
        faces = tuple(FaceChange(side, (ADDED,), after=face.source()) for side, face in _faces(after, set_id, key))
        return ItemChange(set_id, key, ADDED, 0, now[key], faces)
    if key not in now:
        faces = tuple(FaceChange(side, (REMOVED,), before=face.source()) for side, face in _faces(before, set_id, key))
        return ItemChange(set_id, key, REMOVED, then[key], 0, faces)
    count_then, count_now = then[key], now[key]
    faces = tuple(change for side in SIDES if (change := _side(before, after, set_id, key, side, compared)) is not None)
    if faces:
        return ItemChange(set_id, key, CHANGED, count_then, count_now, faces)
    if count_then != count_now:
        shown = tuple(FaceChange(side, (COUNT,), f"{count_then} → {count_now}", after=face.source())
                      for side, face in _faces(after, set_id, key) if side == "front")
        return ItemChange(set_id, key, COUNT, count_then, count_now, shown)
    return None


def _faces(version: Version, set_id: str, key: str):
    for side in SIDES:
        face = version.face(set_id, key, side)
        if face is not None:
            yield side, face


def _side(before: Version, after: Version, set_id: str, key: str, side: str, compared: dict) -> FaceChange | None:
    old, new = before.face(set_id, key, side), after.face(set_id, key, side)
    if old is None or new is None:
        if new is not None:
            return FaceChange(side, (ADDED,), after=new.source())
        return FaceChange(side, (REMOVED,), before=old.source()) if old is not None else None
    pair = (old.key, new.key)
    if pair not in compared:
        compared[pair] = compare(old, new)
    difference = compared[pair]
    if difference is None:
        return None
    return FaceChange(side, difference.what, difference.detail, old.source(), new.source())
