"""Faces compared by what they paint: each kind of change said in its word, painted faces and faces
cut out of a build's sheets alike; and the four games, cut out of their own sheets, unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout.face_places import FacePlaces
from pnp.model.problems import Problems
from pnp.playtest.changes import CHANGED, compare_versions
from pnp.playtest.faces import OpenPdf
from pnp.playtest.versions import PrintedVersion
from pnp.targets import BuildOptions, build, load_games
from pnp.targets.before import painted_version
from tests.conftest import CONTENT
from tests.playtest.conftest import CARDS, TEXT_EN

DISC = "circle: {x: 50%, y: 62%, r: 25%, fill: gold, stroke: ink, width: 1pt}"
CHANGES = {
    "text": ("text/en.yaml", "Draw two cards", "Draw three cards"),
    "colour": ("components.yaml", "fill: gold", "fill: '#0072B2'"),
    "art": ("components.yaml", "r: 25%", "r: 22%"),
    "size": ("components.yaml", "extends: cards/poker", "extends: cards/bridge"),
}
EXPECTED = {"text": ("text",), "colour": ("colour",), "art": ("art",), "size": ("size",)}


def painted(folder: Path):
    [loaded] = load_games([folder])
    return painted_version(loaded, "en", Problems())


def printed(folder: Path, out: Path):
    build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("en",), jobs=1))
    game = folder.name
    record = FacePlaces.from_json((out / game / ".pnp" / f"{game}-sheets-en-a4.json").read_bytes())
    return PrintedVersion(record, OpenPdf.of_file(out / game / f"{game}-sheets-en-a4.pdf"))


@pytest.mark.parametrize("route", ["painted", "printed"])
@pytest.mark.parametrize("change", sorted(CHANGES))
def test_each_change_is_said_in_its_word(make_game, tmp_path, change, route):
    before = make_game({"components.yaml": CARDS, "text/en.yaml": TEXT_EN, "text/da.yaml": None}, name="before")
    file, old, new = CHANGES[change]
    texts = {"components.yaml": CARDS, "text/en.yaml": TEXT_EN}
    texts[file] = texts[file].replace(old, new)
    after = make_game({**texts, "text/da.yaml": None}, name="after")
    then = painted(before) if route == "painted" else printed(before, tmp_path / "out")
    changes = compare_versions(then, painted(after), "en")
    fronts = {item.item: face.what for item in changes.items for face in item.faces if face.side == "front"}
    if change == "text":
        assert fronts == {"spark": EXPECTED[change]}
        assert changes.items[0].faces[0].detail == "'two' → 'three'"
    else:
        assert fronts == dict.fromkeys(("spark", "ember", "blaze"), EXPECTED[change])
    assert all(item.status == CHANGED for item in changes.items)
    backs = [face.what for item in changes.items for face in item.faces if face.side == "back"]
    assert backs == ([("size",)] * 3 if change == "size" else [])  # the back changed only with the size
    shown = [(s.items, s.change.side) for s in changes.shown]
    if change == "size":  # the one back behind every card is shown once
        assert shown == [(("spark",), "front"), (("spark", "ember", "blaze"), "back"), (("ember",), "front"),
                         (("blaze",), "front")]


def test_a_face_drawn_otherwise_that_paints_alike_is_unchanged(make_game):
    before = make_game({"components.yaml": CARDS, "text/da.yaml": None}, name="before")
    # A smaller disc drawn under the gold one, which hides it wholly: other PDF bytes, the same pixels.
    hidden = CARDS.replace(f"- {DISC}", f"- circle: {{x: 50%, y: 62%, r: 12%, fill: ink}}\n        - {DISC}")
    after = make_game({"components.yaml": hidden, "text/da.yaml": None}, name="after")
    then, now = painted(before), painted(after)
    assert then.face("cards", "spark", "front").key != now.face("cards", "spark", "front").key
    assert compare_versions(then, now, "en").unchanged


@pytest.fixture(scope="module")
def four_games(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("four")
    build(sorted(CONTENT.iterdir()), BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("en", "da")))
    return out


@pytest.mark.parametrize("game", ["boardless-quarto", "folio", "quatrefoil", "trifoil"])
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_four_games_cut_out_of_their_own_sheets_are_unchanged(four_games, game, language):
    """Every face (discs, hexagons, cards turned or not, Folio's board in two parts) cut out of the
    sheets paints as it does alone, within the tolerance for faces cut out of sheets."""
    record = FacePlaces.from_json((four_games / game / ".pnp" / f"{game}-sheets-{language}-a4.json").read_bytes())
    then = PrintedVersion(record, OpenPdf.of_file(four_games / game / f"{game}-sheets-{language}-a4.pdf"))
    [loaded] = load_games([CONTENT / game])
    assert compare_versions(then, painted_version(loaded, language, Problems()), language).unchanged
    if game == "folio":
        board = record.set("board").items[0]
        assert len(board.faces["front"]) == 2  # cut from its two parts


def test_what_a_picture_draws_knows_an_image_by_its_bytes_not_its_path(make_game, tmp_path):
    """The game at a revision is painted from a checkout elsewhere: the same art there is the same face."""
    from PIL import Image

    art = CARDS.replace(f"- {DISC}", "- image: {file: art.png, x: 25%, y: 40%, w: 50%, h: 30%}")
    games = [make_game({"components.yaml": art, "text/en.yaml": TEXT_EN, "text/da.yaml": None}, name=name)
             for name in ("here", "there")]
    for game in games:
        Image.new("RGB", (60, 40), (200, 40, 40)).save(game / "art.png")
    here, there = (painted(game).face("cards", "spark", "front") for game in games)
    assert here.key == there.key
    Image.new("RGB", (60, 40), (40, 40, 200)).save(games[1] / "art.png")
    repainted = painted(games[1])
    assert repainted.face("cards", "spark", "front").key != here.key
    changes = compare_versions(painted(games[0]), repainted, "en")
    assert [s.change.what for s in changes.shown] == [("colour",)] * 3
