"""Flat-topped hexagons: map tiles. `width` is corner to corner, √3/2 of it flat to flat.

On a sheet they form a honeycomb, each tile with its own bleed and a white `gutter` from
its neighbours: in a honeycomb whose tiles share edges, three tiles meet at every inner
corner, and a cut that runs on past a corner, by any amount, goes into the third tile.
`butted` asks for the shared edges (one cut per edge, no gaps) all the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.shapes.base import Shape
from pnp.shapes.geometry import SQRT3, Outline, Polygon, hexagon


@dataclass(frozen=True)
class Hexagon(Shape):
    def natural_height(self, width: float) -> float:
        return width * SQRT3 / 2

    def outline(self, x: float, y: float, w: float, h: float, grow: float = 0.0, corner: float = 0.0,
                fill_box: bool = False) -> Outline:
        if fill_box:
            return Polygon(hexagon(x + w / 2, y + h / 2, w / 2 + grow * 2 / SQRT3, h / 2 + grow))
        # Grown by `grow` across each edge, its corners move out by 2/√3 of that.
        return Polygon(hexagon(x + w / 2, y + h / 2, w / 2 + grow * 2 / SQRT3))

    @property
    def cut_on_outline(self) -> bool:
        return True

    def arrangement(self, layout: str | None) -> tuple[str, str] | None:
        if layout == "honeycomb":
            return ("gutter", "honeycomb")
        if layout == "butted":
            return ("butted", "honeycomb")
        return super().arrangement(layout)

    def layout_problem(self, layout: str) -> str | None:
        return None


HEXAGON = Hexagon("hexagon", natural_layout="honeycomb", tts_tile_type=1, product_kind="hexagon")
