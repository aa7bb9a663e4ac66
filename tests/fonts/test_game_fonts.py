"""A game's own fonts (game.yaml's fonts: and rulebook-fonts:, a face text's font:), read back from what pnp writes.

The fonts are OFL fonts from PyPI wheels, as a designer brings them: Amatic SC as TrueType
with a regular and a bold and no italic, Source Serif Pro as OpenType with CFF outlines
(converted to TrueType outlines when loaded). The PDFs are read with pikepdf and the
embedded fonts with fontTools; the web page's and the SVG's WOFF subsets with fontTools.
"""

from __future__ import annotations

import base64
import io
import re
import shutil
from pathlib import Path

import font_amatic_sc
import font_source_serif_pro
import pikepdf
import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops
from pypdf import PdfReader

from pnp.model.problems import ContentError
from tests.conftest import ROOT

AMATIC = Path(font_amatic_sc.font_directory)
SERIF = Path(font_source_serif_pro.font_directory)
FONTS = """\
fonts:
  Amatic SC: {regular: fonts/AmaticSC-Regular.ttf, bold: fonts/AmaticSC-Bold.ttf}
  Serif:
    regular: fonts/SourceSerifPro-Regular.otf
    bold: fonts/SourceSerifPro-Bold.otf
    italic: fonts/SourceSerifPro-It.otf
rulebook-fonts: {headings: Amatic SC, body: Serif}
"""
CHIP_TEXT = "- text: {key: chip.name, size: 8pt, colour: white}"


def font_game(root: Path, fonts: str = FONTS, chip_font: str = "{family: Amatic SC, style: bold}") -> Path:
    """The hardening corpus's tiny game (chips, a rulebook with a diagram) with the two families
    and its chips' name in `chip_font`."""
    shutil.copytree(ROOT / "templates", root / "templates")
    folder = Path(shutil.copytree(ROOT / "tests/hardening/tiny", root / "content" / "tiny"))
    components = (folder / "components.yaml").read_text(encoding="utf-8").split("  cards:")[0]
    assert CHIP_TEXT in components
    (folder / "components.yaml").write_text(components.replace(CHIP_TEXT, CHIP_TEXT[:-1] + f", font: {chip_font}}}"),
                                            encoding="utf-8")
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(game + fonts, encoding="utf-8")
    (folder / "fonts").mkdir()
    for file in ("AmaticSC-Regular.ttf", "AmaticSC-Bold.ttf"):
        shutil.copy(AMATIC / file, folder / "fonts" / file)
    for file in ("SourceSerifPro-Regular.otf", "SourceSerifPro-Bold.otf", "SourceSerifPro-It.otf"):
        shutil.copy(SERIF / file, folder / "fonts" / file)
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """The game built once: sheets, rulebooks and booklets (PDF), web edition, TTS, and its diagrams as SVG
    (with live text, and under outlines/ with the words as outlines)."""
    from pnp.targets import BuildOptions, DiagramOptions, build, build_diagrams

    root = tmp_path_factory.mktemp("fonts")
    folder = font_game(root)
    out = root / "out"
    build([folder], BuildOptions(out=out, formats=("pdf", "html", "tts"), languages=("en",), papers=("a4",), jobs=1))
    build_diagrams([folder], DiagramOptions(out=out, formats=("svg",), languages=("en",), live_text=True, jobs=1))
    build_diagrams([folder], DiagramOptions(out=root / "outlines", formats=("svg",), languages=("en",), jobs=1))
    return folder, out / "tiny"


def embedded(pdf_path: Path) -> dict[str, TTFont]:
    """Each embedded font of a PDF by its name without the subset tag, read by fontTools."""
    fonts = {}
    with pikepdf.open(pdf_path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
                name = str(obj.FontName)[1:]
                assert re.fullmatch(r"[A-Z]{6}\+.+", name), name
                fonts[name.split("+", 1)[1]] = TTFont(io.BytesIO(obj.FontFile2.read_bytes()))
    return fonts


def test_sheets_rulebooks_and_booklets_embed_the_games_fonts(built):
    _, out = built
    assert set(embedded(out / "tiny-sheets-en-a4.pdf")) == {"AmaticSC-Bold", "SourceSansPro-Regular"}
    rulebook = embedded(out / "tiny-rules-en.pdf")
    # The title in the headings' bold; the paragraph and footer in the body's regular, the caption in its italic.
    assert set(rulebook) == {"AmaticSC-Bold", "SourceSerifPro-Regular", "SourceSerifPro-It"}
    # The booklet adds its checklist's bold; its printing instructions, outside the pages, stay in pnp's own.
    assert set(embedded(out / "tiny-booklet-en-a4.pdf")) == set(rulebook) | {"SourceSerifPro-Bold",
                                                                             "SourceSansPro-Regular"}
    serif = rulebook["SourceSerifPro-Regular"]
    assert "glyf" in serif and "CFF " not in serif  # the .otf's outlines, embedded as TrueType
    assert len(set("Place a chip on the board.")) <= len(serif.getGlyphOrder()) < 200  # of its 1,414
    assert "Place a chip on the board." in PdfReader(out / "tiny-rules-en.pdf").pages[1].extract_text()


def test_cff_outlines_become_truetype_within_one_font_unit():
    from fontTools.pens.boundsPen import BoundsPen

    from pnp.text.truetype import truetype_outlines

    original = TTFont(SERIF / "SourceSerifPro-Regular.otf")
    converted = TTFont(io.BytesIO(truetype_outlines((SERIF / "SourceSerifPro-Regular.otf").read_bytes())))
    assert converted.sfntVersion == "\x00\x01\x00\x00" and "CFF " not in converted
    assert converted.getBestCmap() == original.getBestCmap()
    assert converted["hmtx"].metrics.keys() == original["hmtx"].metrics.keys()
    assert all(converted["hmtx"][g][0] == original["hmtx"][g][0] for g in original.getGlyphOrder())
    worst = 0.0
    before, after = original.getGlyphSet(), converted.getGlyphSet()
    for name in original.getGlyphOrder():
        pens = BoundsPen(before), BoundsPen(after)
        before[name].draw(pens[0])
        after[name].draw(pens[1])
        if pens[0].bounds is not None:
            worst = max(worst, *(abs(p - q) for p, q in zip(pens[0].bounds, pens[1].bounds)))
    assert worst <= 1.0


def woff_faces(css: str) -> dict[tuple[str, str, str], TTFont]:
    """(family, weight, style) → the font of each @font-face rule."""
    rules = re.findall(r"font-family: '([^']+)'; font-weight: (\w+); font-style: (\w+);.*?base64,([A-Za-z0-9+/=]+)",
                       css)
    return {(family, weight, style): TTFont(io.BytesIO(base64.b64decode(data)))
            for family, weight, style, data in rules}


def family_name(font: TTFont) -> str:
    return font["name"].getDebugName(1)


def test_the_web_edition_carries_the_rulebook_families_cut_to_its_text(built):
    from tests.exports.html_audit import read_page

    _, out = built
    html = (out / "tiny-rules-en.html").read_text(encoding="utf-8")
    faces = woff_faces(html)
    games = {key: font for key, font in faces.items() if key[0].startswith("pnp-")}
    by_name = {(family_name(font), key[1]): key[0] for key, font in games.items()}
    assert ("Source Serif Pro", "normal") in by_name and ("Amatic SC", "bold") in by_name
    body, headings = by_name["Source Serif Pro", "normal"], by_name["Amatic SC", "bold"]
    assert re.search(rf"body {{ font-family: '{body}', 'Source Sans Pro'", html)
    assert re.search(rf"h1, h2, h3, dl.facts dd {{ font-family: '{headings}', 'Source Sans Pro'", html)
    page = read_page(out / "tiny-rules-en.html")
    covered = {chr(c) for c in games[body, "normal", "normal"].getBestCmap()}
    assert set("Place a chip on the board.") <= covered
    assert set(page.text.replace(" ", "")) <= covered | {"\u00ad"}
    assert len(games[body, "normal", "normal"].getGlyphOrder()) < 120  # of the full font's 1,414


def test_an_svg_diagram_with_live_text_names_the_family_and_carries_it(built):
    import xml.etree.ElementTree as ElementTree

    from pnp.paint.svg import FONT_STACK

    _, out = built
    svg = (out / "diagrams" / "tiny-board-en.svg").read_text(encoding="utf-8")
    root = ElementTree.fromstring(svg)
    [style] = root.findall("{http://www.w3.org/2000/svg}style")
    faces = woff_faces(style.text or "")
    # Only the fonts its words are set in: the chip's label, the caption.
    assert sorted((family_name(font), weight, style) for (_, weight, style), font in faces.items()) == \
        [("Amatic SC", "bold", "normal"), ("Source Serif Pro", "normal", "italic")]
    serif = next(key[0] for key, font in faces.items() if family_name(font) == "Source Serif Pro")
    caption = [e for e in root.iter("{http://www.w3.org/2000/svg}text") if e.text == "A chip on the board."]
    assert caption and f"font-family: '{serif}', {FONT_STACK}; font-weight: normal; font-style: italic;" in \
        caption[0].get("style", "")
    assert set("A chip on the board.") <= {chr(c) for c in faces[serif, "normal", "italic"].getBestCmap()}


def test_an_svg_diagram_draws_its_words_as_the_outlines_of_the_games_glyphs(built):
    """By default the words are paths: no text and no font left for a viewer to stand in for;
    the label and caption are the outlines of Amatic SC's and Source Serif Pro's glyphs."""
    import xml.etree.ElementTree as ElementTree

    from pnp.text.fonts import family_fonts, font_name
    from pnp.text.outlines import text_outline

    folder, out = built
    root = ElementTree.parse(out.parent.parent / "outlines" / "tiny" / "diagrams" / "tiny-board-en.svg").getroot()
    assert not [e for e in root.iter() if e.tag.endswith(("}text", "}style"))]
    live = ElementTree.parse(out / "diagrams" / "tiny-board-en.svg").getroot()
    caption = next(e for e in live.iter("{http://www.w3.org/2000/svg}text") if e.text == "A chip on the board.")
    family = re.search(r"'(pnp-[0-9a-f]{16})'", caption.get("style", "")).group(1)  # Source Serif Pro, registered
    first = text_outline("A", family_fonts(family)["italic"], 10, 0, 0)
    assert first and first != text_outline("A", font_name("italic"), 10, 0, 0)  # the game's glyph, not pnp's


def test_tts_images_are_painted_in_the_games_font(built, tmp_path):
    from pnp.targets import BuildOptions, build

    folder, out = built
    plain = font_game(tmp_path, chip_font="bold")
    build([plain], BuildOptions(out=tmp_path / "out", formats=("tts",), languages=("en",), jobs=1))
    ours = Image.open(out / "tts" / "tiny-chips-en-gold.png").convert("RGB")
    theirs = Image.open(tmp_path / "out" / "tiny" / "tts" / "tiny-chips-en-gold.png").convert("RGB")
    assert ours.size == theirs.size
    changed = ImageChops.difference(ours, theirs).getbbox()
    assert changed is not None  # the label drawn in Amatic SC, not Source Sans Pro
    width, height = ours.size
    assert changed[0] > width * 0.2 and changed[2] < width * 0.8  # only the label, in the middle


def test_two_games_families_of_one_name_never_share_a_font(tmp_path):
    from pnp.model import load_game
    from pnp.text.fonts import font_name

    one = load_game(font_game(tmp_path / "one"))
    other_folder = font_game(tmp_path / "other")
    shutil.copy(AMATIC / "AmaticSC-Regular.ttf", other_folder / "fonts" / "AmaticSC-Bold.ttf")
    other = load_game(other_folder)
    same = load_game(font_game(tmp_path / "same"))
    amatic = [game.fonts["Amatic SC"] for game in (one, other, same)]
    bolds = [font_name("bold", family) for family in amatic]
    assert bolds[0] != bolds[1]  # another bold file: another font
    assert bolds[0] == bolds[2]  # the same files in another folder: the same font, registered once
    assert font_name("regular", amatic[0]) != font_name("regular", amatic[1])  # a family is its files together


def test_fonts_registered_from_a_folder_since_removed_still_serve_another_with_the_same_files(tmp_path):
    from pnp.model import load_game
    from pnp.text.fonts import font_name
    from pnp.text.subset import subset_font

    first = load_game(font_game(tmp_path / "first")).fonts["Serif"]
    registered = font_name("italic", first)
    shutil.rmtree(tmp_path / "first")
    second = load_game(font_game(tmp_path / "second")).fonts["Serif"]
    assert font_name("italic", second) == registered
    woff = TTFont(io.BytesIO(subset_font(registered, "Removed folder")))
    assert family_name(woff) == "Source Serif Pro" and {ord(c) for c in "Removed folder"} <= set(woff.getBestCmap())


def test_a_family_may_take_its_files_from_templates(tmp_path):
    from pnp.model import load_game
    from pnp.text.fonts import describe, font_name

    fonts = "fonts:\n  Amatic SC: {regular: templates/fonts/AmaticSC-Regular.ttf, bold: fonts/AmaticSC-Bold.ttf}\n"
    folder = font_game(tmp_path, fonts=fonts)
    (tmp_path / "templates" / "fonts").mkdir()
    shutil.move(folder / "fonts" / "AmaticSC-Regular.ttf", tmp_path / "templates" / "fonts" / "AmaticSC-Regular.ttf")
    family = load_game(folder).fonts["Amatic SC"]
    assert family.file("regular") == tmp_path / "templates" / "fonts" / "AmaticSC-Regular.ttf"
    assert describe(font_name("regular", family)) == "font 'templates/fonts/AmaticSC-Regular.ttf' (Amatic SC regular)"


def test_a_face_in_a_games_font_has_a_digest_of_what_it_draws(tmp_path):
    """pnp diff compares faces by a digest of what they draw, fonts by their files: a game's font
    is loaded from bytes, and its name, a digest of its files, stands for them."""
    from pnp.i18n.catalog import Texts, load_game_catalogs
    from pnp.model import load_game
    from pnp.model.problems import Problems
    from pnp.paint.faces import FacePainter
    from pnp.paint.picture import drawn_digest

    def chip_digest(folder: Path) -> str:
        game = load_game(folder)
        painter = FacePainter(Texts(load_game_catalogs(game), "en"), "en", Problems())
        [chips] = game.sets
        return drawn_digest(painter.picture(chips.items[0].front, chips.shape))

    ours = chip_digest(font_game(tmp_path / "ours"))
    assert ours == chip_digest(font_game(tmp_path / "same"))
    assert ours != chip_digest(font_game(tmp_path / "plain", chip_font="bold"))


def test_a_style_the_family_lacks_is_set_in_its_regular_with_a_warning(tmp_path):
    from pnp.targets import BuildOptions, build
    from pnp.text.fonts import font_name

    folder = font_game(tmp_path, chip_font="{family: Amatic SC, style: italic}")
    result = build([folder], BuildOptions(out=tmp_path / "out", formats=("pdf",), languages=("en",),
                                          papers=("a4",), jobs=1))
    assert any("components.yaml" in w and "the font family 'Amatic SC' has no italic; italic text is set in its "
               "regular" in w for w in result.warnings), result.warnings
    assert any("game.yaml:" in w and "rulebook-fonts.headings: the family 'Amatic SC' has no italic" in w
               for w in result.warnings), result.warnings
    assert "AmaticSC-Regular" in embedded(tmp_path / "out" / "tiny" / "tiny-sheets-en-a4.pdf")
    from pnp.model import load_game

    amatic = load_game(folder).fonts["Amatic SC"]
    assert font_name("italic", amatic) == font_name("regular", amatic)
    assert font_name("bolditalic", amatic) == font_name("bold", amatic)


def test_a_character_the_games_font_lacks_is_an_error_naming_the_file(tmp_path):
    from pnp.targets import BuildOptions, build

    folder = font_game(tmp_path)
    en = folder / "text" / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("chip.name: Chip", "chip.name: Chip →"), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        build([folder], BuildOptions(out=tmp_path / "out", formats=("pdf",), languages=("en",), jobs=1))
    messages = [str(problem) for problem in error.value.problems]
    assert any("components.yaml:" in m and "the font 'fonts/AmaticSC-Bold.ttf' (Amatic SC bold) has no glyph for →"
               " (en)" in m for m in messages), messages
    assert not (tmp_path / "out" / "tiny" / "tiny-sheets-en-a4.pdf").exists()


def test_translation_status_checks_each_language_against_the_games_fonts(tmp_path):
    from pnp.i18n.catalog import load_game_catalogs
    from pnp.model import load_game
    from pnp.paint.proof import game_statuses

    folder = font_game(tmp_path)
    da = folder / "text" / "da.yaml"
    da.write_text(da.read_text(encoding="utf-8").replace("text: Brik,", "text: Brik →,")
                  .replace("text: Spil,", "text: Spil ☃,"), encoding="utf-8")
    game = load_game(folder)
    [status] = game_statuses(game, load_game_catalogs(game), ["da"])
    notes = {(issue.key, issue.note) for issue in status.findings}
    assert ("chip.name", "has →, which the font 'fonts/AmaticSC-Bold.ttf' (Amatic SC bold) cannot draw "
                         "(token face: front of the 'chips' set)") in notes
    # A heading is set in the headings family and, in lists of contents, the body's.
    assert ("rules.play.title", "has ☃, which the font 'fonts/AmaticSC-Bold.ttf' (Amatic SC bold) cannot draw") in notes
    assert ("rules.play.title", "has ☃, which the font 'fonts/SourceSerifPro-Regular.otf' (Serif regular) cannot "
                                "draw") in notes


def test_a_changed_font_file_rebuilds_what_uses_it(tmp_path):
    from pnp.targets import BuildOptions, build

    folder = font_game(tmp_path)
    options = BuildOptions(out=tmp_path / "out", formats=("pdf",), languages=("en",), papers=("a4",), jobs=1)
    build([folder], options)
    assert build([folder], options).written == []
    shutil.copy(AMATIC / "AmaticSC-Regular.ttf", folder / "fonts" / "AmaticSC-Bold.ttf")
    again = {path.name for path in build([folder], options).written}
    assert {"tiny-sheets-en-a4.pdf", "tiny-rules-en.pdf"} <= again
    assert "AmaticSC-Regular" in embedded(tmp_path / "out" / "tiny" / "tiny-sheets-en-a4.pdf")


def problems_of(folder: Path) -> list[str]:
    from pnp.model import load_game

    with pytest.raises(ContentError) as error:
        load_game(folder)
    return [str(problem) for problem in error.value.problems]


@pytest.mark.parametrize("fonts, where, message", [
    ("fonts:\n  Pirata: fonts/Pirata.ttf\n", "game.yaml:13", "font file not found: 'fonts/Pirata.ttf'"),
    ("fonts:\n  Pirata: fonts/notes.ttf\n", "game.yaml:13", "font 'fonts/notes.ttf' is not a TrueType or OpenType"),
    ("fonts:\n  Pirata: fonts/Pirata.woff2\n", "game.yaml:13", "expected a TrueType (.ttf) or OpenType (.otf) font"),
    ("fonts:\n  Pirata: ../outside.ttf\n", "game.yaml:13", "font '../outside.ttf' leads outside"),
    ("fonts:\n  Pirata: {bold: fonts/AmaticSC-Bold.ttf}\n", "game.yaml:13",
     "fonts.Pirata: missing required key 'regular'"),
    ("fonts:\n  bold: fonts/AmaticSC-Bold.ttf\n", "game.yaml:13", "'bold' is a style; name the family otherwise"),
    ("rulebook-fonts: {body: Pirata}\n", "game.yaml:12",
     "expected a family of game.yaml's fonts: (none), got 'Pirata'"),
])
def test_a_font_that_cannot_be_used_is_a_located_error(tmp_path, fonts, where, message):
    folder = font_game(tmp_path, fonts=fonts, chip_font="bold")
    (folder / "fonts" / "notes.ttf").write_text("not a font\n", encoding="utf-8")
    (tmp_path / "content" / "outside.ttf").write_bytes((AMATIC / "AmaticSC-Bold.ttf").read_bytes())
    messages = problems_of(folder)
    assert any(where in m and message in m for m in messages), messages


def test_a_face_naming_a_font_file_is_told_to_declare_it(tmp_path):
    folder = font_game(tmp_path, chip_font="fonts/AmaticSC-Bold.ttf")
    [message] = problems_of(folder)
    assert "components.yaml:" in message and "font" in message
    assert "got 'fonts/AmaticSC-Bold.ttf' (a font file is declared under game.yaml's fonts: and named here by " \
           "its family)" in message


def test_a_family_the_face_names_must_be_declared(tmp_path):
    folder = font_game(tmp_path, chip_font="{family: Pirata, style: bold}")
    [message] = problems_of(folder)
    assert "components.yaml:" in message and "font.family" in message
    assert "expected a family of game.yaml's fonts: (" in message and "got 'Pirata'" in message


def test_a_font_whose_licence_forbids_embedding_is_refused(tmp_path):
    from pnp.targets import BuildOptions, build

    folder = font_game(tmp_path)
    font = TTFont(folder / "fonts" / "AmaticSC-Bold.ttf")
    font["OS/2"].fsType = 0x0002  # restricted licence embedding
    font.save(folder / "fonts" / "AmaticSC-Bold.ttf")
    with pytest.raises(ContentError) as error:
        build([folder], BuildOptions(out=tmp_path / "out", formats=("pdf",), languages=("en",), jobs=1))
    messages = [str(problem) for problem in error.value.problems]
    assert any("game.yaml:" in m and "font 'fonts/AmaticSC-Bold.ttf' cannot be used: its licence bits (OS/2 fsType) "
               "forbid embedding it" in m for m in messages), messages
