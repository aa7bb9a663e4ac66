"""A reportlab Drawing → an SVG document: pnp's one way to write SVG, for diagrams written
alone and for the pictures inside web pages.

reportlab's renderSVG writes the Drawing, the same one the PDF and PNG are painted from;
this module finishes what it writes:
- its words, as the outlines of the embedded glyphs (pnp.paint.outlined), so librsvg,
  browsers and design programs all draw what the PNG shows, whatever fonts they have;
  or as live text (`live_text`) naming a stack of fonts that starts with the family the
  PDFs embed and ends in a generic family, with the weight and style reportlab's font
  name stands for (a page or the file itself carries the fonts);
- its geometry: renderSVG writes the viewBox and the flip of its y axis in whole points,
  which moves and stretches a picture by up to a point; here they are exact;
- for a file of its own: its size in millimetres (its printed size), a <title> and a
  <desc> for screen readers, and, with live text, the subset fonts as WOFF2.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Drawing

from pnp.paint.outlined import outlined

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
FONT_STACK = "'Source Sans Pro', 'Source Sans 3', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
MM_PER_POINT = 25.4 / 72

ElementTree.register_namespace("", SVG)
ElementTree.register_namespace("xlink", XLINK)


def svg_root(drawing: Drawing, live_text: bool, fonts: list[str] | None = None) -> ElementTree.Element:
    """renderSVG's document for the Drawing, without its placeholder title and description, its
    geometry exact, its words as glyph outlines or as live text, which names the font stack
    (the registered fonts it is set in are added to `fonts`)."""
    root = ElementTree.fromstring(renderSVG.drawToString(drawing if live_text else outlined(drawing)))
    for placeholder in [e for e in root if e.tag in (f"{{{SVG}}}title", f"{{{SVG}}}desc")]:
        root.remove(placeholder)
    root.set("viewBox", f"0 0 {drawing.width:g} {drawing.height:g}")
    for group in root.iter(f"{{{SVG}}}g"):
        if group.get("id") == "group":  # the whole picture, its y axis turned upwards
            group.set("transform", f"scale(1,-1) translate(0,{-drawing.height:g})")
            break
    _name_fonts(root, fonts if fonts is not None else [])
    return root


def svg_file(drawing: Drawing, title: str, description: str = "", live_text: bool = False) -> bytes:
    """The Drawing as an SVG file of its printed size in mm, named by title (and described) for screen
    readers; with live_text its words stay text, carrying the fonts they need."""
    fonts: list[str] = []
    root = svg_root(drawing, live_text, fonts)
    root.set("width", f"{_millimetres(drawing.width)}mm")
    root.set("height", f"{_millimetres(drawing.height)}mm")
    head = [_element("title", title)]
    if description:
        head.append(_element("desc", description))
    if live_text:
        words = "".join(e.text or "" for e in root.iter(f"{{{SVG}}}text"))
        if words:
            from pnp.text.subset import used_font_faces

            head.append(_element("style", used_font_faces(words, fonts, flavor="woff2")))
    for index, element in enumerate(head):
        root.insert(index, element)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ElementTree.tostring(root, encoding="utf-8",
                                                                              xml_declaration=False) + b"\n"


def _millimetres(points: float) -> str:
    """A length in mm to 1/1000 mm, without trailing zeros."""
    return f"{points * MM_PER_POINT:.3f}".rstrip("0").rstrip(".")


def _element(tag: str, text: str) -> ElementTree.Element:
    element = ElementTree.Element(f"{{{SVG}}}{tag}")
    element.text = text
    return element


def _name_fonts(root: ElementTree.Element, fonts: list[str]) -> None:
    """Each text's reportlab font as CSS: the game's family where it is one, then the font stack,
    with the weight and style the font sets; the fonts named are added to `fonts`."""
    from pnp.text.subset import SVG_FONT, css_font

    def css(match) -> str:
        fonts.append(match.group(1))
        return css_font(match.group(1), FONT_STACK)

    for element in root.iter():
        style = element.get("style")
        if style and "font-family" in style:
            element.set("style", SVG_FONT.sub(css, style))
