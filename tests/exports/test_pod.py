"""Print-on-demand files checked against the shop's published figures, and shop profiles as content.

The Game Crafter wants a poker card face as 825 × 1125 px at 300 dpi (1/8 in of bleed on
each side): every card face must be exactly that, with its art running into the bleed;
the manifest must list each card once with its quantity and files that exist.
(tests/exports/test_print_shops.py checks the products of every part, slugs, PDF/X-1a and preflight.)
"""

from __future__ import annotations

import csv
import io
import shutil
import textwrap
from collections import Counter

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.model.problems import ContentError
from pnp.model.shops import load_shop, shop_names
from tests.conftest import CONTENT, ROOT
from tests.exports.conftest import GAMES

TGC = "thegamecrafter"


def manifest(kit, game, name) -> list[dict]:
    path = kit / game / "pod" / TGC / name
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("game", GAMES)
def test_manifest_counts_every_component_and_names_files_that_exist(kit, game, games):
    model = games[game].game
    for path in sorted((kit / game / "pod" / TGC).glob("*.csv")):
        rows = manifest(kit, game, path.name)
        quantities = Counter()
        for row in rows:
            quantities[row["set"]] += int(row["quantity"])
            for side in ("front", "back"):
                assert row[side] == "" or (path.parent / row[side]).is_file(), row[side]
        assert quantities == {s.id: s.count for s in model.sets}


def test_poker_cards_are_825_by_1125_at_300_dpi_with_art_in_the_bleed(kit):
    folder = kit / "quatrefoil" / "pod" / TGC
    rows = manifest(kit, "quatrefoil", "quatrefoil-en-thegamecrafter.csv")
    cards = [r for r in rows if r["set"] in ("colour-cards", "position-cards")]
    assert len(cards) == 9 and all(r["product"] == "Poker card" for r in cards)
    files = {r["front"] for r in cards} | {r["back"] for r in cards}
    assert len(files) == 9 + 2  # one back per set
    for name in files:
        image = Image.open(folder / name)
        assert image.size == (825, 1125)
        assert round(image.info["dpi"][0]) == 300
    back = Image.open(folder / "quatrefoil-colour-cards-en-back.png").convert("RGB")
    # The back's dark red runs to the very edge: the bleed is painted, not left white.
    assert back.getpixel((1, 1)) == back.getpixel((60, 60)) and sum(back.getpixel((1, 1))) < 400


def test_a_token_on_a_stock_chit_is_the_chits_published_pixels(kit):
    token = Image.open(kit / "quatrefoil" / "pod" / TGC / "quatrefoil-tokens-red.png")
    assert token.size == (375, 375)  # The Game Crafter's Large Circle Chit: 1 in + 2 × 1/8 in at 300 dpi


def test_a_shop_that_takes_plain_pdf_gets_one_page_per_face_with_trim_and_bleed_boxes(tmp_path):
    from pnp.targets import BuildOptions, build

    templates = tmp_path / "templates"
    shutil.copytree(CONTENT / "quatrefoil", tmp_path / "content" / "quatrefoil")
    write_profile(templates, POKER_PDF, "pdfshop")
    out = tmp_path / "out"
    build([tmp_path / "content" / "quatrefoil"],
          BuildOptions(out=out, formats=("pod",), shop="pdfshop", languages=("en",)))
    pdf = PdfReader(out / "quatrefoil" / "pod" / "pdfshop" / "quatrefoil-colour-cards-en-red.pdf")
    [page] = pdf.pages
    assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 198, 270]  # 2.75 × 3.75 in
    assert [round(float(v), 2) for v in page.bleedbox] == [0, 0, 198, 270]
    assert [round(float(v), 2) for v in page.trimbox] == [9, 9, 189, 261]  # the 2.5 × 3.5 in card
    assert "Red" in page.extract_text()


def test_every_shipped_profile_reads_and_agrees_with_its_figures():
    from pnp.model.shops import face_pixels

    names = shop_names(ROOT / "templates")
    assert {"thegamecrafter", "makeplayingcards", "drivethrucards"} <= set(names)
    for name in names:
        shop = load_shop(ROOT / "templates", name)
        assert shop.source and shop.page.startswith("https://")
        for product in shop.products:
            assert product.source and product.carries
            if product.pixels:
                expected = face_pixels(product.width, product.height, product.bleed, shop.dpi)
                assert max(abs(a - b) for a, b in zip(product.pixels, expected)) <= 1, (name, product.id)


def write_profile(templates, text: str, name: str = "myshop"):
    (templates / "shops").mkdir(parents=True, exist_ok=True)
    (templates / "shops" / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")


GOOD = """\
    name: My Shop
    page: https://shop.example/
    source: the shop's page
    dpi: 300
    bleed: 3mm
    formats: [png]
    products:
      round:
        name: Round chit
        shape: circle
        carries: [token]
        width: 20mm
        height: 20mm
        pixels: [307, 307]
        source: the shop's chit page
"""

POKER_PDF = """\
    name: PDF Shop
    page: https://shop.example/
    source: the shop's page
    dpi: 300
    bleed: 0.125in
    formats: [png, pdf]
    products:
      poker:
        name: Poker card
        shape: rect
        carries: [card]
        width: 2.5in
        height: 3.5in
        source: the shop's card page
"""


def test_adding_a_shop_is_a_yaml_file(make_game, tmp_path):
    from pnp.targets import BuildOptions, build

    folder = make_game()
    write_profile(tmp_path / "templates", GOOD)
    out = tmp_path / "out"
    build([folder], BuildOptions(out=out, formats=("pod",), shop="myshop"))
    image = Image.open(out / "tiny" / "pod" / "myshop" / "tiny-chips-en-gold.png")
    assert image.size == (307, 307)
    [row] = csv.DictReader(io.StringIO((out / "tiny" / "pod" / "myshop" / "tiny-en-myshop.csv").read_text()))
    assert row["product"] == "Round chit" and row["quantity"] == "1"


@pytest.mark.parametrize("change, expected", [
    (("pixels: [307, 307]", "pixels: [825, 1125]"),
     "myshop.yaml:14:13 products.round.pixels: 825 × 1125 px does not match"),
    (("carries: [token]", "carries: [coin]"),
     "myshop.yaml:11:15 products.round.carries[0]: expected one of card, token"),
    (("shape: circle", "shape: oval"),
     "myshop.yaml:10:12 products.round.shape: expected one of rect, circle, hexagon, any"),
    (("formats: [png]", "formats: [png]\n    pdf: x-1a"), "a PDF/X-1a shop prints CMYK: give `colour: cmyk` and its"),
    (("dpi: 300", "dpi: 3000"), "myshop.yaml:4:6 dpi: 3000 is over the limit of 1200"),
    (("    source: the shop's page\n", ""), "myshop.yaml:1:1: missing required key 'source'"),
    (("formats: [png]", "formats: [png, gif]"), "myshop.yaml:6:16 formats[1]: expected one of png, pdf"),
    (("bleed: 3mm", "bled: 3mm"), "unknown key 'bled'; did you mean 'bleed'?"),
])
def test_a_bad_profile_is_a_located_error(tmp_path, change, expected):
    write_profile(tmp_path, GOOD.replace(*change))
    with pytest.raises(ContentError) as error:
        load_shop(tmp_path, "myshop")
    assert expected in str(error.value)


def test_pod_needs_a_known_shop_and_says_which_there_are(tmp_path):
    from tests.targets.conftest import invoke

    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    shutil.copytree(CONTENT / "trifoil", tmp_path / "content" / "trifoil")
    result = invoke(["build", "--format", "pod", "--out", "out"], tmp_path)
    assert result.exit_code == 2 and "--format pod needs --shop NAME" in result.output
    result = invoke(["build", "--format", "pod", "--shop", "nosuchshop", "--out", "out"], tmp_path)
    assert (result.exit_code == 2 and "no shop profile 'nosuchshop'" in result.output
            and "thegamecrafter" in result.output)
    result = invoke(["build", "--shop", "thegamecrafter", "--out", "out"], tmp_path)
    assert result.exit_code == 2 and "add pod to --format" in result.output
    assert not (tmp_path / "out").exists()
