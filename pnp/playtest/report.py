"""What changed (pnp.playtest.changes) → the changes PDF, in the kit's language: a table of each
set's changes, then every face that changed, before | after, with what changed said in words.

reportlab draws the pages, leaving a box for each face (true size where the page has room,
smaller where it has not); qpdf (through pikepdf) then lays each face into its box as a
form. A face painted now is its own one-page PDF. A face cut out of an earlier build's
sheets is that sheet's page, drawn through the map that undoes its placement and clipped
to its cell: the vector art that was printed, its text still text.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n.labels import label
from pnp.layout.geometry import Box
from pnp.layout.paper import Paper
from pnp.model.units import mm
from pnp.paint.sheets import new_canvas
from pnp.playtest.changes import Changes, SetTally, Shown
from pnp.text.fonts import font_name, font_runs

MARGIN = mm(15)
GAP = mm(10)  # between two faces that changed, side by side
PAIR_GAP = mm(5)  # between the before and the after of a face
CAPTION_WIDTH = mm(70)  # the least room a face's caption has, however small the face
FACE_HEIGHT = mm(95)  # the most a face is shown tall (a larger one is shown smaller)
TITLE_SIZE, TEXT_SIZE = 13, 9
LINE = 12  # points from one line of text to the next
FRAME = colors.Color(0.6, 0.6, 0.6)
COLUMNS = ("changed", "added", "removed", "count", "reprint")
DETAILED = ("text", "count")  # the words a face change's detail is about
ITEMS_NAMED = 8  # items changed alike named in a caption, the rest said by "…"


@dataclass(frozen=True)
class ReportWords:
    """What the report names, in its language: the game, its version, the earlier version, the sets."""

    game: str
    version: str
    before: str
    set_names: dict[str, str]
    language: str

    def __call__(self, name: str, **values) -> str:
        return label(f"changes-{name}", self.language).format(**values)


Slot = tuple[int, Box, dict]  # page index, the box a face goes in, where to draw it from


@dataclass(frozen=True)
class _Entry:
    """A change as the report shows it: the sizes its before and its after are shown at (one scale
    for both: a face that changed size shows it), the width it takes and its caption's lines."""

    shown: Shown
    sizes: tuple[tuple[float, float], tuple[float, float]]
    width: float
    caption: list[str]

    @property
    def height(self) -> float:
        return LINE * (len(self.caption) + 2) + max(h for _, h in self.sizes) + LINE


def changes_pdf(changes: Changes, words: ReportWords, paper: Paper) -> bytes:
    """The changes PDF: the pages reportlab draws, then the faces laid into their boxes."""
    buffer = io.BytesIO()
    title = words("title", game=words.game, version=words.version, before=words.before)
    canvas = new_canvas(buffer, paper, None, title)
    pages = _Pages(canvas, paper, words)
    pages.draw(changes, title)
    canvas.save()
    return _with_faces(buffer.getvalue(), pages.slots)


class _Pages:
    """Draws the report page by page, from the top down, noting where each face goes."""

    def __init__(self, canvas: Canvas, paper: Paper, words: ReportWords):
        self.canvas, self.paper, self.words = canvas, paper, words
        self.width = paper.width - 2 * MARGIN
        self.page, self.y = 0, paper.height - MARGIN
        self.slots: list[Slot] = []

    def draw(self, changes: Changes, title: str) -> None:
        self._lines(title, TITLE_SIZE, "bold")
        self.y -= LINE / 2
        if changes.unchanged:
            self._lines(self.words("nothing", before=self.words.before), TEXT_SIZE)
        else:
            self._table(changes.sets)
        self._faces(changes)
        self.canvas.showPage()

    def _room(self, height: float) -> None:
        """A new page unless height fits below the last thing drawn."""
        if self.y - height < MARGIN:
            self.canvas.showPage()
            self.page += 1
            self.y = self.paper.height - MARGIN

    def _lines(self, text: str, size: float, style: str = "regular") -> None:
        for line in _wrapped(text, size, style, self.width):
            self._room(LINE)
            self.y -= LINE
            _text(self.canvas, MARGIN, self.y + (LINE - size) / 2, line, size, style)

    def _table(self, tallies: Sequence[SetTally]) -> None:
        """A row per set: its name, its items now, how many changed in each way and the copies to reprint."""
        heads = [self.words("set"), self.words("items"), *(self.words(c) for c in COLUMNS)]
        column = (self.width - mm(60)) / (len(heads) - 1)
        rows = [heads] + [[self.words.set_names.get(t.set_id, t.set_id),
                           *(str(n) for n in (t.items, t.changed, t.added, t.removed, t.count, t.reprint))]
                          for t in tallies]
        for number, row in enumerate(rows):
            self._room(LINE)
            self.y -= LINE
            style = "bold" if number == 0 else "regular"
            _text(self.canvas, MARGIN, self.y + 3, row[0], TEXT_SIZE, style)
            for index, cell in enumerate(row[1:]):
                right = MARGIN + mm(60) + (index + 1) * column
                left = right - stringWidth(cell, font_name(style), TEXT_SIZE)
                _text(self.canvas, left, self.y + 3, cell, TEXT_SIZE, style)
        self.y -= LINE

    def _faces(self, changes: Changes) -> None:
        """Every changed face, before | after, in rows: as many side by side as the page is wide."""
        row: list[_Entry] = []
        for shown in changes.shown:
            entry = self._entry(shown, self._caption(shown, changes))
            if row and sum(e.width + GAP for e in row) + entry.width > self.width:
                self._row(row)
                row = []
            row.append(entry)
        if row:
            self._row(row)

    def _entry(self, shown: Shown, caption: str) -> _Entry:
        # A side without a face (added, removed) leaves the other's room empty.
        before, after = (shown.before or shown.after), (shown.after or shown.before)
        assert before is not None and after is not None, "a change shown has a before, an after or both"
        (_, _, *then), (_, _, *now) = before["trim"], after["trim"]
        scale = min(1.0, (self.width - PAIR_GAP) / (then[0] + now[0]), FACE_HEIGHT / max(then[1], now[1]))
        sizes = ((then[0] * scale, then[1] * scale), (now[0] * scale, now[1] * scale))
        width = max(sizes[0][0] + sizes[1][0] + PAIR_GAP, min(CAPTION_WIDTH, self.width))
        return _Entry(shown, sizes, width, _wrapped(caption, TEXT_SIZE, "regular", width))

    def _row(self, row: list[_Entry]) -> None:
        self._room(max(entry.height for entry in row))
        x = MARGIN
        for entry in row:
            self._draw(entry, x)
            x += entry.width + GAP
        self.y -= max(entry.height for entry in row)

    def _draw(self, entry: _Entry, x: float) -> None:
        """A face's caption, then its before and after side by side, each as cut (an empty frame where
        there is none)."""
        y = self.y - LINE / 2
        for line in entry.caption:
            y -= LINE
            _text(self.canvas, x, y + 3, line, TEXT_SIZE)
        top = y - LINE / 2
        for column, (source, name) in enumerate(((entry.shown.before, "before"), (entry.shown.after, "after"))):
            size = entry.sizes[column]
            box = Box(x + column * (entry.sizes[0][0] + PAIR_GAP), top - size[1], *size)
            self._frame(box, dashed=source is None)
            if source is not None:
                self.slots.append((self.page, box, source))
            _text(self.canvas, box.x, box.y - LINE + 3, self.words(name) if source is not None else "—", TEXT_SIZE)

    def _caption(self, shown: Shown, changes: Changes) -> str:
        """`set · items · side: what changed`, the words that changed (or the copies) beside "text" (or
        "count"), and an item's copies where they changed too."""
        change = shown.change
        what = ", ".join(f"{self.words(w)} ({change.detail})" if w in DETAILED and change.detail else self.words(w)
                         for w in change.what)
        name = self.words.set_names.get(shown.set_id, shown.set_id)
        items = ", ".join(shown.items[:ITEMS_NAMED]) + (" …" if len(shown.items) > ITEMS_NAMED else "")
        caption = f"{name} · {items} · {label(f'side-{change.side}', self.words.language)}: {what}"
        item = changes.item(shown.set_id, shown.items[0]) if len(shown.items) == 1 else None
        if item is not None and item.count_before and item.count_after and item.count_before != item.count_after \
                and "count" not in change.what:
            caption += f" ({self.words('copies', before=item.count_before, after=item.count_after)})"
        return caption

    def _frame(self, box: Box, dashed: bool) -> None:
        canvas = self.canvas
        canvas.saveState()
        canvas.setStrokeColor(FRAME)
        canvas.setLineWidth(0.4)
        if dashed:
            canvas.setDash(3, 2)
        canvas.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
        canvas.restoreState()


def _text(canvas: Canvas, x: float, y: float, text: str, size: float, style: str = "regular") -> None:
    """One line, each character in a font that has it (a game's Greek in a text that changed)."""
    for font, part in font_runs(text, font_name(style)):
        canvas.setFont(font, size)
        canvas.setFillColor(colors.black)
        canvas.drawString(x, y, part)
        x += stringWidth(part, font, size)


def _wrapped(text: str, size: float, style: str, width: float) -> list[str]:
    """text broken into lines no wider than width, at spaces (a word wider than a line stands alone)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and stringWidth(f"{lines[-1]} {word}", font_name(style), size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


# --- the faces, laid in by qpdf ------------------------------------------------------------

def _with_faces(pdf: bytes, slots: Sequence[Slot]) -> bytes:
    import pikepdf

    with ExitStack() as opened:
        report = opened.enter_context(pikepdf.open(io.BytesIO(pdf)))
        forms = _Forms(report, opened)
        for page, box, source in slots:
            report.pages[page].add_overlay(forms.of(source), pikepdf.Rectangle(*box.rect))
        buffer = io.BytesIO()
        report.save(buffer, deterministic_id=True)
    return buffer.getvalue()


class _Forms:
    """Faces as forms of the report: a painted face's page, or a sheet's page cut to a face's cells."""

    def __init__(self, report, opened: ExitStack):
        self.report, self.opened = report, opened
        self.sheets: dict[str, Any] = {}
        self.pages: dict[tuple[str, int], Any] = {}

    def of(self, source: dict):
        import pikepdf

        if "pdf" in source:
            face = self.opened.enter_context(pikepdf.open(io.BytesIO(base64.b64decode(source["pdf"]))))
            form = self.report.copy_foreign(face.pages[0].as_form_xobject())
        else:
            form = self._cut(source)
        x, y, width, height = source["trim"]
        form.BBox = pikepdf.Array([x, y, x + width, y + height])  # shown as cut: the bleed is left out
        return form

    def _cut(self, source: dict):
        """A face cut out of a sheet: each of its cells' page, through the map into the face, clipped to the cell."""
        import pikepdf

        content, names = [], {}
        for number, cell in enumerate(source["cells"]):
            name = f"/P{number}"
            names[name] = self._page(source["sheet"], cell["page"])
            x0, y0, x1, y1 = cell["clip"]
            content.append(f"q {_numbers(cell['matrix'])} cm {_numbers((x0, y0, x1 - x0, y1 - y0))} re W n {name} Do Q")
        form = pikepdf.Stream(self.report, "\n".join(content).encode("ascii"))
        form.Type, form.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
        form.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(names))
        return form

    def _page(self, path: str, index: int):
        """A page of an earlier sheets PDF as a form of the report, copied once however many faces it gives."""
        import pikepdf

        if (path, index) not in self.pages:
            if path not in self.sheets:
                self.sheets[path] = self.opened.enter_context(pikepdf.open(path))
            self.pages[(path, index)] = self.report.copy_foreign(self.sheets[path].pages[index].as_form_xobject())
        return self.pages[(path, index)]


def _numbers(values) -> str:
    return " ".join(f"{v:.4f}".rstrip("0").rstrip(".") or "0" for v in values)
