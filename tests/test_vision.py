"""pnp.vision against published data and against colour-science, a maintained library written
apart from pnp: CIEDE2000 on Sharma, Wu and Dalal's test pairs, CIELAB and the simulations of
Machado et al. (2009) on many colours, the greyscale print and WCAG 2's contrast ratio.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from pnp.vision.contrast import BLACK, WHITE, contrast_ratio, encoded, linear, relative_luminance
from pnp.vision.difference import (
    MACHADO_2009,
    NORMAL,
    VISIONS,
    as_seen,
    delta_e_2000,
    lab,
    linear_rgb,
    seen_lab,
    simulate,
)

with warnings.catch_warnings():  # it says which optional libraries (SciPy, Matplotlib) it does without
    warnings.simplefilter("ignore")
    import colour
    from colour.blindness import matrix_cvd_Machado2009

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
# colour-science names the deficiencies by their anomaly; at severity 1.0 each is the dichromacy.
MACHADO_NAMES = {"protanopia": "Protanomaly", "deuteranopia": "Deuteranomaly", "tritanopia": "Tritanomaly"}
# colour-science reminds that Machado's tritan matrices model tritanopia only approximately (the paper says so too).
pytestmark = pytest.mark.filterwarnings("ignore::colour.utilities.ColourUsageWarning")


@pytest.fixture(scope="module")
def colours() -> np.ndarray:
    """2,000 sRGB colours spread over the cube, the eight corners and a grey ramp among them."""
    corners = np.array([[r, g, b] for r in (0, 1) for g in (0, 1) for b in (0, 1)], float)
    greys = np.repeat(np.linspace(0, 1, 11)[:, np.newaxis], 3, axis=1)
    spread = np.random.default_rng(33).random((2000 - len(corners) - len(greys), 3))
    return np.concatenate((corners, greys, spread))


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA)
def test_ciede2000_matches_the_published_pairs_both_ways(first, second, expected):
    assert float(delta_e_2000(first, second)) == pytest.approx(expected, abs=1e-4)
    assert float(delta_e_2000(second, first)) == pytest.approx(expected, abs=1e-4)


def test_ciede2000_of_many_pairs_at_once_is_each_pairs_own():
    first, second = np.array([pair[0] for pair in SHARMA]), np.array([pair[1] for pair in SHARMA])
    assert delta_e_2000(first, second) == pytest.approx([pair[2] for pair in SHARMA], abs=1e-4)


def test_ciede2000_agrees_with_colour_science_over_the_srgb_cube(colours):
    rng = np.random.default_rng(2000)
    first, second = seen_lab(colours), seen_lab(colours[rng.permutation(len(colours))])
    expected = colour.delta_E(first, second, method="CIE 2000")
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=1e-6)
    assert delta_e_2000(first, first) == pytest.approx(np.zeros(len(first)), abs=1e-9)


def test_cielab_agrees_with_colour_science_and_keeps_its_anchors(colours):
    d65 = colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]
    expected = colour.XYZ_to_Lab(colour.sRGB_to_XYZ(colours), illuminant=d65)
    # pnp takes IEC 61966-2-1's sRGB matrix to 7 places; colour-science derives its own from the primaries.
    assert np.abs(delta_e_2000(seen_lab(colours), expected)).max() < 0.02
    assert seen_lab((1.0, 0.0, 0.0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.01)
    assert seen_lab(WHITE) == pytest.approx((100, 0, 0), abs=0.01)
    assert seen_lab(BLACK) == pytest.approx((0, 0, 0), abs=1e-9)


@pytest.mark.parametrize("vision", sorted(MACHADO_NAMES))
def test_machados_matrices_are_colour_sciences_at_full_severity(vision):
    assert np.array(MACHADO_2009[vision]) == pytest.approx(matrix_cvd_Machado2009(MACHADO_NAMES[vision], 1.0),
                                                           abs=1e-6)


@pytest.mark.parametrize("vision", sorted(MACHADO_NAMES))
def test_the_simulations_are_colour_sciences_clipped_to_the_gamut(vision, colours):
    light = colour.models.eotf_sRGB(colours)
    expected = np.clip(colour.algebra.vecmul(matrix_cvd_Machado2009(MACHADO_NAMES[vision], 1.0), light), 0, 1)
    assert as_seen(colours, vision) == pytest.approx(expected, abs=1e-6)
    assert simulate(colours, vision) == pytest.approx(colour.models.eotf_inverse_sRGB(expected), abs=1e-6)


@pytest.mark.parametrize("vision", VISIONS)
def test_greys_look_the_same_with_every_vision(vision):
    greys = np.repeat(np.linspace(0, 1, 6)[:, np.newaxis], 3, axis=1)
    assert simulate(greys, vision) == pytest.approx(greys, abs=0.002)


def test_red_and_green_collapse_for_protans_and_deutans_not_for_tritans():
    red, green = seen_lab((1.0, 0.0, 0.0), NORMAL), seen_lab((0.0, 1.0, 0.0), NORMAL)
    apart = {vision: float(delta_e_2000(seen_lab((1.0, 0.0, 0.0), vision), seen_lab((0.0, 1.0, 0.0), vision)))
             for vision in VISIONS}
    normal = float(delta_e_2000(red, green))
    assert normal > 80 and apart["tritanopia"] > normal * 0.8
    assert apart["deuteranopia"] < apart["tritanopia"] / 2 and apart["protanopia"] < normal / 2


def test_a_greyscale_print_weighs_red_green_and_blue_as_the_pdf_reference_does():
    for rgb, grey in (((1.0, 0.0, 0.0), 0.3), ((0.0, 1.0, 0.0), 0.59), ((0.0, 0.0, 1.0), 0.11), ((0.5, 0.5, 0.5), 0.5)):
        assert simulate(rgb, "greyscale") == pytest.approx((grey, grey, grey), abs=1e-9)


def test_eight_bit_values_read_as_their_fractions(colours):
    values = np.round(colours * 255).astype(np.uint8)
    assert linear_rgb(values) == pytest.approx(linear_rgb(values / 255), abs=1e-12)
    assert lab(linear_rgb(values)) == pytest.approx(seen_lab(values / 255), abs=1e-9)
    assert as_seen(values, "greyscale") == pytest.approx(as_seen(values / 255, "greyscale"), abs=1e-12)


def test_the_srgb_transfer_function_round_trips_and_wcag_contrast_keeps_its_anchors():
    for value in np.linspace(0, 1, 101):
        assert encoded(linear(value)) == pytest.approx(value, abs=1e-12)
    assert relative_luminance(WHITE) == pytest.approx(1.0) and relative_luminance(BLACK) == 0
    assert contrast_ratio(BLACK, WHITE) == pytest.approx(21.0)
    assert contrast_ratio(WHITE, WHITE) == pytest.approx(1.0)
    grey = (0x76 / 255,) * 3  # #767676, the lightest grey that reaches 4.5:1 on white
    assert contrast_ratio(grey, WHITE) == pytest.approx(4.54, abs=0.01) == contrast_ratio(WHITE, grey)
