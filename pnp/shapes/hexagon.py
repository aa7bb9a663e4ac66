"""Flat-topped hexagons: map tiles. `width` is corner to corner, √3/2 of it flat to flat;
on a sheet they form a honeycomb, neighbours sharing an edge."""

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

    def arrangement(self, layout: str | None) -> str | None:
        if layout == "honeycomb":
            return "honeycomb"
        return super().arrangement(layout)

    def layout_problem(self, layout: str) -> str | None:
        return None


HEXAGON = Hexagon("hexagon", natural_layout="honeycomb", tts_tile_type=1, product_kind="hexagon")
