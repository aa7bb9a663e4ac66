"""SVG diagrams read back as XML and fonts: sized in mm, named by their captions, their words
drawn as glyph outlines (or, with --live-text, text carrying its fonts as WOFF2 and ending in a
generic family). tests/system/test_svg_viewers.py draws them with librsvg and Chromium."""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image

from pnp.i18n.catalog import Texts
from pnp.paint.rulebook.markup import plain_text
from pnp.targets import DiagramOptions, build_diagrams
from pnp.text.fonts import font_name, register_fonts
from pnp.text.outlines import text_advance, text_outline
from tests.conftest import CONTENT

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> Path:
    """Quatrefoil's and Boardless Quarto's diagrams as SVG and PNG, and with live text (SVG only)."""
    out = tmp_path_factory.mktemp("svg")
    games = [CONTENT / "quatrefoil", CONTENT / "boardless-quarto"]
    build_diagrams(games, DiagramOptions(out=out / "outlines", formats=("svg", "png"), dpi=150, jobs=2))
    build_diagrams(games, DiagramOptions(out=out / "live", formats=("svg",), live_text=True, jobs=2))
    return out


def svgs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*/diagrams/*.svg"))


def pictures(drawn: Path) -> set[str]:
    """Every diagram and example step the build drew as PNG (Quatrefoil's diagrams and Boardless
    Quarto's example steps, in en and da), by name without its extension."""
    names = {path.relative_to(drawn / "outlines").with_suffix("").as_posix()
             for path in (drawn / "outlines").glob("*/diagrams/*.png")}
    assert len(names) > 40
    return names


def stems(files: list[Path], folder: Path) -> set[str]:
    return {path.relative_to(folder).with_suffix("").as_posix() for path in files}


def test_each_svg_is_its_printed_size_in_mm_and_named_by_its_caption(drawn):
    from pnp.targets import load_games

    loaded = {game.id: game for game in load_games([CONTENT / "quatrefoil", CONTENT / "boardless-quarto"])}
    files = svgs(drawn / "outlines")
    assert stems(files, drawn / "outlines") == pictures(drawn)
    for path in files:
        root = ElementTree.parse(path).getroot()
        png = Image.open(path.with_suffix(".png"))
        for attribute, pixels in (("width", png.width), ("height", png.height)):
            millimetres = float(root.get(attribute).removesuffix("mm"))
            assert abs(millimetres / 25.4 * 150 - pixels) <= 0.5, (path.name, attribute)
        assert root.get("viewBox").startswith("0 0 ")
        game, language = path.parent.parent.name, path.stem.rsplit("-", 1)[1]
        ref = path.stem.removeprefix(f"{game}-").rsplit("-", 1)[0]
        texts = Texts(loaded[game].catalogs, language)
        title = root.find(f"{SVG}title").text
        if ref.startswith("example-"):  # a step's caption: its text, then the notes on it
            assert title.startswith(plain_text(texts(f"example.play.{ref.rsplit('-', 1)[1]}"), language)), path.name
        else:
            assert title == plain_text(texts(f"diagram.{ref}.caption"), language), path.name
    setup = ElementTree.parse(drawn / "outlines/quatrefoil/diagrams/quatrefoil-setup-da.svg").getroot()
    assert setup.find(f"{SVG}desc").text == "N"  # the north card's label, which the picture draws as outlines


def test_words_are_outlines_with_no_text_left(drawn):
    for path in svgs(drawn / "outlines"):
        root = ElementTree.parse(path).getroot()
        assert root.find(f".//{SVG}text") is None, path.name
        assert len(root.findall(f".//{SVG}path")) > 0


def test_outlines_are_the_fonts_glyphs_at_reportlabs_advances():
    register_fonts()
    steps = text_outline("HH", font_name("bold"), 10, 5, 20)
    moves = [coordinates for command, coordinates in steps if command == "M"]
    first_h_xs = [c[0] for command, c in steps[:len(steps) // 2] if command != "Z"]
    # The second H is the first moved by exactly its advance, as in the PDF.
    assert moves[len(moves) // 2][0] - moves[0][0] == pytest.approx(text_advance("H", font_name("bold"), 10), abs=0.01)
    assert min(first_h_xs) > 5 and max(c[1] for command, c in steps if command != "Z") < 20 + 10
    # Greek in the italics is the upright's glyph, as the PDF draws it.
    upright = text_outline("Δ", font_name("regular"), 9, 0, 0)
    assert text_outline("Δ", font_name("italic"), 9, 0, 0) == upright and upright


def test_live_text_carries_its_fonts_as_woff2_and_falls_back_to_a_generic_family(drawn):
    files = svgs(drawn / "live")
    assert stems(files, drawn / "live") == pictures(drawn)
    for path in files:
        source = path.read_text(encoding="utf-8")
        root = ElementTree.fromstring(source)
        words = root.findall(f".//{SVG}text")
        assert words, path.name
        for text in words:
            family = re.search(r"font-family: ([^;]+);", text.get("style")).group(1)
            assert family.startswith("'Source Sans Pro'") and family.endswith(", sans-serif")
        faces = re.findall(r"font-weight: (\w+); font-style: (\w+);.*?url\(data:font/woff2;base64,([A-Za-z0-9+/=]+)\) "
                           r"format\('woff2'\)", source)
        assert faces, path.name
        shown = set("".join(t.text for t in words)) - {" "}
        for _, _, data in faces:
            font = TTFont(io.BytesIO(base64.b64decode(data)))
            assert font.flavor == "woff2"
            assert shown <= set(map(chr, font.getBestCmap())) | {"\u00ad"}
            assert len(font.getGlyphOrder()) < 120  # cut to the picture's characters
        assert len(path.read_bytes()) < 80_000
