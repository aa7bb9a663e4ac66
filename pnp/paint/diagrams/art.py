"""A game's pieces → the art for diagrams: each item's printed face as a Drawing.

Faces are painted once per (set, item, side) by the same FacePainter that paints the
sheets, so a token in a diagram is the token on the sheet, only smaller.
"""

from __future__ import annotations

from pnp.diagrams import scene as sc
from pnp.diagrams.pieces import Pieces
from pnp.model.game import Game
from pnp.paint.diagrams.render import Art
from pnp.paint.faces import FacePainter


class GameArt(Pieces):
    """The game's pieces with their faces painted, each Drawing made once."""

    def __init__(self, game: Game, painter: FacePainter):
        super().__init__(game)
        self.painter = painter
        self.cache: dict[tuple[str, str, str], Art | None] = {}

    def __call__(self, piece: sc.Piece) -> Art | None:
        key = (piece.set_id, piece.item_id, piece.face)
        if key not in self.cache:
            self.cache[key] = self._paint(*key)
        return self.cache[key]

    def _paint(self, set_id: str, item_id: str, face: str) -> Art | None:
        found = self.find(set_id, item_id)
        if found is None:
            return None
        component_set, item = found
        side = item.back if face == "back" else item.front
        if side is None:
            return None
        drawing = self.painter.drawing(side, component_set.shape, bleed=0.0, cut_guide=False)
        return Art(drawing, component_set.shape, side.width, side.height, max(i.width for i in component_set.items))
