"""Every embedded font subset in a file has its own tag (ISO 32000-1 §9.6.4), the same for the same input.

reportlab numbers subsets per font, so the first subset of every font was `AAAAAA+`, and a
booklet holding two subsets of the regular face held two different fonts under one tag.
Read back with pikepdf: each FontDescriptor's FontName and its embedded font file.
"""

from __future__ import annotations

import io
import re

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from pnp.text.fonts import font_name, subset_tag


def descriptors(data: bytes) -> dict[str, bytes]:
    """FontName → the bytes of its embedded font file, for every font descriptor in the file."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return {str(obj.FontName)[1:]: obj.FontFile2.read_bytes() for obj in pdf.objects
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor"}


def two_subsets_of_one_face() -> bytes:
    """A page with more than 256 distinct characters of the regular face: reportlab splits them into two subsets."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=font_name())
    text = "".join(chr(c) for c in range(0x21, 0x7F)) + "".join(chr(c) for c in range(0xA1, 0x17F))
    for row, start in enumerate(range(0, len(text), 60)):
        canvas.setFont(font_name(), 8)
        canvas.drawString(20, 800 - 12 * row, text[start:start + 60])
    canvas.setFont(font_name("bold"), 12)
    canvas.drawString(20, 100, "Quatrefoil")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_two_subsets_of_one_face_and_a_second_face_have_three_tags():
    fonts = descriptors(two_subsets_of_one_face())
    tags = [name.split("+")[0] for name in fonts]
    assert len(fonts) == 3 and len(set(fonts.values())) == 3, sorted(fonts)
    assert len(set(tags)) == 3 and all(re.fullmatch("[A-Z]{6}", tag) for tag in tags), tags
    assert sum(name.endswith("+SourceSansPro-Regular") for name in fonts) == 2


def test_tags_depend_on_the_subset_only():
    assert two_subsets_of_one_face() == two_subsets_of_one_face()
    assert subset_tag(b"SourceSansPro-Regular", [65, 66]) == subset_tag(b"SourceSansPro-Regular", [65, 66])
    assert subset_tag(b"SourceSansPro-Regular", [65, 66]) != subset_tag(b"SourceSansPro-Regular", [65, 67])
    assert subset_tag(b"SourceSansPro-Regular", [65]) != subset_tag(b"SourceSansPro-Bold", [65])


def test_a_built_booklet_names_each_subset_once(tmp_path):
    from pnp.targets import BuildOptions, build
    from tests.conftest import CONTENT

    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path, formats=("pdf",), languages=("en",), papers=("a4",)))
    for path in sorted(tmp_path.rglob("*.pdf")):
        fonts = descriptors(path.read_bytes())
        tags = [name.split("+")[0] for name in fonts]
        assert len(set(tags)) == len(tags), (path.name, sorted(fonts))
