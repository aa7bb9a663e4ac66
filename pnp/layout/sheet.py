"""Sheet settings and duplex geometry: where a back lands behind its front.

Conventions (all lengths in points, origin bottom-left of the page, y up):

- The *printer margin* (`margin`, 5 mm unless a game says otherwise) is the edge a home
  printer leaves blank. Everything that must print (trims, cut marks and guides, footer,
  scale bar) stays inside it; bleed may run into it: a printer that prints there gives
  the cut more to spare, one that cannot leaves it blank and nothing is lost.
- Backs: turning the sheet over mirrors it about the axis of the edge it is flipped on.
  On portrait paper the long edge is vertical: long-edge → (W − x − w, y), art upright;
  short-edge → (x, H − y − h), art turned 180°. On landscape paper the long edge is
  horizontal, so the two swap (long-edge mirrors y and turns the art). A fold-over
  sheet is the same mirror about its fold line.
- A back offset (dx, dy) is added to back pages only: positive dx moves the back art
  right and positive dy moves it up, as seen looking at the back page (its PDF page).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

from pnp.layout.blocks import Arrangement
from pnp.layout.geometry import Box, Line
from pnp.layout.paper import FLIPS, Paper
from pnp.model.set_outline import SetFacts
from pnp.model.sheets import SheetChoices
from pnp.model.units import mm

__all__ = ["FLIPS", "Flip", "Mirror", "Placement", "SheetSettings", "arrangement_for", "back_line", "back_slot",
           "mirror_of", "settings_for", "turns_about_vertical"]

Flip = Literal["long", "short"]
T = TypeVar("T")

MARGIN = mm(5)
MARK_GAP = mm(1)
MARK_LENGTH = mm(5)
GUTTER = 0.0
# White paper between the bleeds of two discs or hexagons (shapes cut on their outline): a
# straight cut down its middle parts them a bleed and 1 mm away from either's trim.
CUT_GAP = mm(2)


@dataclass(frozen=True)
class SheetSettings:
    """The choices that hold for every sheet of a kit."""

    margin: float = MARGIN
    mark_length: float = MARK_LENGTH
    mark_gap: float = MARK_GAP
    fold: bool = False
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    layout: str | None = None  # the command line's --layout, over every set's own where its shape allows

    def printable(self, paper: Paper) -> Box:
        """The paper inside the printer margin."""
        return paper.box.inset(self.margin)


def settings_for(game_choices: SheetChoices, layout: str | None = None, flip: str = "long",
                 back_offset: tuple[float, float] = (0.0, 0.0)) -> SheetSettings:
    """A game's `sheets:` choices (pnp.model.sheets) with the command line's --layout over them."""
    fold = (layout or game_choices.layout) == "fold"
    return SheetSettings(margin=_given(game_choices.margin, MARGIN),
                         mark_length=_given(game_choices.mark_length, MARK_LENGTH), fold=fold, flip=flip,
                         back_offset=(0.0, 0.0) if fold else back_offset, layout=layout)


def arrangement_for(component_set: SetFacts, game_choices: SheetChoices, layout: str | None = None) -> Arrangement:
    """How a set's components are arranged: --layout, then the set's own, then the game's, where its shape allows."""
    shape = component_set.shape
    layouts = (layout, component_set.sheet.layout, game_choices.layout, shape.natural_layout)
    kind, lattice = next(k for k in map(shape.arrangement, layouts) if k is not None)
    default_gutter = CUT_GAP if shape.cut_on_outline else GUTTER
    gutter = _given(component_set.sheet.gutter, _given(game_choices.gutter, default_gutter))
    guides = next((g for g in (component_set.sheet.guides, game_choices.guides) if g is not None),
                  shape.guided_by_default)
    return Arrangement(kind, component_set.bleed, gutter, guides, lattice=lattice)


def _given(value: T | None, default: T) -> T:
    return default if value is None else value


@dataclass(frozen=True)
class Placement:
    """Where a face goes: its box and the turn (degrees, about the box centre) of its art."""

    box: Box
    rotation: int = 0


def turns_about_vertical(paper: Paper, flip: str) -> bool:
    """True when turning the sheet over on its flip edge mirrors the page left-right."""
    if flip not in FLIPS:
        raise ValueError(f"duplex flip must be one of {', '.join(FLIPS)}, got {flip!r}")
    # The long edge is the vertical one on portrait paper, the horizontal one on landscape.
    return (flip == "long") != paper.is_landscape


@dataclass(frozen=True)
class Mirror:
    """Turning a sheet over (or folding it) about a line: vertical (x = at) or horizontal (y = at)."""

    vertical: bool
    at: float
    offset: tuple[float, float] = (0.0, 0.0)

    def box(self, box: Box) -> Box:
        dx, dy = self.offset
        if self.vertical:
            return Box(2 * self.at - box.x - box.w + dx, box.y + dy, box.w, box.h)
        return Box(box.x + dx, 2 * self.at - box.y - box.h + dy, box.w, box.h)

    def point(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = self.offset
        return (2 * self.at - x + dx, y + dy) if self.vertical else (x + dx, 2 * self.at - y + dy)

    def line(self, line: Line) -> Line:
        return Line(*self.point(line.x0, line.y0), *self.point(line.x1, line.y1))

    def turn(self, front_turn: int) -> int:
        """The art turn behind a face turned front_turn: a card turned over about its own
        upright axis shows its back upright (so the mirror reverses the turn)."""
        return (-front_turn) % 360 if self.vertical else (180 - front_turn) % 360


def mirror_of(paper: Paper, flip: str, offset: tuple[float, float] = (0.0, 0.0)) -> Mirror:
    """The mirror that takes a front page to its back page for a duplex flip."""
    if turns_about_vertical(paper, flip):
        return Mirror(True, paper.width / 2, offset)
    return Mirror(False, paper.height / 2, offset)


def back_slot(box: Box, paper: Paper, flip: str, offset: tuple[float, float] = (0.0, 0.0)) -> Placement:
    """Where the back of the face at box prints on the back page, and how its art turns."""
    mirror = mirror_of(paper, flip, offset)
    return Placement(mirror.box(box), mirror.turn(0))


def back_line(line: Line, paper: Paper, flip: str, offset: tuple[float, float] = (0.0, 0.0)) -> Line:
    """Where a line on the front page lies on the back page."""
    return mirror_of(paper, flip, offset).line(line)
