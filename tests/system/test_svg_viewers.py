"""Every SVG diagram of the four games drawn by other programs than pnp's: librsvg's rsvg-convert
(Debian's librsvg2-bin) draws each as its PNG shows it, and headless Chromium draws the
--live-text ones in the fonts they carry.

rsvg-convert draws an SVG at the PNG's resolution (its stored DPI), so at the PNG's size:
the PNG leaves out the page's last fraction of a pixel, as rsvg-convert's canvas, rounded
up, holds it; the two are compared over the PNG's pixels. At most 1 % of the pixels may
differ by more than 32/255 in a channel: edges drawn by two anti-aliasing rasterizers.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ElementTree

import pytest
from browser import Chromium
from PIL import Image, ImageChops
from programs import program

from pnp.text.fonts import register_fonts
from pnp.text.outlines import text_advance
from tests.conftest import CONTENT

pytestmark = pytest.mark.system
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
STRONG, MOST = 32, 0.01
SVG = "{http://www.w3.org/2000/svg}"
# The reportlab font each style of the SVG's live text stands for.
FONTS = {("normal", "normal"): "SourceSans", ("bold", "normal"): "SourceSans-Bold",
         ("normal", "italic"): "SourceSans-Italic", ("bold", "italic"): "SourceSans-BoldItalic"}


@pytest.fixture(scope="module")
def diagrams(tmp_path_factory):
    """`pnp diagrams` of every game: SVG and PNG at 300 dpi, and SVG with live text."""
    from pnp.targets import DiagramOptions, build_diagrams

    out = tmp_path_factory.mktemp("diagrams")
    folders = [CONTENT / game for game in GAMES]
    build_diagrams(folders, DiagramOptions(out=out / "outlines", formats=("svg", "png"), jobs=2))
    build_diagrams(folders, DiagramOptions(out=out / "live", formats=("svg",), live_text=True, jobs=2))
    return out


def strongly_different(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ by more than STRONG in some channel."""
    red, green, blue = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return most.point(lambda v: 255 if v > STRONG else 0).histogram()[255] / (a.width * a.height)


def test_rsvg_draws_every_svg_diagram_as_its_png_shows_it(diagrams):
    svgs = sorted((diagrams / "outlines").glob("*/diagrams/*.svg"))
    pngs = set((diagrams / "outlines").glob("*/diagrams/*.png"))
    assert len(svgs) > 70 and {svg.with_suffix(".png") for svg in svgs} == pngs  # every diagram and example step
    shares = {}
    for svg in svgs:
        png = Image.open(svg.with_suffix(".png"))
        dpi = str(round(png.info["dpi"][0]))
        drawn = Image.open(io.BytesIO(run_bytes("rsvg-convert", "--dpi-x", dpi, "--dpi-y", dpi, "-b", "white", svg)))
        assert 0 <= drawn.width - png.width <= 1 and 0 <= drawn.height - png.height <= 1, svg.name
        shares[svg.name] = strongly_different(drawn.crop((0, 0, png.width, png.height)), png)
    worst = max(shares, key=shares.get)
    assert shares[worst] <= MOST, (worst, shares[worst])


def run_bytes(*args) -> bytes:
    """What a Debian program writes to its standard output."""
    import subprocess

    return subprocess.run([program(args[0]), *map(str, args[1:])], capture_output=True, check=True).stdout


def test_chromium_sets_live_text_in_the_fonts_each_svg_carries(diagrams):
    """Each face the file carries loads; every line of text runs as long as in the PDF (a fallback
    font would not), and stays inside the picture."""
    register_fonts()
    svgs = sorted((diagrams / "live").glob("*/diagrams/*.svg"))
    assert [svg.relative_to(diagrams / "live") for svg in svgs] == \
        sorted(svg.relative_to(diagrams / "outlines") for svg in (diagrams / "outlines").glob("*/diagrams/*.svg"))
    # Drawn ten times its size, so no word is a few pixels high: Chromium rounds the advances of
    # text scaled down that far (a card's name on a card in a picture) by a percent or more.
    measure = """(() => {
      const root = document.documentElement, box = root.viewBox.baseVal;
      root.setAttribute('width', box.width * 10); root.setAttribute('height', box.height * 10);
      return document.fonts.ready; })().then(() => ({
        fonts: [...document.fonts].map(f => f.status),
        used: [...document.querySelectorAll('text')].map(t => document.fonts.check(getComputedStyle(t).fontStyle
            + ' ' + getComputedStyle(t).fontWeight + ' 10px "Source Sans Pro"', t.textContent)),
        lengths: [...document.querySelectorAll('text')].map(t => t.getComputedTextLength()),
        boxes: [...document.querySelectorAll('text')].map(t => { const b = t.getBBox(); return [b.x, b.x + b.width]; }),
    }))"""
    with Chromium() as chromium:
        for svg in svgs:
            root = ElementTree.parse(svg).getroot()
            texts = root.findall(f".//{SVG}text")
            width = float(root.get("viewBox").split()[2])
            chromium.open(svg.resolve().as_uri(), 1280, 900)
            seen = chromium.evaluate(measure)
            assert "loaded" in seen["fonts"] and "error" not in seen["fonts"], (svg.name, seen["fonts"])
            assert all(seen["used"]), svg.name
            for text, length, (left, right) in zip(texts, seen["lengths"], seen["boxes"]):
                style = text.get("style")
                weight, slant = (re.search(rf"font-{name}: (\w+);", style).group(1) for name in ("weight", "style"))
                size = float(re.search(r"font-size: ([\d.]+)px", style).group(1))
                expected = text_advance(text.text, FONTS[(weight, slant)], size)
                # Within 1 %: a fallback font's advances differ by a tenth.
                assert math.isclose(length, expected, rel_tol=0.01), (svg.name, text.text, length, expected)
                assert left >= -0.5 and right <= width + 0.5, (svg.name, text.text)
