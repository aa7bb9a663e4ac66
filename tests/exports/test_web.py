"""The web edition and the kit pages read by an HTML parser: well formed, self-contained,
accessible, the rulebook's own texts, every link resolving and every content text escaped;
the kit pages a printing guide listing every output under --out, with thumbnails as files.
(tests/system/test_browser.py renders the same pages in Chromium.)"""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image

from pnp.i18n.catalog import Texts
from pnp.i18n.labels import label
from pnp.paint.rulebook.markup import plain_text
from tests.conftest import CONTENT
from tests.exports.conftest import GAMES
from tests.exports.html_audit import Page, read_page

EDITIONS = [(game, language) for game in GAMES for language in ("en", "da")]


@pytest.mark.parametrize("game, language", EDITIONS)
def test_the_web_edition_is_well_formed_self_contained_and_accessible(kit, game, language):
    page = read_page(kit / game / f"{game}-rules-{language}.html")
    assert page.problems() == []
    assert page.lang == language
    assert page.svgs and all(s.get("role") == "img" or s.get("aria-hidden") == "true" for s in page.svgs)


@pytest.mark.parametrize("game, language", EDITIONS)
def test_the_web_edition_is_titled_in_its_own_language(kit, game, language):
    from tests.sheets.test_sheet_languages import catalog, game_yaml

    title = catalog(CONTENT / game / "text" / f"{language}.yaml").get("game.title", game_yaml(game)["title"])
    page = read_page(kit / game / f"{game}-rules-{language}.html")
    assert page.headings[0] == (1, title)
    assert f"{title} ·" in page.text  # the footer


@pytest.mark.parametrize("game, language", EDITIONS)
def test_the_web_edition_holds_every_section_and_picture_of_the_rulebook(kit, games, game, language):
    loaded = games[game]
    page = read_page(kit / game / f"{game}-rules-{language}.html")
    texts = Texts(loaded.catalogs, language)
    titles = [plain_text(texts(section.title), language) for section in loaded.rulebook.sections]
    assert [text for level, text in page.headings if level == 2][1:] == titles  # after the contents
    blocks = [b for s in loaded.rulebook.sections for b in s.body]
    for block in blocks:
        if block.kind == "p":
            assert plain_text(texts(block.keys[0]), language) in page.text
        if block.kind == "diagram":
            assert f"diagram-{block.ref}" in page.ids
    steps = sum(len(loaded.book.examples[b.ref].steps) for b in blocks if b.kind == "example")
    diagrams = sum(1 for b in blocks if b.kind == "diagram")
    named = [s for s in page.svgs if s.get("class") == "picture"]
    assert len(named) == diagrams + steps


@pytest.mark.parametrize("game, language, credit, credits, absent", [
    ("boardless-quarto", "en", "based on Quarto by Blaise Müller · Version 1.0", ["Based on Quarto by Blaise Müller"],
     ["CC BY", "Licence", "Minutes", "Age"]),
    ("boardless-quarto", "da", "baseret på Quarto af Blaise Müller · Version 1.0",
     ["Baseret på Quarto af Blaise Müller"], ["CC BY", "Licens", "Minutter", "Alder"]),
    ("trifoil", "en", "by Aaron Santiago · Version 1.0 · MIT", ["Game design: Aaron Santiago", "Licence: MIT"],
     ["Minutes", "Age"]),
    ("folio", "da", "af David Morgan-Mar · Version 1.0", ["Spildesign: David Morgan-Mar", "Testspil: Geoff Bailey"],
     ["CC BY", "Licens", "Alder"]),
])
def test_the_web_edition_credits_what_game_yaml_states_and_no_more(kit, game, language, credit, credits, absent):
    page = read_page(kit / game / f"{game}-rules-{language}.html")
    text = " ".join(page.text.split())
    assert credit in text and all(line in text for line in credits)
    assert [word for word in absent if word in text] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_language_switch_links_the_other_edition(kit, game):
    english = read_page(kit / game / f"{game}-rules-en.html")
    danish = read_page(kit / game / f"{game}-rules-da.html")
    assert f"{game}-rules-da.html" in english.links and f"{game}-rules-en.html" in danish.links
    assert "Dansk" in english.text and "English" in danish.text


def kit_pages(kit: Path, game: str) -> dict[str, Page]:
    """The game's kit pages by language: index.html in the first, index-<lang>.html in the others."""
    paths = sorted((kit / game).glob("index*.html"), key=lambda path: (path.name != "index.html", path.name))
    return {page.lang: page for page in map(read_page, paths)}


def kit_own(path: str, game: str) -> bool:
    """Whether a file under --out is not one the kit pages list: a page, a thumbnail, or pnp's own (.pnp)."""
    return path.startswith((f"{game}/index", f"{game}/thumbnails/", f"{game}/.pnp/"))


@pytest.mark.parametrize("game", GAMES)
def test_the_kit_pages_link_every_output_under_out_in_their_languages(kit, games, game):
    pages = kit_pages(kit, game)
    assert list(pages) == ["en", "da"] and (kit / game / "index.html").is_file()
    manifest = json.loads((kit / ".pnp" / "manifest.json").read_text())
    made = {path: f for path, f in manifest["files"].items() if path.startswith(f"{game}/") and not kit_own(path, game)}
    linked: set[str] = set()
    for language, page in pages.items():
        assert page.problems() == [], (language, page.problems())
        files = {f"{game}/{link}" for link in page.links if "#" not in link and not link.startswith("index")}
        assert all(not made[path]["facets"][1] or language in made[path]["facets"][1] for path in files), language
        linked |= files
    assert linked == set(made)
    shown = {(b.kind, b.ref) for s in games[game].rulebook.sections for b in s.body if b.kind in ("diagram", "example")}
    for language, page in pages.items():
        anchors = {link for link in page.links if "#" in link}
        assert anchors == {f"{game}-rules-{language}.html#{kind}-{ref}" for kind, ref in shown}


@pytest.mark.parametrize("game", GAMES)
def test_every_thumbnail_is_a_small_webp_file_beside_the_page_with_its_size_and_lazy(kit, game):
    for page in kit_pages(kit, game).values():
        assert len(page.path.read_bytes()) < 200_000
        assert page.images and not [s for s in page.sources if s.startswith("data:")]
        for image in page.images:
            assert image["src"].startswith("thumbnails/") and image["loading"] == "lazy"
            with Image.open(page.path.parent / image["src"]) as thumbnail:
                assert thumbnail.format == "WEBP" and max(thumbnail.size) <= 300
                assert (int(image["width"]), int(image["height"])) == thumbnail.size
    thumbnails = list((kit / game / "thumbnails").rglob("*.webp"))
    assert sum(p.stat().st_size for p in thumbnails) / len(thumbnails) < 30_000


def test_the_guide_says_what_each_pdf_asks_of_the_printer(kit):
    """Sheets and booklets: sheets counted and the edge to flip, as each PDF's own viewer
    preferences say (read by pypdf); the reading rulebook's pages, one-sided."""
    import pypdf

    page = (kit / "quatrefoil" / "index.html").read_text(encoding="utf-8")
    guide = page.split('id="kit-print"')[1].split("</section>")[0]
    entries = re.findall(r'<a href="([^"]+\.pdf)">.*?<p class="facts">([^<]+)</p>', guide)
    assert {href for href, _ in entries} == {"quatrefoil-sheets-en-a4.pdf", "quatrefoil-sheets-en-letter.pdf",
                                            "quatrefoil-booklet-en-a4.pdf", "quatrefoil-booklet-en-letter.pdf",
                                            "quatrefoil-rules-en.pdf", "quatrefoil-rules-bilingual.pdf"}
    for href, facts in entries:
        reader = pypdf.PdfReader(kit / "quatrefoil" / href)
        duplex = (reader.trailer["/Root"].get("/ViewerPreferences") or {}).get("/Duplex")
        pages = len(reader.pages)
        if duplex is None:
            assert facts == f"Pages: {pages} (A5) · one side", href
        else:
            edge = {"/DuplexFlipLongEdge": "long", "/DuplexFlipShortEdge": "short"}[duplex]
            assert facts == f"Sheets: {pages // 2} · both sides, flipping on the {edge} edge", href
    assert "Sheets: 2 · both sides, flipping on the long edge" in guide  # 9 cards on one sheet, 5 tokens on the next
    assert guide.index("<h3>A4</h3>") < guide.index("<h3>US Letter</h3>") < guide.index("To read")


def test_the_guide_says_what_to_cut_out_with_counts_in_the_pages_language(kit):
    import yaml

    components = yaml.safe_load((CONTENT / "folio" / "components.yaml").read_text(encoding="utf-8"))["sets"]
    pieces = len(components["pieces"]["items"])
    danish = (kit / "folio" / "index-da.html").read_text(encoding="utf-8")
    cut = danish.split('id="kit-cut"')[1].split("</section>")[0]
    assert f"<strong>{pieces} × Pyramider</strong>" in cut and "<strong>1 × Bræt</strong>" in cut
    assert "14 × 14 mm, 18 × 18 mm, 22 × 22 mm" in cut and "224 × 224 mm" in cut
    assert f"Regelhæfte: {label('fold-a5-saddle', 'da')}" in cut  # Folio's booklet is saddle-stitched A5
    english = (kit / "quatrefoil" / "index.html").read_text(encoding="utf-8")
    assert "<strong>5 × Colour cards</strong> <span class=\"facts\">63.5 × 88.9 mm</span>" in english
    assert "<strong>5 × Tokens</strong> <span class=\"facts\">⌀ 25 mm</span>" in english
    assert f"Booklet: {label('fold-a6-sheet', 'en')}" in english  # Quatrefoil's is one A6 sheet


HOSTILE = "Place <script>alert(1)</script> & <b>bold</b> \"quoted\" **real bold** here."


def test_every_content_text_is_escaped(make_game, tmp_path):
    from pnp.targets import BuildOptions, build
    from tests.conftest import ROOT

    folder = make_game({"rulebook.yaml": (ROOT / "tests/hardening/tiny/rulebook.yaml").read_text(),
                        "diagrams.yaml": (ROOT / "tests/hardening/tiny/diagrams.yaml").read_text(),
                        "text/en.yaml": (ROOT / "tests/hardening/tiny/text/en.yaml").read_text().replace(
                            "rules.play.p: Place a chip on the board.", f"rules.play.p: '{HOSTILE}'").replace(
                            "rules.play.title: Play", "rules.play.title: <i>Play</i>"),
                        "components.yaml":
                            (ROOT / "tests/hardening/tiny/components.yaml").read_text().split("  cards:")[0],
                        "text/da.yaml": None})
    (folder / "text" / "da.yaml").unlink(missing_ok=True)
    build([folder], BuildOptions(out=tmp_path / "out", formats=("html",), languages=("en",)))
    html = (tmp_path / "out" / "tiny" / "tiny-rules-en.html").read_text(encoding="utf-8")
    page = read_page(tmp_path / "out" / "tiny" / "tiny-rules-en.html")
    assert "script" not in page.tags and "b" not in page.tags and "i" not in page.tags
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in html
    assert "<strong>real bold</strong>" in html
    assert "Place <script>alert(1)</script> & <b>bold</b> “quoted” real bold here." in page.text
    assert (2, "<i>Play</i>") in page.headings


def test_html_is_incremental_and_the_same_bytes_every_time(tmp_path):
    from pnp.targets import BuildOptions, build
    from tests.conftest import CONTENT
    from tests.targets.conftest import digests

    options = BuildOptions(out=tmp_path / "a", formats=("html",))
    build([CONTENT / "folio"], options)
    again = build([CONTENT / "folio"], options)
    assert again.written == [] and again.rendered == 0
    build([CONTENT / "folio"], BuildOptions(out=tmp_path / "b", formats=("html",), jobs=1))
    assert digests(tmp_path / "a") == digests(tmp_path / "b")


def test_the_page_carries_its_fonts_cut_to_its_characters(kit):
    import re

    from fontTools.ttLib import TTFont

    html = (kit / "trifoil" / "trifoil-rules-da.html").read_text(encoding="utf-8")
    page = read_page(kit / "trifoil" / "trifoil-rules-da.html")
    fonts = re.findall(r"font-weight: (\w+); font-style: (\w+);.*?base64,([A-Za-z0-9+/=]+)", html)
    assert {(weight, style) for weight, style, _ in fonts} == {("normal", "normal"), ("bold", "normal"),
                                                                ("normal", "italic"), ("bold", "italic")}
    regular = TTFont(io.BytesIO(base64.b64decode(fonts[0][2])))
    covered = set(map(chr, regular.getBestCmap()))
    assert set(page.text.replace(" ", "")) <= covered | {"\u00ad"}
    assert {"Δ", "Ω", "θ", "β", "æ", "ø", "å"} <= covered
    assert len(regular.getGlyphOrder()) < 200  # of the full font's 1,900 or so
