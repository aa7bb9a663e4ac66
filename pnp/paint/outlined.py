"""A Drawing → the same Drawing with its words drawn as the outlines of their glyphs.

A picture whose words are shapes looks the same wherever it is drawn: librsvg, browsers
and design programs draw an SVG's paths alike, whatever fonts they have, and PDFium draws
them as it draws every other shape (its own glyph renderer sets text on whole pixels and
a little darker). So a diagram's SVG and its PNG are both drawn from this Drawing, while
its PDF keeps its text, to be searched and copied. Words in a font pnp does not embed
(an SVG icon's own) stay text; groups are copied only on the way to a changed string.
"""

from __future__ import annotations

import copy

from reportlab.graphics import shapes
from reportlab.pdfgen.canvas import FILL_NON_ZERO

from pnp.text.outlines import has_outlines, text_advance, text_outline

_ANCHOR_SHARE = {"start": 0.0, "middle": 0.5, "end": 1.0}
_PATH_OPS = {"M": "moveTo", "L": "lineTo", "C": "curveTo", "Z": "closePath"}


def outlined(node):
    """node (a Drawing, Group or shape) with each string in an embedded font replaced by its glyphs."""
    if isinstance(node, shapes.String):
        return _glyphs(node) or node
    if not isinstance(node, shapes.Group):
        return node
    contents = [outlined(child) for child in node.contents]
    if all(new is old for new, old in zip(contents, node.contents)):
        return node
    group = copy.copy(node)
    group.contents = contents
    return group


def _glyphs(string: shapes.String) -> shapes.Path | None:
    """The string's glyphs as one path filled as the string was; None if they cannot be had."""
    share = _ANCHOR_SHARE.get(string.textAnchor)
    if share is None or not has_outlines(string.fontName) or string.fillColor is None:
        return None
    x = string.x - share * text_advance(string.text, string.fontName, string.fontSize)
    path = shapes.Path(fillColor=string.fillColor, strokeColor=None, strokeWidth=0, fillMode=FILL_NON_ZERO)
    for command, coordinates in text_outline(string.text, string.fontName, string.fontSize, x, string.y):
        getattr(path, _PATH_OPS[command])(*coordinates)
    return path
