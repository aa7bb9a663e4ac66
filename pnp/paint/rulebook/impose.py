"""Finished booklet pages (a PDF) → the sheets to print: each page a form XObject placed n-up.

pikepdf (qpdf) turns every page into a form once and places it by a matrix, so the
imposed file keeps the pages' vector text and embedded fonts unchanged, and is written
with a deterministic /ID and no dates. Pages that do not fit the paper at full size
(A6 or A5 on US Letter) are scaled down evenly; they are never re-laid out.
"""

from __future__ import annotations

import io

import pikepdf

from pnp.layout.booklet import A6_SIDES, Imposition, PagePlacement, impose, saddle_stitch_order
from pnp.layout.paper import Paper

# Folding the A6 sheet turns it over on its long edge; a saddle-stitched sheet on its short edge.
FLIPS = {"a6-sheet": "long", "a5-saddle": "short"}


def booklet_imposition(booklet: str, pages: int, paper: Paper, page_w: float, page_h: float) -> tuple[Imposition, float]:
    """Where every page goes on the sheets, and the scale the pages are drawn at."""
    order = A6_SIDES if booklet == "a6-sheet" else saddle_stitch_order(pages)
    cols, rows = (2, 2) if booklet == "a6-sheet" else (2, 1)
    scale = max(min(1.0, o.width / (cols * page_w), o.height / (rows * page_h)) for o in paper.orientations())
    return impose(order, paper, page_w * scale, page_h * scale, flip=FLIPS[booklet]), scale


def impose_pdf(pages_pdf: bytes, booklet: str, paper: Paper, title: str) -> bytes:
    """The booklet's pages imposed on sheets of paper, ready for duplex printing."""
    with pikepdf.open(io.BytesIO(pages_pdf)) as source, pikepdf.new() as sheets:
        first = source.pages[0].mediabox
        page_w, page_h = float(first[2]) - float(first[0]), float(first[3]) - float(first[1])
        imposition, scale = booklet_imposition(booklet, len(source.pages), paper, page_w, page_h)
        forms = {n: sheets.copy_foreign(page.as_form_xobject()) for n, page in enumerate(source.pages, start=1)}
        for side in imposition.sides:
            _add_side(sheets, imposition.paper, side, forms, scale)
        _describe(sheets, title, FLIPS[booklet])
        buffer = io.BytesIO()
        sheets.save(buffer, deterministic_id=True, compress_streams=True,
                    object_stream_mode=pikepdf.ObjectStreamMode.generate)
        return buffer.getvalue()


def _add_side(pdf: pikepdf.Pdf, paper: Paper, side: tuple[PagePlacement, ...], forms: dict, scale: float) -> None:
    page = pdf.add_blank_page(page_size=(paper.width, paper.height))
    used = {p.page: forms[p.page] for p in side if p.page in forms}  # pages past the last are blank
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary({f"/P{n}": f for n, f in used.items()}))
    content = "".join(_placement_ops(p, scale) for p in side if p.page in used)
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
