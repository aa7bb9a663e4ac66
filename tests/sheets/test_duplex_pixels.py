"""A rasterized front and its back page: the backs cover exactly the card areas of the fronts.

Seen through the paper, a back page is mirrored about the flip edge; mirroring the
back raster the same way must land every back on its front.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageOps

from pnp.build import BuildOptions, build
from pnp.output.raster import render_page
from tests.conftest import CONTENT

DPI = 40


def card_mask(image: Image.Image) -> Image.Image:
    """Where the page is not white: card art (the cream card ground included)."""
    grey = image.convert("L")
    return grey.point(lambda v: 255 if v < 252 else 0)


def count(mask: Image.Image) -> int:
    return sum(mask.histogram()[1:])


def coverage_difference(front: Image.Image, back_seen: Image.Image) -> float:
    """Share of the card area where one side has art and the other has none."""
    box = (int(front.width * 0.15), int(front.height * 0.15), int(front.width * 0.85), int(front.height * 0.85))
    a, b = card_mask(front).crop(box), card_mask(back_seen).crop(box)
    differing = count(ImageChops.difference(a, b))
    covered = max(1, count(a))
    return differing / covered


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_cover_the_fronts(tmp_path, flip):
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",), flip=flip, languages=("en",)))
    pdf = (tmp_path / "quatrefoil" / "quatrefoil-position-cards-en-a4.pdf").read_bytes()
    front, back = render_page(pdf, 0, DPI), render_page(pdf, 1, DPI)
    seen = ImageOps.mirror(back) if flip == "long" else ImageOps.flip(back)
    assert coverage_difference(front, seen) < 0.02
    # And the test can fail: an unmirrored back does not line up for these off-centre cards.
    assert coverage_difference(front, ImageOps.flip(seen)) > 0.05 or flip == "short"


def test_back_offset_moves_backs_only(tmp_path):
    common = dict(papers=("a4",), formats=("pdf",), languages=("en",))
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path / "a", **common))
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path / "b", back_offset_mm=(2.0, 0.0), **common))
    a = (tmp_path / "a" / "quatrefoil" / "quatrefoil-position-cards-en-a4.pdf").read_bytes()
    b = (tmp_path / "b" / "quatrefoil" / "quatrefoil-position-cards-en-a4.pdf").read_bytes()
    assert ImageChops.difference(render_page(a, 0, DPI), render_page(b, 0, DPI)).getbbox() is None
    moved = ImageChops.difference(render_page(a, 1, DPI), render_page(b, 1, DPI)).getbbox()
    assert moved is not None


def test_landscape_sheet_long_edge_turns_top_to_bottom(tmp_path):
    # Hex tiles go landscape on Letter; its long edge is horizontal, so the back turns
    # about it. The second sheet holds 3 of 12 tiles, off-centre, so a wrong turn shows.
    build([CONTENT / "trifoil"], BuildOptions(out=tmp_path, papers=("letter",), formats=("pdf",)))
    pdf = (tmp_path / "trifoil" / "trifoil-tiles-letter.pdf").read_bytes()
    front, back = render_page(pdf, 2, DPI), render_page(pdf, 3, DPI)
    assert front.width > front.height
    assert coverage_difference(front, ImageOps.flip(back)) < 0.02
    assert coverage_difference(front, ImageOps.mirror(back)) > 0.5
