"""The layouts a user can ask for on the command line, read back from the built PDFs."""

from __future__ import annotations

from pypdf import PdfReader

from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT
from tests.sheets.reading import read_pages


def built(tmp_path, layout: str):
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",), languages=("en",),
                                                 layout=layout, kinds=("sheets",)))
    return tmp_path / "quatrefoil" / "quatrefoil-sheets-en-a4.pdf"


def test_gutter_gives_each_card_its_own_bleed_eight_to_an_a4_page_turned(tmp_path):
    pages = read_pages(built(tmp_path, "gutter"))
    cards = [len(p.faces(69.5, 94.9)) for p in pages[::2]]
    assert cards[:2] == [8, 1]  # 2 × 4 turned sideways beats 2 × 3 upright
    assert all(f.w > f.h for f in pages[0].faces(69.5, 94.9))
    trims = sorted((round(f.x0, 2), round(f.y0, 2)) for f in pages[0].faces(69.5, 94.9))
    xs = sorted({x for x, _ in trims})
    assert all(b - a >= 69.5 - 0.01 for a, b in zip(xs, xs[1:]))  # bleed boxes side by side, never shared


def test_fold_puts_each_back_on_the_other_half_of_the_same_page_with_no_duplex_hint(tmp_path):
    pdf = built(tmp_path, "fold")
    reader = PdfReader(pdf)
    assert "/Duplex" not in reader.trailer["/Root"]["/ViewerPreferences"]
    text = reader.pages[0].extract_text()
    assert "fold on the dashed line, glue, then cut" in text
    for page in read_pages(pdf):
        cards = page.faces(69.5, 94.9)
        fronts = [c for c in cards if c.y0 > page.height / 2]
        backs = [c for c in cards if c.y1 < page.height / 2]
        assert len(fronts) + len(backs) == len(cards) and len(fronts) == len(backs)
        for front in fronts:  # folded on the middle line, each back lies behind its front
            assert any(abs(b.y0 - (page.height - front.y1)) < 0.1 and abs(b.x0 - front.x0) < 0.1 for b in backs)


def test_a_component_larger_than_the_paper_is_one_located_error_and_nothing_is_written(make_game, tmp_path):
    from tests.targets.conftest import invoke

    posters = ("sets:\n  posters:\n    kind: card\n    width: 300mm\n    height: 300mm\n    items: [{id: a}]\n"
               "    front: {background: gold}\n")
    make_game({"components.yaml": posters})
    result = invoke(["build", "--paper", "a4", "--format", "pdf", "-j", "1"], tmp_path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert ("components.yaml:3:5 sets.posters: a 300 × 300 mm posters does not fit on a4: inside the printer margin, "
            "with room for the footer, a page has 200.0 × 275.0 mm") in result.output
    assert not (tmp_path / "output").exists()
