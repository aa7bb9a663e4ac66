"""Tabletop Simulator exports read back as TTS reads them: the saved object's JSON, its ids, its images.

Every card id must name a slot of a face sheet that exists and holds that card (the
pixels compared with the face rendered on its own by PDFium); the hidden slot holds the
back; sheets stay within 10 × 7 slots and 4096 px; tokens are transparent outside their
shape; nothing names a path of the machine that built them.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat

from pnp.export import tts
from pnp.paint.diagrams.output import drawing_pdf
from tests.conftest import CONTENT
from tests.exports.conftest import GAMES


def saved_objects(kit: Path, game: str) -> dict[Path, dict]:
    return {path: json.loads(path.read_text(encoding="utf-8")) for path in sorted((kit / game / "tts").glob("*.json"))}


def decks(document: dict) -> list[dict]:
    return [o for o in document["ObjectStates"] if o["Name"] in ("Deck", "Card")]


def pieces(document: dict) -> list[dict]:
    return [o for o in document["ObjectStates"] if o["Name"] in ("Custom_Token", "Custom_Tile")]


def face_pixels(drawing, size) -> Image.Image:
    """The face alone, rendered by PDFium from its own PDF and resized: what its slot should show."""
    document = pypdfium2.PdfDocument(drawing_pdf(drawing, "face"))
    page = document[0]
    image = page.render(scale=size[0] / page.get_width()).to_pil().convert("RGB").resize(size)
    document.close()
    return image


def difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.parametrize("game", GAMES)
def test_every_saved_object_is_json_with_objects_and_relative_images(kit, game):
    documents = saved_objects(kit, game)
    assert documents
    for path, document in documents.items():
        assert document["ObjectStates"]
        text = path.read_text(encoding="utf-8")
        assert str(kit) not in text and "/tmp" not in text
        for url in re.findall(r'"(?:FaceURL|BackURL|ImageURL|ImageSecondaryURL)": "([^"]*)"', text):
            assert url == "" or (path.parent / url).is_file(), url
            assert "/" not in url and ":" not in url


@pytest.mark.parametrize("game", GAMES)
def test_every_set_is_on_the_table_with_its_counts(kit, game, games):
    game_model = games[game].game
    for document in saved_objects(kit, game).values():
        counted = Counter()
        for deck in decks(document):
            cards = deck.get("ContainedObjects") or [deck]
            counted[deck["Nickname"] if deck["Name"] == "Deck" else "single"] += len(cards)
        for piece in pieces(document):
            counted[piece["Nickname"].split(" – ")[0]] += 1
        card_sets = [s for s in game_model.sets if s.kind == "card"]
        assert len(decks(document)) == len(card_sets)
        assert sum(counted.values()) == sum(s.count for s in game_model.sets)


def test_card_ids_name_existing_slots_in_deck_order(kit, games):
    model = games["quatrefoil"].game
    for document in saved_objects(kit, "quatrefoil").values():
        for deck, component_set in zip(decks(document), [s for s in model.sets if s.kind == "card"]):
            cards = deck["ContainedObjects"]
            assert deck["DeckIDs"] == [card["CardID"] for card in cards]
            expected = [item.id for item in component_set.items for _ in range(item.count)]
            assert [card["Nickname"] for card in cards] == expected
            for card in cards:
                number, slot = divmod(card["CardID"], 100)
                custom = deck["CustomDeck"][str(number)]
                assert card["CustomDeck"][str(number)] == custom
                assert 1 <= custom["NumWidth"] <= 10 and 1 <= custom["NumHeight"] <= 7
                assert slot < custom["NumWidth"] * custom["NumHeight"] - 1  # never the hidden slot
                assert custom["BackIsHidden"] is True and custom["UniqueBack"] is False


def test_each_slot_shows_its_card_and_the_hidden_slot_the_back(kit, games):
    from pnp.targets.exports import FaceArt

    loaded = games["quatrefoil"]
    document = saved_objects(kit, "quatrefoil")[kit / "quatrefoil" / "tts" / "quatrefoil-da.json"]
    for deck, component_set in zip(decks(document), [s for s in loaded.game.sets if s.kind == "card"]):
        custom = next(iter(deck["CustomDeck"].values()))
        columns, rows = custom["NumWidth"], custom["NumHeight"]
        sheet = Image.open(kit / "quatrefoil" / "tts" / custom["FaceURL"]).convert("RGB")
        back = Image.open(kit / "quatrefoil" / "tts" / custom["BackURL"]).convert("RGB")
        assert max(sheet.size) <= 4096 and sheet.width % columns == 0 and sheet.height % rows == 0
        cell = (sheet.width // columns, sheet.height // rows)
        assert back.size == cell
        paint = FaceArt(loaded, component_set, "da")
        for card in deck["ContainedObjects"]:
            slot = card["CardID"] % 100
            item = next(i for i in component_set.items if i.id == card["Nickname"])
            row, column = divmod(slot, columns)
            shown = sheet.crop((column * cell[0], row * cell[1], (column + 1) * cell[0], (row + 1) * cell[1]))
            assert difference(shown, face_pixels(paint(item.front), cell)) < 4, card["Nickname"]
            others = [i for i in component_set.items if i.front != item.front]
            assert all(difference(shown, face_pixels(paint(o.front), cell)) > 8 for o in others)
        row, column = divmod(columns * rows - 1, columns)
        hidden = sheet.crop((column * cell[0], row * cell[1], (column + 1) * cell[0], (row + 1) * cell[1]))
        assert difference(hidden, back) < 1
        assert difference(back, face_pixels(paint(component_set.items[0].back), cell)) < 4


def test_tokens_and_tiles_are_transparent_outside_their_shape(kit):
    token = Image.open(kit / "quatrefoil" / "tts" / "quatrefoil-tokens-red.png")
    tile = Image.open(kit / "trifoil" / "tts" / "trifoil-tiles-1.png")
    link = Image.open(kit / "trifoil" / "tts" / "trifoil-links-red.png")
    for image in (token, tile, link):
        assert image.mode == "RGBA"
        assert image.getpixel((0, 0))[3] == 0  # a corner, outside a disc, a hexagon, a rounded rectangle
        assert image.getpixel((image.width // 2, image.height // 2))[3] == 255
    assert tile.getpixel((tile.width // 2, 1))[3] == 255  # a flat-topped hexagon's top edge is inside
    assert tile.getpixel((1, tile.height // 2))[3] == 255  # and so is its left corner


def test_pieces_are_tokens_or_tiles_by_what_they_are(kit):
    trifoil = saved_objects(kit, "trifoil")[kit / "trifoil" / "tts" / "trifoil-en.json"]
    tiles = [p for p in pieces(trifoil) if p["Name"] == "Custom_Tile"]
    assert len(tiles) == 12 and {t["CustomImage"]["CustomTile"]["Type"] for t in tiles} == {1}  # hexagons
    links = [p for p in pieces(trifoil) if p["Nickname"].endswith("red")]
    assert len(links) == 15 and all(p["Name"] == "Custom_Token" for p in links)
    folio = saved_objects(kit, "folio")[kit / "folio" / "tts" / "folio-en.json"]
    [board] = [p for p in pieces(folio) if p["Name"] == "Custom_Tile"]
    assert board["CustomImage"]["CustomTile"]["Type"] == 0
    positions = [(p["Transform"]["posX"], p["Transform"]["posZ"]) for p in pieces(folio)]
    assert len(set(positions)) == 13  # 12 distinct pieces (4 pairs stack) and the board, each in its own place


def test_a_base_url_prefixes_every_image(tmp_path):
    from pnp.targets import BuildOptions, build

    build([CONTENT / "trifoil"], BuildOptions(out=tmp_path, formats=("tts",), tts_base_url="https://example.org/trifoil/"))
    text = (tmp_path / "trifoil" / "tts" / "trifoil-en.json").read_text(encoding="utf-8")
    urls = re.findall(r'"ImageURL": "([^"]*)"', text)
    assert urls and all(u.startswith("https://example.org/trifoil/trifoil-") for u in urls)


def fake_set(fronts: list[str], backs: list[str | None], width=180.0, height=252.0, counts=None):
    items = [SimpleNamespace(id=f"c{n}", front=front, back=back, count=(counts or [1] * len(fronts))[n])
             for n, (front, back) in enumerate(zip(fronts, backs))]
    return SimpleNamespace(items=items, width=width, height=height, kind="card")


def test_a_large_deck_takes_several_sheets_of_at_most_69_cards():
    deck = tts.plan_deck(fake_set([f"f{n}" for n in range(150)], ["b"] * 150))
    assert [len(g.cards) for g in deck.grids] == [69, 69, 12]
    assert [(g.columns, g.rows) for g in deck.grids] == [(10, 7), (10, 7), (10, 2)]
    assert all(max(g.size) <= 4096 for g in deck.grids)
    assert deck.place(69) == (1, 0) and deck.place(149) == (2, 11)
    faces, backs = tts.deck_files("g-cards", deck)
    assert faces == ["g-cards-faces-1.png", "g-cards-faces-2.png",
                     "g-cards-faces-3.png"] and backs == ["g-cards-back.png"]


def test_cards_with_different_backs_get_back_sheets_and_counts_repeat_ids():
    deck = tts.plan_deck(fake_set(["a", "b", "a"], ["x", "y", "x"], counts=[2, 1, 3]))
    assert deck.unique_back and len(deck.fronts) == 2
    assert deck.order == (0, 0, 1, 0, 0, 0)
    assert tts.deck_files("g-cards", deck)[1] == ["g-cards-backs.png"]
    assert (deck.grids[0].columns, deck.grids[0].rows) == (3, 1)


def test_a_landscape_card_set_is_sideways():
    assert tts.plan_deck(fake_set(["a", "b"], ["x", "x"], width=252.0, height=180.0)).sideways


@pytest.mark.parametrize("url",
                         ["/home/me/tts/", "https://example.org/no-slash", "javascript:alert(1)/", "https://a b/"])
def test_a_base_url_that_is_not_one_is_a_usage_error(tmp_path, url):
    import shutil

    from tests.conftest import CONTENT, ROOT
    from tests.targets.conftest import invoke

    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    shutil.copytree(CONTENT / "trifoil", tmp_path / "content" / "trifoil")
    result = invoke(["build", "--format", "tts", "--tts-base-url", url, "--out", "out"], tmp_path)
    assert result.exit_code == 2 and "expected a base URL" in result.output
    assert not (tmp_path / "out").exists()


def test_a_changed_card_text_remakes_only_the_images_that_show_it(tmp_path):
    import shutil

    from pnp.targets import BuildOptions, build
    from tests.conftest import CONTENT, ROOT

    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    game = shutil.copytree(CONTENT / "quatrefoil", tmp_path / "content" / "quatrefoil")
    options = BuildOptions(out=tmp_path / "out", formats=("tts",))
    build([game], options)
    english = game / "text" / "en.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("colour.blue: Blue\n", "colour.blue: Navy\n"),
                       encoding="utf-8")
    result = build([game], options)
    written = sorted(p.name for p in result.written)
    # The English colour cards show the word; the Danish ones show their own (now flagged stale).
    assert written == ["quatrefoil-colour-cards-en-faces.png"]


@pytest.mark.parametrize("game", GAMES)
def test_each_language_has_a_saved_object_named_in_its_words(kit, game):
    from tests.sheets.test_sheet_languages import catalog, game_yaml

    languages = game_yaml(game)["languages"]
    objects = saved_objects(kit, game)
    assert sorted(p.name for p in objects) == sorted(f"{game}-{lang}.json" for lang in languages)
    for language in languages:
        texts = catalog(CONTENT / game / "text" / f"{language}.yaml")
        document = objects[kit / game / "tts" / f"{game}-{language}.json"]
        assert document["SaveName"] == f"{texts.get('game.title', game_yaml(game)['title'])} ({language})"
        names = {text for key, text in texts.items() if re.fullmatch(r"component\.[\w-]+\.name", key)}
        decks_named = {d["Nickname"] for d in decks(document) if d["Name"] == "Deck"}
        sets_named = {p["Nickname"].split(" – ")[0] for p in pieces(document)}
        assert decks_named | sets_named <= names


def test_a_standee_stands_as_a_figurine_and_a_tuck_box_stays_off_the_table(make_game, tmp_path):
    """Read back as TTS reads the save: a custom figurine per standee copy, its front and back images
    those of the standee's own faces (their grounds read with Pillow); no object or image of the box."""
    from pnp.targets import BuildOptions, build

    folder = make_game({"components.yaml": """\
        sets:
          deck:
            extends: cards/poker
            items: [{id: a, count: 3}]
            front: {background: gold}
          box:
            kind: tuck-box
            deck: deck
            items: [{}]
            front: {background: ink}
          hero:
            kind: standee
            width: 30mm
            height: 50mm
            items: [{id: knight, count: 2}]
            front: {background: gold}
            back: {background: ink}
        """})
    build([folder], BuildOptions(out=tmp_path / "out", formats=("tts",), languages=("en",)))
    files = sorted(p.name for p in (tmp_path / "out" / "tiny" / "tts").iterdir())
    assert not [name for name in files if "-box" in name]
    [document] = saved_objects(tmp_path / "out", "tiny").values()
    figures = [o for o in document["ObjectStates"] if o["Name"] == "Figurine_Custom"]
    assert len(figures) == 2 and len(document["ObjectStates"]) == 3  # the deck, two knights, no box
    image = figures[0]["CustomImage"]
    assert (image["ImageURL"], image["ImageSecondaryURL"]) == ("tiny-hero-knight.png", "tiny-hero-knight-back.png")
    assert figures[0]["Transform"]["posX"] != figures[1]["Transform"]["posX"]  # side by side, not stacked
    for name, colour in (("tiny-hero-knight.png", (0xE6, 0x9F, 0x00)), ("tiny-hero-knight-back.png", (0x22,) * 3)):
        with Image.open(tmp_path / "out" / "tiny" / "tts" / name) as picture:
            assert picture.convert("RGB").getpixel((picture.width // 2, picture.height // 2)) == colour
