"""A diagram or example-step Drawing → the bytes of its standalone PDF, PNG and SVG files.

The PDF is reportlab's invariant output with embedded fonts. The PNG and the SVG both
draw the Drawing with its words as the glyphs' outlines (pnp.paint.outlined), so they
look alike in every viewer: the PNG is that Drawing's PDF rasterized (the same page as
the PDF file, its text drawn from the same glyphs) with its DPI stored; the SVG
(pnp.paint.svg) is named by its caption, or keeps its words live text if asked, carrying
the fonts they are set in (a game's own family too) cut to those words. The
build (pnp.targets.kinds.diagrams) names and writes the files.
"""

from __future__ import annotations

import io

from reportlab.graphics import shapes
from reportlab.pdfgen.canvas import Canvas

from pnp.output.raster import page_png
from pnp.paint import pdfdraw
from pnp.paint.outlined import outlined
from pnp.paint.svg import svg_file
from pnp.text.fonts import font_name

FORMATS = ("pdf", "png", "svg")


def picture_files(drawing: shapes.Drawing, stem: str, formats: tuple[str, ...], transparent: bool, dpi: int,
                  caption: str = "", words: str = "", live_text: bool = False) -> dict[str, bytes]:
    """One picture in each format, by extension: the PNG is the PDF of its outlined Drawing rasterized;
    the SVG is titled by its caption and described by the other words it shows."""
    files = {}
    for extension in formats:
        if extension == "pdf":
            files[extension] = drawing_pdf(drawing, stem)
        elif extension == "png":
            files[extension] = page_png(drawing_pdf(outlined(drawing), stem), 0, dpi, transparent=transparent)
        else:
            files[extension] = svg_file(drawing, caption or stem, words, live_text)
    return files


def drawing_pdf(drawing: shapes.Drawing, title: str) -> bytes:
    """One page exactly the Drawing's size; invariant, so the same Drawing gives the same bytes."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(drawing.width, drawing.height), invariant=1, initialFontName=font_name(),
                    pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    pdfdraw.draw(drawing, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
