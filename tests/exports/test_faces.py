"""`--format faces`: every distinct face alone, a page each at its cut size, named in the PDF's outline.

Read back with pypdf (page boxes, outline, text) and PDFium (pixels), against the game's facts:
Quatrefoil has 5 tokens (25 mm discs, the same both sides), 5 colour cards sharing one back
and 4 position cards sharing another (poker cards, 63.5 × 88.9 mm).
"""

from __future__ import annotations

import pypdfium2
import pytest
import yaml
from pypdf import PdfReader

from pnp.model.units import mm
from tests.conftest import CONTENT

TOKEN, CARD = (25.0, 25.0), (63.5, 88.9)
COLOURS = ["blue", "green", "purple", "red", "yellow"]
POSITIONS = ["northwest", "northeast", "southwest", "southeast"]


@pytest.fixture(scope="module")
def faces(tmp_path_factory):
    from pnp.targets import BuildOptions, build

    out = tmp_path_factory.mktemp("faces")
    result = build([CONTENT / "quatrefoil", CONTENT / "trifoil"], BuildOptions(out=out, formats=("faces",), jobs=2))
    assert sorted(p.relative_to(out).as_posix() for p in result.written) == [
        f"{game}/{game}-faces-{lang}.pdf" for game in ("quatrefoil", "trifoil") for lang in ("da", "en")]
    return out


def outline(reader: PdfReader) -> list:
    """The outline as titles: a set's title, then the list of its pages' titles."""
    return [[entry.title for entry in item] if isinstance(item, list) else item.title for item in reader.outline]


def test_each_distinct_face_is_one_page_of_its_cut_size(faces):
    reader = PdfReader(faces / "quatrefoil" / "quatrefoil-faces-en.pdf")
    sizes = [(round(float(p.mediabox.width) / mm(1), 1), round(float(p.mediabox.height) / mm(1), 1))
             for p in reader.pages]
    assert sizes == [TOKEN] * 5 + [CARD] * 6 + [CARD] * 5


def test_the_outline_names_each_set_in_the_pdfs_language_and_each_face_by_item_and_side(faces):
    english = PdfReader(faces / "quatrefoil" / "quatrefoil-faces-en.pdf")
    assert outline(english) == ["Tokens", COLOURS, "Colour cards", [*COLOURS, "back"],
                                "Position cards", [*POSITIONS, "back"]]
    danish = outline(PdfReader(faces / "quatrefoil" / "quatrefoil-faces-da.pdf"))
    assert danish[2] == "Farvekort" and danish[3][-1] == "bagside"
    destinations = [english.get_destination_page_number(entry) for entry in english.outline[3]]
    assert destinations == list(range(5, 11))


def test_a_face_shows_its_own_text_and_colours(faces):
    english = PdfReader(faces / "quatrefoil" / "quatrefoil-faces-en.pdf")
    danish = PdfReader(faces / "quatrefoil" / "quatrefoil-faces-da.pdf")
    assert english.pages[8].extract_text().strip() == "Red"
    assert danish.pages[8].extract_text().strip() == "Rød"
    document = pypdfium2.PdfDocument(faces / "quatrefoil" / "quatrefoil-faces-en.pdf")
    token = document[3].render(scale=100 / 72).to_pil().convert("RGB")  # the red token
    red = yaml.safe_load((CONTENT / "quatrefoil" / "game.yaml").read_text(encoding="utf-8"))["palette"]["red"]
    assert token.getpixel((token.width // 6, token.height // 2)) == tuple(bytes.fromhex(red[1:]))


def test_items_with_backs_of_their_own_have_each_back_after_its_front(make_game, tmp_path):
    from pnp.targets import BuildOptions, build

    components = """\
sets:
  chips:
    kind: token
    shape: circle
    width: 20mm
    attributes: [colour]
    items:
      - {id: gold, colour: gold}
      - {id: ink, colour: ink}
    front:
      background: ${colour}
    back:
      background: ${colour}
      elements:
        - circle: {r: 20%, fill: none, stroke: gold, width: 1pt}
"""
    folder = make_game({"components.yaml": components})
    build([folder], BuildOptions(out=tmp_path / "out", formats=("faces",), languages=("en",), jobs=1))
    reader = PdfReader(tmp_path / "out" / "tiny" / "tiny-faces-en.pdf")
    assert outline(reader) == ["chips", ["gold", "gold (back)", "ink", "ink (back)"]]
    assert [round(float(p.mediabox.width) / mm(1), 2) for p in reader.pages] == [20.0] * 4


def test_trifoil_tiles_shared_art_is_one_page(faces):
    titles = outline(PdfReader(faces / "trifoil" / "trifoil-faces-en.pdf"))
    assert titles[:4] == ["Tiles", ["1"], "Links", ["red", "blue"]]
