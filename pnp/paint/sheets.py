"""A laid-out kit (pnp.layout.kit) → one PDF of all its component sheets, in print order.

Each sheet is a front page followed, in a two-sided kit, by its back page: every back
behind its front for the chosen flip, moved by the back offset; a sheet without backs
gets a blank back carrying only its footer. A fold-over sheet is one page holding
fronts and backs. Faces are reportlab Drawings from the FacePainter, the same ones
the rulebooks show; a face that prints more than once is one PDF form, drawn again.
Every page carries its footer in the sheet's language (game, the sets on the sheet,
sheet n of N, which side, print at 100 %) and a 50 mm scale bar; board parts carry
their glue tabs, alignment triangles and a small map of the parts. A net (a tuck box, a
standee) shows each of its panels' faces, its cut outline as a guide and its fold lines
dashed, like a fold-over sheet's.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator, Sequence

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n.labels import label
from pnp.layout.blocks import Cell, Component, Guide
from pnp.layout.footer import (
    FOOTER_SIZE,
    ITEM_HEIGHT,
    MAP_HEIGHT,
    SCALE_BAR,
    Footer,
    Words,
    footer_variants,
    scale_bar_words,
)
from pnp.layout.furniture import Placed
from pnp.layout.geometry import Box, Line
from pnp.layout.kit import Kit, Sheet, Side, finish
from pnp.layout.marks import Mark
from pnp.layout.paper import Paper
from pnp.layout.sheet import SheetSettings
from pnp.layout.tiling import BoardPart, Tab
from pnp.model.components import ComponentSet
from pnp.model.faces import Face
from pnp.model.units import mm
from pnp.paint import images, pdfdraw
from pnp.paint.colours import RGB, WHITE, contrasting
from pnp.paint.faces import FacePainter
from pnp.shapes.geometry import Ellipse, Outline, Polygon
from pnp.text.fonts import font_name

MARK_WIDTH = 0.25
BAR_STROKE = 0.5
MAP_STROKE = 0.4
GUIDE_WIDTH = 0.3
GUIDE_GREY = colors.Color(0.45, 0.45, 0.45)
# A component's own outline (a disc, a hexagon, a rounded card) is drawn in black or white,
# whichever shows more on its face's ground, and heavier: it is the only sign of the cut
# where the bleed runs on past it in the same colour.
OUTLINE_WIDTH = 0.5
TAB_GREY = colors.Color(0.86, 0.86, 0.86)


def new_canvas(buffer: io.BytesIO, paper: Paper, flip: str | None, title: str) -> Canvas:
    """A canvas for pnp's sheets: embedded font first, no print scaling, the duplex hint if flip is given."""
    canvas = Canvas(buffer, pagesize=(paper.width, paper.height), invariant=1, initialFontName=font_name(),
                    pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    canvas.setViewerPreference("PrintScaling", "None")
    if flip is not None:
        canvas.setViewerPreference("Duplex", "DuplexFlipShortEdge" if flip == "short" else "DuplexFlipLongEdge")
    return canvas


def paint_kit(kit: Kit, sets: Sequence[ComponentSet], painter: FacePainter, settings: SheetSettings, words: Words,
              part: tuple[int, int] = (0, 1), dpi: int = images.SHEET_DPI) -> bytes:
    """The kit's sheets as one PDF: front, back, front, back … (front pages only when it is one-sided).

    With part=(k, n), only the k-th of n runs of sheets (`part_bounds`), which `join_parts`
    puts together again; b"" for a run with no sheet. The part holding the first sheet
    also paints the faces no sheet prints, for their problems: every face is checked once.
    Raster art is embedded at the resolution the sheets print at, `dpi`.
    """
    first, end = part_bounds(len(kit.sheets), *part)
    if first == end:
        return b""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, kit.sheets[0].front.paper, settings.flip if kit.two_sided else None,
                        words.document_title)
    images.set_dpi(canvas, dpi)
    sheets = kit.sheets[first:end]
    faces = _Faces(canvas, painter, {s.id: s for s in sets}, sheets)
    if first == 0:
        faces.check_unplaced(kit.sheets)
    for sheet in sheets:
        finished = finish(sheet, footer_variants(sheet, words, len(kit.sheets)), settings)
        printable = settings.printable(sheet.front.paper)
        front_side = "fold" if sheet.front.fold is not None else "front"
        _page(canvas, faces, sheet.front, printable, finished.front_marks, finished.guides, finished.front_items,
              Footer.of(sheet, words, len(kit.sheets), front_side))
        if sheet.back is not None:
            back_side = "blank" if sheet.blank_back else "back"
            _page(canvas, faces, sheet.back, printable, finished.back_marks, (), finished.back_items,
                  Footer.of(sheet, words, len(kit.sheets), back_side))
    canvas.save()
    return buffer.getvalue()


def part_bounds(sheets: int, index: int, parts: int) -> tuple[int, int]:
    """The sheets [first, end) of part `index` of `parts`: runs as even as whole sheets allow."""
    return index * sheets // parts, (index + 1) * sheets // parts


def join_parts(parts: Sequence[bytes]) -> bytes:
    """The PDFs of paint_kit's parts as one, their pages in order, described as the first part is.

    Each part keeps its own font subsets and forms; qpdf copies every page with what it
    uses and writes the whole with object streams and a deterministic /ID, so the same
    parts always make the same bytes. The pages' streams are copied as reportlab
    compressed them: letting qpdf decode and compress them again took most of the join.
    reportlab's page tree is one /Pages node that gives its pages nothing to inherit
    (each has its own /MediaBox and /Resources), so the pages are copied one by one and
    listed under the whole's: qpdf's page list, which keeps its own books up to date as
    each page is added, took 0.26 s of a 10,000-card deck's 0.45 s join.
    """
    from contextlib import ExitStack

    import pikepdf  # only a kit painted in parts needs it

    with ExitStack() as open_files:
        drawn = [open_files.enter_context(pikepdf.open(io.BytesIO(data))) for data in parts if data]
        whole = open_files.enter_context(pikepdf.new())
        tree = whole.Root.Pages
        pages = pikepdf.Array([whole.copy_foreign(page) for part in drawn for page in part.Root.Pages.Kids])
        for page in pages:
            page.Parent = tree
        tree.Kids, tree.Count = pages, len(pages)
        if any(IMAGE_NAME in data for data in parts):
            _share_images(pages)
        first = drawn[0]
        whole.docinfo = whole.copy_foreign(first.trailer.Info)
        if "/ViewerPreferences" in first.Root:
            whole.Root.ViewerPreferences = whole.copy_foreign(first.Root.ViewerPreferences)
        buffer = io.BytesIO()
        whole.save(buffer, deterministic_id=True, min_version=first.pdf_version, compress_streams=False,
                   object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return buffer.getvalue()


IMAGE_NAME = b"/FormXob." + images.KEY_PREFIX.encode()


def _share_images(pages) -> None:
    """Each image once in the joined PDF: the parts' copies of an image (named by its content,
    pnp.paint.images) are all pointed at the first part's, and the rest are not written."""
    first: dict = {}
    seen: set = set()

    def share(resources) -> None:
        xobjects = resources.get("/XObject") if resources is not None else None
        if xobjects is None:
            return
        if xobjects.is_indirect:  # a form's resources, shared by every page that draws it
            if xobjects.objgen in seen:
                return
            seen.add(xobjects.objgen)
        for name in list(xobjects.keys()):
            item = xobjects[name]
            if name.encode().startswith(IMAGE_NAME):
                xobjects[name] = first.setdefault(name, item)
            elif item.get("/Subtype") == "/Form":
                share(item.get("/Resources"))

    for page in pages:
        share(page.get("/Resources"))


def page_sides(kit: Kit) -> list[tuple[int, str]]:
    """(sheet number, side) of every page of the kit's PDF, in order: front, back or blank."""
    pages = []
    for sheet in kit.sheets:
        pages.append((sheet.number, "front"))
        if sheet.back is not None:
            pages.append((sheet.number, "blank" if sheet.blank_back else "back"))
    return pages


# --- footer items -----------------------------------------------------------------------

# --- pages --------------------------------------------------------------------------------

def _page(canvas: Canvas, faces: _Faces, side: Side, printable: Box, marks: Sequence[Mark], guides: Sequence[Guide],
          items: Sequence[Placed], footer: Footer) -> None:
    canvas.setPageSize((side.paper.width, side.paper.height))
    for tab in side.tabs:
        _tab(canvas, tab, side, footer.language)
    for cell in side.fronts:
        faces.place(cell, cell.face)
    for cell in side.backs:
        faces.place(cell, "back")
    _notches(canvas, side.notches)
    # A cut line on a trim at the printer margin would put half its stroke into it.
    canvas.saveState()
    _clip(canvas, printable)
    _guides(canvas, (*side.guides, *guides), faces)
    _marks(canvas, marks)
    canvas.restoreState()
    if side.fold is not None:
        _fold(canvas, side.fold)
    for line in side.folds:
        _fold(canvas, line)
    for item in items:
        _item(canvas, item, footer)
    _boxes(canvas, side)
    canvas.showPage()


def _clip(canvas: Canvas, box: Box) -> None:
    inside = canvas.beginPath()
    inside.rect(box.x, box.y, box.w, box.h)
    canvas.clipPath(inside, stroke=0, fill=0)


def _boxes(canvas: Canvas, side: Side) -> None:
    """TrimBox and BleedBox of a page that holds one component: a print shop can cut it as is
    (not a net, whose cut is its outline)."""
    cells = (*side.fronts, *side.backs)
    if len(cells) == 1 and not side.nets:
        canvas.setTrimBox(cells[0].trim.rect)
        canvas.setBleedBox(cells[0].clip_box.rect)


def _marks(canvas: Canvas, marks: Sequence[Mark]) -> None:
    in_bleed = [m for m in marks if m.in_bleed]
    if in_bleed:
        # A mark over art gets a white edge so that it reads on dark bleed too.
        _lines(canvas, [m.line for m in in_bleed], colors.white, MARK_WIDTH * 4)
    _lines(canvas, [m.line for m in marks], colors.black, MARK_WIDTH)


def _lines(canvas: Canvas, lines, colour, width: float) -> None:
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(width)
    canvas.setLineCap(0)
    for line in lines:
        canvas.line(line.x0, line.y0, line.x1, line.y1)


def _guides(canvas: Canvas, guides: Sequence[Guide], faces: _Faces) -> None:
    """Cut lines: a component's outline in the colour that shows on its ground, any other line grey."""
    drawn_with = None
    for guide in guides:
        if guide.owner is None:
            pen = (GUIDE_GREY, GUIDE_WIDTH)
        else:
            pen = (colors.Color(*contrasting(faces.ground(guide.owner))), OUTLINE_WIDTH)
        if pen != drawn_with:
            canvas.setStrokeColor(pen[0])
            canvas.setLineWidth(pen[1])
            drawn_with = pen
        cut = guide.cut
        if isinstance(cut, Line):
            canvas.line(cut.x0, cut.y0, cut.x1, cut.y1)
        else:
            stroke_outline(canvas, cut)


def stroke_outline(canvas: Canvas, outline: Outline) -> None:
    """An outline's line on the canvas, in its current stroke."""
    if isinstance(outline, Ellipse) and outline.rx == outline.ry:
        canvas.circle(outline.cx, outline.cy, outline.rx, stroke=1, fill=0)
    elif isinstance(outline, Ellipse):
        canvas.ellipse(outline.cx - outline.rx, outline.cy - outline.ry, outline.cx + outline.rx,
                       outline.cy + outline.ry, stroke=1, fill=0)
    elif isinstance(outline, Polygon):
        _polygon(canvas, outline.points, stroke=1, fill=0)
    elif outline.radius > 0:
        canvas.roundRect(outline.x, outline.y, outline.w, outline.h, outline.radius, stroke=1, fill=0)
    else:
        canvas.rect(outline.x, outline.y, outline.w, outline.h, stroke=1, fill=0)


def _polygon(canvas: Canvas, points, stroke: int, fill: int) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=stroke, fill=fill)


def _tab(canvas: Canvas, tab: Tab, side: Side, language: str) -> None:
    owner = next(c for c in side.fronts if c.trim.contains(tab.box))
    grow = owner.component.bleed
    box = tab.box
    canvas.setFillColor(TAB_GREY)
    canvas.rect(box.x - grow, box.y - grow, box.w + 2 * grow, box.h + 2 * grow, stroke=0, fill=1)
    canvas.saveState()
    canvas.setFillColor(colors.Color(0.35, 0.35, 0.35))
    canvas.setFont(font_name(), 6)
    canvas.translate(*box.centre)
    if tab.side == "right":
        canvas.rotate(90)
    canvas.drawCentredString(0, -2, label("glue-tab", language).format(part=tab.under))
    canvas.restoreState()


def _notches(canvas: Canvas, notches) -> None:
    if not notches:
        return
    canvas.setFillColor(colors.Color(0.12, 0.16, 0.21))
    canvas.setStrokeColor(colors.white)
    canvas.setLineWidth(0.4)
    for triangle in notches:
        _polygon(canvas, triangle, stroke=1, fill=1)


def _fold(canvas: Canvas, line: Line) -> None:
    canvas.saveState()
    canvas.setStrokeColor(GUIDE_GREY)
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    canvas.line(line.x0, line.y0, line.x1, line.y1)
    canvas.restoreState()


# --- footer items -------------------------------------------------------------------------

def _item(canvas: Canvas, item: Placed, footer: Footer) -> None:
    """Draw a footer item in its own frame: x along its reading direction, y across, from its box's start."""
    canvas.saveState()
    box = item.box
    if item.turn == 90:
        canvas.translate(box.right, box.y)
        canvas.rotate(90)
    else:
        canvas.translate(box.x, box.y)
    canvas.setFillColor(colors.black)
    canvas.setStrokeColor(colors.black)
    canvas.setFont(font_name(), FOOTER_SIZE)
    if item.name == "bar":
        draw_scale_bar(canvas, 0.0, 0.0, footer.language)
    elif item.name == "map":
        if footer.part is not None:  # a sheet's footer has a map item only when it holds a board part
            _map(canvas, footer.part, footer.texts["map"])
    else:
        canvas.drawString(0, ITEM_HEIGHT * 0.28, footer.texts[item.name])
    canvas.restoreState()


def draw_scale_bar(canvas: Canvas, x: float, y: float, language: str) -> None:
    """A 50 mm bar with a tick every 10 mm, labelled at its end, in an ITEM_HEIGHT band from (x, y);
    its first tick's stroke starts at x, not half a stroke before it (a bar at the printer margin
    stays inside it)."""
    mid = y + ITEM_HEIGHT / 2
    start = x + BAR_STROKE / 2
    canvas.setStrokeColor(colors.black)
    canvas.setFillColor(colors.black)
    canvas.setLineWidth(BAR_STROKE)
    canvas.line(start, mid, start + SCALE_BAR, mid)
    for step in range(6):
        reach = ITEM_HEIGHT / 2 if step in (0, 5) else ITEM_HEIGHT / 4
        canvas.line(start + mm(10) * step, mid - reach, start + mm(10) * step, mid + reach)
    canvas.setFont(font_name(), FOOTER_SIZE)
    canvas.drawString(x + SCALE_BAR + mm(2), y + ITEM_HEIGHT * 0.28, scale_bar_words(language))


def _map(canvas: Canvas, part: BoardPart, words: str) -> None:
    """The board's outline cut into its parts, this sheet's part filled, and its words beside it;
    its strokes inside its band."""
    width, height = MAP_HEIGHT * part.board_w / part.board_h, MAP_HEIGHT
    inner = height - MAP_STROKE
    cell_w, cell_h = inner * part.board_w / part.board_h / part.cols, inner / part.rows
    canvas.setLineWidth(MAP_STROKE)
    for row in range(part.rows):
        for col in range(part.cols):
            here = (row, col) == (part.row, part.col)
            canvas.setFillColor(colors.Color(0.45, 0.45, 0.45) if here else colors.white)
            canvas.rect(MAP_STROKE / 2 + col * cell_w, MAP_STROKE / 2 + (part.rows - 1 - row) * cell_h, cell_w, cell_h,
                        stroke=1, fill=1)
    canvas.setFillColor(colors.black)
    canvas.drawString(width + mm(1.5), ITEM_HEIGHT * 0.28, words)


def check_faces(sets: Sequence[ComponentSet], painter: FacePainter) -> None:
    """Paint every face of the sets and drop the pictures: the painter collects their problems."""
    for component_set in sets:
        for _, _, face in _faces_of(component_set):
            _painted(painter, face, component_set)


def _faces_of(component_set: ComponentSet) -> Iterator[tuple[int, str, Face]]:
    """(item index, its name, face) of every face the set's items have: front, back, a net's panels'."""
    for index, item in enumerate(component_set.items):
        for name, face in item.faces:
            yield index, name, face


def _look(face: Face, component_set: ComponentSet) -> tuple:
    """What tells one face's drawing from another's: the face, and the shape and bleed it is drawn with."""
    return face, component_set.shape, component_set.bleed


def _painted(painter: FacePainter, face: Face, component_set: ComponentSet):
    """The face as its set's cells show it (without the cut guide: the sheet draws the cuts)."""
    return painter.picture(face, component_set.shape, component_set.bleed, cut_guide=False)


def _cells(sheets: Sequence[Sheet]):
    """(cell, the name of its face): every face the sheets print, page by page."""
    for sheet in sheets:
        for page in (sheet.front, sheet.back):
            if page is not None:
                yield from ((cell, cell.face) for cell in page.fronts)
                yield from ((cell, "back") for cell in page.backs)


class _Faces:
    """Each distinct face of some sheets drawn as the painter paints it, then let go (a
    10,000-card deck never holds its drawings at once); one that prints more than once
    becomes a PDF form, drawn again. Faces are told apart once per item (comparing faces
    is not cheap)."""

    def __init__(self, canvas: Canvas, painter: FacePainter, sets: dict[str, ComponentSet], sheets: Sequence[Sheet]):
        self.canvas, self.painter, self.sets = canvas, painter, sets
        distinct: dict[tuple, int] = {}
        self.ids: dict[tuple[str, int, str], int] = {}
        self.faces: list[tuple[Face, str]] = []
        self.uses: Counter = Counter()
        for cell, side in _cells(sheets):
            item = (cell.component.set_id, cell.component.item, side)
            if item not in self.ids:
                face, component_set = _face_of(sets[item[0]], item[1], side), sets[item[0]]
                self.ids[item] = distinct.setdefault(_look(face, component_set), len(self.faces))
                if self.ids[item] == len(self.faces):
                    self.faces.append((face, component_set.id))
            self.uses[self.ids[item]] += 1
        self.forms: dict[int, str] = {}

    def ground(self, component: Component) -> RGB:
        """The colour of a component's front face where nothing is drawn on it: its background, else paper."""
        background = self.sets[component.set_id].items[component.item].front.background
        return WHITE if background is None else background.rgb

    def _id(self, cell: Cell, side: str) -> int:
        return self.ids[(cell.component.set_id, cell.component.item, side)]

    def check_unplaced(self, all_sheets: Sequence[Sheet]) -> None:
        """Paint the faces no sheet of the kit prints, for their problems alone: every face
        is checked. One alike to a face that prints is checked when that one is drawn."""
        placed_items = {(cell.component.set_id, cell.component.item, side) for cell, side in _cells(all_sheets)}
        placed_faces: set | None = None
        for component_set in self.sets.values():
            for index, side, face in _faces_of(component_set):
                if (component_set.id, index, side) in placed_items:
                    continue
                if placed_faces is None:  # told apart only when some face prints nowhere
                    placed_faces = {_look(_face_of(self.sets[s], i, d), self.sets[s]) for s, i, d in placed_items}
                look = _look(face, component_set)
                if look not in placed_faces:
                    placed_faces.add(look)
                    _painted(self.painter, face, component_set)

    def place(self, cell: Cell, side: str) -> None:
        """Draw the face so its (turned) bleed box fills the cell's art box, clipped to the cell."""
        face_id = self._id(cell, side)
        face, set_id = self.faces[face_id]
        bleed = self.sets[set_id].bleed
        canvas = self.canvas
        canvas.saveState()
        path = canvas.beginPath()
        path.moveTo(*cell.clip[0])
        for point in cell.clip[1:]:
            path.lineTo(*point)
        path.close()
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.translate(*cell.art_box.centre)
        if cell.turn:
            canvas.rotate(cell.turn)
        canvas.translate(-(face.width + 2 * bleed) / 2, -(face.height + 2 * bleed) / 2)
        self._draw(face_id)
        canvas.restoreState()

    def _picture(self, face_id: int):
        face, set_id = self.faces[face_id]
        return _painted(self.painter, face, self.sets[set_id])

    def _draw(self, face_id: int) -> None:
        if self.uses[face_id] < 2:
            pdfdraw.draw(self._picture(face_id), self.canvas, 0, 0)
            return
        if face_id not in self.forms:
            picture = self._picture(face_id)
            name = f"face{len(self.forms) + 1}"
            self.canvas.beginForm(name, 0, 0, picture.width, picture.height)
            pdfdraw.draw(picture, self.canvas, 0, 0)
            self.canvas.endForm()
            self.forms[face_id] = name
        self.canvas.doForm(self.forms[face_id])


def _face_of(component_set: ComponentSet, index: int, side: str) -> Face:
    item = component_set.items[index]
    face = item.face(side)
    if face is None:  # only a component with a back has a cell on a back page, a net a panel for a face it has
        raise ValueError(f"item '{item.id}' of set '{component_set.id}' has no {side}")
    return face


__all__ = ["draw_scale_bar", "join_parts", "new_canvas", "page_sides", "paint_kit", "part_bounds"]
