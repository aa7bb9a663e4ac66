"""Faces as pixels, as the sheets print them: each face painted in a language and rasterized at
DPI with the outline it is cut to, the same face without its texts, and where each text lies.

A face that shows no text looks the same in every language, so it is painted once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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


def colour_codes(pixels: np.ndarray) -> np.ndarray:
    """Each 8-bit RGB pixel as one integer (0xRRGGBB), so a face's colours sort and compare as numbers."""
    wide = pixels.astype(np.int32)
    return (wide[..., 0] << 16) | (wide[..., 1] << 8) | wide[..., 2]


def code_colours(codes: np.ndarray) -> np.ndarray:
    """colour_codes undone: 8-bit RGB."""
    return np.stack(((codes >> 16) & 255, (codes >> 8) & 255, codes & 255), axis=-1).astype(np.uint8)


def palette(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the distinct codes, sorted; each code's index among them). Sorting the codes without their
    inverse and finding each among the few thousand is several times faster than np.unique's
    return_inverse over a million pixels."""
    distinct = np.unique(codes)
    return distinct, np.searchsorted(distinct, codes)


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

