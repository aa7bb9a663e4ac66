"""Tabletop Simulator exports read back as TTS reads them: the saved object's JSON, its ids, its images.

Every card id must name a slot of a face sheet that exists and holds that card (the
pixels compared with the face rendered on its own by PDFium); TTS shows the back for
hidden cards (BackIsHidden), so every slot may hold a card, 70 a sheet; sheets stay
within 10 × 7 slots and 4096 px; tokens are transparent outside their shape; every image
link is the file:/// address of a file the build wrote, or under --tts-base-url.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlparse
from urllib.request import url2pathname

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


def image_links(document: dict) -> list[str]:
    """Every image link of a saved object, the empty ones (a token's second image) left out."""
    text = json.dumps(document)
    return [u for u in re.findall(r'"(?:FaceURL|BackURL|ImageURL|ImageSecondaryURL)": "([^"]*)"', text) if u]


@pytest.mark.parametrize("game", GAMES)
def test_a_save_built_with_no_option_links_its_images_by_their_file_addresses(kit, game):
    documents = saved_objects(kit, game)
    assert documents
    for document in documents.values():
        assert document["ObjectStates"]
        links = image_links(document)
        assert links
        for url in links:
            parsed = urlparse(url)
            assert parsed.scheme == "file" and parsed.netloc == "" and url.startswith("file:///"), url
            image = Path(url2pathname(parsed.path))
            assert image.is_absolute() and image.is_file(), url
            assert image.parent == (kit / game / "tts").resolve()


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
            assert len(cards) == sum(item.count for item in component_set.items)
            assert deck["HideWhenFaceDown"] is True
            for card in cards:
                number, slot = divmod(card["CardID"], 100)
                custom = deck["CustomDeck"][str(number)]
                assert card["CustomDeck"][str(number)] == custom
                assert 1 <= custom["NumWidth"] <= 10 and 1 <= custom["NumHeight"] <= 7
                assert slot < custom["NumWidth"] * custom["NumHeight"]
                assert custom["BackIsHidden"] is True and custom["UniqueBack"] is False
                assert card["HideWhenFaceDown"] is True  # a face-down card's name does not show


def test_cards_and_pieces_are_named_in_the_games_own_words(kit):
    """The colour and position cards by the words their faces show, tokens by their name texts,
    in the save's language; a set whose items are told apart only by their pictures by its name."""
    danish = saved_objects(kit, "quatrefoil")[kit / "quatrefoil" / "tts" / "quatrefoil-da.json"]
    colours, positions = decks(danish)
    assert [c["Nickname"] for c in colours["ContainedObjects"]] == ["Blå", "Grøn", "Lilla", "Rød", "Gul"]
    assert [c["Nickname"] for c in positions["ContainedObjects"]] == ["Nordvest", "Nordøst", "Sydvest", "Sydøst"]
    assert [p["Nickname"] for p in pieces(danish)] == ["Blå brik", "Grøn brik", "Lilla brik", "Rød brik", "Gul brik"]
    english = saved_objects(kit, "trifoil")[kit / "trifoil" / "tts" / "trifoil-en.json"]
    assert Counter(p["Nickname"] for p in pieces(english)) == Counter(
        {"Tiles": 12, "Red link": 15, "Blue link": 15, "Δ": 1, "Ω": 1, "θ": 1, "β": 1})
    folio = saved_objects(kit, "folio")[kit / "folio" / "tts" / "folio-da.json"]
    names = Counter(p["Nickname"] for p in pieces(folio))
    assert names["Bræt"] == 1 and names["Lille rød pyramide"] == 2 and names["Stor blå pyramide"] == 1


def test_each_slot_shows_its_card_at_the_printed_size_and_empty_slots_are_white(kit, games):
    from pnp.targets.exports import FaceArt

    loaded = games["quatrefoil"]
    document = saved_objects(kit, "quatrefoil")[kit / "quatrefoil" / "tts" / "quatrefoil-da.json"]
    for deck, component_set in zip(decks(document), [s for s in loaded.game.sets if s.kind == "card"]):
        custom = next(iter(deck["CustomDeck"].values()))
        columns, rows = custom["NumWidth"], custom["NumHeight"]
        sheet = Image.open(url2pathname(urlparse(custom["FaceURL"]).path)).convert("RGB")
        back = Image.open(url2pathname(urlparse(custom["BackURL"]).path)).convert("RGB")
        assert max(sheet.size) <= 4096 and sheet.width % columns == 0 and sheet.height % rows == 0
        cell = (sheet.width // columns, sheet.height // rows)
        assert cell == back.size == (750, 1050)  # a poker card at 300 dpi, not shrunk
        paint = FaceArt(loaded, component_set, "da")
        for card in deck["ContainedObjects"]:
            slot = card["CardID"] % 100
            item = component_set.items[deck["ContainedObjects"].index(card)]
            row, column = divmod(slot, columns)
            shown = sheet.crop((column * cell[0], row * cell[1], (column + 1) * cell[0], (row + 1) * cell[1]))
            assert difference(shown, face_pixels(paint(item.front), cell)) < 4, card["Nickname"]
            others = [i for i in component_set.items if i.front != item.front]
            assert all(difference(shown, face_pixels(paint(o.front), cell)) > 8 for o in others)
        for slot in range(len(deck["ContainedObjects"]), columns * rows):
            row, column = divmod(slot, columns)
            empty = sheet.crop((column * cell[0], row * cell[1], (column + 1) * cell[0], (row + 1) * cell[1]))
            assert empty.getextrema() == ((255, 255),) * 3
        assert difference(back, face_pixels(paint(component_set.items[0].back), cell)) < 4


def test_the_quatrefoil_decks_keep_the_printed_size_in_the_squarest_grid(kit):
    english = saved_objects(kit, "quatrefoil")[kit / "quatrefoil" / "tts" / "quatrefoil-en.json"]
    customs = [next(iter(deck["CustomDeck"].values())) for deck in decks(english)]
    grids = [(custom["NumWidth"], custom["NumHeight"]) for custom in customs]
    assert grids == [(3, 2), (2, 2)]  # 5 colour cards, 4 position cards
    sheet = Image.open(kit / "quatrefoil" / "tts" / "quatrefoil-colour-cards-en-faces.png")
    assert sheet.size == (3 * 750, 2 * 1050)


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
    links = [p for p in pieces(trifoil) if p["Nickname"] == "Red link"]
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


POKER_DECK = """\
sets:
  cards:
    extends: cards/poker
    attributes: [number]
    items: [%s]
    front:
      background: gold
      elements:
        - text: {text: "${number}", size: 40pt, colour: ink}
    back: {background: ink}
"""


def test_a_deck_of_75_poker_cards_packs_70_on_its_first_sheet(make_game, tmp_path):
    from pnp.targets import BuildOptions, build

    items = ", ".join(f"{{number: {n}}}" for n in range(1, 76))
    folder = make_game({"components.yaml": POKER_DECK % items, "text/da.yaml": None})
    build([folder], BuildOptions(out=tmp_path / "out", formats=("tts",), languages=("en",)))
    document = json.loads((tmp_path / "out" / "tiny" / "tts" / "tiny-en.json").read_text(encoding="utf-8"))
    [deck] = decks(document)
    assert deck["CustomDeck"]["1"]["NumWidth"] * deck["CustomDeck"]["1"]["NumHeight"] == 70
    assert deck["CustomDeck"]["1"]["BackIsHidden"] is True
    ids = [card["CardID"] for card in deck["ContainedObjects"]]
    assert ids == [*range(100, 170), *range(200, 205)]
    assert [card["Nickname"] for card in deck["ContainedObjects"]] == [str(n) for n in range(1, 76)]
    first = Image.open(url2pathname(urlparse(deck["CustomDeck"]["1"]["FaceURL"]).path))
    second = Image.open(url2pathname(urlparse(deck["CustomDeck"]["2"]["FaceURL"]).path))
    assert first.size == (10 * 409, 7 * 573) and second.size == (3 * 409, 2 * 573)  # one card size on both


def test_a_build_says_once_how_to_host_the_images_and_not_with_a_base_url(tmp_path):
    import shutil

    from tests.conftest import ROOT
    from tests.targets.conftest import invoke

    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    for game in ("trifoil", "folio"):
        shutil.copytree(CONTENT / game, tmp_path / "content" / game)
    first = invoke(["build", "--format", "tts", "--out", "out"], tmp_path)
    assert first.exit_code == 0, first.output
    notes = [line for line in first.output.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "--tts-base-url" in notes[0] and "file:///" in notes[0]
    again = invoke(["build", "--format", "tts", "--out", "out"], tmp_path)  # nothing to make: said again, once
    assert [line for line in again.output.splitlines() if line.startswith("note:")] == notes
    hosted = invoke(["build", "--format", "tts", "--out", "out", "--tts-base-url", "https://example.org/x/"], tmp_path)
    assert hosted.exit_code == 0 and "note:" not in hosted.output
    strict = invoke(["build", "--format", "tts", "--out", "other", "--strict"], tmp_path)
    assert strict.exit_code == 0 and "note:" in strict.output  # a note is not a warning


def fake_set(fronts: list[str], backs: list[str | None], width=180.0, height=252.0, counts=None):
    items = [SimpleNamespace(id=f"c{n}", front=front, back=back, count=(counts or [1] * len(fronts))[n])
             for n, (front, back) in enumerate(zip(fronts, backs))]
    return SimpleNamespace(items=items, width=width, height=height, kind="card")


def test_a_large_deck_takes_sheets_of_70_cards_all_at_one_size():
    deck = tts.plan_deck(fake_set([f"f{n}" for n in range(150)], ["b"] * 150))
    assert [len(g.cards) for g in deck.grids] == [70, 70, 10]
    assert [(g.columns, g.rows) for g in deck.grids] == [(10, 7), (10, 7), (4, 3)]
    assert {g.cell for g in deck.grids} == {(409, 573)}  # 750 × 1050 shrunk by 4096 / 7500
    assert all(max(g.size) <= 4096 for g in deck.grids)
    assert deck.place(69) == (0, 69) and deck.place(70) == (1, 0) and deck.place(149) == (2, 9)
    faces, backs = tts.deck_files("g-cards", deck)
    assert faces == ["g-cards-faces-1.png", "g-cards-faces-2.png",
                     "g-cards-faces-3.png"] and backs == ["g-cards-back.png"]


def test_cards_with_different_backs_get_back_sheets_and_counts_repeat_ids():
    deck = tts.plan_deck(fake_set(["a", "b", "a"], ["x", "y", "x"], counts=[2, 1, 3]))
    assert deck.unique_back and len(deck.fronts) == 2
    assert deck.order == (0, 0, 1, 0, 0, 0)
    assert tts.deck_files("g-cards", deck)[1] == ["g-cards-backs.png"]
    assert (deck.grids[0].columns, deck.grids[0].rows) == (2, 1)


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
    # The English colour cards show the word, and the English save names the card by it; the Danish
    # ones show their own (now flagged stale).
    assert written == ["quatrefoil-colour-cards-en-faces.png", "quatrefoil-en.json"]


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
        assert {d["Nickname"] for d in decks(document) if d["Name"] == "Deck"} <= names


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
    urls = (image["ImageURL"], image["ImageSecondaryURL"])
    assert all(url.startswith("file:///") for url in urls)
    assert [url.rsplit("/", 1)[1] for url in urls] == ["tiny-hero-knight.png", "tiny-hero-knight-back.png"]
    assert figures[0]["Transform"]["posX"] != figures[1]["Transform"]["posX"]  # side by side, not stacked
    for name, colour in (("tiny-hero-knight.png", (0xE6, 0x9F, 0x00)), ("tiny-hero-knight-back.png", (0x22,) * 3)):
        with Image.open(tmp_path / "out" / "tiny" / "tts" / name) as picture:
            assert picture.convert("RGB").getpixel((picture.width // 2, picture.height // 2)) == colour
