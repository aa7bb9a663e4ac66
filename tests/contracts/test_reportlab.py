"""reportlab internals that pnp.paint.pdfdraw and the rulebook's layout lean on.

pdfdraw paints a face by appending PDF operators to the canvas's own operator list,
registering fonts, colours and alpha states the way the canvas would, and hands a node
it does not know to renderPDF's renderer set up from its own state. The rulebook lays a
document out without writing it, and extends Paragraph's set-up. The picture twins'
attributes and path codes are held to reportlab's in tests/sheets/test_picture.py.
"""

from __future__ import annotations

import inspect
import io
import re
import subprocess
import sys

from reportlab.graphics import shapes
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph

from pnp.paint import pdfdraw
from pnp.text.fonts import font_name


def written(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def blank() -> tuple[Canvas, io.BytesIO]:
    buffer = io.BytesIO()
    return Canvas(buffer, pagesize=(100, 100), invariant=1, pageCompression=0), buffer


def test_the_canvas_code_list_is_the_pages_content(relied_on) -> None:
    canvas, buffer = blank()
    with relied_on("reportlab", "Canvas._code, the list a page's content stream is joined from"):
        canvas._code.append("0.25 0.5 0.75 rg 1 2 3 4 re f")
        assert b"0.25 0.5 0.75 rg 1 2 3 4 re f" in written(canvas, buffer)


def test_a_path_object_appends_to_the_list_it_is_given(relied_on) -> None:
    code: list[str] = []
    with relied_on("reportlab", "PDFPathObject(code=list) writing its operators into that list"):
        PDFPathObject(code=code).roundRect(0, 0, 10, 10, 2)
        PDFPathObject(code=code).ellipse(0, 0, 10, 5)
        assert [part for part in code if part.endswith(" m")] == ["2 0 m", "10 2.5 m"], code
        assert sum(part.endswith(" c") for part in code) == 8, code


def test_the_documents_font_names_are_what_a_page_selects(relied_on) -> None:
    canvas, buffer = blank()
    with relied_on("reportlab", "Canvas._doc.getInternalFontName, the page resource name of a font"):
        name = canvas._doc.getInternalFontName("Helvetica-Bold")
        assert re.fullmatch(r"/F\d+", name), name
        canvas._code.append(f"BT 1 0 0 1 5 5 Tm {name} 9 Tf (x) Tj ET")
        assert re.search(rb"/BaseFont /Helvetica-Bold", written(canvas, buffer))


def test_a_text_object_formats_text_from_its_font_fields(relied_on) -> None:
    canvas, buffer = blank()
    embedded = font_name()
    with relied_on("reportlab", "a font's _dynamicFont and _multiByte flags (a TrueType subset names itself)"):
        assert getFont(embedded)._dynamicFont and not getFont("Helvetica")._dynamicFont
        assert not getFont("Helvetica")._multiByte
    with relied_on("reportlab", "PDFTextObject._fontname/_fontsize/_leading/_curSubset and _formatText"):
        writer = PDFTextObject(canvas)
        writer._fontname, writer._fontsize, writer._leading = "Helvetica", 9, 10.8
        writer._curSubset = -1
        assert writer._formatText("Ab").strip() == "(Ab) Tj"
        writer._fontname = embedded
        writer._curSubset = -1
        shown = writer._formatText("Ab")
        assert re.search(r"/F\d+\+0 9 Tf", shown) and "Tj" in shown, shown
        canvas._code.append(f"BT 1 0 0 1 5 5 Tm {shown} ET")
        assert b"/FontFile2" in written(canvas, buffer)  # the subset was recorded and embedded


def test_a_colour_setter_writes_into_the_code_list_it_holds(relied_on) -> None:
    canvas, _ = blank()
    setter = pdfdraw._ColourOps(canvas)
    with relied_on("reportlab", "textobject._PDFColorSetter writing to _code through _doc/_colorsUsed, "
                                "and calling setFillAlpha for a colour's alpha"):
        assert setter.ops(colors.Color(1, 0, 0), stroke=False) == ("1 0 0 rg", 1)
        assert setter.ops(colors.Color(0, 0, 1, alpha=0.5), stroke=True) == ("0 0 1 RG", 0.5)
        assert setter.ops(colors.CMYKColor(0, 0, 0, 1), stroke=False)[0] == "0 0 0 1 k"
        assert setter.ops(colors.Color(0.25, 0.5, 1), stroke=False)[0] == ".25 .5 1 rg"


def test_alpha_states_are_named_and_shared_as_the_canvas_does(relied_on) -> None:
    canvas, buffer = blank()
    with relied_on("reportlab", "Canvas._extgstate: getValue, _c naming states 'gRLs<n>', _d the values in force"):
        assert canvas._extgstate.getValue("ca") == 1
        canvas.setFillAlpha(0.5)
        assert canvas._extgstate._c == {("ca", 0.5): "gRLs0"} and canvas._extgstate._d["ca"] == 0.5
        code = list(canvas._code)
        pdfdraw._Painter(shapes.Drawing(10, 10), canvas)._alpha("CA", 0.25)  # pnp's own registration
        assert canvas._code[len(code):] == ["/gRLs1 gs"]
        canvas.setStrokeAlpha(0.75)  # the canvas's next state gets a name of its own
        assert canvas._extgstate._c[("CA", 0.75)] == "gRLs2"
        assert re.search(rb"/gRLs1 <<\s*/CA \.25\s*>>", written(canvas, buffer))
    canvas, buffer = blank()
    with relied_on("reportlab", "Canvas._doc.ensureMinPdfVersion('transparency') raising the file to PDF 1.4"):
        canvas._doc.ensureMinPdfVersion("transparency")
        assert written(canvas, buffer).startswith(b"%PDF-1.4")


def test_the_canvas_keeps_its_state_in_the_fields_pdfdraw_sets(relied_on) -> None:
    canvas, _ = blank()
    with relied_on("reportlab", "Canvas._fillMode, _fontname, _fontsize holding the canvas's state"):
        assert canvas._fillMode in (FILL_EVEN_ODD, FILL_NON_ZERO)
        canvas.setFont("Helvetica", 12)
        assert (canvas._fontname, canvas._fontsize) == ("Helvetica", 12)
    with relied_on("reportlab", "Canvas._enforceColorSpace set by enforceColorSpace= (pdfdraw leaves such canvases "
                                "to renderPDF)"):
        assert Canvas(io.BytesIO(), enforceColorSpace="cmyk")._enforceColorSpace
        assert not getattr(canvas, "_enforceColorSpace", None)


def test_path_operators_are_keyed_by_stroke_fill_and_rule(relied_on) -> None:
    with relied_on("reportlab", "canvas.PATH_OPS[(stroke, fill, fill mode)]"):
        assert PATH_OPS[1, 1, FILL_EVEN_ODD] == "B*" and PATH_OPS[0, 1, FILL_NON_ZERO] == "f"
        assert PATH_OPS[1, 0, FILL_EVEN_ODD] == "S" and PATH_OPS[0, 0, FILL_EVEN_ODD] == "n"


def test_renderpdfs_renderer_draws_a_node_from_a_state_it_is_given(relied_on) -> None:
    """pdfdraw.delegate sets up renderPDF._PDFRenderer's _canvas, _drawing, _fill, _stroke and
    _tracker itself and calls drawNode, for a node it does not paint (a Wedge here)."""
    canvas, buffer = blank()
    drawing = shapes.Drawing(100, 100)
    drawing.add(shapes.Wedge(50, 50, 40, 0, 90, fillColor=colors.Color(0.2, 0.4, 0.6), strokeColor=None))
    before = pdfdraw.fallbacks["Wedge"]
    with relied_on("reportlab", "renderPDF._PDFRenderer (_canvas, _drawing, _fill, _stroke, _tracker, drawNode) "
                                "and renderbase.StateTracker"):
        pdfdraw.draw(drawing, canvas)
        assert pdfdraw.fallbacks["Wedge"] == before + 1
        page = written(canvas, buffer)
        assert b".2 .4 .6 rg" in page and re.search(rb" c h\s+f\*", page)


def test_paragraph_set_up_is_the_method_pnp_extends(relied_on) -> None:
    seen = []

    class Recording(Paragraph):
        def _setup(self, text, style, bulletText, frags, cleaner):
            super()._setup(text, style, bulletText, frags, cleaner)
            seen.append(len(self.frags))

    with relied_on("reportlab", "Paragraph._setup(text, style, bulletText, frags, cleaner), called once per paragraph "
                                "to parse its text into frags (RulebookParagraph extends it)"):
        assert list(inspect.signature(Paragraph._setup).parameters) == [
            "self", "text", "style", "bulletText", "frags", "cleaner"]
        Recording("a <b>b</b>", ParagraphStyle("p"))
        assert seen == [2]


def test_a_document_with_do_save_off_lays_out_without_writing(relied_on) -> None:
    buffer = io.BytesIO()
    document = BaseDocTemplate(buffer, pagesize=(200, 200), invariant=1)
    document.addPageTemplates([PageTemplate("body", [Frame(10, 10, 180, 180)])])
    with relied_on("reportlab", "BaseDocTemplate._doSave = 0 (lay out, do not write: multiBuild's switch)"):
        document._doSave = 0
        document.build([Paragraph("x " * 400, ParagraphStyle("p"))])
        assert buffer.getvalue() == b"" and document.canv.getPageNumber() > 1


def test_shape_checking_is_decided_when_shapes_are_imported(relied_on) -> None:
    """pnp.paint turns rl_config.shapeChecking off before reportlab.graphics.shapes is imported:
    the attribute checks are left out of the classes (a third of a face's build time)."""
    probe = ("import pnp.paint\nfrom reportlab.graphics import shapes\n"
             "print('__setattr__' in vars(shapes.Shape))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    with relied_on("reportlab", "rl_config.shapeChecking read when reportlab.graphics.shapes is imported"):
        assert done.stdout.strip() == "False", done.stdout


def test_an_image_object_is_registered_and_listed_as_the_canvas_does(relied_on, tmp_path) -> None:
    """pnp.paint.images adds its own image XObjects to a canvas's document (_doc.getXObjectName,
    idToObject, Reference) and lists them in the resources of the page or form being drawn
    (_formsinuse), as drawImage does; a PDFStream whose dictionary names its Filter is written
    as it is."""
    import pikepdf
    from PIL import Image

    from pnp.paint import images

    Image.new("RGB", (4, 4), (255, 0, 0)).save(tmp_path / "red.png")
    canvas, buffer = blank()
    with relied_on("reportlab", "Canvas._doc.getXObjectName/idToObject/Reference, Canvas._formsinuse and "
                                "_currentPageHasImages, and PDFStream keeping a stream whose Filter is set"):
        canvas.beginForm("face", 0, 0, 50, 50)
        images.draw_image(canvas, tmp_path / "red.png", 0, 0, 50, 50)
        canvas.endForm()
        canvas.doForm("face")
        images.draw_image(canvas, tmp_path / "red.png", 50, 50, 50, 50)
        with pikepdf.open(io.BytesIO(written(canvas, buffer))) as pdf:
            found = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
            assert len(found) == 1 and found[0].read_bytes() == bytes([255, 0, 0]) * 16
            page = pdf.pages[0].Resources.XObject
            names = sorted(str(name) for name in page)
            assert any(page[n].get("/Subtype") == "/Image" for n in names), names
            form = next(page[n] for n in names if page[n].get("/Subtype") == "/Form")
            assert [x.get("/Subtype") for x in form.Resources.XObject.values()] == ["/Image"]


def test_a_fonts_subsets_are_named_by_the_module_function_subsetn(relied_on) -> None:
    from reportlab.pdfbase import ttfonts

    from pnp.text.fonts import TaggedFont

    with relied_on("reportlab", "ttfonts.SUBSETN(n), looked up while TTFont.addObjects names subset n"):
        assert ttfonts.SUBSETN(1) == b"AAAAAB"
        assert "SUBSETN(n)" in inspect.getsource(ttfonts.TTFont.addObjects)
        assert issubclass(TaggedFont, ttfonts.TTFont) and "state" in inspect.getsource(ttfonts.TTFont.addObjects)
