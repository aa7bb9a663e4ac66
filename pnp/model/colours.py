"""Colours from YAML: a palette name, '#rrggbb', 'cmyk(c%, m%, y%, k%)' or 'none'.

Colours stay plain data here (RGB or CMYK fractions); paint turns them into
reportlab colours, so the model needs no drawing library.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pnp.model.problems import listing, quote

_HEX = re.compile(r"#([0-9a-fA-F]{6})")
_PERCENT = r"\s*(\d{1,3}(?:\.\d+)?)%?\s*"
_CMYK = re.compile(rf"cmyk\({_PERCENT},{_PERCENT},{_PERCENT},{_PERCENT}\)")
BUILT_IN = {"white": "#ffffff", "black": "#000000"}


@dataclass(frozen=True)
class Colour:
    """An RGB colour (three 0–1 fractions) or a CMYK one (four), with the text it came from."""

    model: str
    components: tuple[float, ...]
    source: str = ""

    @property
    def hex(self) -> str:
        return "#" + "".join(f"{round(c * 255):02x}" for c in self.rgb)

    @property
    def rgb(self) -> tuple[float, float, float]:
        if self.model == "rgb":
            return self.components  # type: ignore[return-value]
        c, m, y, k = self.components
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))


NONE = None


def parse_colour(text: object, palette: Mapping[str, Colour] | None = None) -> Colour | None:
    """A Colour, or None for 'none'; ValueError naming what is accepted otherwise."""
    palette = palette or {}
    if isinstance(text, str):
        name = text.strip()
        if name == "none":
            return NONE
        if name in palette:
            return palette[name]
        if name in BUILT_IN:
            return parse_colour(BUILT_IN[name])
        if match := _HEX.fullmatch(name):
            digits = match.group(1)
            return Colour("rgb", tuple(int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)), name)
        if match := _CMYK.fullmatch(name):
            values = tuple(float(v) / 100 for v in match.groups())
            if all(0 <= v <= 1 for v in values):
                return Colour("cmyk", values, name)
    known = listing(sorted(palette)) or "none defined"
    raise ValueError(f"expected a palette colour ({known}), '#rrggbb', 'cmyk(c, m, y, k)' or 'none', got {quote(text)}")
