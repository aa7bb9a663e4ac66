"""A game's component sets → the art for diagram pieces: each item's printed face as a Drawing.

Faces are painted once per (set, item, side) by the same FacePainter that paints the
sheets, so a token in a diagram is the token on the sheet, only smaller.
"""

from __future__ import annotations

from pnp.model.components import ComponentSet, Item
from pnp.model.game import Game
from pnp.paint.diagrams import scene as sc
from pnp.paint.diagrams.render import Art
from pnp.paint.faces import FacePainter


class GameArt:
    """Looks pieces up in the game's sets and paints their faces, caching each Drawing."""

    def __init__(self, game: Game, painter: FacePainter):
        self.sets = {s.id: s for s in game.sets}
        self.painter = painter
        self.cache: dict[tuple[str, str, str], Art | None] = {}

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

    def __call__(self, piece: sc.Piece) -> Art | None:
        key = (piece.set_id, piece.item_id, piece.face)
        if key not in self.cache:
            self.cache[key] = self._paint(*key)
        return self.cache[key]

    def _paint(self, set_id: str, item_id: str, face: str) -> Art | None:
        if self.problem(set_id, item_id, face):
            return None
        component_set, item = self.find(set_id, item_id)
        side = item.back if face == "back" else item.front
        drawing = self.painter.drawing(side, component_set.shape, bleed=0.0, cut_guide=False)
        return Art(drawing, component_set.shape, side.width, side.height, max(i.width for i in component_set.items))
