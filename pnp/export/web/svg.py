"""A reportlab Drawing → an SVG element for an HTML page.

The SVG is pnp.paint.svg's, with live text in the page's font stack (after the game's own
family where the text is set in one; the page carries the fonts). reportlab's SVG names
its clip paths and groups with the same ids in every picture; inside one page those would
clash, so each picture's ids get a prefix of its own. The element scales down with the
page (never wider than its column) and carries an
accessible name (role img, aria-label), or is hidden from screen readers when it only
repeats what the text beside it says.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from reportlab.graphics.shapes import Drawing

from pnp.paint.images import for_screen
from pnp.paint.svg import SVG, XLINK, svg_root

PX_PER_POINT = 96 / 72
_REFERENCE = re.compile(r"url\(#([^)]+)\)")


class ImageSymbols:
    """The raster images of one HTML page, each written once as a <symbol> that every picture
    showing it draws by reference (<use>): an image a rulebook shows on 20 tokens is in the
    page once. `html()` is the hidden <svg> holding them, placed before the pictures."""

    def __init__(self, prefix: str = "image"):
        self.prefix = prefix
        self.ids: dict[str, str] = {}  # data URI → symbol id
        self.symbols: list[str] = []

    def use(self, image: ElementTree.Element) -> ElementTree.Element:
        """A <use> drawing the <image> element's picture (stretched to its box, as in the PDF)."""
        data = image.get("href") or image.get(f"{{{XLINK}}}href") or ""
        symbol = self.ids.get(data)
        if symbol is None:
            symbol = self.ids[data] = f"{self.prefix}-{len(self.ids) + 1}"
            width, height = _pixel_size(data)
            self.symbols.append(f'<symbol id="{symbol}" viewBox="0 0 {width} {height}" preserveAspectRatio="none">'
                                f'<image width="{width}" height="{height}" href="{data}"/></symbol>')
        use = ElementTree.Element(f"{{{SVG}}}use", {name: value for name in ("x", "y", "width", "height", "transform")
                                                    if (value := image.get(name))})
        use.set("href", f"#{symbol}")
        return use

    def html(self) -> str:
        if not self.symbols:
            return ""
        return ('<svg width="0" height="0" style="position: absolute; overflow: hidden" aria-hidden="true" '
                f'focusable="false" xmlns="{SVG}"><defs>{"".join(self.symbols)}</defs></svg>')


def inline_svg(drawing: Drawing, prefix: str, label: str | None, css_class: str = "picture", scale: float = 1.0,
               images: ImageSymbols | None = None) -> str:
    """The Drawing as an <svg> element: ids prefixed, fonts named for the page, labelled or hidden.

    `label` is the picture's accessible name (its caption, as plain text); None marks it
    decorative (aria-hidden). It is shown at `scale` times its printed size, shrunk to fit
    narrow screens. Raster images come at screen resolution, and by reference to `images`,
    the page's, when it is given.
    """
    root = svg_root(for_screen(drawing), live_text=True)
    if images is not None:
        _use_symbols(root, images)
    _prefix_ids(root, prefix)
    width, height = drawing.width * PX_PER_POINT * scale, drawing.height * PX_PER_POINT * scale
    root.set("width", f"{width:.1f}")
    root.set("height", f"{height:.1f}")
    root.set("class", css_class)
    root.set("focusable", "false")
    root.attrib.pop("version", None)  # HTML ignores it; the Nu checker warns of any but 1.1
    if label is None:
        root.set("aria-hidden", "true")
    else:
        root.set("role", "img")
        root.set("aria-label", label)
    return ElementTree.tostring(root, encoding="unicode")


def _use_symbols(root: ElementTree.Element, images: ImageSymbols) -> None:
    for parent in root.iter():
        for index, child in enumerate(parent):
            if child.tag == f"{{{SVG}}}image":
                parent[index] = images.use(child)


def _pixel_size(data_uri: str) -> tuple[int, int]:
    """Width and height of the PNG in a data URI (renderSVG writes PNGs)."""
    import base64
    import struct

    head = base64.b64decode(data_uri.split(",", 1)[1][:44])
    return struct.unpack(">II", head[16:24])


def _prefix_ids(root: ElementTree.Element, prefix: str) -> None:
    ids = {element.get("id") for element in root.iter() if element.get("id")}
    for element in root.iter():
        if element.get("id"):
            element.set("id", f"{prefix}-{element.get('id')}")
        for name, value in list(element.attrib.items()):
            if "url(#" in value:
                element.set(name, _REFERENCE.sub(lambda m: f"url(#{prefix}-{m.group(1)})" if m.group(1) in ids
                                                 else m.group(0), value))
            elif name in ("href", f"{{{XLINK}}}href") and value.startswith("#") and value[1:] in ids:
                element.set(name, f"#{prefix}-{value[1:]}")
