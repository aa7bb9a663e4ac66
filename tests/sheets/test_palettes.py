"""The games' red read back from the printed sheets: a red that reads as red, told apart from
the other colours with normal vision and with protan or deutan vision (Machado 2009 at full
severity, CIEDE2000 differences). The colour maths is checked first against published values.
"""

from __future__ import annotations

import pytest

from pnp.model import load_game
from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT
from tests.sheets.colour_vision import delta_e_2000, difference, from_hex, from_pixel, hue_angle, lab, simulate
from tests.sheets.reading import read_pages, render

# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
# supplementary test data, and mathematical observations", Table 1: L1 a1 b1, L2 a2 b2, ΔE00.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, -1.1848, -84.8006), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, -0.9009, -85.5211), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0010), 7.1792),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0012), 7.2195),
    ((50.0, -0.001, 2.49), (50.0, 0.0009, -2.49), 4.8045),
    ((50.0, -0.001, 2.49), (50.0, 0.0010, -2.49), 4.8045),
    ((50.0, -0.001, 2.49), (50.0, 0.0011, -2.49), 4.7461),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
    ((50.0, 2.5, 0.0), (50.0, 3.2972, 0.0), 1.0000),
    ((50.0, 2.5, 0.0), (50.0, 1.8634, 0.5757), 1.0000),
    ((50.0, 2.5, 0.0), (50.0, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]
VISIONS = ("normal", "protan", "deutan")
# The colour that tells each game's pieces, tokens or links apart (not inks, papers or backs).
PLAY_COLOURS = {"quatrefoil": ("blue", "green", "purple", "yellow"), "folio": ("yellow", "green", "blue"),
                "trifoil": ("blue",)}
# The least CIEDE2000 from red to any play colour, with each vision. Okabe–Ito's vermilion, the
# red before, managed 18.2 (from green, protan); 10 is already plainly another colour.
LEAST_APART = 19.0


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA)
def test_ciede2000_matches_the_published_pairs_both_ways(first, second, expected):
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert delta_e_2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_cielab_and_the_simulations_keep_their_anchors():
    assert lab(from_hex("#FF0000")) == pytest.approx((53.24, 80.09, 67.20), abs=0.01)
    assert lab(from_hex("#FFFFFF")) == pytest.approx((100, 0, 0), abs=0.01)
    assert hue_angle(from_hex("#FF0000")) == pytest.approx(40.0, abs=0.05)
    for vision in ("protan", "deutan", "tritan"):  # greys look the same to everyone
        for grey in ("#000000", "#808080", "#FFFFFF"):
            assert simulate(from_hex(grey), vision) == pytest.approx(from_hex(grey), abs=0.002)
    # Red and green collapse for protan and deutan vision, not for tritan.
    red, green = from_hex("#FF0000"), from_hex("#00FF00")
    assert difference(red, green, "deutan") < difference(red, green, "tritan") / 2


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
