"""Type: every glyph in every style, the language's own quotes, and the build's refusal of a
character no font can draw (naming key, language and style)."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import SimpleDocTemplate
from rulebook_kit import build, make_game

from pnp.model.problems import ContentError
from pnp.paint.rulebook.flowables import RulebookParagraph
from pnp.paint.rulebook.markup import paragraph_xml
from pnp.text.fonts import STYLES, font_name, missing_glyphs
from pnp.text.typography import in_running_text, typographic_quotes, without_runt

GREEK_AND_DANISH = "Δ Ω θ β – æ ø å Æ Ø Å"


@pytest.mark.parametrize("style", STYLES)
def test_every_style_draws_greek_and_danish_with_its_fallback(style):
    assert missing_glyphs(GREEK_AND_DANISH, style, fallback=True) == []


def test_the_italics_lack_greek_of_their_own():
    # Why the fallback exists: Source Sans Pro's italics have no Greek.
    assert missing_glyphs("Δθ", "italic") == ["Δ", "θ"]
    assert missing_glyphs("æøå", "italic") == []


def _pdf_of(paragraphs) -> bytes:
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, invariant=1, initialFontName=font_name()).build(paragraphs)
    return buffer.getvalue()


@pytest.mark.parametrize("style", STYLES)
def test_a_paragraph_in_each_style_prints_every_greek_and_danish_letter(style):
    # Read back with pdfium: every letter is there and none is the empty box (glyph 0).
    paragraph = RulebookParagraph(GREEK_AND_DANISH, ParagraphStyle("p", fontName=font_name(style), fontSize=10))
    document = pdfium.PdfDocument(_pdf_of([paragraph]))
    textpage = document[0].get_textpage()
    codes = [raw.FPDFText_GetUnicode(textpage.raw, i) for i in range(textpage.count_chars())]
    assert 0 not in codes
    assert all(c in textpage.get_text_range() for c in GREEK_AND_DANISH.replace(" ", ""))


def test_markup_inside_a_paragraph_falls_back_per_character():
    # Bold italic around a Greek letter in a regular paragraph: only Δ moves to the bold upright.
    paragraph = RulebookParagraph(paragraph_xml("the ***Δ*** triangle"), ParagraphStyle("p", fontName=font_name()))
    fonts = {frag.text: frag.fontName for frag in paragraph.frags}
    assert fonts["Δ"] == font_name("bold")


@pytest.mark.parametrize("text, language, expected", [
    ("Alice's turn: say \"Quarto!\"", "en", "Alice’s turn: say “Quarto!”"),
    ("Sig \"Quarto!\" nu", "da", "Sig „Quarto!“ nu"),
    ("the 'free' token and the players' cards", "en", "the ‘free’ token and the players’ cards"),
    ("den 'frie' brik", "da", "den ‚frie‘ brik"),
    ("(\"yes\")", "en", "(“yes”)"),
    ("“already” curly", "en", "“already” curly"),
])
def test_straight_quotes_become_the_languages_own(text, language, expected):
    assert typographic_quotes(text, language) == expected


def test_paragraphs_get_the_quotes_of_their_language():
    assert paragraph_xml('say "yes" & go', "da") == "say „yes“ &amp; go"


def test_a_character_no_font_has_is_an_error_naming_key_language_and_style(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", danish={"rules.s2.p": "Et kryds: ✕ og **fed ✕**."})
    with pytest.raises(ContentError) as caught:
        build(folder, tmp_path / "out", papers=("a4",))
    messages = [str(p) for p in caught.value.problems]
    assert any("text/da.yaml" in m and "rules.s2.p" in m and "tiny-fold (da)" in m and "regular font" in m
               for m in messages), messages
    assert any("bold font" in m for m in messages), messages
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name, language, keep, expected", [
    ("Colour cards", "en", (), "colour cards"),
    ("Farvekort", "da", (), "farvekort"),
    ("Farbkarten", "de", (), "Farbkarten"),  # German nouns keep their capitals
    ("TTS tokens", "en", (), "TTS tokens"),  # an acronym stays
    ("Quarto pieces", "en", ("Quarto",), "Quarto pieces"),  # so does a proper name
    ("Quartos", "en", ("Quarto",), "quartos"),
    ("links", "en", (), "links"),
])
def test_a_name_inside_a_running_list(name, language, keep, expected):
    assert in_running_text(name, language, keep) == expected


@pytest.mark.parametrize("text, expected", [
    ("Hold øje med brættet.", "Hold øje med\u00a0brættet."),
    ("Vælg **Skub** eller **Stabl**.", "Vælg **Skub** eller\u00a0**Stabl**."),
    ("One two three four  ", "One two three\u00a0four"),
    ("Just three words", "Just three\u00a0words"),
    ("Your turn", "Your\u00a0turn"),  # a heading's two words stay on one line
    ("Then roll a 6.", "Then roll\u00a0a\u00a06."),  # "a 6." is under five characters: a runt still
    ("One", "One"),
])
def test_a_paragraphs_last_two_words_are_joined(text, expected):
    assert without_runt(text) == expected
