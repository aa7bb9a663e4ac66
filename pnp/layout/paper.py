"""Paper names → page sizes in points, in either orientation."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.geometry import Box
from pnp.model.units import mm

# How a duplex printer turns the sheet for its back: about the long edge or the short one.
FLIPS: tuple[str, ...] = ("long", "short")


@dataclass(frozen=True)
class Paper:
    """A sheet of paper as the page sees it: width across, height up, in points."""

    name: str
    width: float
    height: float

    @property
    def is_landscape(self) -> bool:
        return self.width > self.height

    @property
    def box(self) -> Box:
        return Box(0.0, 0.0, self.width, self.height)

    def landscape(self) -> Paper:
        """This paper with its long side across (itself if it already is)."""
        if self.width >= self.height:
            return self
        return Paper(self.name, self.height, self.width)

    def portrait(self) -> Paper:
        """This paper with its long side up (itself if it already is)."""
        if self.height >= self.width:
            return self
        return Paper(self.name, self.height, self.width)

    def orientations(self) -> tuple[Paper, ...]:
        """Portrait first, then landscape; one entry for square paper."""
        upright, turned = self.portrait(), self.landscape()
        return (upright,) if upright == turned else (upright, turned)


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", mm(210), mm(297)),
    "letter": Paper("letter", 8.5 * 72, 11 * 72),
}


def paper_named(name: str) -> Paper:
    """The paper called name (case-insensitive); ValueError naming the choices if unknown."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        choices = ", ".join(sorted(PAPERS))
        raise ValueError(f"unknown paper {name!r}: expected one of {choices}") from None
