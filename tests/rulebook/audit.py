"""A print designer's audit of rulebook PDFs, read back with pypdfium2.

Nothing here uses pnp's own layout records: it sees only what is in the PDF. Figures are
the form XObjects marked as /Figure content, page furniture (footers, printer's marks)
is /Artifact content, and everything else is text to read. A booklet sheet holds its
pages as forms; each is audited as a page of its own, in its own coordinates, and
its number is read from its footer.
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
Rect = tuple[float, float, float, float]
TOLERANCE = 0.75  # points of overlap that are anti-aliasing, not an overprint
NEAR_EMPTY = 0.25
MAX_LINE = 75
# The spare pages of a booklet open with one of these headings.
PADDING = {label(name, lang) for lang in shipped_languages() for name in ("checklist", "notes")}


@dataclass(frozen=True)
class Run:
    """One text object: its text, box, nominal size and font."""

    text: str
    box: Rect
    size: float
    font: str
    baseline: float


@dataclass
class Page:
    """One rulebook page as printed: its text runs, figure boxes and furniture, in its own space."""

    name: str
    number: int | None
    scale: float  # how much the page is scaled on the paper (booklets are shrunk to fit their marks)
    runs: list[Run] = field(default_factory=list)
    figures: list[Rect] = field(default_factory=list)
    furniture: list[Run] = field(default_factory=list)

    def content(self) -> list[Rect]:
        return [r.box for r in self.runs] + self.figures


def _marks(obj) -> set[str]:
    names = set()
    for index in range(raw.FPDFPageObj_CountMarks(obj.raw)):
        mark = raw.FPDFPageObj_GetMark(obj.raw, index)
        buffer, length = (ctypes.c_ushort * 128)(), ctypes.c_ulong()
        raw.FPDFPageObjMark_GetName(mark, buffer, 256, ctypes.byref(length))
        names.add(bytes(buffer)[:length.value].decode("utf-16-le").rstrip("\x00"))
    return names


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
    elif obj.type == TEXT:
        run = _run(obj, textpage)
        (page.furniture if "Artifact" in marks else page.runs).append(run)


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
        objects = list(sheet.get_objects(max_depth=2))
        if any(o.level == 0 and o.type == TEXT and "Artifact" not in _marks(o) for o in objects) or \
                not any(o.level == 0 and o.type == FORM and not _marks(o) for o in objects):
            page = Page(f"{path.name} p{index + 1}", index + 1, 1.0)
            for obj in (o for o in objects if o.level == 0):
                _fill(page, obj, textpage)
            pages.append(page)
            continue
        current = None
        for obj in objects:
            if obj.level == 0:
                current = None
                if obj.type == FORM and not _marks(obj):
                    current = Page(f"{path.name} sheet side {index + 1}", None, obj.get_matrix().get()[0] or 1.0)
                    current.scale = abs(current.scale)
                    pages.append(current)
            elif obj.level == 1 and current is not None:
                _fill(current, obj, textpage)
    for page in (p for p in pages if p.number is None):
        page.number = _footer_number(page)
        page.name += f" (page {page.number})"
    return sorted(pages, key=lambda p: p.number or 0)


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
    }


if __name__ == "__main__":
    import sys

    for pdf in sorted(Path(sys.argv[1]).rglob("*.pdf")):
        if "-rules-" in pdf.name or "-booklet-" in pdf.name:
            print(pdf.name, summary(pdf))
