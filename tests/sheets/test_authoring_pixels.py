"""Rotated text, SVG art, inline icons and rich text on a card, measured in the built PDF with PDFium.

The card is built by the real command; what it looks like is read back with an
independent reader (pypdfium2's text page and renderer, pikepdf for the objects), never
with pnp's own layout code.
"""

from __future__ import annotations

import ctypes
import math
import os
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from click.testing import CliRunner

from pnp.cli import main

COIN = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">
  <rect x="0" y="0" width="10" height="10" fill="#d4a017"/>
</svg>
"""
COMPONENTS = """\
sets:
  cards:
    extends: cards/poker
    items: [{id: seven, value: 7}]
    attributes: [value]
    front:
      background: white
      elements:
        - text: {text: "${value}", x: 5%, y: 4%, w: 15%, h: 8%, size: 18pt, align: left}
        - text: {text: "${value}", x: 80%, y: 88%, w: 15%, h: 8%, size: 18pt, align: left, rotate: 180}
        - image: {file: icons/coin.svg, x: 40%, y: 20%, w: 20%, h: 14%}
        - text: {key: card.rule, x: 5%, y: 60%, w: 90%, h: 20%, size: 12pt, align: left}
"""
SCALE = 8  # render at 576 dpi: a pixel is 1/8 pt


@pytest.fixture(scope="module")
def card(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("card")
    game = work / "content" / "card"
    (game / "text").mkdir(parents=True)
    (game / "icons").mkdir()
    (game / "game.yaml").write_text('title: Card\nversion: "1"\nlicence: CC0\nauthors: [A]\nplayers: "2"\n')
    (game / "components.yaml").write_text(COMPONENTS)
    (game / "icons" / "coin.svg").write_text(COIN)
    (game / "text" / "en.yaml").write_text('card.rule: "Pay {icon:coin} to take a *ship* or **raid**."\n')
    old = os.getcwd()
    os.chdir(work)
    try:
        result = CliRunner().invoke(main, ["build", "card", "--format", "pdf", "--paper", "a4", "-q"])
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.output
    return work / "output" / "card" / "card-sheets-en-a4.pdf"


def chars(page) -> list[tuple[str, tuple[float, float, float, float], float, str]]:
    """(character, box, angle, font name) of every character on the page."""
    text = page.get_textpage()
    found = []
    for index in range(text.count_chars()):
        buffer = ctypes.create_string_buffer(128)
        flags = ctypes.c_int()
        raw.FPDFText_GetFontInfo(text.raw, index, buffer, 128, ctypes.byref(flags))
        found.append((text.get_text_range(index, 1), text.get_charbox(index),
                      raw.FPDFText_GetCharAngle(text.raw, index), buffer.value.decode()))
    return found


def test_the_corner_number_is_upside_down_in_the_opposite_corner(card: Path):
    page = pdfium.PdfDocument(card)[0]
    sevens = [(box, angle) for char, box, angle, _ in chars(page) if char == "7"]
    assert len(sevens) == 2
    (upright, a0), (turned, a1) = sorted(sevens, key=lambda s: -s[0][1])  # the higher one first
    assert a0 == pytest.approx(0, abs=1e-3) and a1 == pytest.approx(math.pi, abs=1e-3)
    # The turned 7 sits down and to the right of the upright one, about a card's size away.
    assert turned[0] - upright[0] > 40 and upright[1] - turned[1] > 180


def test_svg_art_is_drawn_as_vectors_in_its_colour(card: Path):
    with pikepdf.open(card) as pdf:
        subtypes = {str(obj.get("/Subtype")) for obj in pdf.objects if isinstance(obj, pikepdf.Stream)}
    assert "/Image" not in subtypes  # no raster anywhere: the SVG and the icon are paths
    page = pdfium.PdfDocument(card)[0]
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    gold = [(x, y) for x in range(0, image.width, 8) for y in range(0, image.height // 2, 8)
            if image.getpixel((x, y)) == (0xD4, 0xA0, 0x17)]
    assert len(gold) > 100


def test_an_inline_icon_stands_on_the_baseline_as_tall_as_the_type(card: Path):
    page = pdfium.PdfDocument(card)[0]
    found = chars(page)
    height = page.get_height()
    pay = [box for char, box, _, _ in found if char == "P"][0]  # a capital with no descender
    baseline = pay[1]
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    # The icon is the gold run right of "Pay" on the same line.
    x_from, x_to = int(pay[2] * SCALE), int((pay[2] + 40) * SCALE)
    y_from, y_to = int((height - baseline - 20) * SCALE), int((height - baseline + 5) * SCALE)
    rows = [y for y in range(y_from, y_to)
            if any(image.getpixel((x, y)) == (0xD4, 0xA0, 0x17) for x in range(x_from, x_to))]
    bottom = height - (max(rows) + 1) / SCALE
    top = height - min(rows) / SCALE
    assert bottom == pytest.approx(baseline, abs=0.5)
    assert top - bottom == pytest.approx(12 * 0.85, abs=0.5)


def test_terms_are_italic_and_names_bold(card: Path):
    found = chars(pdfium.PdfDocument(card)[0])
    text = "".join(char for char, _, _, _ in found)
    fonts = [font for _, _, _, font in found]
    start = text.index("ship")
    assert all("Italic" in font or "It" in font for font in fonts[start:start + 4])
    start = text.index("raid")
    assert all("Bold" in font for font in fonts[start:start + 4])
    assert not any("Bold" in font or "It" in font for font in fonts[text.index("take"):text.index("take") + 4])
