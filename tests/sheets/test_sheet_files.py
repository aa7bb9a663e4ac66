"""Built sheets read back with independent readers: pypdf for structure and text, PDFium for pixels."""

from __future__ import annotations

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.build import BuildOptions, build
from pnp.layout.paper import PAPERS
from pnp.model.units import mm
from tests.conftest import CONTENT

A4 = (round(PAPERS["a4"].width, 2), round(PAPERS["a4"].height, 2))
LETTER = (612.0, 792.0)


@pytest.fixture(scope="module")
def quatrefoil_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    options = BuildOptions(out=out, papers=("a4", "letter"), dpi=50)
    build([CONTENT / "quatrefoil"], options)
    return out / "quatrefoil"


def page_size(page) -> tuple[float, float]:
    box = page.mediabox
    return (round(float(box.width), 2), round(float(box.height), 2))


def test_each_front_is_followed_by_its_back(quatrefoil_kit):
    reader = PdfReader(quatrefoil_kit / "quatrefoil-colour-cards-en-a4.pdf")
    texts = [page.extract_text() for page in reader.pages]
    # 5 cards at 4 a page: 2 sheets, each a front then a back.
    assert len(reader.pages) == 4
    assert ["front" in t for t in texts] == [True, False, True, False]
    assert "Blue" in texts[0] and "Yellow" in texts[2]
    assert all(page_size(p) == A4 for p in reader.pages)


def test_letter_pages_are_letter(quatrefoil_kit):
    reader = PdfReader(quatrefoil_kit / "quatrefoil-position-cards-en-letter.pdf")
    assert all(page_size(p) == LETTER for p in reader.pages)


def test_danish_card_text_is_extracted_intact(quatrefoil_kit):
    text = PdfReader(quatrefoil_kit / "quatrefoil-colour-cards-da-a4.pdf").pages[0].extract_text()
    assert "Blå" in text and "Grøn" in text


def fonts_of(reader: PdfReader) -> list[dict]:
    fonts = []
    for page in reader.pages:
        for xobject in _walk_resources(page.get("/Resources")):
            fonts.extend(xobject)
    return fonts


def _walk_resources(resources):
    if resources is None:
        return
    resources = resources.get_object()
    if "/Font" in resources:
        yield [f.get_object() for f in resources["/Font"].get_object().values()]
    for xobject in resources.get("/XObject", {}).values():
        yield from _walk_resources(xobject.get_object().get("/Resources"))


def test_every_font_is_embedded(quatrefoil_kit):
    fonts = [f for pdf in sorted(quatrefoil_kit.glob("*.pdf")) for f in fonts_of(PdfReader(pdf))]
    assert fonts
    for font in fonts:
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]


def test_viewer_hints(quatrefoil_kit):
    reader = PdfReader(quatrefoil_kit / "quatrefoil-tokens-a4.pdf")
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None" and preferences["/Duplex"] == "/DuplexFlipLongEdge"


def test_png_is_paper_size_at_dpi_with_dpi_stored(quatrefoil_kit):
    image = Image.open(quatrefoil_kit / "png" / "quatrefoil-colour-cards-en-a4-sheet01-front.png")
    assert image.size == (round(210 / 25.4 * 50), round(297 / 25.4 * 50))
    assert tuple(round(v) for v in image.info["dpi"]) == (50, 50)


def test_rebuild_is_byte_identical(tmp_path, quatrefoil_kit):
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf", "png"), dpi=50))
    for name in ("quatrefoil-colour-cards-en-a4.pdf", "png/quatrefoil-tokens-a4-sheet01-back.png"):
        assert (tmp_path / "quatrefoil" / name).read_bytes() == (quatrefoil_kit / name).read_bytes()


def test_source_date_epoch_is_the_creation_date(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",)))
    info = PdfReader(tmp_path / "quatrefoil" / "quatrefoil-tokens-a4.pdf").metadata
    assert info["/CreationDate"].startswith("D:20231114")


def test_board_pages_carry_trim_and_bleed_boxes(tmp_path):
    build([CONTENT / "folio"], BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",)))
    reader = PdfReader(tmp_path / "folio" / "folio-board-a4.pdf")
    assert len(reader.pages) == 2
    for page in reader.pages:
        trim, bleed = page.trimbox, page.bleedbox
        assert float(bleed.width) - float(trim.width) == pytest.approx(mm(6), abs=0.01)
        assert float(trim.left) > 0 and float(trim.right) < A4[0]
