"""Pictures in a rulebook → flowables: the generated components list, diagrams and example plays.

Components are drawn by FacePainter from the very faces the sheets print, so the rules
and the kit cannot disagree. Diagrams and example plays come from pnp.paint.diagrams.

Pictures shown together form a sequence (consecutive diagrams, the steps of an example
play) and share one scale: the smallest cell any of them asks for, made smaller only
if a picture would not fit the frame. At that scale they are packed into rows, each
row on a common baseline; the steps of an example sit in equal columns, and those in
one row cover the same area of the board, so their grids line up.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Flowable, Spacer

from pnp.i18n.labels import label
from pnp.model.components import ComponentSet
from pnp.model.problems import Problems
from pnp.model.rulebook import Block
from pnp.model.units import mm, parse_length, to_mm
from pnp.paint.diagrams import Picture, diagram_picture, example_pictures
from pnp.paint.faces import FacePainter, game_icons, outline_picture
from pnp.paint.picture import as_reportlab
from pnp.paint.rulebook.flowables import Figure, FigureRow, PictureStrip, Tag, tagged
from pnp.paint.rulebook.story import Chunk, Context, paragraph, second_style, texts

GAP = mm(3)
GUTTER = mm(6)
# The narrowest column a captioned picture gets, so its caption reads in a few lines.
COLUMN = mm(45)
# A picture may take this much of the frame's height, leaving room for its caption.
TALLEST = 0.72


# --- components ---------------------------------------------------------------

def components(ctx: Context, block: Block, group: int) -> list[Chunk]:
    return [Chunk(component_entry(ctx, component_set, block, group), kind="figure") for component_set in ctx.game.sets]


def component_entry(ctx: Context, component_set: ComponentSet, block: Block, group: int) -> list[Flowable]:
    s = ctx.styles
    name_key, description_key = f"component.{component_set.id}.name", f"component.{component_set.id}.description"
    if not ctx.texts[0].has(name_key):
        ctx.problems.add(block.location, "components",
                         f"no text '{name_key}' in text/en.yaml to name the set '{component_set.id}'")
        return [Spacer(1, 0)]
    lines = []
    for index, voice in enumerate(ctx.texts):
        name = voice(name_key).replace("*", "")
        description = voice(description_key) if voice.has(description_key) else ""
        text = f"**{component_set.count} × {name}**" + (f" – {description}" if description else "")
        style = s.body if index == 0 else second_style(s, s.body)
        lines.append(paragraph(ctx, text, style, Tag(name_key, ctx.location(name_key, voice.language), group),
                               voice.language))
    strip = PictureStrip(item_drawings(ctx, component_set, outlined=True), height=picture_height(ctx, component_set),
                         gap=GAP * ctx.page.scale, tag=Tag(name_key, block.location, group))
    strip.spaceAfter = s.gap * 1.6
    return [*lines, tagged(strip, Tag(name_key, block.location, group))]


def picture_height(ctx: Context, component_set: ComponentSet) -> float:
    """About a third of true size, kept between half and all of the page's strip height."""
    return min(max(component_set.height * 0.3, ctx.page.strip / 2), ctx.page.strip)


def item_drawings(ctx: Context, component_set: ComponentSet, outlined: bool = False) -> list[Drawing]:
    """The front of every distinct item, as on the sheets (face problems are the sheets' to report)."""
    painter = FacePainter(ctx.texts[0], ctx.language, Problems(), icons=game_icons(ctx.game))
    drawings = [painter.drawing(item.front, component_set.shape, 0.0) for item in component_set.items]
    if outlined and not component_set.shape.guided_by_default:  # the others' faces show their own cut
        corner = component_set.corner
        corner = parse_length(corner) if isinstance(corner, str) else corner
        for drawing in drawings:
            rim = outline_picture(component_set.shape.outline(0, 0, drawing.width, drawing.height, corner=corner))
            rim.fillColor, rim.strokeColor, rim.strokeWidth = None, ctx.styles.colours.soft, 0.6
            drawing.add(as_reportlab(rim))
    return drawings


def cover_strip(ctx: Context) -> list[Flowable]:
    """One row of the first few distinct items of the first set that is not a board."""
    sets = [c for c in ctx.game.sets if c.kind != "board"] or list(ctx.game.sets)
    if not sets:
        return []
    drawings = item_drawings(ctx, sets[0])[:6]
    return [PictureStrip(drawings, height=mm(16) * ctx.page.scale, gap=GAP * ctx.page.scale,
                         tag=Tag("cover", ctx.game.location, 0))]


# --- sequences -------------------------------------------------------------------

@dataclass
class Shown:
    """A picture as the rulebook shows it: what to draw, where it comes from, its caption paragraphs."""

    picture: Picture
    tag: Tag
    captions: list[Flowable]


def sequence_cell(ctx: Context, shown: list[Shown]) -> float:
    """The one cell size of a sequence: the smallest asked for, shrunk until every picture fits."""
    width, height = ctx.frame_width, ctx.frame_height * TALLEST
    cell = min(s.picture.cell for s in shown)

    def fits(size: float) -> bool:
        return all(w <= width + 0.01 and h <= height + 0.01 for w, h in (s.picture.size(size) for s in shown))

    if fits(cell):
        return cell
    low, high = 0.0, cell
    for _ in range(40):
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    if low < cell * 0.2:
        where = shown[0].tag
        ctx.problems.add(where.location, where.key, f"{ctx.game.id} ({ctx.edition}): {where.key} does not fit a "
                         f"{ctx.page.name.upper()} page ({to_mm(width):.0f} × {to_mm(height):.0f} mm) "
                         "at a readable size")
    return low


def room(item: Shown, cell: float) -> float:
    """The width a picture takes in a row: its own, or a caption's readable column if wider."""
    return max(item.picture.size(cell)[0], COLUMN if item.captions else 0.0)


def pack(shown: list[Shown], cell: float, width: float) -> list[list[Shown]]:
    """The pictures in rows, left to right, as many to a row as fit width at `cell`."""
    rows: list[list[Shown]] = []
    used = 0.0
    for item in shown:
        wide = room(item, cell)
        if rows and used + GUTTER + wide <= width + 0.01:
            rows[-1].append(item)
            used += GUTTER + wide
        else:
            rows.append([item])
            used = wide
    return rows


def grid_rows(shown: list[Shown], cell: float, width: float) -> list[list[Shown]]:
    """Steps in rows of equal columns, as many columns as fit; a row's steps cover one board area.

    Each row is aligned (see `aligned`); the column count is the largest at which every
    aligned row still fits.
    """
    for columns in range(max(1, int((width + GUTTER) // (COLUMN + GUTTER))), 0, -1):
        column = (width - GUTTER * (columns - 1)) / columns
        rows = [aligned(shown[i:i + columns]) for i in range(0, len(shown), columns)]
        if all(s.picture.size(cell)[0] <= column + 0.01 for row in rows for s in row) or columns == 1:
            return rows
    return [[s] for s in shown]


def aligned(row: list[Shown]) -> list[Shown]:
    """The row with every picture covering the same board area, so their grids line up."""
    areas = [a for s in row for a in s.picture.areas()]
    union = (min(a[0] for a in areas), min(a[1] for a in areas), max(a[2] for a in areas), max(a[3] for a in areas))
    return [Shown(s.picture.covering(union), s.tag, s.captions) for s in row]


def sequence_chunks(ctx: Context, shown: list[Shown], *, align: bool, chain: bool) -> list[Chunk]:
    """Rows of figures at the sequence's one scale; chained rows stay on one page where they fit."""
    cell = sequence_cell(ctx, shown)
    rows = grid_rows(shown, cell, ctx.frame_width) if align else pack(shown, cell, ctx.frame_width)
    s = ctx.styles
    chunks = []
    for row in rows:
        figures = [Figure(drawn(ctx, item.picture, cell), item.tag, item.captions) for item in row]
        flowable = FigureRow(figures, GUTTER, caption_gap=s.gap * 0.8)
        flowable.spaceBefore, flowable.spaceAfter = s.gap * 0.6, s.gap * 1.8
        chunks.append(Chunk([tagged(flowable, row[0].tag)], keep_with_next=chain, kind="figure"))
    chunks[-1].keep_with_next = False
    return chunks


def drawn(ctx: Context, picture: Picture, cell: float):
    """The picture's Drawing at `cell`, drawn once for all the editions that share `ctx.pictures`."""
    return remembered(ctx, ("drawing", picture, cell), lambda: picture.drawing(cell))


def remembered(ctx: Context, key: tuple, make):
    if key not in ctx.pictures:
        ctx.pictures[key] = make()
    return ctx.pictures[key]


# --- diagrams -------------------------------------------------------------------

def block_ref(block: Block) -> str:
    """The id of the diagram or example a block shows (pnp.model.rulebook reads one for every such block)."""
    if block.ref is None:
        raise ValueError(f"{block.location}: a {block.kind} block names no {block.kind}")
    return block.ref


def diagram_rows(ctx: Context, blocks: tuple[Block, ...], group: int) -> list[Chunk]:
    """Consecutive diagrams as one sequence, each with its caption in every voice."""
    shown = []
    for block in blocks:
        ref = block_ref(block)
        picture = remembered(ctx, ("diagram", ref, ctx.language),
                             lambda ref=ref: diagram_picture(ctx.game, ctx.catalogs, ctx.book, ref, ctx.language,
                                                             ctx.problems))
        key = f"diagram.{block.ref}.caption"
        captions = texts(ctx, key, ctx.styles.caption, group) if ctx.texts[0].has(key) else []
        location = ctx.location(key, ctx.language) if ctx.texts[0].has(key) else block.location
        shown.append(Shown(picture, Tag(key, location, group), captions))
    return sequence_chunks(ctx, shown, align=False, chain=True)


# --- example plays -------------------------------------------------------------------

def example(ctx: Context, block: Block, group: int) -> list[Chunk]:
    """The intro, then the steps, each picture over its numbered caption, at one scale."""
    ref = block_ref(block)
    steps = [remembered(ctx, ("example", ref, voice.language),
                        lambda voice=voice: example_pictures(ctx.game, ctx.catalogs, ctx.book, ref, voice.language,
                                                             ctx.problems))
             for voice in ctx.texts]
    chunks = []
    # An example opens with who plays, then how to read its pictures, where the game says so.
    for intro_key in (f"example.{block.ref}.intro", f"example.{block.ref}.markers"):
        if ctx.texts[0].has(intro_key):
            chunks.append(Chunk(texts(ctx, intro_key, ctx.styles.body, group), keep_with_next=True))
    shown = [Shown(steps[0][n][0], Tag(f"example {block.ref} step {n + 1}", block.location, group),
                   step_captions(ctx, n + 1, [voice[n][1] for voice in steps], block, group))
             for n in range(len(steps[0]))]
    if not shown:
        return chunks or [Chunk([Spacer(1, 0)])]
    return chunks + sequence_chunks(ctx, shown, align=True, chain=False)


def step_captions(ctx: Context, number: int, captions: list[str], block: Block, group: int) -> list[Flowable]:
    s, result = ctx.styles, []
    for index, caption in enumerate(captions):
        language = ctx.texts[index].language
        style = s.caption if index == 0 else second_style(s, s.caption)
        prefix = f"**{label('step', language)} {number}.** " if index == 0 else ""
        tag = Tag(f"example {block.ref} step {number}", block.location, group)
        result.append(paragraph(ctx, prefix + caption, style, tag, language))
    return result
