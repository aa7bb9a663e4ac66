"""What tuck boxes and standees share: rectangular faces on panels of a net, cut along its
outline and folded on its fold lines. A net is laid out as it is (no grid of its own kind
shares cuts), carries its cut outline as a guide and has no back printed behind it."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.shapes.rectangle import Rectangle


@dataclass(frozen=True)
class Folded(Rectangle):
    @property
    def folded(self) -> bool:
        return True

    @property
    def marked(self) -> bool:
        return False

    @property
    def guided_by_default(self) -> bool:
        return True

    def arrangement(self, layout: str | None) -> tuple[str, str] | None:
        # Only its own: no layout a set or the game names says anything for a net. Nothing reads
        # the arrangement of a net, whose panels the shape lays out (pnp.layout.nets).
        return ("butted", "grid") if layout == self.natural_layout else None

    def layout_problem(self, layout: str) -> str | None:
        return f"a {self.name} is printed as its net; 'layout' says nothing for it"
