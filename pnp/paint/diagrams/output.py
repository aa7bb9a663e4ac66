"""A diagram or example-step Drawing → the bytes of its standalone PDF, PNG and SVG files.

The PDF is reportlab's invariant output with embedded fonts; the PNG is that PDF
rasterized (so both match) with its DPI stored; the SVG comes from the same Drawing.
The build (pnp.targets.kinds.diagrams) names and writes the files.
"""

from __future__ import annotations

import io

from reportlab.graphics import renderSVG, shapes
from reportlab.pdfgen.canvas import Canvas

from pnp.output.raster import page_png
from pnp.paint import pdfdraw
from pnp.text.fonts import font_name

FORMATS = ("pdf", "png", "svg")


def picture_files(drawing: shapes.Drawing, stem: str, formats: tuple[str, ...], transparent: bool,
                  dpi: int) -> dict[str, bytes]:
    """One picture in each format, by extension: the PNG is the PDF rasterized."""
    pdf = drawing_pdf(drawing, stem)
    files = {}
    for extension in formats:
        if extension == "pdf":
            files[extension] = pdf
        elif extension == "png":
            files[extension] = page_png(pdf, 0, dpi, transparent=transparent)
        else:
            files[extension] = drawing_svg(drawing)
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


def drawing_svg(drawing: shapes.Drawing) -> bytes:
    return renderSVG.drawToString(drawing).encode("utf-8")
