"""The games' red read back from the printed sheets: a red that reads as red, told apart from
the other colours with normal vision and with protan or deutan vision (Machado 2009 at full
severity, CIEDE2000 differences: pnp.vision, checked in tests/test_vision.py).
"""

from __future__ import annotations

import pytest

from pnp.model import load_game
from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT
from tests.sheets.colour_vision import difference, from_pixel, hue_angle
from tests.sheets.reading import read_pages, render

VISIONS = ("normal", "protanopia", "deuteranopia")
# The colour that tells each game's pieces, tokens or links apart (not inks, papers or backs).
PLAY_COLOURS = {"quatrefoil": ("blue", "green", "purple", "yellow"), "folio": ("yellow", "green", "blue"),
                "trifoil": ("blue",)}
# The least CIEDE2000 from red to any play colour, with each vision. Okabe–Ito's vermilion, the
# red before, managed 18.2 (from green, protan); 10 is already plainly another colour.
LEAST_APART = 19.0


@pytest.fixture(scope="module")
def quatrefoil_tokens(tmp_path_factory):
    """The five tokens' colours as printed: each disc's ground, read from the sheet's pixels, left to right."""
    out = tmp_path_factory.mktemp("tokens")
    build([CONTENT / "quatrefoil"], BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("en",),
                                                 kinds=("sheets",), jobs=1))
    pdf = out / "quatrefoil" / "quatrefoil-sheets-en-a4.pdf"
    page = read_pages(pdf)[2]
    image = render(pdf, 2, 150)
    k = 150 / 25.4
    discs = sorted(page.faces(29, 29), key=lambda box: box.x0)
    assert len(discs) == 5 and max(d.y0 for d in discs) - min(d.y0 for d in discs) < 0.01  # one row
    colours = []
    for disc in discs:  # 3 mm inside the trim, up and to the left of the symbol
        x, y = disc.x0 + 2 + 3.5, (disc.y0 + disc.y1) / 2 + 5
        colours.append(from_pixel(image.getpixel((int(x * k), int((page.height - y) * k)))))
    return dict(zip(("blue", "green", "purple", "red", "yellow"), colours))


def test_quatrefoils_red_token_prints_red(quatrefoil_tokens):
    red = quatrefoil_tokens["red"]
    # CIELAB hue 20° (crimson) to 40° (sRGB's red primary); the vermilion before was 56°, orange.
    assert 20 <= hue_angle(red) <= 40, hue_angle(red)


@pytest.mark.parametrize("vision", VISIONS)
def test_quatrefoils_red_token_stays_apart_from_the_other_four(quatrefoil_tokens, vision):
    red = quatrefoil_tokens["red"]
    apart = {name: difference(red, rgb, vision) for name, rgb in quatrefoil_tokens.items() if name != "red"}
    assert min(apart.values()) >= LEAST_APART - 0.5, apart  # a pixel is within a unit of its colour


@pytest.mark.parametrize("game", sorted(PLAY_COLOURS))
def test_every_games_red_reads_as_red_and_stays_apart_from_its_play_colours(game):
    palette = load_game(CONTENT / game).palette
    red = palette["red"].rgb
    assert 20 <= hue_angle(red) <= 40
    for vision in VISIONS:
        for name in PLAY_COLOURS[game]:
            assert difference(red, palette[name].rgb, vision) >= LEAST_APART, (game, name, vision)
