"""Print-shop files a shop accepts: a product for every part, slugs with cut files, PDF/X-1a, preflight, colour shift.

The shops' figures are in templates/shops/ with their sources. What is checked here is
read back with independent readers: pikepdf for the PDF/X keys, output intent, boxes,
colour operators, images and fonts of every DriveThruCards PDF; Pillow for images; an
XML parser for cut files; the CSV module for manifests. The PDF/X-1a check itself is
held to files that each break one rule.
"""

from __future__ import annotations

import csv
import io
import math
import re
import shutil
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms

from pnp.export.cmyk import SHIPPED_PROFILE, Separation
from pnp.export.pdfx import OutputIntent, make_pdfx, pdfx_problems
from pnp.export.products import Part, lay_out_slugs, match
from pnp.model.shops import load_shop
from tests.conftest import CONTENT, ROOT
from tests.exports.conftest import GAMES

TGC, DTC, MPC = "thegamecrafter", "drivethrucards", "makeplayingcards"
SHIPPED_ICC = ROOT / "templates" / "icc" / SHIPPED_PROFILE


def rows_of(folder: Path) -> list[dict]:
    rows = []
    for path in sorted(folder.glob("*.csv")):
        rows += list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    return rows


@pytest.fixture(scope="module")
def shop_kits(tmp_path_factory):
    """The four games built for DriveThruCards and MakePlayingCards: (out folder, warnings by shop)."""
    from pnp.targets import BuildOptions, build

    out = tmp_path_factory.mktemp("shops")
    warnings = {}
    for shop in (DTC, MPC):
        result = build([CONTENT / game for game in GAMES], BuildOptions(out=out, formats=("pod",), shop=shop, jobs=2))
        warnings[shop] = result.warnings
    return out, warnings


# -- a product for every part -------------------------------------------------------------------

def test_the_game_crafter_has_a_product_on_every_row_of_the_four_games(kit, games):
    names = {product.name for product in load_shop(ROOT / "templates", TGC).products}
    for game in GAMES:
        for manifest in sorted((kit / game / "pod" / TGC).glob("*.csv")):  # one per language
            rows = list(csv.DictReader(io.StringIO(manifest.read_text(encoding="utf-8"))))
            assert rows and all(row["product"] in names for row in rows), [r for r in rows if r["product"] not in names]
            counted = Counter()
            for row in rows:
                counted[row["set"]] += int(row["quantity"])
            assert counted == {s.id: s.count for s in games[game].game.sets}, manifest.name


def test_the_game_crafters_products_are_the_catalogues(kit):
    products = {(row["set"], row["product"]) for game in GAMES for row in rows_of(kit / game / "pod" / TGC)}
    assert ("colour-cards", "Poker card") in products and ("tokens", "Large Circle Chit") in products
    assert ("triangle-markers", "Large Circle Chit") in products  # 25 mm discs on the 1 in chit
    assert ("board", "Large Square Board") in products  # Folio's 224 mm board on the 10 in board
    custom = {s for s, p in products if p.startswith("Custom ")}
    assert custom == {"tiles", "links", "pieces"}  # 60 mm hexagons, 16 × 8 mm links, 30 mm discs, 14–22 mm squares


@pytest.mark.parametrize("shop", [DTC, MPC])
def test_every_other_row_has_a_product_or_the_build_names_the_part_its_size_and_why(shop_kits, shop):
    out, warnings = shop_kits
    said = [w for w in warnings[shop] if "no product" in w]
    for game in GAMES:
        for row in rows_of(out / game / "pod" / shop):
            if row["product"]:
                assert (out / game / "pod" / shop / row["front"]).is_file()
                continue
            assert row["note"] and not row["front"] and not row["back"], row
            width = row["trim_mm"].split(" x ")[0]
            named = [w for w in said if w.startswith(f"{game}: {row['set']} (") and f"{width} " in w]
            assert named, (row, said)
            assert "nearest product is Poker" in named[0] and "lists no product for a" in named[0]


def test_a_part_is_matched_to_its_die_a_board_it_fits_on_a_slug_or_nothing():
    tgc = load_shop(ROOT / "templates", TGC)
    mm = 72 / 25.4
    assert match(tgc, Part("t", "token", "circle", 25 * mm, 25 * mm)).product.name == "Large Circle Chit"
    assert match(tgc, Part("t", "token", "circle", 19.3 * mm, 19.3 * mm)).product.name == "Medium Circle Chit"
    assert match(tgc, Part("t", "token", "circle", 30 * mm, 30 * mm)).product.name == "Custom Small Punchout"
    assert match(tgc, Part("b", "board", "rect", 150 * mm, 150 * mm)).product.name == "Square Board"  # 8 in, not 10
    found = match(tgc, Part("b", "board", "rect", 300 * mm, 300 * mm))
    assert found.product is None and "none of The Game Crafter's rect products for a board is this size" in found.why
    assert found.nearest.name == "Large Square Board"
    huge = match(tgc, Part("t", "tile", "hexagon", 230 * mm, 200 * mm))
    assert huge.product is None and huge.nearest is not None


def test_slugs_keep_the_gap_and_the_safe_area_and_go_on_to_a_second_slug():
    product = next(p for p in load_shop(ROOT / "templates", TGC).products if p.id == "custom-small-punchout")
    slugs = lay_out_slugs(product, [(f"p{i}", 60.0, 40.0) for i in range(30)])
    assert len(slugs) > 1 and sum(len(s.placements) for s in slugs) == 30
    for slug in slugs:
        boxes = [(p.x, p.y, p.x + p.width, p.y + p.height) for p in slug.placements]
        for x0, y0, x1, y1 in boxes:
            assert x0 >= product.safe - 1e-9 and y0 >= product.safe - 1e-9
            assert x1 <= product.width - product.safe + 1e-9 and y1 <= product.height - product.safe + 1e-9
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3]) >= product.gap - 1e-9


# -- slugs and their cut files, boards ----------------------------------------------------------

def cut_lines(path: Path) -> tuple[ElementTree.Element, list[list[tuple[float, float]]]]:
    root = ElementTree.fromstring(path.read_bytes())
    lines = [[tuple(map(float, point.split(","))) for point in line.get("points").split()]
             for line in root.iter("{http://www.w3.org/2000/svg}polyline")]
    return root, lines


def test_a_cut_file_is_the_slug_with_three_nicks_of_001_in_on_every_part(kit):
    folder = kit / "trifoil" / "pod" / TGC
    [cut] = sorted(folder.glob("trifoil-links-*-cut.svg"))
    root, lines = cut_lines(cut)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("3.25in", "5.25in", "0 0 975 1575")
    assert len(lines) == 30 * 3  # 15 red and 15 blue links, each line broken in three
    for part in range(30):
        runs = lines[3 * part:3 * part + 3]
        gaps = [math.dist(a[-1], b[0]) for a, b in zip(runs, runs[1:] + runs[:1])]
        assert all(abs(gap - 3) < 0.1 for gap in gaps), gaps  # 0.01 in at 300 px per inch
    image = Image.open(folder / cut.name.replace("-cut.svg", "-front.png"))
    assert image.size == (975, 1575) and round(image.info["dpi"][0]) == 300


def test_a_slugs_back_lies_behind_its_front_when_the_slug_is_turned_over(kit):
    """Boardless Quarto's pieces are the same on both sides: each back, mirrored left to right, shows the same piece."""
    folder = kit / "boardless-quarto" / "pod" / TGC
    [front_path] = sorted(folder.glob("*-front.png"))
    front = Image.open(front_path).convert("RGB")
    back = Image.open(str(front_path).replace("-front", "-back")).convert("RGB")
    _, lines = cut_lines(Path(str(front_path).replace("-front.png", "-cut.svg")))
    checked = 0
    for part in range(0, len(lines), 3):
        xs = [x for line in lines[part:part + 3] for x, _ in line]
        ys = [y for line in lines[part:part + 3] for _, y in line]
        cx, cy = round((min(xs) + max(xs)) / 2), round((min(ys) + max(ys)) / 2)
        for dx, dy in ((0, 0), (30, 0), (0, 30)):  # the symbol at the centre and the ground beside it
            assert front.getpixel((cx + dx, cy + dy)) == back.getpixel((front.width - 1 - cx - dx, cy + dy))
        checked += 1
    assert checked == 16


def test_a_board_on_a_larger_board_is_centred_with_its_ground_carried_to_the_edge(kit):
    board = Image.open(kit / "folio" / "pod" / TGC / "folio-board-board.png").convert("RGB")
    assert board.size == (3075, 3075)  # The Game Crafter's Large Square Board: 10 in + 2 × 1/8 in
    assert board.getpixel((2, 2)) == (255, 255, 255)  # Folio's board is white to its edge
    # Its 208 mm frame (1.5 pt ink) sits 8 mm inside the 224 mm board, centred on the 254 mm product
    frame = round((1 / 8 * 25.4 + (254 - 224) / 2 + 8) / 25.4 * 300)
    assert sum(board.getpixel((frame, 1537))) < 200 and sum(board.getpixel((frame - 8, 1537))) > 700


# -- PDF/X-1a:2003 for DriveThruCards -----------------------------------------------------------

def operators(pdf: pikepdf.Pdf, page: pikepdf.Page) -> list[tuple[list, str]]:
    found = [(list(o), str(op)) for o, op in pikepdf.parse_content_stream(page)]
    for xobject in page.obj.get("/Resources", {}).get("/XObject", {}).values():
        if xobject.get("/Subtype") == "/Form":
            found += [(list(o), str(op)) for o, op in pikepdf.parse_content_stream(xobject)]
    return found


def test_every_drivethrucards_pdf_is_pdfx_1a_read_back_with_pikepdf(shop_kits):
    out, _ = shop_kits
    pdfs = sorted((out / "quatrefoil" / "pod" / DTC).glob("*.pdf"))
    assert len(pdfs) == 4  # two card sets in two languages, one deck PDF each
    for path in pdfs:
        assert path.read_bytes().startswith(b"%PDF-1.4\n")
        with pikepdf.open(path) as pdf:
            assert pdf.pdf_version == "1.4" and len(pdf.trailer.ID) == 2 and not pdf.is_encrypted
            info = pdf.docinfo
            assert str(info.GTS_PDFXVersion) == "PDF/X-1:2003" and str(info.GTS_PDFXConformance) == "PDF/X-1a:2003"
            assert info.Trapped == pikepdf.Name("/False") and str(info.Title) == path.stem
            [intent] = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
            assert intent.DestOutputProfile.N == 4 and intent.DestOutputProfile.read_bytes() == SHIPPED_ICC.read_bytes()
            for page in pdf.pages:
                assert [round(float(v), 2) for v in page.obj.TrimBox] == [9, 9, 189, 261]
                assert [round(float(v), 2) for v in page.obj.BleedBox] == [0, 0, 198, 270] == \
                    [round(float(v), 2) for v in page.mediabox]
                ops = operators(pdf, page)
                assert not [op for _, op in ops if op in ("rg", "RG", "sc", "scn", "SC", "SCN")]
                assert not [o for o, op in ops if op in ("cs", "CS")]
                assert any(op == "k" for _, op in ops)
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                    assert obj.ColorSpace in ("/DeviceCMYK", "/DeviceGray") and "/SMask" not in obj
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                    assert "/FontFile2" in obj.FontDescriptor, obj.get("/BaseFont")
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/ExtGState":
                    assert float(obj.get("/ca", 1)) == 1 and float(obj.get("/CA", 1)) == 1


def test_a_drivethrucards_deck_is_every_cards_front_then_its_back_in_cmyk_through_the_profile(shop_kits, games):
    out, _ = shop_kits
    path = out / "quatrefoil" / "pod" / DTC / "quatrefoil-colour-cards-en-poker-card.pdf"
    rows = [r for r in rows_of(out / "quatrefoil" / "pod" / DTC) if r["front"] == path.name]
    assert [r["pages"] for r in rows] == ["1-2", "3-4", "5-6", "7-8", "9-10"]
    palette = games["quatrefoil"].game.palette
    separated = Separation(SHIPPED_ICC.read_bytes()).cmyk(palette["colour-back"].components)
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 10
        for number, page in enumerate(pdf.pages, start=1):
            fills = [tuple(float(v) for v in o) for o, op in operators(pdf, page) if op == "k"]
            is_back = any(all(abs(a - b) < 0.002 for a, b in zip(fill, separated)) for fill in fills)
            assert is_back == (number % 2 == 0), (number, fills[:3], separated)


def test_preflight_passes_a_built_drivethrucards_folder_and_names_each_file_it_would_refuse(shop_kits, tmp_path):
    from tests.targets.conftest import invoke

    out, _ = shop_kits
    result = invoke(["preflight", "--shop", DTC, "--out", str(out), str(CONTENT / "quatrefoil")], tmp_path)
    assert result.exit_code == 0, result.output
    assert "DriveThruCards would take every file" in result.output
    broken = tmp_path / "broken"
    shutil.copytree(out / "quatrefoil" / "pod" / DTC, broken / "quatrefoil" / "pod" / DTC)
    folder = broken / "quatrefoil" / "pod" / DTC
    (folder / "quatrefoil-position-cards-en-poker-card.pdf").unlink()
    Image.new("RGB", (10, 10)).save(folder / "stray.png")
    with pikepdf.open(folder / "quatrefoil-colour-cards-da-poker-card.pdf", allow_overwriting_input=True) as pdf:
        del pdf.docinfo["/GTS_PDFXVersion"]
        pdf.save(folder / "quatrefoil-colour-cards-da-poker-card.pdf")
    result = invoke(["preflight", "--shop", DTC, "--out", str(broken), str(CONTENT / "quatrefoil")], tmp_path)
    assert result.exit_code == 1
    assert "names quatrefoil-position-cards-en-poker-card.pdf, which is not there" in result.output
    assert "stray.png: no manifest row names this file" in result.output
    assert "quatrefoil-colour-cards-da-poker-card.pdf: document information GTS_PDFXVersion is missing" in result.output
    assert "would refuse 3" in result.output
    one_faced = tmp_path / "templates" / "shops"
    one_faced.mkdir(parents=True)
    profile = (ROOT / "templates" / "shops" / f"{DTC}.yaml").read_text(encoding="utf-8")
    (one_faced / f"{DTC}.yaml").write_text(profile.replace("    height: 3.5in\n", "    height: 3.5in\n    faces: 1\n"))
    shutil.copytree(CONTENT / "quatrefoil", tmp_path / "content" / "quatrefoil")
    result = invoke(["preflight", "--shop", DTC, "--out", str(out), "quatrefoil"], tmp_path)
    assert result.exit_code == 1 and "the Poker card is printed on one face, but the row names a back" in result.output


def test_preflight_checks_the_game_crafters_images_against_the_product(kit, tmp_path):
    from tests.targets.conftest import invoke

    result = invoke(["preflight", "--shop", TGC, "--out", str(kit), *(str(CONTENT / g) for g in GAMES)], tmp_path)
    assert result.exit_code == 0, result.output
    broken = tmp_path / "broken" / "quatrefoil" / "pod" / TGC
    shutil.copytree(kit / "quatrefoil" / "pod" / TGC, broken)
    Image.new("RGB", (370, 370)).save(broken / "quatrefoil-tokens-red.png", dpi=(300, 300))
    result = invoke(["preflight", "--shop", TGC, "--out", str(tmp_path / "broken"), str(CONTENT / "quatrefoil")],
                    tmp_path)
    assert result.exit_code == 1
    assert "quatrefoil-tokens-red.png: 370 × 370 px, not the Large Circle Chit's 375 × 375 px" in result.output


# -- the PDF/X-1a check, against files that each break one rule ----------------------------------

@pytest.fixture(scope="module")
def good_pdfx() -> bytes:
    from reportlab.lib import colors

    from pnp.export.pod import page_pdf
    from pnp.model.shops import Product
    from pnp.paint import picture

    face = picture.Picture(180, 252)
    ground = picture.Rect(0, 0, 180, 252)
    ground.fillColor, ground.strokeColor = colors.CMYKColor(0.1, 0.2, 0.3, 0), None
    face.add(ground)
    face.add(picture.String(20, 20, "Quatrefoil", "SourceSans", 12, colors.CMYKColor(0, 0, 0, 1)))
    product = Product("card", "Card", "rect", ("card",), "exact", 162, 234, 9, 9, 0, 2, None, 0, 0, 0, "test")
    intent = OutputIntent(SHIPPED_ICC.read_bytes(), "FOGRA39", "ISO Coated v2 300%", "ISO Coated v2 300%")
    return make_pdfx(page_pdf([face], product, "good"), intent, "good")


def test_the_good_file_conforms(good_pdfx):
    assert pdfx_problems(good_pdfx) == []


def _broken(good: bytes, change, **save) -> bytes:
    with pikepdf.open(io.BytesIO(good)) as pdf:
        change(pdf)
        out = io.BytesIO()
        pdf.save(out, **({"force_version": "1.4"} | save))
    return out.getvalue()


def _append(pdf: pikepdf.Pdf, operators: bytes, **resources) -> None:
    page = pdf.pages[0]
    page.contents_add(pdf.make_stream(operators))
    for kind, entries in resources.items():
        own = page.obj.Resources.get(f"/{kind}") or pikepdf.Dictionary()
        for name, value in entries.items():
            own[f"/{name}"] = value
        page.obj.Resources[f"/{kind}"] = own


def _image(pdf: pikepdf.Pdf, space: str, mask: bool = False) -> pikepdf.Stream:
    channels = {"/DeviceRGB": 3, "/DeviceGray": 1, "/DeviceCMYK": 4}[space]
    image = pdf.make_stream(b"\x80" * channels * 4, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=2,
                            Height=2, BitsPerComponent=8, ColorSpace=pikepdf.Name(space))
    if mask:
        image.SMask = _image(pdf, "/DeviceGray")
    return image


def _strip_id(data: bytes) -> bytes:
    return re.sub(rb"/ID \[<[0-9a-f]+><[0-9a-f]+>\]", lambda m: b" " * len(m.group(0)), data)


BROKEN = {
    "PDF version 1.6": lambda g: _broken(g, lambda pdf: None, force_version="1.6"),
    "GTS_PDFXVersion is missing": lambda g: _broken(g, lambda pdf: pdf.docinfo.__delitem__("/GTS_PDFXVersion")),
    "GTS_PDFXConformance is 'PDF/X-3:2002'": lambda g: _broken(
        g, lambda pdf: pdf.docinfo.__setitem__("/GTS_PDFXConformance", pikepdf.String("PDF/X-3:2002"))),
    "Trapped is missing": lambda g: _broken(g, lambda pdf: pdf.docinfo.__delitem__("/Trapped")),
    "has no Title": lambda g: _broken(g, lambda pdf: pdf.docinfo.__delitem__("/Title")),
    "0 output intents of subtype GTS_PDFX": lambda g: _broken(g, lambda pdf: pdf.Root.__delitem__("/OutputIntents")),
    "profile is not a CMYK output profile": lambda g: _broken(g, lambda pdf: setattr(
        pdf.Root.OutputIntents[0], "DestOutputProfile", pdf.make_stream(ImageCms.ImageCmsProfile(
            ImageCms.createProfile("sRGB")).tobytes(), N=3))),
    "the trailer has no /ID": lambda g: _strip_id(g),
    "page 1: no TrimBox": lambda g: _broken(g, lambda pdf: pdf.pages[0].obj.__delitem__("/TrimBox")),
    "page 1: no BleedBox": lambda g: _broken(g, lambda pdf: pdf.pages[0].obj.__delitem__("/BleedBox")),
    "the TrimBox is not inside the BleedBox": lambda g: _broken(
        g, lambda pdf: setattr(pdf.pages[0].obj, "TrimBox", pikepdf.Array([0, 0, 300, 300]))),
    "RGB colour operator 'rg'": lambda g: _broken(g, lambda pdf: _append(pdf, b"1 0 0 rg 0 0 5 5 re f")),
    "colour space /CS9 is not CMYK or grey": lambda g: _broken(g, lambda pdf: _append(
        pdf, b"/CS9 cs 1 0 0 sc 0 0 5 5 re f", ColorSpace={"CS9": pikepdf.Array(
            [pikepdf.Name.ICCBased, pdf.make_stream(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes(),
                                                    N=3)])})),
    "an inline image in /DeviceRGB": lambda g: _broken(g, lambda pdf: _append(
        pdf, b"q 5 0 0 5 0 0 cm BI /W 1 /H 1 /BPC 8 /CS /RGB ID \xff\x00\x00 EI Q")),
    "an image in /DeviceRGB": lambda g: _broken(g, lambda pdf: _append(
        pdf, b"q 5 0 0 5 0 0 cm /Im9 Do Q", XObject={"Im9": _image(pdf, "/DeviceRGB")})),
    "an image with a soft mask": lambda g: _broken(g, lambda pdf: _append(
        pdf, b"q 5 0 0 5 0 0 cm /Im9 Do Q", XObject={"Im9": _image(pdf, "/DeviceCMYK", mask=True)})),
    "transparency: ca 0.5": lambda g: _broken(g, lambda pdf: _append(
        pdf, b"/GS9 gs", ExtGState={"GS9": pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5)})),
    "transparency: blend mode /Multiply": lambda g: _broken(g, lambda pdf: _append(
        pdf, b"/GS9 gs", ExtGState={"GS9": pikepdf.Dictionary(BM=pikepdf.Name.Multiply)})),
    "a transparency group": lambda g: _broken(g, lambda pdf: setattr(
        pdf.pages[0].obj, "Group", pikepdf.Dictionary(S=pikepdf.Name.Transparency))),
    "font /Helvetica is not embedded": lambda g: _broken(g, lambda pdf: _append(
        pdf, b"BT /F9 9 Tf (x) Tj ET", Font={"F9": pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)})),
    "the file is encrypted": lambda g: _broken(
        g, lambda pdf: None, encryption=pikepdf.Encryption(owner="o", user="", R=3, aes=False, metadata=False)),
}


@pytest.mark.parametrize("rule", list(BROKEN))
def test_a_file_that_breaks_one_rule_is_refused_for_that_rule_alone(good_pdfx, rule):
    problems = pdfx_problems(BROKEN[rule](good_pdfx))
    assert len(problems) == 1 and rule in problems[0], problems


# -- the output condition and the colour shift ---------------------------------------------------

def test_icc_separates_for_the_shops_own_condition(tmp_path):
    from tests.targets.conftest import invoke

    own = tmp_path / "swop-stand-in.icc"
    own.write_bytes(SHIPPED_ICC.read_bytes())  # any CMYK output profile the user has; the shipped one stands in
    args = ["build", str(CONTENT / "quatrefoil"), "--format", "pod", "--shop", DTC, "--lang", "en", "--out", "out"]
    result = invoke([*args, "--icc", str(own)], tmp_path)
    assert result.exit_code == 0, result.output
    assert "asks for US Web Coated (SWOP) v2" not in result.output
    deck = tmp_path / "out" / "quatrefoil" / "pod" / DTC / "quatrefoil-colour-cards-en-poker-card.pdf"
    with pikepdf.open(deck) as pdf:
        [intent] = pdf.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert str(intent.OutputCondition) == "US Web Coated (SWOP) v2"
    rgb = tmp_path / "srgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    result = invoke([*args, "--icc", str(rgb)], tmp_path)
    assert result.exit_code == 2 and "an output (printer) profile for CMYK is needed" in result.output


def test_without_icc_the_build_says_which_condition_it_separated_for(shop_kits):
    _, warnings = shop_kits
    said = [w for w in warnings[DTC] if w.startswith("quatrefoil: DriveThruCards asks for US Web Coated (SWOP) v2")]
    assert len(said) == 1 and "(FOGRA39)" in said[0] and "--icc PATH" in said[0]


def test_a_palette_colour_that_shifts_beyond_the_threshold_is_a_warning_naming_it(make_game, tmp_path):
    from pnp.targets import BuildOptions, build
    from tests.conftest import MINIMAL_GAME

    folder = make_game({"game.yaml": MINIMAL_GAME + "  electric: '#0000FF'\n"})
    result = build([folder], BuildOptions(out=tmp_path / "out", formats=("pod",), shop=DTC))
    shifted = [w for w in result.warnings if "palette colour" in w]
    assert len(shifted) == 1 and shifted[0].startswith("tiny: palette colour electric (#0000FF) shifts by ΔE2000 ")
    assert "it prints as C100 M" in shifted[0]


def test_the_docs_report_each_games_colour_shift_as_the_separation_gives_it(games):
    from pnp.export.cmyk import SHIFT_WARNING, colour_shift_table

    text = (ROOT / "docs" / "print-shops.md").read_text(encoding="utf-8")
    separation = Separation(SHIPPED_ICC.read_bytes())
    assert f"ΔE2000 over {SHIFT_WARNING:g}" in text
    for game in GAMES:
        palette = {n: c.components for n, c in games[game].game.palette.items() if c.model == "rgb"}
        assert colour_shift_table(separation.shifts(palette)) in text, game


def test_raster_art_is_flattened_onto_white_and_separated_for_pdfx(make_game, tmp_path):
    """A PNG with transparency on a card: in the DriveThruCards deck it is one CMYK image without a soft mask."""
    from pnp.targets import BuildOptions, build

    folder = make_game({"components.yaml": """\
        sets:
          cards:
            extends: cards/poker
            items: [{id: art}]
            front:
              background: gold
              elements:
                - image: {file: art.png, x: 10%, y: 10%, w: 80%, h: 50%}
            back: {background: ink}
        """})
    art = Image.new("RGBA", (200, 125), (0, 114, 178, 255))
    art.paste((0, 0, 0, 0), (0, 0, 100, 125))  # the left half clear
    art.save(folder / "art.png")
    result = build([folder], BuildOptions(out=tmp_path / "out", formats=("pod",), shop=DTC, languages=("en",)))
    [deck] = (tmp_path / "out" / "tiny" / "pod" / DTC).glob("*.pdf")
    data = deck.read_bytes()
    assert pdfx_problems(data) == [], result.warnings
    with pikepdf.open(io.BytesIO(data)) as pdf:
        images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        assert len(images) == 1 and images[0].ColorSpace == "/DeviceCMYK" and "/SMask" not in images[0]
        pixels = pikepdf.PdfImage(images[0]).as_pil_image()
    separation = Separation(SHIPPED_ICC.read_bytes())
    clear, blue = pixels.getpixel((10, pixels.height // 2)), pixels.getpixel((pixels.width - 10, pixels.height // 2))
    assert clear == (0, 0, 0, 0)  # the clear half flattened onto paper white: no ink
    assert all(abs(a - round(b * 255)) <= 2 for a, b in zip(blue, separation.cmyk((0, 114 / 255, 178 / 255))))
