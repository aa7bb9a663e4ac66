"""Rectangles, corners square or rounded by the set's `corner:` radius: cards, square tokens,
tiles and boards. They share cut lines on a sheet and are cut along the marks at a
block's edges; a rounded card's corners are cut with a corner rounder or by hand."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.shapes.base import Shape
from pnp.shapes.geometry import Outline, RoundedRect

TTS_TILE, TTS_ROUNDED_TILE = 0, 3


@dataclass(frozen=True)
class Rectangle(Shape):
    def outline(self, x: float, y: float, w: float, h: float, grow: float = 0.0, corner: float = 0.0,
                fill_box: bool = False) -> Outline:
        return RoundedRect(x - grow, y - grow, w + 2 * grow, h + 2 * grow, corner)

    @property
    def guided_by_default(self) -> bool:
        return False

    @property
    def marked(self) -> bool:
        return True

    def tts_tile(self, corner: float) -> int:
        return TTS_ROUNDED_TILE if corner > 0 else TTS_TILE


RECTANGLE = Rectangle("rect", natural_layout="butted", tts_tile_type=TTS_TILE, product_kind="rect")
