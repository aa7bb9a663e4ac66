"""Built sheet PDFs and PNGs read back with independent readers: structure, text, fonts, pixels."""

from __future__ import annotations

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.layout.paper import PAPERS
from pnp.output.raster import render_page
from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT
from tests.sheets.reading import disc_extent, read_pages

A4 = (round(PAPERS["a4"].width, 2), round(PAPERS["a4"].height, 2))
LETTER = (612.0, 792.0)
TOKENS = {"blue": (0x00, 0x72, 0xB2), "green": (0x00, 0x9E, 0x73), "purple": (0x8E, 0x5B, 0xA8),
          "red": (0xC4, 0x28, 0x1C), "yellow": (0xF0, 0xE4, 0x42)}


@pytest.fixture(scope="module")
def quatrefoil_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    build([CONTENT / "quatrefoil"],
          BuildOptions(out=out, papers=("a4", "letter"), dpi=50, jobs=1, kinds=("sheets", "png-page")))
    return out / "quatrefoil"


def page_size(page) -> tuple[float, float]:
    box = page.mediabox
    return (round(float(box.width), 2), round(float(box.height), 2))


def test_each_front_is_followed_by_its_back(quatrefoil_kit):
    reader = PdfReader(quatrefoil_kit / "quatrefoil-sheets-en-a4.pdf")
    texts = [page.extract_text() for page in reader.pages]
    assert len(reader.pages) == 4
    assert ["· front ·" in t for t in texts] == [True, False, True, False]
    assert ["· back ·" in t for t in texts] == [False, True, False, True]
    assert all(page_size(p) == A4 for p in reader.pages)
    assert all(page_size(p) == LETTER for p in PdfReader(quatrefoil_kit / "quatrefoil-sheets-en-letter.pdf").pages)


def test_danish_card_text_is_extracted_intact(quatrefoil_kit):
    text = PdfReader(quatrefoil_kit / "quatrefoil-sheets-da-a4.pdf").pages[0].extract_text()
    assert "Blå" in text and "Grøn" in text


def _fonts(resources):
    if resources is None:
        return
    resources = resources.get_object()
    if "/Font" in resources:
        yield from (f.get_object() for f in resources["/Font"].get_object().values())
    for xobject in resources.get("/XObject", {}).values():
        yield from _fonts(xobject.get_object().get("/Resources"))


def test_every_font_is_embedded(quatrefoil_kit):
    fonts = [f for pdf in sorted(quatrefoil_kit.glob("*.pdf")) for page in PdfReader(pdf).pages
             for f in _fonts(page.get("/Resources"))]
    assert fonts
    for font in fonts:
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]


def test_viewer_hints(quatrefoil_kit):
    preferences = PdfReader(quatrefoil_kit / "quatrefoil-sheets-en-a4.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None" and preferences["/Duplex"] == "/DuplexFlipLongEdge"


def test_png_pages_are_paper_size_at_dpi_with_dpi_stored(quatrefoil_kit):
    names = sorted(p.name for p in (quatrefoil_kit / "png").iterdir())
    assert names == [f"quatrefoil-sheets-{lang}-{paper}-sheet{n:02d}-{side}.png" for lang in ("da", "en")
                     for paper in ("a4", "letter") for n in (1, 2) for side in ("back", "front")]
    image = Image.open(quatrefoil_kit / "png" / "quatrefoil-sheets-en-a4-sheet01-front.png")
    assert image.size == (round(210 / 25.4 * 50), round(297 / 25.4 * 50))
    assert tuple(round(v) for v in image.info["dpi"]) == (50, 50)


def test_a4_at_300_dpi_is_2480_by_3508_pixels_unstretched(quatrefoil_kit):
    pdf = (quatrefoil_kit / "quatrefoil-sheets-en-a4.pdf").read_bytes()
    assert render_page(pdf, 0, 300).size == (2480, 3508)
    assert render_page((quatrefoil_kit / "quatrefoil-sheets-en-letter.pdf").read_bytes(), 0, 300).size == (2550, 3300)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_png_tokens_and_their_backs_match_the_pdf_within_a_tenth_of_a_millimetre(tmp_path, flip):
    """Each token measured in the 300 dpi PNG (to a fraction of a pixel, from its anti-aliased
    edges) against its disc in the PDF as PDFium reads it, on the front page and on the back page."""
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path, papers=("a4",), flip=flip, dpi=300, jobs=1,
                                                 languages=("en",), kinds=("sheets", "png-page")))
    pdf = tmp_path / "quatrefoil" / "quatrefoil-sheets-en-a4.pdf"
    pages = read_pages(pdf)
    front, back = pages[2], pages[3]
    fronts = front.faces(29, 29)
    assert len(fronts) == 5
    for side, page in (("front", front), ("back", back)):
        image = Image.open(tmp_path / "quatrefoil" / "png" / f"quatrefoil-sheets-en-a4-sheet02-{side}.png")
        assert image.size == (2480, 3508)
        for disc in page.faces(29, 29):
            rgb = _token_colour(image, disc, page.height)
            measured = disc_extent(image, 300, disc, page.height, rgb)
            # Well under the 0.1 mm asked for: a page stretched by 0.028 % (2481 px cropped to 2480) fails.
            assert all(abs(a - b) < 0.02
                       for a, b in zip(measured, (disc.x0, disc.x1, disc.y0, disc.y1))), (side, disc, measured)


def _token_colour(image: Image.Image, disc, page_height: float) -> tuple[int, int, int]:
    """The token colour nearest the pixel 1 mm inside the disc's bleed edge."""
    k = 300 / 25.4
    pixel = image.getpixel((int((disc.x0 + 1) * k), int((page_height - (disc.y0 + disc.y1) / 2) * k)))
    return min(TOKENS.values(), key=lambda rgb: sum(abs(a - b) for a, b in zip(pixel, rgb)))


def test_rebuild_is_byte_identical(tmp_path, quatrefoil_kit):
    build([CONTENT / "quatrefoil"],
          BuildOptions(out=tmp_path, papers=("a4",), dpi=50, jobs=2, kinds=("sheets", "png-page")))
    for name in ("quatrefoil-sheets-en-a4.pdf", "png/quatrefoil-sheets-da-a4-sheet02-back.png"):
        assert (tmp_path / "quatrefoil" / name).read_bytes() == (quatrefoil_kit / name).read_bytes()


def test_source_date_epoch_is_the_creation_date(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    build([CONTENT / "trifoil"], BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",), kinds=("sheets",)))
    info = PdfReader(tmp_path / "trifoil" / "trifoil-sheets-en-a4.pdf").metadata
    assert info["/CreationDate"].startswith("D:20231114")


def test_a_page_with_one_component_carries_its_trim_and_bleed_boxes(tmp_path):
    build([CONTENT / "folio"], BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",), kinds=("sheets",)))
    reader = PdfReader(tmp_path / "folio" / "folio-sheets-en-a4.pdf")
    board_part = reader.pages[2]  # sheet 2 holds the board's second part alone
    trim, bleed = board_part.trimbox, board_part.bleedbox
    assert float(trim.right) - float(trim.left) == pytest.approx(112 * 72 / 25.4, abs=0.01)
    assert float(trim.left) - float(bleed.left) == pytest.approx(3 * 72 / 25.4, abs=0.01)
