"""Finished booklet pages (a PDF) → the sheets to print: each page a form XObject placed n-up,
with fold and trim marks outside the pages and, on every side, its sheet's number and how
to print, fold (and where a fold must be cut, trim) it.

pikepdf (qpdf) turns every page into a form once and places it by a matrix, so the
imposed file keeps the pages' vector text and embedded fonts unchanged, and is written
with a deterministic /ID and no dates. The pages are scaled down evenly, just enough to
leave a margin for the marks on every side and, on the side with most room, for the
sheet's words (pnp.layout.booklet.sheet_text: 7 pt, 5 mm or more from the paper's edge,
between the marks), in the booklet's language. The pages are never re-laid out. The
marks and the words are drawn by reportlab on a page of their own, laid over each side
as one more form.
"""

from __future__ import annotations

import io

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n.labels import label
from pnp.layout.booklet import (
    A6_SIDES,
    TEXT_ROOM,
    TEXT_SIZE,
    BookletMarks,
    Imposition,
    PagePlacement,
    TextLine,
    booklet_marks,
    impose,
    page_block,
    saddle_stitch_order,
    sheet_text,
)
from pnp.layout.paper import Paper
from pnp.model.units import mm
from pnp.text.fonts import font_name, text_width

# Folding the A6 sheet turns it over on its long edge; a saddle-stitched sheet on its short edge.
FLIPS = {"a6-sheet": "long", "a5-saddle": "short"}
GRID = {"a6-sheet": (2, 2), "a5-saddle": (2, 1)}
TRIMMED = ("a6-sheet",)  # folds a reader must cut open (the A6 sheet's top fold)
MARK_ROOM = mm(5)  # paper edge to pages, for the marks
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
MARK_WIDTH = 0.3


def booklet_imposition(booklet: str, pages: int, paper: Paper, page_w: float,
                       page_h: float) -> tuple[Imposition, float, str]:
    """Where every page goes on the sheets, the scale the pages are drawn at, and the instruction's margin."""
    order = A6_SIDES if booklet == "a6-sheet" else saddle_stitch_order(pages)
    cols, rows = GRID[booklet]
    choices = [(_scale(paper, cols * page_w, rows * page_h, along), along) for along in ("bottom", "left")]
    scale, along = max(choices)
    return impose(order, paper, page_w * scale, page_h * scale, flip=FLIPS[booklet]), scale, along


def _scale(paper: Paper, block_w: float, block_h: float, along: str) -> float:
    """The largest scale (at most 1) that leaves the marks' margins, and the instruction's on `along`."""
    side_x = TEXT_ROOM if along == "left" else MARK_ROOM
    side_y = TEXT_ROOM if along == "bottom" else MARK_ROOM
    return max(min(1.0, (o.width - 2 * side_x) / block_w, (o.height - 2 * side_y) / block_h)
               for o in paper.orientations())


def impose_pdf(pages_pdf: bytes, booklet: str, paper: Paper, title: str, language: str = "en") -> bytes:
    """The booklet's pages imposed on sheets of paper, ready for duplex printing."""
    with pikepdf.open(io.BytesIO(pages_pdf)) as source, pikepdf.new() as sheets:
        first = source.pages[0].mediabox
        page_w, page_h = float(first[2]) - float(first[0]), float(first[3]) - float(first[1])
        imposition, scale, along = booklet_imposition(booklet, len(source.pages), paper, page_w, page_h)
        forms = {n: sheets.copy_foreign(page.as_form_xobject()) for n, page in enumerate(source.pages, start=1)}
        cols, rows = GRID[booklet]
        for index, side in enumerate(imposition.sides):
            marks = booklet_marks(page_block(side), cols, rows, along=along)
            words = sheet_words(booklet, paper, language, index, len(imposition.sides))
            overlay = _marks_form(sheets, imposition.paper, marks, words)
            _add_side(sheets, imposition.paper, side, forms, scale, overlay)
        _describe(sheets, title, FLIPS[booklet])
        buffer = io.BytesIO()
        sheets.save(buffer, deterministic_id=True, compress_streams=True,
                    object_stream_mode=pikepdf.ObjectStreamMode.generate)
        return buffer.getvalue()


def sheet_words(booklet: str, paper: Paper, language: str, side: int, sides: int) -> list[str]:
    """What side `side` (from 0) of a booklet's sheets says: which sheet and side it is, how to
    print, how to fold and, where a fold must be cut, how to trim."""
    number = label("booklet-sheet", language).format(sheet=side // 2 + 1, sheets=(sides + 1) // 2,
                                                     side=label("side-back" if side % 2 else "side-front", language))
    printing = label("print-sides", language).format(paper=PAPER_NAMES.get(paper.name, paper.name),
                                                     edge=label(f"edge-{FLIPS[booklet]}", language))
    trim = [label(f"trim-{booklet}", language)] if booklet in TRIMMED else []
    return [number, printing, label(f"fold-{booklet}", language), *trim]


def _marks_form(pdf: pikepdf.Pdf, paper: Paper, marks: BookletMarks, words: list[str]):
    """The marks and the sheet's words as a form the size of the sheet."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(paper.width, paper.height), invariant=1, initialFontName=font_name(),
                    pageCompression=1)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    for line in marks.trim:
        canvas.line(line.x0, line.y0, line.x1, line.y1)
    canvas.setDash(2, 1.5)
    for line in marks.fold:
        canvas.line(line.x0, line.y0, line.x1, line.y1)
    _words(canvas, sheet_text(marks, words, lambda text: text_width(text, TEXT_SIZE)))
    canvas.showPage()
    canvas.save()
    with pikepdf.open(io.BytesIO(buffer.getvalue())) as drawn:
        return pdf.copy_foreign(drawn.pages[0].as_form_xobject())


def _words(canvas: Canvas, lines: list[TextLine]) -> None:
    canvas.setFillColorRGB(0.25, 0.25, 0.25)
    canvas.setFont(font_name(), TEXT_SIZE)
    for line in lines:
        canvas.saveState()
        canvas.translate(line.x, line.y)
        canvas.rotate(line.turn)
        canvas.drawCentredString(0, 0, line.text)
        canvas.restoreState()


def _add_side(pdf: pikepdf.Pdf, paper: Paper, side: tuple[PagePlacement, ...], forms: dict, scale: float,
              overlay) -> None:
    page = pdf.add_blank_page(page_size=(paper.width, paper.height))
    used = {p.page: forms[p.page] for p in side if p.page in forms}  # pages past the last are blank
    objects = {f"/P{n}": f for n, f in used.items()}
    objects["/Marks"] = overlay
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(objects))
    content = "".join(_placement_ops(p, scale) for p in side if p.page in used) + "/Artifact BMC q /Marks Do Q EMC\n"
    page.obj.Contents = pdf.make_stream(content.encode("ascii"))


def _placement_ops(placement: PagePlacement, scale: float) -> str:
    box = placement.box
    if placement.rotation == 180:
        matrix = (-scale, 0, 0, -scale, box.x + box.w, box.y + box.h)
    elif placement.rotation == 0:
        matrix = (scale, 0, 0, scale, box.x, box.y)
    else:
        raise ValueError(f"a booklet page turns 0° or 180°, not {placement.rotation}°")
    numbers = " ".join(f"{v:.4f}".rstrip("0").rstrip(".") for v in matrix)
    return f"q {numbers} cm /P{placement.page} Do Q\n"


def _describe(pdf: pikepdf.Pdf, title: str, flip: str) -> None:
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(Title=title, Creator="pnp", Producer="pnp"))
    duplex = "/DuplexFlipShortEdge" if flip == "short" else "/DuplexFlipLongEdge"
    pdf.Root.ViewerPreferences = pikepdf.Dictionary(Duplex=pikepdf.Name(duplex), PrintScaling=pikepdf.Name("/None"))
