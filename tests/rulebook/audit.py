"""A print designer's audit of rulebook PDFs, read back with pypdfium2.

Nothing here uses pnp's own layout records: it sees only what is in the PDF. Figures are
the form XObjects marked as /Figure content (a component thumbnail says so in the mark's
properties), page furniture (footers, printer's marks) is /Artifact content, and
everything else is text to read. A booklet sheet holds its pages as forms; each is
audited as a page of its own, in its own coordinates, and its number is read from its
footer; what the sheet itself carries (marks, its number, the printing instruction) is
read as the sheet's own furniture.

Sizes are as printed: a glyph inside a figure is measured through every transform down
to the paper (the figure's scale, and a booklet page's scale on its sheet).
"""

from __future__ import annotations

import ctypes
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from pnp.i18n.labels import label, shipped_languages

TEXT, FORM = raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_FORM
MM = 72 / 25.4
Rect = tuple[float, float, float, float]
TOLERANCE = 0.75  # points of overlap that are anti-aliasing, not an overprint
NEAR_EMPTY = 0.25
MAX_LINE = 75
# The spare pages of a booklet (its back cover and notes) open with one of these headings.
PADDING = {label(name, lang) for lang in shipped_languages() for name in ("in-the-box", "notes")}


@dataclass(frozen=True)
class Run:
    """One text object: its text, box, nominal size and font."""

    text: str
    box: Rect
    size: float
    font: str
    baseline: float


@dataclass(frozen=True)
class FigureText:
    """A text drawn inside a figure: its text and its size as printed on the paper."""

    text: str
    printed: float
    thumbnail: bool  # part of a component's picture (its art, in a thumbnail or a diagram), not a diagram's label


@dataclass
class Page:
    """One rulebook page as printed: its text runs, figure boxes and furniture, in its own space."""

    name: str
    number: int | None
    scale: float  # how much the page is scaled on the paper (booklets are shrunk to fit their marks)
    runs: list[Run] = field(default_factory=list)
    figures: list[Rect] = field(default_factory=list)
    furniture: list[Run] = field(default_factory=list)
    figure_text: list[FigureText] = field(default_factory=list)
    thumbnails: list[Rect] = field(default_factory=list)

    def content(self) -> list[Rect]:
        return [r.box for r in self.runs] + self.figures


def _marks(obj) -> set[str]:
    """The names of the marked content an object is in, and 'Name.Key=value' for each string property."""
    names = set()
    for index in range(raw.FPDFPageObj_CountMarks(obj.raw)):
        mark = raw.FPDFPageObj_GetMark(obj.raw, index)
        buffer, length = (ctypes.c_ushort * 128)(), ctypes.c_ulong()
        raw.FPDFPageObjMark_GetName(mark, buffer, 256, ctypes.byref(length))
        name = bytes(buffer)[:length.value].decode("utf-16-le").rstrip("\x00")
        names.add(name)
        for param in range(raw.FPDFPageObjMark_CountParams(mark)):
            raw.FPDFPageObjMark_GetParamKey(mark, param, buffer, 256, ctypes.byref(length))
            key = bytes(buffer)[:length.value].decode("utf-16-le").rstrip("\x00")
            value = (ctypes.c_ushort * 128)()
            if raw.FPDFPageObjMark_GetParamStringValue(mark, key.encode(), value, 256, ctypes.byref(length)):
                names.add(f"{name}.{key}=" + bytes(value)[:length.value].decode("utf-16-le").rstrip("\x00"))
    return names


def _scale(obj) -> float:
    """How much an object's own matrix scales what it draws (the root of its determinant)."""
    a, b, c, d, _, _ = obj.get_matrix().get()
    return abs(a * d - b * c) ** 0.5


def _text(obj, textpage) -> str:
    size = raw.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
    buffer = (ctypes.c_ushort * max(size, 1))()
    raw.FPDFTextObj_GetText(obj.raw, textpage.raw, buffer, size * 2)
    return bytes(buffer).decode("utf-16-le").rstrip("\x00")


def _run(obj, textpage) -> Run:
    size = ctypes.c_float()
    raw.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
    font = raw.FPDFTextObj_GetFont(obj.raw)
    name = ctypes.create_string_buffer(128)
    raw.FPDFFont_GetBaseFontName(font, name, 128)
    return Run(_text(obj, textpage), tuple(obj.get_bounds()), size.value, name.value.decode(),
               obj.get_matrix().get()[5])


def _fill(page: Page, obj, textpage) -> None:
    marks = _marks(obj)
    if obj.type == FORM and "Figure" in marks:
        page.figures.append(tuple(obj.get_bounds()))
        if "Figure.Shows=component" in marks:
            page.thumbnails.append(tuple(obj.get_bounds()))
    elif obj.type == TEXT:
        run = _run(obj, textpage)
        (page.furniture if "Artifact" in marks else page.runs).append(run)


def _figure_text(page: Page, obj, textpage, figure) -> None:
    """A text inside a figure, at the size it prints: its own scale, the figure's and the page's."""
    run = _run(obj, textpage)
    art = "Figure.Shows=component" in _marks(figure) or "Span.Shows=component" in _marks(obj)
    page.figure_text.append(FigureText(run.text, run.size * _scale(obj) * _scale(figure) * page.scale, art))


def _footer_number(page: Page) -> int:
    """The number in the footer's page label ("Page 3", "Page / Side 3"); the cover has none: 1."""
    for run in page.furniture + sorted(page.runs, key=lambda r: r.box[1])[:3]:
        found = re.fullmatch(r"\D{1,20} (\d+)", run.text.strip())
        if found:
            return int(found[1])
    return 1


def read_pages(path: Path) -> list[Page]:
    """Every rulebook page of a reading PDF, or of a booklet's sheets (pages in reading order)."""
    document = pdfium.PdfDocument(str(path))
    pages: list[Page] = []
    for index in range(len(document)):
        sheet = document[index]
        textpage = sheet.get_textpage()
        objects = list(sheet.get_objects(max_depth=3))
        if not _is_sheet(objects):
            page, figure = Page(f"{path.name} p{index + 1}", index + 1, 1.0), None
            for obj in objects:
                if obj.level == 0:
                    _fill(page, obj, textpage)
                    figure = obj if obj.type == FORM and "Figure" in _marks(obj) else None
                elif obj.level == 1 and figure is not None and obj.type == TEXT:
                    _figure_text(page, obj, textpage, figure)
            pages.append(page)
            continue
        current, figure = None, None
        for obj in objects:
            if obj.level == 0:
                current = None
                if obj.type == FORM and not _marks(obj):
                    current = Page(f"{path.name} sheet side {index + 1}", None, _scale(obj))
                    pages.append(current)
            elif obj.level == 1 and current is not None:
                _fill(current, obj, textpage)
                figure = obj if obj.type == FORM and "Figure" in _marks(obj) else None
            elif obj.level == 2 and current is not None and figure is not None and obj.type == TEXT:
                _figure_text(current, obj, textpage, figure)
    for page in (p for p in pages if p.number is None):
        page.number = _footer_number(page)
        page.name += f" (page {page.number})"
    return sorted(pages, key=lambda p: p.number or 0)


def _is_sheet(objects) -> bool:
    """A booklet's sheet side: its pages are unmarked forms and all its own text is furniture."""
    return not any(o.level == 0 and o.type == TEXT and "Artifact" not in _marks(o) for o in objects) and \
        any(o.level == 0 and o.type == FORM and not _marks(o) for o in objects)


@dataclass
class Side:
    """One side of a booklet's sheet of paper: its size and what it carries besides its pages."""

    name: str
    width: float
    height: float
    furniture: list[Run]

    def edge_distance(self, box: Rect) -> float:
        """How close (points) a box comes to the paper's nearest edge."""
        return min(box[0], box[1], self.width - box[2], self.height - box[3])


def read_sides(path: Path) -> list[Side]:
    """Every side of a booklet's sheets, with the text it carries outside its pages."""
    document = pdfium.PdfDocument(str(path))
    sides = []
    for index in range(len(document)):
        sheet = document[index]
        textpage = sheet.get_textpage()
        runs, inside = [], None
        for obj in sheet.get_objects(max_depth=2):
            if obj.level == 0:
                inside = obj if obj.type == FORM and "Artifact" in _marks(obj) else None
                if obj.type == TEXT:
                    runs.append(_run(obj, textpage))
            elif inside is not None and obj.type == TEXT:
                runs.append(_run(obj, textpage))  # drawn in a form laid over the sheet as it is
        width, height = sheet.get_size()
        sides.append(Side(f"{path.name} side {index + 1}", width, height, runs))
    return sides


# --- the checks ----------------------------------------------------------------------

def _overlap(a: Rect, b: Rect) -> float:
    return min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1]))


def overprints(page: Page) -> list[str]:
    """Every figure that covers text, furniture or another figure."""
    found = []
    for index, figure in enumerate(page.figures):
        for run in page.runs + page.furniture:
            if _overlap(figure, run.box) > TOLERANCE:
                found.append(f"{page.name}: a figure at {_mm(figure)} covers the text {run.text[:40]!r}")
        for other in page.figures[index + 1:]:
            if _overlap(figure, other) > TOLERANCE:
                found.append(f"{page.name}: figures at {_mm(figure)} and {_mm(other)} overlap")
    return found


def _mm(rect: Rect) -> str:
    return "(" + ", ".join(f"{v * 25.4 / 72:.0f}" for v in rect) + ") mm"


def body_size(pages: list[Page]) -> float:
    """The size most of the text is set in."""
    sizes = Counter(round(r.size, 1) for p in pages for r in p.runs for _ in r.text)
    return sizes.most_common(1)[0][0]


def text_block(pages: list[Page]) -> tuple[float, float]:
    """(bottom, top) of everything on the body pages: the text block the pages share."""
    boxes = [b for p in pages if (p.number or 0) > 1 for b in p.content()]
    return min(b[1] for b in boxes), max(b[3] for b in boxes)


def fill(page: Page, block: tuple[float, float]) -> float:
    """How much of the text block's height the page's content takes, from the top."""
    boxes = page.content()
    if not boxes:
        return 0.0
    return (block[1] - min(b[1] for b in boxes)) / (block[1] - block[0])


def is_padding(page: Page) -> bool:
    return bool(page.runs) and any(page.runs[0].text.startswith(word) for word in PADDING)


def last_page(pages: list[Page]) -> int:
    """The number of the last page of the rules: a booklet's spare pages come after it."""
    return max(p.number for p in pages if not is_padding(p))


def lowest(page: Page) -> Run | None:
    """The text at the foot of the page's content, if the foot is text and not a figure."""
    if not page.runs:
        return None
    run = min(page.runs, key=lambda r: r.box[1])
    if page.figures and min(f[1] for f in page.figures) < run.box[1]:
        return None
    return run


def lines(page: Page, size: float) -> list[str]:
    """The lines of body-size text on a page: runs on one baseline, split where a wide gap parts columns."""
    rows: dict[float, list[Run]] = {}
    for run in page.runs:
        if abs(run.size - size) <= size * 0.06:
            rows.setdefault(round(run.baseline, 1), []).append(run)
    found = []
    for runs in rows.values():
        runs.sort(key=lambda r: r.box[0])
        line, right = "", None
        for run in runs:
            gap = None if right is None else run.box[0] - right
            if gap is not None and gap > 2 * size:
                found.append(line)
                line = ""
            elif gap is not None and gap > 0.15 * size and not line.endswith(" ") and not run.text.startswith(" "):
                line += " "
            line += run.text
            right = run.box[2]
        found.append(line)
    return [line.strip() for line in found]


def missing_glyphs(path: Path) -> list[str]:
    """Characters printed as an empty box: shown with the font's glyph 0 (.notdef), which reads back as U+0000."""
    found = []
    document = pdfium.PdfDocument(str(path))
    for index in range(len(document)):
        textpage = document[index].get_textpage()
        text = textpage.get_text_range()
        for char in range(textpage.count_chars()):
            if raw.FPDFText_GetUnicode(textpage.raw, char) == 0:
                around = text[max(0, char - 12):char + 12].replace("\x00", "□")
                found.append(f"{path.name} p{index + 1}: an empty box in {around!r}")
    return found


# --- paragraphs, runts, the text block ---------------------------------------------

@dataclass
class Paragraph:
    """Lines of one size set one under the other at their leading: a paragraph as a reader sees it."""

    size: float
    lines: list[tuple[str, Rect]]

    @property
    def last(self) -> str:
        return self.lines[-1][0]


def _line_runs(page: Page) -> list[tuple[float, float, list[Run]]]:
    """(size, baseline, runs) of every line, split where a wide gap parts columns (captions side by side)."""
    rows: dict[tuple[float, float], list[Run]] = {}
    for run in page.runs:
        if run.text.strip():
            rows.setdefault((round(run.size, 1), round(run.baseline, 1)), []).append(run)
    found = []
    for (size, baseline), runs in rows.items():
        runs.sort(key=lambda r: r.box[0])
        column = [runs[0]]
        for run in runs[1:]:
            if run.box[0] - column[-1].box[2] > 2 * size:
                found.append((size, baseline, column))
                column = []
            column.append(run)
        found.append((size, baseline, column))
    return found


def _joined(runs: list[Run], size: float) -> str:
    line, right = "", None
    for run in runs:
        gap = None if right is None else run.box[0] - right
        if gap is not None and gap > 0.15 * size and not line.endswith(" ") and not run.text.startswith(" "):
            line += " "
        line += run.text
        right = run.box[2]
    return line.strip()


def paragraphs(page: Page) -> list[Paragraph]:
    """The page's text as paragraphs: a line joins the paragraph above it when it has its size,
    sits one leading below it (at most 1.45 × the size) and overlaps it across."""
    lines = sorted(_line_runs(page), key=lambda line: -line[1])
    found: list[tuple[Paragraph, float, Rect]] = []  # paragraph, last baseline, last line's box
    for size, baseline, runs in lines:
        box = (min(r.box[0] for r in runs), min(r.box[1] for r in runs), max(r.box[2] for r in runs),
               max(r.box[3] for r in runs))
        above = [(i, p) for i, p in enumerate(found) if abs(p[0].size - size) < 0.05
                 and 0 < p[1] - baseline <= 1.45 * size and min(p[2][2], box[2]) - max(p[2][0], box[0]) > 0]
        text = _joined(runs, size)
        if above:
            index, (paragraph, _, _) = above[-1]
            paragraph.lines.append((text, box))
            found[index] = (paragraph, baseline, box)
        else:
            found.append((Paragraph(size, [(text, box)]), baseline, box))
    return [p for p, _, _ in found]


def is_runt(paragraph: Paragraph) -> bool:
    """A paragraph of two lines or more whose last line is one word, or under 5 characters."""
    last = paragraph.last
    return len(paragraph.lines) > 1 and (len(last.split()) < 2 or len(last) < 5)


def text_columns(pages: list[Page]) -> tuple[float, float]:
    """(left, right) of the text block: the body text's measure, from its leftmost to its rightmost ink."""
    size = body_size(pages)
    runs = [r for p in pages if (p.number or 0) > 1 for r in p.runs if abs(r.size - size) <= size * 0.06]
    return min(r.box[0] for r in runs), max(r.box[2] for r in runs)


# --- the composition's objective, measured ---------------------------------------------

FULL = 0.60  # a page but a chapter's last is filled at least this much
LEGIBLE = 6.5  # points: the smallest a diagram's own text may print
SHEET_TYPE = 7.0  # points: the smallest a booklet sheet's own words may print
PRINTER_MARGIN = 5 * MM  # paper edge to a booklet sheet's words
SPILL = 1.0  # points a figure or caption may pass the text block's edge (anti-aliasing)


def underfull(pages: list[Page], chapter_headings: set[str] = frozenset()) -> list[str]:
    """Pages but the cover, the last of the rules, the spare ones and a chapter's last, filled under FULL.

    A chapter's last page is one followed by a page that opens with the heading of a section
    that must start a page (`chapter_headings`).
    """
    block, last = text_block(pages), last_page(pages)
    found = []
    for page, following in zip(pages, pages[1:] + [None]):
        if page.number == 1 or page.number >= last or is_padding(page):
            continue
        opens = following is not None and following.runs and _first_line(following) in chapter_headings
        if not opens and fill(page, block) < FULL:
            found.append(f"{page.name}: content fills {fill(page, block):.0%} of the text block")
    return found


def _first_line(page: Page) -> str:
    top = max(page.runs, key=lambda r: r.box[3])
    return _joined([r for r in page.runs if abs(r.baseline - top.baseline) < 0.5], top.size)


def outside_text_block(pages: list[Page]) -> list[str]:
    """Figures and text wider than the body text's measure, by how far (mm) they pass its edge."""
    left, right = text_columns(pages)
    found = []
    for page in pages:
        boxes = [("a figure", f) for f in page.figures] + [(repr(r.text[:30]), r.box) for r in page.runs]
        for what, box in boxes:
            spill = max(left - box[0], box[2] - right)
            if spill > SPILL:
                found.append(f"{page.name}: {what} passes the text block by {spill / MM:.1f} mm")
    return found


def runts(pages: list[Page]) -> list[str]:
    """Every paragraph (heading, caption, cover line, body text) whose last line is a runt."""
    size = body_size(pages)
    found = []
    for page in pages:
        for paragraph in paragraphs(page):
            if is_runt(paragraph):
                kind = "cover" if page.number == 1 else "heading" if paragraph.size > 1.2 * size else \
                    "caption" if paragraph.size < 0.95 * size else "text"
                found.append(f"{page.name}: {kind} ends in the runt {paragraph.last!r}")
    return found


def small_diagram_text(pages: list[Page]) -> list[str]:
    """Text a diagram prints (labels, coordinates, marker letters) under LEGIBLE points on paper;
    a component's thumbnail may carry smaller text as part of its art."""
    return [f"{page.name}: {t.text!r} prints at {t.printed:.2f} pt" for page in pages for t in page.figure_text
            if not t.thumbnail and t.text.strip() and t.printed < LEGIBLE - 0.01]


def unnumbered_sides(path: Path, sheet_word: str) -> list[str]:
    """Booklet sheet sides without their sheet's number, in words at least SHEET_TYPE points and
    PRINTER_MARGIN from every edge."""
    found = []
    for index, side in enumerate(read_sides(path)):  # printed in order: sheet 1's front, its back, sheet 2's front...
        if not any(re.search(rf"{sheet_word} {index // 2 + 1}\b", r.text) for r in side.furniture):
            found.append(f"{side.name}: no '{sheet_word} {index // 2 + 1}'")
        for run in side.furniture:
            if run.size < SHEET_TYPE - 0.01 or side.edge_distance(run.box) < PRINTER_MARGIN - 0.01:
                found.append(f"{side.name}: {run.text[:40]!r} at {run.size:.1f} pt, "
                             f"{side.edge_distance(run.box) / MM:.1f} mm from the edge")
    return found


# --- a summary for a folder of PDFs: `python tests/rulebook/audit.py output/` ------------

def _unmarked_figures(path: Path, page: Page, index: int) -> None:
    """For PDFs made before figures were marked: clusters of drawn shapes stand in for figures,
    and text wholly inside one counts as the figure's own."""
    boxes = [tuple(o.get_bounds()) for o in pdfium.PdfDocument(str(path))[index].get_objects(max_depth=0)
             if o.type in (raw.FPDF_PAGEOBJ_PATH, raw.FPDF_PAGEOBJ_IMAGE)]
    clusters: list[list[float]] = []
    for box in (b for b in boxes if b[2] - b[0] > 2 and b[3] - b[1] > 2):
        touching = [c for c in clusters if _overlap(c, box) > -2]
        merged = [min([box[0]] + [c[0] for c in touching]), min([box[1]] + [c[1] for c in touching]),
                  max([box[2]] + [c[2] for c in touching]), max([box[3]] + [c[3] for c in touching])]
        clusters = [c for c in clusters if c not in touching] + [merged]
    page.figures = [tuple(c) for c in clusters]
    # Footers were not marked as furniture either: small type at the foot of the page.
    page.furniture = [r for r in page.runs if r.size < 8 and r.box[3] < 0.1 * 842]
    page.runs = [r for r in page.runs if r not in page.furniture]
    page.runs = [r for r in page.runs if not any(_overlap(c, r.box) > 0 and c[0] <= r.box[0] and c[2] >= r.box[2]
                                                  and c[1] <= r.box[1] and c[3] >= r.box[3] for c in clusters)]


def summary(path: Path) -> dict:
    pages = read_pages(path)
    if not any(p.figures for p in pages) and "booklet" not in path.name:
        for index, page in enumerate(pages):
            _unmarked_figures(path, page, index)
    block, size = text_block(pages), body_size(pages)
    last = last_page(pages)
    return {
        "pages": len(pages),
        "near-empty": sum(1 for p in pages if 1 < p.number < last and fill(p, block) < NEAR_EMPTY),
        "longest line": max(len(line) for p in pages for line in lines(p, size)),
        "overprints": sum(len(overprints(p)) for p in pages),
        "missing glyphs": len(missing_glyphs(path)),
        "under 60 %": len(underfull(pages)),
        "outside the text block": len(outside_text_block(pages)),
        "runts": len(runts(pages)),
        "diagram text under 6.5 pt": len(small_diagram_text(pages)),
    }


if __name__ == "__main__":
    import sys

    verbose = "-v" in sys.argv
    for pdf in sorted(Path(sys.argv[1]).rglob("*.pdf")):
        if "-rules-" in pdf.name or "-booklet-" in pdf.name:
            print(pdf.name, summary(pdf))
            if verbose:
                pages = read_pages(pdf)
                for line in underfull(pages) + outside_text_block(pages) + runts(pages) + small_diagram_text(pages):
                    print("   ", line)
