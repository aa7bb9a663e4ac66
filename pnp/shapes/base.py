"""What every component shape answers: its outline, how it sits on a sheet, its cut guide, its
Tabletop Simulator object and the print-shop product kind that can carry it."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.shapes.geometry import Outline


@dataclass(frozen=True)
class Shape:
    """A component shape. `name` is how components.yaml writes it (`shape: hexagon`)."""

    name: str
    natural_layout: str  # how its components are laid out unless a set or the game says otherwise
    tts_tile_type: int  # Tabletop Simulator's CustomTile type
    product_kind: str  # the die of a shop product that carries it: a product's `shape:` in templates/shops

    def __str__(self) -> str:
        return self.name

    def natural_height(self, width: float) -> float:
        """The height of a component `width` wide when none is given."""
        return width

    def outline(self, x: float, y: float, w: float, h: float, grow: float = 0.0, corner: float = 0.0,
                fill_box: bool = False) -> Outline:
        """The component's cut, with its trim box at (x, y, w, h), grown by `grow` on every side;
        `corner` rounds a rectangle's corners. A circle or hexagon is sized by the box's width
        (its height follows from it), unless fill_box stretches it to the box (an image's pixels)."""
        raise NotImplementedError

    @property
    def guided_by_default(self) -> bool:
        """Whether its sheets draw a cut guide on each component unless told otherwise (a
        rectangle's cut marks say all there is to cut)."""
        return True

    @property
    def marked(self) -> bool:
        """Whether a block of these components gets cut marks at its edges (straight cuts)."""
        return False

    def arrangement(self, layout: str | None) -> str | None:
        """The arrangement a layout name means for this shape, None if it says nothing for it."""
        if layout in (None, "fold"):
            return None
        if layout == "butted":
            return self.natural_layout if self.can_share_cuts else None
        if layout == "honeycomb":
            return None
        return layout

    def layout_problem(self, layout: str) -> str | None:
        """Why a set of this shape cannot be laid out so, or None."""
        if layout == "honeycomb":
            return f"a honeycomb is for hexagon sets; this set's shape is {self.name}"
        return None

    @property
    def can_share_cuts(self) -> bool:
        return True

    def tts_tile(self, corner: float) -> int:
        """The CustomTile type of a component of this shape with this corner radius."""
        return self.tts_tile_type
