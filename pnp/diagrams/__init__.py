"""Rule diagrams and example plays as scenes: YAML specs and engine states → pieces, marks
and labels at board coordinates, checked. Geometry and lookups only; pnp.paint.diagrams
draws the scenes.

`load_diagrams` reads and checks a game's diagram book (every move replayed by the
game's rules engine, every piece and caption found); `diagram_scene` and
`example_scenes` give what a diagram or an example's steps show. Each engine's adapter
(a module here for each of pnp's own games, an installed plugin's for any other; both found
by pnp.diagrams.engines) turns its states into frames.
"""

from pnp.diagrams.book import (
    diagram_caption,
    diagram_scene,
    example_scenes,
    load_diagrams,
)

__all__ = ["diagram_caption", "diagram_scene", "example_scenes", "load_diagrams"]
