"""A face Drawing → an image of an exact pixel size, optionally transparent outside its shape.

The image is the Drawing's own PDF rendered by PDFium (as PNG sheets are), so an export
shows what the sheets print. Shapes are cut with a mask drawn at four times the size
and reduced, so their edges are smooth and the same on every run.
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw
from reportlab.graphics.shapes import Drawing

from pnp.output.raster import render_page_size
from pnp.paint.diagrams.output import drawing_pdf
from pnp.shapes import Shape
from pnp.shapes.geometry import Ellipse, Outline, Polygon

SUPERSAMPLE = 4


def face_image(drawing: Drawing, size: tuple[int, int], transparent: bool = False) -> Image.Image:
    """The Drawing as an RGB image (RGBA where nothing is drawn, if transparent) of exactly `size` pixels."""
    return render_page_size(drawing_pdf(drawing, "face"), 0, size, transparent=transparent)


def cut_to_shape(image: Image.Image, shape: Shape, corner: float = 0.0) -> Image.Image:
    """image (RGBA) made transparent outside the component's shape filling it.

    `corner` is a rectangle's corner radius as a fraction of its width.
    """
    mask = shape_mask(image.size, shape, corner)
    result = image.convert("RGBA")
    result.putalpha(ImageChops.multiply(result.getchannel("A"), mask))
    return result


def shape_mask(size: tuple[int, int], shape: Shape, corner: float = 0.0) -> Image.Image:
    """An 8-bit mask of size: 255 inside the shape's outline filling it, 0 outside."""
    return outline_mask(size, lambda scale: shape.outline(0, 0, size[0] * scale, size[1] * scale,
                                                          corner=corner * size[0] * scale, fill_box=True))


def outline_mask(size: tuple[int, int], outline_at) -> Image.Image:
    """An 8-bit mask of size: 255 inside an outline, 0 outside; outline_at(scale) is the outline in
    pixels times scale (it is drawn SUPERSAMPLE times larger and reduced, for smooth edges)."""
    big = Image.new("L", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), 0)
    _fill(ImageDraw.Draw(big), outline_at(SUPERSAMPLE))
    return big.resize(size, Image.Resampling.BOX)


def _fill(draw: ImageDraw.ImageDraw, outline: Outline) -> None:
    """The outline filled in white; a box's far edges are its last pixels, as Pillow counts them."""
    if isinstance(outline, Ellipse):
        draw.ellipse((outline.cx - outline.rx, outline.cy - outline.ry, outline.cx + outline.rx - 1,
                      outline.cy + outline.ry - 1), fill=255)
    elif isinstance(outline, Polygon):
        draw.polygon(list(outline.points), fill=255)
    else:
        draw.rounded_rectangle((outline.x, outline.y, outline.x + outline.w - 1, outline.y + outline.h - 1),
                               radius=outline.radius, fill=255)


def padded(image: Image.Image, margin: int) -> Image.Image:
    """image centred on a transparent canvas `margin` pixels larger on every side."""
    canvas = Image.new("RGBA", (image.width + 2 * margin, image.height + 2 * margin), (0, 0, 0, 0))
    canvas.paste(image, (margin, margin))
    return canvas
