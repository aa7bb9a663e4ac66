"""A diagram or example-step Drawing → the bytes of its standalone PDF, PNG and SVG files.

The PDF is reportlab's invariant output with embedded fonts; the PNG is that PDF
rasterized (so both match) with its DPI stored; the SVG comes from the same Drawing.
Words the SVG sets in a game's own font (game.yaml's `fonts:`) name that family, its
weight and style, and the SVG carries the font itself, cut to those words (@font-face,
pnp.text.subset), so a browser shows them as the PDF does. The build
(pnp.targets.kinds.diagrams) names and writes the files.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ElementTree

from reportlab.graphics import renderSVG, shapes
from reportlab.pdfgen.canvas import Canvas

from pnp.output.raster import page_png
from pnp.paint import pdfdraw
from pnp.text.fonts import font_name
from pnp.text.subset import SVG_FONT, css_family, css_font, used_font_faces

FORMATS = ("pdf", "png", "svg")
SVG = "http://www.w3.org/2000/svg"

ElementTree.register_namespace("", SVG)
ElementTree.register_namespace("xlink", "http://www.w3.org/1999/xlink")


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
    svg = renderSVG.drawToString(drawing)
    if not any(css_family(name) for name in SVG_FONT.findall(svg)):
        return svg.encode("utf-8")
    return _carrying_game_fonts(ElementTree.fromstring(svg))


def _carrying_game_fonts(root: ElementTree.Element) -> bytes:
    """The SVG with each word set in a game's font naming its family, weight and style (after a
    generic family), and the fonts its words are set in inside it, cut to those words."""
    words, fonts = [], []
    for element in root.iter():
        match = SVG_FONT.search(element.get("style") or "")
        if match and css_family(match.group(1)):
            words.append("".join(element.itertext()))
            fonts.append(match.group(1))
            element.set("style", SVG_FONT.sub(lambda m: css_font(m.group(1), "sans-serif"), element.get("style", "")))
    style = ElementTree.Element(f"{{{SVG}}}style")
    style.text = used_font_faces("".join(words), fonts)
    root.insert(0, style)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ElementTree.tostring(root, encoding="utf-8",
                                                                              xml_declaration=False) + b"\n"
