"""Standees: a figure that stands up, its front and back one strip folded over at the top.

The strip, bottom to top: a foot, the front, the fold at the figure's top, the back
(upside down on the strip, so it reads upright once folded) and the other foot. Beside it
lies the base, a card with a slot: glue front to back, push both feet down through the
slot and fold them out under the base, one each way. `width` × `height` is the figure,
`foot` how far each foot reaches and `base` how deep the base is; the base is as wide as
the figure and BASE_MARGIN more on each side, its slot as long as the figure is wide and a
little more.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.shapes.folded import Folded
from pnp.shapes.net import MM, Net, Panel, rectangle, settled

BASE_MARGIN = 5 * MM  # the base reaches this far past the figure on either side
SLOT_ROOM = 1 * MM  # the slot is this much longer than the figure is wide
SLOT_WIDTH = 1 * MM  # two layers of card and the glue between them
BASE_GAP = 4 * MM  # between the strip's bleed and the base


@dataclass(frozen=True)
class Standee(Folded):
    foot: float  # how far each foot reaches
    base: float  # how deep the base is

    @property
    def tts_figure(self) -> bool:
        return True

    def net(self, width: float, height: float, bleed: float = 0.0) -> Net:
        w, h, foot = width, height, self.foot
        panels = [Panel("front", 0.0, foot, w, h, bleeds=(True, True, True, False)),
                  Panel("back", 0.0, foot + h, w, h, turn=180, bleeds=(True, False, True, True))]
        folds = [((0.0, y), (w, y)) for y in (foot, foot + h, foot + 2 * h)]
        # The base lies turned beside the strip, its long side upright: nets stay narrow.
        x = w + bleed + BASE_GAP
        across = w + 2 * BASE_MARGIN
        slot = rectangle(x + (self.base - SLOT_WIDTH) / 2, (across - w - SLOT_ROOM) / 2, SLOT_WIDTH, w + SLOT_ROOM)
        cuts = [rectangle(0.0, 0.0, w, 2 * foot + 2 * h), rectangle(x, 0.0, self.base, across), slot]
        return settled(panels, cuts, folds)


def standee(foot: float, base: float) -> Standee:
    return Standee("standee", natural_layout="net", tts_tile_type=0, product_kind="standee", foot=foot, base=base)
