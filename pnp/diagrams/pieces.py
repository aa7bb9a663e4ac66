"""A game's component sets → the pieces a diagram may show: found by set, item and side, or
by the values of their attributes, and why one cannot be shown. No faces are painted here
(pnp.paint.diagrams.art paints them for the same pieces)."""

from __future__ import annotations

from pnp.model.components import ComponentSet, Item
from pnp.model.game import Game


class Pieces:
    """Looks pieces up in the game's sets."""

    def __init__(self, game: Game):
        self.sets = {s.id: s for s in game.sets}

    def find(self, set_id: str, item_id: str) -> tuple[ComponentSet, Item] | None:
        component_set = self.sets.get(set_id)
        if component_set is None:
            return None
        item = next((i for i in component_set.items if i.id == item_id), None)
        return None if item is None else (component_set, item)

    def item_with(self, set_id: str, values: dict) -> str | None:
        """The id of the first item of a set whose attributes have these values (compared as text)."""
        component_set = self.sets.get(set_id)
        wanted = {k: str(v) for k, v in values.items()}
        for item in component_set.items if component_set else ():
            have = {k: str(v) for k, v in item.values}
            if all(have.get(k) == v for k, v in wanted.items()):
                return item.id
        return None

    def problem(self, set_id: str, item_id: str, face: str) -> str | None:
        """Why a piece cannot be drawn (unknown set, item or side), or None."""
        if set_id not in self.sets:
            return f"no component set '{set_id}' (components.yaml has: {', '.join(self.sets) or 'none'})"
        found = self.find(set_id, item_id)
        if found is None:
            items = ", ".join(i.id for i in self.sets[set_id].items)
            return f"set '{set_id}' has no item '{item_id}' (it has: {items})"
        if face == "back" and found[1].back is None:
            return f"item '{item_id}' of set '{set_id}' has no back"
        return None
