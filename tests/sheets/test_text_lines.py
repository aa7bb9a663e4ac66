"""Face text is drawn a line at a time: one string per line and style, not one per word, with
every glyph where word-by-word drawing put it (read back from the PDF with PDFium)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.graphics import renderPDF, shapes

from pnp.model.colours import parse_colour
from pnp.model.faces import Face, Text
from pnp.model.fonts import Font
from pnp.model.problems import Location, Problems
from pnp.model.units import mm
from pnp.paint.faces import FacePainter
from pnp.text import rich

HERE = Location("components.yaml", 1, 1)
TEXTS = {
    "plain": "Draw a card, then move one piece to any empty square next to it or swap two tokens.",
    "marked": "Move a *ship* two squares, then **raid** a port: ***every*** Δ counts twice.",
    "fallback": "Italic words with Ω and Δ that the italic lacks",
}


def face(key: str, font: str = "regular", align: str = "left") -> Face:
    text = Text(None, key, mm(4), mm(4), mm(55), mm(60), 9.0, Font(font), align, "top", parse_colour("#111111"), HERE)
    return Face(mm(63), mm(88), parse_colour("white"), (text,), HERE)


def drawn(card: Face) -> tuple[list[shapes.String], bytes]:
    drawing = FacePainter(TEXTS.__getitem__, "en", Problems()).drawing(card)
    strings = [node for node in _walk(drawing) if isinstance(node, shapes.String)]
    return strings, renderPDF.drawToString(drawing)


def _walk(node):
    yield node
    for child in getattr(node, "contents", ()):
        yield from _walk(child)


def glyph_boxes(pdf: bytes) -> list[tuple[str, tuple[float, ...]]]:
    """Each drawn character (spaces left out, PDFium places those itself) and its box."""
    page = pdfium.PdfDocument(pdf)[0].get_textpage()
    text = page.get_text_range()
    return [(text[i], page.get_charbox(i)) for i in range(page.count_chars()) if not text[i].isspace()]


@pytest.mark.parametrize("key, font, align", [("plain", "regular", "left"), ("plain", "bold", "right"),
                                              ("marked", "regular", "centre"), ("fallback", "italic", "left")])
def test_lines_are_drawn_whole_with_every_glyph_where_words_put_it(key, font, align, monkeypatch):
    lines, strings_by_line = drawn(face(key, font, align))
    monkeypatch.setattr(rich, "_joined", lambda line: line)  # one string per word,
    monkeypatch.setattr(rich, "lines", rich._general_lines)  # plain text too
    words, strings_by_word = drawn(face(key, font, align))
    assert len(lines) < len(words)
    by_line, by_word = glyph_boxes(strings_by_line), glyph_boxes(strings_by_word)
    assert [c for c, _ in by_line] == [c for c, _ in by_word] and len(by_line) > 30
    assert max(abs(a - b) for (_, one), (_, other) in zip(by_line, by_word) for a, b in zip(one, other)) < 0.001


def test_a_line_of_plain_text_is_one_string():
    strings, _ = drawn(face("plain"))
    baselines = sorted({s.y for s in strings})
    assert len(strings) == len(baselines) > 1


# Plain text (no markup, icon or newline) is wrapped without building runs word by word;
# it must come out as the general path makes it, to the last bit of every width.
PLAIN = st.text(alphabet="ab Δæ\u00a0ΩW.", max_size=80)


@settings(max_examples=300, deadline=None)
@given(PLAIN, st.floats(min_value=1, max_value=200), st.sampled_from(["regular", "bold", "italic", "bolditalic"]))
def test_plain_text_is_wrapped_exactly_as_the_general_path_wraps_it(text, width, style):
    assert rich.runs(text, style) == rich._marked_runs(text, style)
    assert rich.lines(text, width, 9.0, style, lambda name: 1.0) == \
        rich._general_lines(text, width, 9.0, style, lambda name: 1.0)
