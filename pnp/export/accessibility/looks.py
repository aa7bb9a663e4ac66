"""Faces as pixels, as the sheets print them: each face painted in a language and rasterized at
DPI with the outline it is cut to, the same face without its texts, and where each text lies.

A face that shows no text looks the same in every language, so it is painted once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from pnp.export.faces import face_image, shape_mask
from pnp.model.affine import IDENTITY, Matrix, apply, multiply
from pnp.model.faces import Face, Group, Text
from pnp.output.raster import pixel_size
from pnp.paint.faces import FacePainter
from pnp.shapes import Shape

MM_PER_POINT = 25.4 / 72


@dataclass(frozen=True)
class Look:
    """A face's pixels (rows × columns × RGB, 8-bit sRGB) and which of them lie inside its cut outline."""

    pixels: np.ndarray
    inside: np.ndarray

    @property
    def size(self) -> tuple[int, int]:
        """(rows, columns)."""
        rows, columns = self.inside.shape
        return rows, columns


@dataclass(frozen=True)
class PlacedText:
    """A text of a face, the box it is set in (face space: points, top-left origin, y down, after
    the groups around it) and how much those groups enlarge it."""

    text: Text
    box: tuple[float, float, float, float]
    scale: float

    @property
    def size(self) -> float:
        """Its size as printed, in points."""
        return self.text.size * self.scale


class Camera:
    """Rasterizes the faces of one game at dpi: a painter per language, each face looked at once."""

    def __init__(self, painters: dict[str, FacePainter], dpi: int):
        self.painters, self.dpi = painters, dpi
        self._looks: dict[tuple, Look] = {}

    def look(self, face: Face, shape: Shape, corner: float, language: str) -> Look:
        """The face in language (any language, if it shows no text), cut to shape."""
        key = (face, shape, corner, language if shows_text(face) else None)
        if key not in self._looks:
            self._looks[key] = Look(self.pixels(face, shape, language),
                                    np.asarray(shape_mask(self.pixel_size(face), shape, corner / face.width)) >= 128)
        return self._looks[key]

    def pixels(self, face: Face, shape: Shape, language: str) -> np.ndarray:
        drawing = self.painters[language].drawing(face, shape, 0.0, cut_guide=False)
        return np.asarray(face_image(drawing, self.pixel_size(face)))

    def pixel_size(self, face: Face) -> tuple[int, int]:
        """(width, height) in pixels."""
        return (pixel_size(face.width, self.dpi), pixel_size(face.height, self.dpi))


def shows_text(face: Face) -> bool:
    return any(isinstance(element, Text) for element in face.walk())


def without_texts(face: Face) -> Face:
    """The face with every text taken out (inside groups too): what lies under its letters."""
    return replace(face, elements=_untexted(face.elements))


def _untexted(elements: tuple) -> tuple:
    return tuple(replace(e, elements=_untexted(e.elements)) if isinstance(e, Group) else e
                 for e in elements if not isinstance(e, Text))


def placed_texts(face: Face) -> list[PlacedText]:
    """Every text of the face with its box mapped through the groups around it."""
    return list(_placed(face.elements, IDENTITY))


def _placed(elements: tuple, matrix: Matrix):
    for element in elements:
        if isinstance(element, Group):
            yield from _placed(element.elements, multiply(matrix, element.matrix))
        elif isinstance(element, Text):
            e = element
            corners = [apply(matrix, x, y) for x in (e.x, e.x + e.w) for y in (e.y, e.y + e.h)]
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            a, b, c, d, _, _ = matrix
            yield PlacedText(e, (min(xs), min(ys), max(xs), max(ys)), abs(a * d - b * c) ** 0.5)


@cache
def x_height(font: str) -> float:
    """The x-height of a registered TrueType font, as a fraction of its size (from its OS/2 table)."""
    from fontTools.ttLib import TTFont
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(font).face
    with TTFont(face.filename, lazy=True) as parsed:
        return parsed["OS/2"].sxHeight / parsed["head"].unitsPerEm
