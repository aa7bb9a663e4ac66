"""The accessibility check (pnp check --accessibility, --format accessibility) on small games
made for it: two chips that differ only by red/green hue are flagged, and pass once a symbol
tells them apart; a set may call its colours decorative; small and faint texts are flagged.
The page is read back with html.parser and Pillow, and its simulated pictures are checked
against colour-science's own Machado (2009) matrices.
"""

from __future__ import annotations

import base64
import io
import re
import shutil
from html.parser import HTMLParser

import colour
import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from tests.conftest import CONTENT
from tests.exports.conftest import GAMES

# A red and a green that a deuteranope (and a greyscale print) cannot tell apart: CIEDE2000 51.7
# with normal vision, 3.6 with deuteranopia, 0.7 in greyscale.
RED, GREEN = "#C8553D", "#588B3D"
GAME = f"""\
title: Tiny
authors: [Someone]
version: "1"
licence: CC0
languages: [en]
players: "2"
palette:
  ink: "#222222"
  white: "#FFFFFF"
  red: "{RED}"
  green: "{GREEN}"
"""
CHIPS = """\
sets:
  chips:
    kind: token
    shape: circle
    width: 20mm
    bleed: 2mm
    attributes: [side]
    items: [{id: red, side: red}, {id: green, side: green}]
    front:
      background: ${side}
      elements: []
    back: same
"""
# The same chips, green marked with a white ring: a symbol every vision sees.
CHIPS_WITH_SYMBOL = CHIPS.replace("elements: []", """elements:
        - circle: {r: 30%, fill: none, stroke: white, width: 3pt}
          when: {side: green}""")
CHIPS_DECORATIVE = CHIPS.replace("    back: same\n", "    back: same\n    accessibility: {colour: decorative}\n")
TEXTS = {"text/en.yaml": "chip.name: Gold\n", "text/da.yaml": None}


def check(folder, *options: str):
    return CliRunner().invoke(main, ["check", "--accessibility", *options, str(folder)])


def chips_game(make_game, components: str, name: str = "tiny"):
    return make_game({"game.yaml": GAME, "components.yaml": components, **TEXTS}, name=name)


def test_chips_differing_only_by_red_and_green_are_flagged(make_game):
    result = check(chips_game(make_game, CHIPS))
    assert result.exit_code == 0, result.output
    [warning] = [line for line in result.stderr.splitlines() if "alike" in line]
    assert re.search(r"components\.yaml:3:\d+ sets\.chips: a pair of items looks alike with deuteranopia, a "
                     r"greyscale print: red and green \(front, 0\.0 mm²\)", warning), warning
    strict = check(chips_game(make_game, CHIPS), "--strict")
    assert strict.exit_code == 1 and "looks alike with deuteranopia, a greyscale print: red and green" in strict.stderr


def test_a_symbol_that_tells_them_apart_passes(make_game):
    result = check(chips_game(make_game, CHIPS_WITH_SYMBOL), "--strict")
    assert result.exit_code == 0, result.output
    assert "alike" not in result.stderr


def test_a_set_whose_colour_is_decorative_is_not_compared(make_game):
    result = check(chips_game(make_game, CHIPS_DECORATIVE), "--strict")
    assert result.exit_code == 0, result.output


def test_a_colour_meaning_that_is_neither_is_a_located_error(make_game):
    folder = chips_game(make_game, CHIPS_DECORATIVE.replace("decorative", "pretty"))
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1
    assert re.search(r"components\.yaml:\d+:\d+ .*colour.*decorative", result.stderr), result.stderr


def test_without_the_option_check_does_not_look(make_game):
    result = CliRunner().invoke(main, ["check", str(chips_game(make_game, CHIPS))])
    assert result.exit_code == 0 and "alike" not in result.stderr


LABELS = """\
sets:
  labels:
    kind: card
    width: 40mm
    height: 20mm
    bleed: 2mm
    attributes: [n]
    items: [{id: label, n: 1}, {id: other, n: 2}]
    front:
      background: white
      elements:
        - text: {text: tiny, y: 10%, h: 40%, size: 4pt, colour: ink}
        - text: {text: faint, y: 50%, h: 40%, size: 9pt, colour: pale}
"""


def test_small_and_faint_texts_are_flagged_where_they_are_written(make_game):
    folder = make_game({"game.yaml": GAME + '  pale: "#BBBBBB"\n', "components.yaml": LABELS, **TEXTS})
    result = check(folder)
    assert result.exit_code == 0, result.output
    # Said once each where written, for both items that show them.
    [small, faint] = [line for line in result.stderr.splitlines() if "text on" in line]
    # Source Sans's x-height is 0.486 em: 4 pt prints 0.69 mm tall, under 1.2 mm; ink on white is 15.9:1.
    assert re.search(r"components\.yaml:12:\d+ sets\.labels\.front: text on label, other \(en\) too small: an "
                     r"x-height of 0\.69 mm as printed \('tiny'\), under 1\.2 mm$", small), small
    # #BBBBBB on white: (1.05) / (0.497 + 0.05) = 1.9:1.
    assert re.search(r"components\.yaml:13:\d+ .* text on label, other \(en\) too faint: a contrast of 1\.9:1 with "
                     r"what lies under it \('faint'\), under 4\.5:1$", faint), faint


class Page(HTMLParser):
    """The page's headings and its pictures (alt text → PNG)."""

    def __init__(self):
        super().__init__()
        self.headings: list[str] = []
        self.images: dict[str, Image.Image] = {}
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("h2", "h3"):
            self._in = tag
            self.headings.append("")
        if tag == "img":
            data = attrs["src"].removeprefix("data:image/png;base64,")
            self.images[attrs["alt"]] = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in:
            self.headings[-1] += data


def page_of(make_game, tmp_path, components: str) -> Page:
    folder = chips_game(make_game, components)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--format", "accessibility", "--out", str(out), str(folder)])
    assert result.exit_code == 0, result.output
    page = Page()
    page.feed((out / "tiny" / "accessibility.html").read_text(encoding="utf-8"))
    return page


def test_the_page_shows_the_flagged_faces_under_each_simulation(make_game, tmp_path):
    page = page_of(make_game, tmp_path, CHIPS)
    assert "chips: red and green (front)" in page.headings
    shown = {alt for alt in page.images}
    assert shown == {f"{item} as {vision}" for item in ("red", "green")
                     for vision in ("as printed", "protanopia", "deuteranopia", "tritanopia", "a greyscale print")}
    printed = np.asarray(page.images["red as as printed"], float) / 255
    centre = printed[printed.shape[0] // 2, printed.shape[1] // 2]
    assert np.allclose(centre * 255, colour.notation.HEX_to_RGB(RED) * 255, atol=1)
    # Deuteranopia as colour-science simulates it, on the face's own centre: the page's picture agrees.
    matrix = colour.matrix_cvd_Machado2009("Deuteranomaly", 1.0)
    expected = colour.cctf_encoding(np.clip(matrix @ colour.cctf_decoding(centre), 0, 1))
    seen = np.asarray(page.images["red as deuteranopia"], float)[printed.shape[0] // 2, printed.shape[1] // 2] / 255
    assert np.allclose(seen, expected, atol=1.5 / 255)
    # Both chips look the same to a deuteranope: their centres under 5 CIEDE2000 apart.
    other = np.asarray(page.images["green as deuteranopia"], float)[printed.shape[0] // 2, printed.shape[1] // 2] / 255
    labs = [colour.XYZ_to_Lab(colour.sRGB_to_XYZ(c)) for c in (seen, other)]
    assert colour.delta_E(*labs, method="CIE 2000") < 5


def test_a_page_with_nothing_alike_shows_the_closest_pair(make_game, tmp_path):
    page = page_of(make_game, tmp_path, CHIPS_WITH_SYMBOL)
    assert "chips: closest, red and green (front)" in page.headings
    assert "Items that look alike" in page.headings and len(page.images) == 10


# --- the four games ---------------------------------------------------------------------


class Summary(HTMLParser):
    """The page's summary table, as rows of cell texts, and its sections' headings."""

    def __init__(self):
        super().__init__()
        self.rows: list[list[str]] = []
        self.headings: list[str] = []
        self._cell: str | None = None
        self._heading = False
        self._tables = 0

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self._tables += 1
        if tag == "tr" and self._tables == 1:
            self.rows.append([])
        if tag in ("td", "th") and self._tables == 1:
            self._cell = ""
        self._heading = self._heading or tag == "h2"

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(self._cell.strip())
            self._cell = None
        if tag == "h2":
            self._heading = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data
        if self._heading:
            self.headings.append(data)


@pytest.fixture(scope="module")
def four_games(tmp_path_factory):
    from pnp.targets import BuildOptions, build

    out = tmp_path_factory.mktemp("accessibility")
    result = build([CONTENT / game for game in GAMES], BuildOptions(out=out, formats=("accessibility",), jobs=2))
    return out, result


def test_the_four_games_pass_and_each_has_its_page(four_games):
    out, result = four_games
    assert [w for w in result.warnings if "sets." in w] == []
    sets = {"quatrefoil": ["tokens", "colour-cards", "position-cards"],
            "trifoil": ["tiles", "links", "triangle-markers"], "folio": ["pieces", "board"],
            "boardless-quarto": ["pieces"]}
    for game in GAMES:
        page = Summary()
        page.feed((out / game / "accessibility.html").read_text(encoding="utf-8"))
        header, *rows = page.rows
        assert header[:3] == ["set", "items", "pairs told apart"]
        assert [row[0] for row in rows] == sets[game]
        assert all(row[3:7] == ["0"] * 4 and row[8:] == ["0", "0"] for row in rows), rows
        assert "Closest pairs" in page.headings


def test_folio_with_its_old_white_disc_pips_is_flagged(tmp_path):
    folio = tmp_path / "content" / "folio"
    shutil.copytree(CONTENT / "folio", folio)
    shutil.copytree(CONTENT.parent / "templates", tmp_path / "templates")
    components = folio / "components.yaml"
    text = components.read_text(encoding="utf-8")
    old = text.replace("r: 1.4mm, fill: ink, stroke: white, width: 0.8pt",
                       "r: 1.4mm, fill: white, stroke: ink, width: 0.6pt")
    assert old != text
    components.write_text(old, encoding="utf-8")
    result = check(folio)
    [warning] = [line for line in result.stderr.splitlines() if "alike" in line]
    assert "sets.pieces: 3 pairs of items look alike with a greyscale print: " in warning
    alike = re.findall(r"(\S+ and \S+) \(front, (\d\.\d) mm²\)", warning)
    assert alike == [("green-1-5 and blue-1-0", "1.2"), ("green-2-5 and blue-2-0", "3.0"),
                     ("red-1-3 and blue-1-0", "3.8")], warning
