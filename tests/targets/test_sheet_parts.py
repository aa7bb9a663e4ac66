"""A long kit painted in parts, side by side, and joined: the pages a designer prints are the
ones a single painting makes, the bytes do not depend on -j, every face's problems are said
once, and a rebuild with nothing changed paints no part again.

The threshold is lowered so that a 30-card deck is long; pages are compared by an
independent reader (PDFium's text and pixels, pypdf's document facts), never by pnp's code.
"""

from __future__ import annotations

import pypdfium2
import pytest
from pypdf import PdfReader

from pnp.model.problems import ContentError
from pnp.targets import BuildOptions, build
from pnp.targets.kinds import sheets as sheets_kind
from tests.targets.conftest import digests

CARDS = 30
DECK = """\
sets:
  deck:
    extends: cards/poker
    attributes: [n]
    items:
{items}
    front:
      background: "#d4ac0d"
      elements:
        - text: {{text: "Card ${{n}}", x: 8%, y: 6%, w: 84%, h: 10%, size: 12pt, font: bold, colour: ink}}
        - text: {{text: "{rule}", x: 10%, y: 35%, w: 80%, h: 40%, size: 8pt, colour: ink}}
    back:
      background: ink
      elements:
        - text: {{text: "{back}", y: 45%, h: 10%, size: 14pt, font: bold, colour: white}}
"""
OPTIONS = dict(papers=("a4",), formats=("pdf",), languages=("en",))
PDF = "deck/deck-sheets-en-a4.pdf"


def deck(rule: str = "Draw a card, then pass.", back: str = "DECK", last: str = str(CARDS)) -> str:
    items = "\n".join(f"      - {{id: c{i:02d}, n: {i + 1 if i < CARDS - 1 else last}}}" for i in range(CARDS))
    return DECK.format(items=items, rule=rule, back=back)


@pytest.fixture
def parts(monkeypatch):
    """Paint kits of more than `cells` faces in parts (60 faces at 12 a part: 5 parts)."""
    return lambda cells: monkeypatch.setattr(sheets_kind, "PART_CELLS", cells)


def page_texts(pdf: bytes) -> list[str]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()


def page_pixels(pdf: bytes, dpi: int = 40) -> list[bytes]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [document[i].render(scale=dpi / 72).to_pil().convert("RGB").tobytes() for i in range(len(document))]
    finally:
        document.close()


def test_a_kit_painted_in_parts_prints_the_pages_of_one_painting_and_the_same_bytes_at_any_j(
        make_game, parts, tmp_path):
    folder = make_game({"components.yaml": deck()}, name="deck")
    build([folder], BuildOptions(out=tmp_path / "whole", jobs=1, **OPTIONS))
    parts(12)
    assert sheets_kind.part_count(2 * CARDS) == 5
    one = build([folder], BuildOptions(out=tmp_path / "j1", jobs=1, **OPTIONS))
    two = build([folder], BuildOptions(out=tmp_path / "j2", jobs=2, **OPTIONS))
    assert one.rendered == two.rendered == 5 + 1 + 1  # the parts, the joined PDF, the translation report

    whole, joined = (tmp_path / "whole" / PDF).read_bytes(), (tmp_path / "j1" / PDF).read_bytes()
    assert (tmp_path / "j2" / PDF).read_bytes() == joined
    assert whole != joined  # each part embeds its own font subsets: not the one painting's bytes
    assert page_texts(joined) == page_texts(whole)
    assert len(page_texts(whole)) == 8  # four sheets of nine, front and back
    assert page_pixels(joined) == page_pixels(whole)
    described = [PdfReader(tmp_path / name / PDF) for name in ("whole", "j1")]
    assert described[1].metadata.title == described[0].metadata.title
    preferences = [r.trailer["/Root"]["/ViewerPreferences"] for r in described]
    assert preferences[1] == preferences[0] and preferences[1]["/Duplex"] == "/DuplexFlipLongEdge"
    # The join lists the parts' pages as they are: that needs page trees that give their pages
    # nothing to inherit, as reportlab writes them (one flat /Pages node, each page complete).
    for reader in described:
        assert sorted(reader.trailer["/Root"]["/Pages"].keys()) == ["/Count", "/Kids", "/Type"]
        assert all({"/MediaBox", "/Resources", "/Contents"} <= set(page.keys()) for page in reader.pages)


def test_each_face_is_reported_once_as_in_one_painting_whichever_parts_print_it(make_game, parts, tmp_path):
    """The back prints in every part; the last card's front in the last part only."""
    long_word = "unbreakablewordthatcannotfitonanycardatitssize"
    text = deck(back=long_word, last=long_word)
    folder = make_game({"components.yaml": text}, name="deck")
    with pytest.raises(ContentError) as whole:
        build([folder], BuildOptions(out=tmp_path / "whole", jobs=1, **OPTIONS))
    parts(12)
    with pytest.raises(ContentError) as in_parts:
        build([folder], BuildOptions(out=tmp_path / "parts", jobs=2, **OPTIONS))
    assert in_parts.value.problems == whole.value.problems
    lines = text.splitlines()
    back_line = next(n for n, line in enumerate(lines, 1) if "text:" in line and long_word in line)
    title_line = next(n for n, line in enumerate(lines, 1) if "Card ${n}" in line)
    assert sorted(p.location.line for p in whole.value.problems) == [title_line, back_line]
    assert not (tmp_path / "parts" / PDF).exists()


def test_a_rebuild_with_nothing_changed_paints_no_part_and_one_changed_card_paints_again(make_game, parts, tmp_path):
    folder = make_game({"components.yaml": deck()}, name="deck")
    parts(12)
    out = tmp_path / "out"
    build([folder], BuildOptions(out=out, jobs=2, **OPTIONS))
    before = digests(out)
    again = build([folder], BuildOptions(out=out, jobs=2, **OPTIONS))
    assert again.rendered == 0 and not again.written and digests(out) == before
    components = folder / "components.yaml"
    components.write_text(components.read_text(encoding="utf-8").replace("Draw a card", "Draw two cards"),
                          encoding="utf-8")
    changed = build([folder], BuildOptions(out=out, jobs=2, **OPTIONS))
    assert [p.relative_to(out).as_posix() for p in changed.written] == [PDF]
    clean = tmp_path / "clean"
    build([folder], BuildOptions(out=clean, jobs=1, **OPTIONS))
    assert digests(clean) == digests(out)


def test_more_parts_than_sheets_leave_some_parts_empty_and_print_the_same_pages(make_game, parts, tmp_path):
    folder = make_game({"components.yaml": deck()}, name="deck")
    build([folder], BuildOptions(out=tmp_path / "whole", jobs=1, **OPTIONS))
    parts(1)
    assert sheets_kind.part_count(2 * CARDS) == sheets_kind.MAX_PARTS  # 16 parts for 4 sheets
    build([folder], BuildOptions(out=tmp_path / "parts", jobs=2, **OPTIONS))
    whole, joined = (tmp_path / "whole" / PDF).read_bytes(), (tmp_path / "parts" / PDF).read_bytes()
    assert page_texts(joined) == page_texts(whole) and page_pixels(joined) == page_pixels(whole)


def test_faces_no_sheet_prints_are_checked_once_by_the_part_with_the_first_sheet(make_game, tmp_path):
    """A kit cut short after its first sheet leaves the later cards printed nowhere: their
    problems are still found, once, whichever way the sheets are split into parts."""
    from pnp.i18n.catalog import Texts
    from pnp.layout.kit import Kit
    from pnp.model.problems import Problems
    from pnp.paint.faces import FacePainter
    from pnp.paint.sheets import paint_kit
    from pnp.targets.games import load_games
    from pnp.targets.kinds.sheets import kit_of, settings_of, sheet_words

    long_word = "unbreakablewordthatcannotfitonanycardatitssize"
    [loaded] = load_games([make_game({"components.yaml": deck(last=long_word)}, name="deck")])
    options = BuildOptions(out=tmp_path, **OPTIONS)
    kit = kit_of(loaded, "a4", options)
    short = Kit(kit.sheets[:2], kit.two_sided)  # the last card is on the fourth sheet

    def problems_when_split(parts: int) -> list[tuple[int, int]]:
        texts = Texts(loaded.catalogs, "en")
        found = Problems()
        painter = FacePainter(texts, "en", found, icons=loaded.icons)
        for index in range(parts):
            paint_kit(short, loaded.game.sets, painter, settings_of(loaded, options), sheet_words(loaded, texts),
                      (index, parts))
        return [(p.location.line, p.location.column) for p in found.items]

    alone = problems_when_split(1)
    assert len(alone) == 1
    assert problems_when_split(2) == problems_when_split(3) == alone  # three parts: one is empty
