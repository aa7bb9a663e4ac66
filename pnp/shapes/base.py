"""What every component shape answers: its outline, how it sits on a sheet, its cut guide, its
Tabletop Simulator object and the print-shop product kind that can carry it; and for a
component folded from a net (a tuck box, a standee), its faces and its net.

How components sit on a sheet is two choices: whether neighbours share their cut lines
(`butted`) or each keeps its own bleed, `gutter` apart (`gutter`), and the lattice they
sit on (a `grid` of rows and columns, or a `honeycomb` of columns offset by half a tile).
A net is laid out as itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.shapes.geometry import Outline
from pnp.shapes.net import Net


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

    @property
    def cut_on_outline(self) -> bool:
        """Whether each component is cut out along its own outline rather than along straight
        cuts across the sheet: neighbours that do not share a cut then stand a white gap apart,
        for the scissors to pass between them without nicking either (pnp.layout.sheet)."""
        return False

    def arrangement(self, layout: str | None) -> tuple[str, str] | None:
        """(cuts, lattice) a layout name means for this shape, None if it says nothing for it:
        cuts `butted` (shared) or `gutter` (each its own), lattice `grid` or `honeycomb`."""
        if layout in (None, "fold", "honeycomb"):
            return None
        if layout == "butted" and not self.can_share_cuts:
            return None
        return (layout, "grid")

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

    @property
    def on_table(self) -> bool:
        """Whether Tabletop Simulator shows it (a deck's box has no use there)."""
        return True

    @property
    def tts_figure(self) -> bool:
        """Whether it stands on the virtual table as a custom figurine, front and back."""
        return False

    # --- components folded from a net -------------------------------------------------

    @property
    def folded(self) -> bool:
        """Whether its components are cut and folded from a net: their back is a panel beside
        the front, never printed behind it."""
        return False

    @property
    def panel_faces(self) -> tuple[str, ...]:
        """The faces a component has besides `front` and `back` (a tuck box's `side` and `top`)."""
        return ()

    def face_size(self, face: str, width: float, height: float) -> tuple[float, float]:
        """The size of the face named `face` of a component width × height (its front's size)."""
        return width, height

    def net(self, width: float, height: float, bleed: float = 0.0) -> Net | None:
        """The net a component width × height (its front's size) is cut and folded from, its art
        bleeding `bleed` where it may; None for a flat one."""
        return None
