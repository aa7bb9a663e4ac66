"""Checked image files → shapes in a box: an SVG as vectors (svglib), a PNG or JPEG as an image.

An SVG has already been checked (pnp.model.images: no scripts, entities or outside
references, bounded); svglib turns it into a Drawing once per file, which every face
and paragraph that shows it shares. `placed` fits any image into a box, keeping the
box's size: an SVG is scaled from its own width and height.
"""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.model.files import read_regular_file
from pnp.model.images import is_vector
from pnp.model.limits import MAX_SVG_BYTES
from pnp.paint import picture

if TYPE_CHECKING:
    from reportlab.graphics import shapes


@functools.lru_cache(maxsize=128)
def _svg(path: str, size: int, mtime_ns: int) -> shapes.Drawing:
    import logging

    from svglib.svglib import svg2rlg

    data = read_regular_file(Path(path), MAX_SVG_BYTES)
    logging.getLogger("svglib").setLevel(logging.ERROR)  # it logs what it skips; pnp checked the file first
    drawing = svg2rlg(io.BytesIO(data), external_reference_root=str(Path(path).parent))
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        raise ValueError(f"the SVG {Path(path).name} has no size to draw at")
    return drawing


def svg_drawing(path: Path) -> shapes.Drawing:
    """The SVG as a Drawing (shared: do not change it)."""
    stat = Path(path).stat()
    return _svg(str(path), stat.st_size, stat.st_mtime_ns)


def aspect(path: Path) -> float:
    """Width over height of an image file."""
    if is_vector(path):
        drawing = svg_drawing(path)
        return drawing.width / drawing.height
    from pnp.model.images import pixel_size

    stat = Path(path).stat()
    width, height = pixel_size(path, stat.st_size, stat.st_mtime_ns)
    return width / height


def placed(path: Path, x: float, y: float, w: float, h: float):
    """The image drawn into the box with lower-left corner (x, y), w × h (drawing space, y up), as
    picture shapes (an SVG's own are svglib's reportlab shapes; `picture.as_reportlab` for a Drawing)."""
    if not is_vector(path):
        return picture.Image(x, y, w, h, str(path))
    drawing = svg_drawing(path)
    group = picture.Group(*drawing.contents)
    group.transform = (w / drawing.width, 0, 0, h / drawing.height, x, y)
    return group
