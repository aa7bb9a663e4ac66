"""Tuck boxes: a box for a deck, folded from one net. Its panels are measured fold to fold
(pnp.model.nets works them out from the deck): the front and back `width` × `height`, the
sides `depth` wide. Left to right: a glue flap, the front, a side, the back, a side. The
lid hangs on the back's top edge with the tuck flap beyond it, and a thumb notch is cut
into the front's top edge to pull the flap out; the bottom hangs on the front's lower
edge, its glue flap beyond it. Each side has a dust flap at either end.

To make one: cut the outline, fold every dashed line away from you (print outside), glue
the side glue flap inside the last side, fold the bottom's dust flaps in and glue the
bottom's flap inside the back; the lid closes over the top's dust flaps and tucks in.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.shapes.folded import Folded
from pnp.shapes.geometry import Point, Polygon
from pnp.shapes.net import MM, Net, Panel, arc, settled

TUCK_FLAP = 15 * MM  # how far the tuck flap reaches past the lid (at most half the box's height)
TUCK_INSET = 1 * MM  # the tuck flap is this much narrower than the lid on each side, to slide in
DUST_FLAP = 15 * MM  # how far a dust flap reaches (at most a third of the box's width)
GLUE_ROOM = 1 * MM  # the side glue flap stays this far short of the side it is glued inside


@dataclass(frozen=True)
class TuckBox(Folded):
    depth: float  # a side panel's width, fold to fold
    glue_flap: float
    thumb_notch: float  # the notch's diameter; 0: none

    @property
    def on_table(self) -> bool:
        return False

    @property
    def panel_faces(self) -> tuple[str, ...]:
        return ("side", "top")

    def face_size(self, face: str, width: float, height: float) -> tuple[float, float]:
        if face == "side":
            return self.depth, height
        if face == "top":
            return width, self.depth
        return width, height

    def _flaps(self, width: float, height: float) -> tuple[float, float, float, float]:
        """(side glue flap, bottom glue flap, tuck flap, dust flap): how far each reaches from its fold."""
        depth = self.depth
        return (min(self.glue_flap, max(depth - GLUE_ROOM, depth / 2)), self.glue_flap, min(TUCK_FLAP, height / 2),
                min(DUST_FLAP, width / 3))

    def net(self, width: float, height: float, bleed: float = 0.0) -> Net:
        w, h, d = width, height, self.depth
        glue, bottom_glue, tuck, dust = self._flaps(w, h)
        x1, x2, x3, x4, x5 = glue, glue + w, glue + w + d, glue + 2 * w + d, glue + 2 * w + 2 * d
        yb, y0 = bottom_glue, bottom_glue + d
        y1, y2 = y0 + h, y0 + h + d
        outline = [(x1, y1), *self._notch((x1 + x2) / 2, y1)]
        outline += [(x2, y1), *_dust_flap(x2, x3, y1, dust), (x3, y1), (x3, y2)]
        outline += _tuck_flap(x3, x4, y2, tuck)
        outline += [(x4, y2), (x4, y1), *_dust_flap(x4, x5, y1, dust), (x5, y1), (x5, y0)]
        outline += [*_dust_flap(x5, x4, y0, -dust), (x4, y0), (x3, y0), *_dust_flap(x3, x2, y0, -dust), (x2, y0)]
        outline += [(x2, yb), *_glue_flap((x2, yb), (x1, yb), (0.0, -1.0), bottom_glue, w), (x1, yb), (x1, y0)]
        outline += _glue_flap((x1, y0), (x1, y1), (-1.0, 0.0), glue, h)
        panels = [
            Panel("front", x1, y0, w, h, bleeds=(True, False, False, True)),
            Panel("side", x2, y0, d, h, bleeds=(False, True, False, True)),
            Panel("back", x3, y0, w, h, bleeds=(False, True, False, False)),
            Panel("side", x4, y0, d, h, bleeds=(False, True, True, True)),
            # The lid reads from the front of the box, its top at the back: turned on the net.
            Panel("top", x3, y1, w, d, turn=180, bleeds=(True, False, True, True)),
            Panel("top", x1, yb, w, d, bleeds=(True, True, True, False)),
        ]
        folds = [((x, y0), (x, y1)) for x in (x1, x2, x3, x4)]
        folds += [((x2, y1), (x3, y1)), ((x3, y1), (x4, y1)), ((x4, y1), (x5, y1)),
                  ((x3 + TUCK_INSET, y2), (x4 - TUCK_INSET, y2))]
        folds += [((x1, y0), (x2, y0)), ((x2, y0), (x3, y0)), ((x4, y0), (x5, y0)), ((x1, yb), (x2, yb))]
        return settled(panels, [Polygon(tuple(_distinct(outline)))], folds)

    def _notch(self, cx: float, y: float) -> list[Point]:
        """The thumb notch: half a circle cut down into the front's top edge."""
        radius = self.thumb_notch / 2
        return arc((cx, y), radius, 180, 360) if radius > 0 else []


def _dust_flap(x0: float, x1: float, y: float, reach: float) -> list[Point]:
    """A dust flap's free corners: on the fold from x0 to x1 at y, reaching `reach` up (or down,
    negative), its ends slanted in so that it slides past the box's walls."""
    chamfer = min(abs(reach) / 2, abs(x1 - x0) / 3)
    inward = chamfer if x1 > x0 else -chamfer
    return [(x0 + inward, y + reach), (x1 - inward, y + reach)]


def _tuck_flap(x0: float, x1: float, y: float, reach: float) -> list[Point]:
    """The tuck flap on the lid's edge from x0 to x1 at y: a little narrower, its corners rounded."""
    left, right = x0 + TUCK_INSET, x1 - TUCK_INSET
    radius = min(reach, (right - left) / 3)
    return [(left, y), *arc((left + radius, y + reach - radius), radius, 180, 90),
            *arc((right - radius, y + reach - radius), radius, 90, 0), (right, y)]


def _glue_flap(start: Point, end: Point, out: tuple[float, float], reach: float, length: float) -> list[Point]:
    """A glue flap's free corners on the fold from start to end, reaching `reach` in direction out,
    its ends cut at 45° (less where the fold is short)."""
    chamfer = min(reach, length / 4)
    along = ((end[0] - start[0]) / length, (end[1] - start[1]) / length)
    return [(start[0] + out[0] * reach + along[0] * chamfer, start[1] + out[1] * reach + along[1] * chamfer),
            (end[0] + out[0] * reach - along[0] * chamfer, end[1] + out[1] * reach - along[1] * chamfer)]


def _distinct(points: list[Point]) -> list[Point]:
    """The outline without a point repeated where two parts of it meet."""
    kept: list[Point] = []
    for point in points:
        if not kept or max(abs(point[0] - kept[-1][0]), abs(point[1] - kept[-1][1])) > 1e-9:
            kept.append(point)
    if len(kept) > 1 and max(abs(kept[0][0] - kept[-1][0]), abs(kept[0][1] - kept[-1][1])) <= 1e-9:
        kept.pop()
    return kept


def tuck_box(depth: float, glue_flap: float, thumb_notch: float) -> TuckBox:
    return TuckBox("tuck-box", natural_layout="net", tts_tile_type=0, product_kind="tuck-box", depth=depth,
                   glue_flap=glue_flap, thumb_notch=thumb_notch)
