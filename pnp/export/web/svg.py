"""A reportlab Drawing → an SVG element for an HTML page.

reportlab's SVG names its clip paths and groups with the same ids in every picture;
inside one page those would clash, so each picture's ids get a prefix of its own. Its
text names reportlab's fonts; here it names the page's font stack with the weight and
style they stand for. The element scales down with the page (never wider than its
column) and carries an accessible name (role img, aria-label), or is hidden from
screen readers when it only repeats what the text beside it says.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Drawing

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
FONT_STACK = "'Source Sans Pro', 'Source Sans 3', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
# reportlab font names (pnp.paint.fonts) → CSS weight and style.
FONTS = {"SourceSans-BoldItalic": ("bold", "italic"), "SourceSans-Bold": ("bold", "normal"),
         "SourceSans-Italic": ("normal", "italic"), "SourceSans": ("normal", "normal")}
PX_PER_POINT = 96 / 72
_FONT = re.compile(r"font-family:\s*([\w-]+);?")
_REFERENCE = re.compile(r"url\(#([^)]+)\)")

ElementTree.register_namespace("", SVG)
ElementTree.register_namespace("xlink", XLINK)


def inline_svg(drawing: Drawing, prefix: str, label: str | None, css_class: str = "picture", scale: float = 1.0) -> str:
    """The Drawing as an <svg> element: ids prefixed, fonts named for the page, labelled or hidden.

    `label` is the picture's accessible name (its caption, as plain text); None marks it
    decorative (aria-hidden). It is shown at `scale` times its printed size, shrunk to fit
    narrow screens.
    """
    root = ElementTree.fromstring(renderSVG.drawToString(drawing))
    for unwanted in [e for e in root if e.tag in (f"{{{SVG}}}title", f"{{{SVG}}}desc")]:
        root.remove(unwanted)
    _prefix_ids(root, prefix)
    for element in root.iter():
        style = element.get("style")
        if style and "font-family" in style:
            element.set("style", _FONT.sub(_font_css, style))
    width, height = drawing.width * PX_PER_POINT * scale, drawing.height * PX_PER_POINT * scale
    root.set("width", f"{width:.1f}")
    root.set("height", f"{height:.1f}")
    root.set("viewBox", f"0 0 {drawing.width:g} {drawing.height:g}")
    root.set("class", css_class)
    root.set("focusable", "false")
    if label is None:
        root.set("aria-hidden", "true")
    else:
        root.set("role", "img")
        root.set("aria-label", label)
    return ElementTree.tostring(root, encoding="unicode")


def _prefix_ids(root: ElementTree.Element, prefix: str) -> None:
    ids = {element.get("id") for element in root.iter() if element.get("id")}
    for element in root.iter():
        if element.get("id"):
            element.set("id", f"{prefix}-{element.get('id')}")
        for name, value in list(element.attrib.items()):
            if "url(#" in value:
                element.set(name, _REFERENCE.sub(lambda m: f"url(#{prefix}-{m.group(1)})" if m.group(1) in ids else m.group(0), value))
            elif name in ("href", f"{{{XLINK}}}href") and value.startswith("#") and value[1:] in ids:
                element.set(name, f"#{prefix}-{value[1:]}")


def _font_css(match: re.Match) -> str:
    weight, style = FONTS.get(match.group(1), ("normal", "normal"))
    return f"font-family: {FONT_STACK}; font-weight: {weight}; font-style: {style};"
