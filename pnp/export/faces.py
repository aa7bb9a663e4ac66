"""A set's distinct faces, and a face Drawing → an image of an exact pixel size (optionally
transparent outside its shape) or a page of a PDF of faces alone.

The image is the Drawing's own PDF rendered by PDFium (as PNG sheets are), so an export
shows what the sheets print. Shapes are cut with a mask drawn at four times the size
and reduced, so their edges are smooth and the same on every run.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

from pnp.model.components import Item
from pnp.model.faces import Face
from pnp.output.raster import render_page_size
from pnp.paint import pdfdraw
from pnp.paint.diagrams.output import drawing_pdf
from pnp.shapes import Shape
from pnp.shapes.geometry import Ellipse, Outline, Polygon
from pnp.text.fonts import font_name

SUPERSAMPLE = 4


@dataclass(frozen=True)
class DistinctFace:
    """A face drawn once however many items show it: on its `side` (front or back) of the first
    item that shows it (`item` None: the back every item shares)."""

    face: Face
    item: str | None
    side: str


def distinct_faces(items: tuple[Item, ...]) -> list[DistinctFace]:
    """The items' distinct faces in their order, each item's front before its own back, and the back
    they all share (if they do) last."""
    backs = {item.back for item in items if item.back is not None and item.back != item.front}
    shared = backs.pop() if len(backs) == 1 else None
    found: dict[Face, DistinctFace] = {}
    for item in items:
        found.setdefault(item.front, DistinctFace(item.front, item.id, "front"))
        if item.back is not None and item.back != shared:
            found.setdefault(item.back, DistinctFace(item.back, item.id, "back"))
    if shared is not None:
        found.setdefault(shared, DistinctFace(shared, None, "back"))
    return list(found.values())


def faces_pdf(sets: list[tuple[str, list[tuple[Drawing, str]]]], title: str) -> bytes:
    """Each set's Drawings, each on a page of its own, the page its size. The PDF's outline (a
    reader's bookmarks, and how pnp serve names the pages) has an entry per set, leading to its
    first page, and under it one per page, named as given."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=font_name(), pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    number = 0
    for set_number, (set_name, pages) in enumerate(sets, start=1):
        for index, (drawing, name) in enumerate(pages):
            number += 1
            canvas.setPageSize((drawing.width, drawing.height))
            pdfdraw.draw(drawing, canvas, 0, 0)
            if index == 0:  # an entry is named by its own key: the set's and its first face's differ
                canvas.bookmarkPage(f"set{set_number}")
                canvas.addOutlineEntry(set_name, f"set{set_number}", level=0)
            canvas.bookmarkPage(f"face{number}")
            canvas.addOutlineEntry(name, f"face{number}", level=1)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


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
