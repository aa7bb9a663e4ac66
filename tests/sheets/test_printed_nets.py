"""Tuck boxes and standees printed from YAML, measured in the built PDF with PDFium alone: the
dashed fold lines are where the arithmetic puts them, the cut outline and the art where they
must be."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.targets import BuildOptions, build
from tests.conftest import MINIMAL_GAME
from tests.sheets.reading import read_strokes, render

GAME = MINIMAL_GAME + '  sea: "#2a6f97"\n  rose: "#c8553d"\n  paper: "#ffffff"\n'
DECK = """\
sets:
  deck:
    extends: cards/poker
    items: [{id: a, count: 30}, {id: b, count: 24}]
    front: {background: paper}
"""
BOX = """\
  box:
    kind: tuck-box
    deck: deck
    items: [{}]
    front: {background: sea}
    back: {background: rose}
    side: {background: gold}
"""
HERO = """\
  hero:
    kind: standee
    width: 30mm
    height: 50mm
    items: [{id: knight}]
    front: {background: sea}
    back: {background: rose}
"""
FOLD, GUIDE = (115, 115, 115), (115, 115, 115)
DPI = 150
# The poker card, 1 mm of play and 0.3 mm of paper; 54 cards of 0.3 mm deep, 1 mm of play and the paper.
W, H, D = 63.5 + 1.3, 88.9 + 1.3, 54 * 0.3 + 1.3
GLUE, TUCK, DUST, NOTCH, BLEED = 10.0, 15.0, 15.0, 20.0, 3.0


def built(make_game, tmp_path: Path, components: str) -> Path:
    folder = make_game({"game.yaml": GAME, "components.yaml": components})
    build([folder], BuildOptions(out=tmp_path / "out", papers=("a4",), formats=("pdf",), languages=("en",),
                                 kinds=("sheets",)))
    return tmp_path / "out" / "tiny" / "tiny-sheets-en-a4.pdf"


def folds_and_cuts(pdf: Path, page: int):
    strokes = read_strokes(pdf, page)
    folds = [s.points for s in strokes if s.dashed and s.rgb == FOLD and abs(s.width - 0.5) < 0.01]
    cuts = [s.points for s in strokes if not s.dashed and s.rgb == GUIDE and abs(s.width - 0.3) < 0.01]
    return folds, cuts


def test_a_tuck_box_prints_its_panels_fold_to_fold_as_the_deck_needs(make_game, tmp_path):
    pdf = built(make_game, tmp_path, DECK + BOX)
    folds, cuts = folds_and_cuts(pdf, 0)
    upright = sorted({round(a[0], 3) for a, b in folds if abs(a[0] - b[0]) < 1e-6})
    across = sorted({round(a[1], 3) for a, b in folds if abs(a[1] - b[1]) < 1e-6})
    x1, x2, x3, x4 = upright
    assert [x2 - x1, x3 - x2, x4 - x3] == pytest.approx([W, D, W], abs=0.005)
    yb, y0, y1, y2 = across  # the bottom's glue flap, the bottom, the body, the lid
    assert [y0 - yb, y1 - y0, y2 - y1] == pytest.approx([D, H, D], abs=0.005)
    # Every upright fold runs the body's height; the tuck flap's fold is a millimetre short each side.
    assert all(abs(a[1] - y0) < 0.005 and abs(b[1] - y1) < 0.005 for a, b in folds if abs(a[0] - b[0]) < 1e-6)
    assert any(abs(a[0] - x3 - 1) < 0.005 and abs(b[0] - x4 + 1) < 0.005 and abs(a[1] - y2) < 0.005
               for a, b in folds)
    [outline] = [c for c in cuts if len(c) > 40]  # the net's one outline, its notch and tuck flap as short lines
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    assert (min(xs), max(xs)) == pytest.approx((x1 - GLUE, x4 + D), abs=0.005)  # glue flap … the last side
    assert (min(ys), max(ys)) == pytest.approx((yb - GLUE, y2 + TUCK), abs=0.005)  # bottom's glue flap … tuck flap
    notch = [p for p in outline if x1 + 0.01 < p[0] < x2 - 0.01 and y0 < p[1] < y1 + 0.01]
    assert min(p[1] for p in notch) == pytest.approx(y1 - NOTCH / 2, abs=0.01)
    assert max(p[0] for p in notch) - min(p[0] for p in notch) == pytest.approx(NOTCH, abs=0.005)
    dust = [p for p in outline if x2 < p[0] < x3 and p[1] > y1 + 0.01]
    assert max(p[1] for p in dust) == pytest.approx(y1 + DUST, abs=0.005)

    # The art, as PDFium draws it: each face fills its panel, past a cut (or onto a hidden flap) by
    # the bleed, and stops at the fold to a panel that shows.
    image = render(pdf, 0, DPI)
    page_h = 297.0
    sea, rose, gold = (0x2A, 0x6F, 0x97), (0xC8, 0x55, 0x3D), (0xE6, 0x9F, 0x00)

    def run(colour, y: float | None = None, x: float | None = None) -> tuple[float, float]:
        """Where colour starts and ends along the page row at y (or column at x), in mm."""
        k = DPI / 25.4
        if y is not None:
            pixels = [image.getpixel((i, round((page_h - y) * k))) for i in range(image.width)]
        else:
            pixels = [image.getpixel((round(x * k), i)) for i in range(image.height)]
        hits = [i for i, p in enumerate(pixels) if max(abs(a - b) for a, b in zip(p, colour)) < 12]
        first, last = hits[0] / k, (hits[-1] + 1) / k
        return (first, last) if y is not None else (page_h - last, page_h - first)

    middle = (y0 + y1) / 2
    # Within 0.3 mm: a dashed fold line (0.5 pt) may cover a pixel or two of the art at the fold.
    assert run(sea, y=middle) == pytest.approx((x1 - BLEED, x2), abs=0.3)  # onto the glue flap, not the side
    assert run(sea, x=x1 + 10) == pytest.approx((y0, y1 + BLEED), abs=0.3)  # past the top's cut, not the bottom
    assert run(rose, y=middle) == pytest.approx((x3, x4), abs=0.3)
    assert run(rose, x=(x3 + x4) / 2) == pytest.approx((y0 - BLEED, y1), abs=0.3)  # its lower edge is cut
    assert run(gold, x=(x2 + x3) / 2) == pytest.approx((y0 - BLEED, y1 + BLEED), abs=0.3)  # onto its dust flaps


def test_a_standee_prints_its_front_and_back_on_one_strip_with_its_base(make_game, tmp_path):
    pdf = built(make_game, tmp_path, DECK + HERO)
    folds, cuts = folds_and_cuts(pdf, 0)  # a net is placed before the cards around it
    across = sorted(round(a[1], 3) for a, b in folds)
    foot, top, back_foot = across
    assert [top - foot, back_foot - top] == pytest.approx([50.0, 50.0], abs=0.005)
    boxes = sorted(((min(p[0] for p in c), min(p[1] for p in c), max(p[0] for p in c), max(p[1] for p in c))
                    for c in cuts), key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
    slot, base, strip = boxes[-3:]
    assert (strip[2] - strip[0], strip[3] - strip[1]) == pytest.approx((30.0, 2 * 50 + 2 * 10), abs=0.005)
    assert foot - strip[1] == pytest.approx(10.0, abs=0.005) and strip[3] - back_foot == pytest.approx(10, abs=0.005)
    assert (base[2] - base[0], base[3] - base[1]) == pytest.approx((26.0, 30 + 10), abs=0.005)
    assert (slot[2] - slot[0], slot[3] - slot[1]) == pytest.approx((1.0, 31.0), abs=0.005)
    assert base[0] - strip[2] == pytest.approx(BLEED + 4, abs=0.005)
