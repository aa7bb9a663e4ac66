"""Rule diagrams and example plays: YAML specs and engine states → scenes → reportlab Drawings.

`load_diagrams`, `diagram_picture` and `example_pictures` (in `api`) are what a
rulebook uses; `output.picture_files` turns one picture into PDF, PNG and SVG bytes. Engine
adapters (one module per game) turn engine states into scene frames; `render` paints
scenes with the game's printed faces.
"""

from pnp.paint.diagrams.api import (
    diagram_caption,
    diagram_drawing,
    diagram_picture,
    example_pictures,
    example_steps,
    load_diagrams,
)
from pnp.paint.diagrams.render import Picture

__all__ = ["Picture", "diagram_caption", "diagram_drawing", "diagram_picture", "example_pictures", "example_steps",
           "load_diagrams"]
