"""Rule diagrams and example plays drawn: scenes (pnp.diagrams) → reportlab Drawings.

`diagram_picture` and `example_pictures` (in `api`) are what a rulebook uses;
`output.picture_files` turns one picture into PDF, PNG and SVG bytes; `render` paints
scenes with the game's printed faces.
"""

from pnp.paint.diagrams.api import (
    diagram_drawing,
    diagram_picture,
    example_pictures,
    example_steps,
)
from pnp.paint.diagrams.render import Picture

__all__ = ["Picture", "diagram_drawing", "diagram_picture", "example_pictures", "example_steps"]
