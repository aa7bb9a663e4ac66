"""Discs: tokens and round pieces. Two discs touch at one point at most, so they cannot
share a cut: each keeps its own bleed on the sheet, a white `gutter` apart, and is cut
out along its cut guide."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.shapes.base import Shape
from pnp.shapes.geometry import Ellipse, Outline


@dataclass(frozen=True)
class Circle(Shape):
    def outline(self, x: float, y: float, w: float, h: float, grow: float = 0.0, corner: float = 0.0,
                fill_box: bool = False) -> Outline:
        if fill_box:
            return Ellipse(x + w / 2, y + h / 2, w / 2 + grow, h / 2 + grow)
        return Ellipse(x + w / 2, y + h / 2, w / 2 + grow, w / 2 + grow)

    @property
    def can_share_cuts(self) -> bool:
        return False

    @property
    def cut_on_outline(self) -> bool:
        return True

    def layout_problem(self, layout: str) -> str | None:
        if layout == "butted":
            return "discs cannot share cut lines; use 'gutter' (each disc with its own bleed)"
        return super().layout_problem(layout)


CIRCLE = Circle("circle", natural_layout="gutter", tts_tile_type=2, product_kind="circle")
