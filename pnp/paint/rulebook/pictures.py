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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.graphics.shapes import Drawing, Group, mmult, rotate, scale, translate
from reportlab.platypus import Flowable, Spacer

from pnp.i18n.labels import label
from pnp.layout.cover import CoverSet, Placement, arrange_cover
from pnp.layout.rows import balanced_rows
from pnp.model.components import ComponentSet
from pnp.model.problems import Problems
from pnp.model.rulebook import Block
from pnp.model.units import mm, parse_length, to_mm
from pnp.paint.diagrams import Picture, diagram_picture, example_pictures
from pnp.paint.diagrams.render import LARGEST_CELL
from pnp.paint.faces import FacePainter, game_icons, new_drawing, outline_picture
from pnp.paint.picture import as_reportlab
from pnp.paint.rulebook.compose import BETWEEN_ROWS, FREE, NEVER
from pnp.paint.rulebook.document import diagram_named
from pnp.paint.rulebook.flowables import CoverPicture, Figure, FigureRow, PictureStrip, Tag, tagged
from pnp.paint.rulebook.story import Chunk, Context, paragraph, second_style, texts

GAP = mm(3)
GUTTER = mm(6)
# The narrowest column a captioned picture gets, so its caption reads in a few lines.
COLUMN = mm(45)
# A picture may take this much of the frame's height, leaving room for its caption.
TALLEST = 0.72
BACK_COVER = 0.6  # a back cover's pictures of the pieces, against the components list's
COVER_INSET = mm(3)


# --- components ---------------------------------------------------------------

def components(ctx: Context, block: Block, group: int) -> list[Chunk]:
    return [Chunk(component_entry(ctx, component_set, block, group), kind="figure") for component_set in ctx.game.sets]


def component_entry(ctx: Context, component_set: ComponentSet, block: Block, group: int) -> list[Flowable]:
    name_key = f"component.{component_set.id}.name"
    if not ctx.texts[0].has(name_key):
        ctx.problems.add(block.location, "components",
                         f"no text '{name_key}' in text/en.yaml to name the set '{component_set.id}'")
        return [Spacer(1, 0)]
    return component_lines(ctx, component_set, Tag(name_key, block.location, group), 1.0)


def component_lines(ctx: Context, component_set: ComponentSet, tag: Tag, size: float,
                    tick: str | None = None) -> list[Flowable]:
    """A set as a list shows it: its count and name in every voice (with its description, or
    after a box to tick), then its distinct pieces pictured `size` times the list's size. A
    set whose faces carry words is pictured once per voice, so each language sees its own."""
    s = ctx.styles
    name_key, description_key = f"component.{component_set.id}.name", f"component.{component_set.id}.description"
    flowables: list[Flowable] = []
    for index, voice in enumerate(ctx.texts):
        name = voice(name_key).replace("*", "") if voice.has(name_key) else component_set.id
        description = voice(description_key) if voice.has(description_key) and tick is None else ""
        text = f"**{component_set.count} × {name}**" + (f" – {description}" if description else "")
        style = s.bullet if tick else s.body if index == 0 else second_style(s, s.body)
        where = Tag(tag.key, ctx.location(name_key, voice.language), tag.group)
        flowables.append(paragraph(ctx, text, style, where, voice.language, bullet=tick if index == 0 else None))
    voices = ctx.texts if component_set.text_keys and len(ctx.texts) > 1 else ctx.texts[:1]
    for voice in voices:
        strip = PictureStrip(item_drawings(ctx, component_set, outlined=True, texts=voice),
                             height=picture_height(ctx, component_set) * size, gap=GAP * ctx.page.scale, tag=tag)
        strip.spaceAfter = s.gap * (1.6 if voice is voices[-1] else 0.6)
        flowables.append(tagged(strip, tag))
    return flowables


def picture_height(ctx: Context, component_set: ComponentSet) -> float:
    """About a third of true size, kept between half and all of the page's strip height."""
    return min(max(component_set.height * 0.3, ctx.page.strip / 2), ctx.page.strip)


def item_drawings(ctx: Context, component_set: ComponentSet, outlined: bool = False, texts=None) -> list[Drawing]:
    """The front of every distinct item, as on the sheets (face problems are the sheets' to report),
    with the words of `texts` (a voice; the main one by default)."""
    texts = texts or ctx.texts[0]
    painter = FacePainter(texts, texts.language, Problems(), icons=game_icons(ctx.game))
    drawings = [painter.drawing(item.front, component_set.shape, 0.0) for item in component_set.items]
    if outlined and not component_set.shape.guided_by_default:  # the others' faces show their own cut
        corner = component_set.corner
        corner = parse_length(corner) if isinstance(corner, str) else corner
        for drawing in drawings:
            rim = outline_picture(component_set.shape.outline(0, 0, drawing.width, drawing.height, corner=corner))
            rim.fillColor, rim.strokeColor, rim.strokeWidth = None, ctx.styles.colours.soft, 0.6
            drawing.add(as_reportlab(rim))
    return drawings


def cover_picture(ctx: Context, height: float) -> list[Flowable]:
    """The game's pieces arranged as on a box lid (pnp.layout.cover): every set but the boards,
    each piece as the sheets print it, casting a soft shadow, the whole `height` tall at most."""
    sets = [c for c in ctx.game.sets if c.kind != "board"] or list(ctx.game.sets)
    if not sets:
        return []
    drawings = [item_drawings(ctx, component_set, outlined=True) for component_set in sets]
    arranged = [CoverSet(c.shape.name, tuple((d.width, d.height) for d in found)) for c, found in zip(sets, drawings)]
    width = ctx.frame_width - COVER_INSET  # its shadows and a reader's measure of the text block stay inside
    picture = new_drawing(width, height)
    for placement in arrange_cover(arranged, width, height):
        drawing, component_set = drawings[placement.group][placement.item], sets[placement.group]
        picture.add(_placed_piece(drawing, component_set, placement, ctx.styles.colours.soft))
    return [CoverPicture(picture, Tag("cover", ctx.game.location, 0))]


def _placed_piece(drawing: Drawing, component_set: ComponentSet, placement: Placement, shadow_colour) -> Group:
    """A piece's face where the cover puts it, over its shadow (its outline, a little down and right)."""
    w, h = drawing.width, drawing.height
    shadow: Any = outline_picture(component_set.shape.outline(1.2 / placement.scale, -1.2 / placement.scale, w, h))
    shadow.fillColor, shadow.strokeColor = shadow_colour, None
    shadow.fillOpacity = 0.45
    piece = Group(as_reportlab(shadow), *drawing.contents)
    piece.transform = mmult(mmult(translate(placement.x, placement.y), rotate(placement.turn)),
                            mmult(scale(placement.scale, placement.scale), translate(-w / 2, -h / 2)))
    return piece


# --- sequences -------------------------------------------------------------------

@dataclass
class Shown:
    """A picture as the rulebook shows it: what to draw, where it comes from, its caption paragraphs."""

    picture: Picture
    tag: Tag
    captions: list[Flowable]


def sequence_cell(ctx: Context, shown: list[Shown]) -> float:
    """The one cell size of a sequence: the smallest asked for (but no smaller than its pieces'
    legibility allows), shrunk until every picture fits the text block. A sequence that does
    not fit at its legibility minimum is a problem naming its pictures."""
    width, height = ctx.frame_width, ctx.frame_height * TALLEST
    legible = max(s.picture.smallest_cell for s in shown)  # infinite: something lies under a label at any size
    cell = max(min(s.picture.cell for s in shown), min(legible, LARGEST_CELL))

    def fits(size: float) -> bool:
        return all(w <= width + 0.01 and h <= height + 0.01 for w, h in (s.picture.size(size) for s in shown))

    low = cell
    if not fits(cell):
        low, high = 0.0, cell
        for _ in range(40):
            middle = (low + high) / 2
            low, high = (middle, high) if fits(middle) else (low, middle)
    if low < legible - 0.01 or low < cell * 0.2:
        worst = max(shown, key=lambda s: s.picture.smallest_cell)
        names = ", ".join(dict.fromkeys(diagram_named(s.tag.key) or s.tag.key for s in shown))
        ctx.problems.add(worst.tag.location, worst.tag.key, f"{ctx.game.id} ({ctx.edition}): {names} cannot be drawn "
                         f"legibly in the text block of an {ctx.page.name.upper()} page ({to_mm(width):.0f} × "
                         f"{to_mm(height):.0f} mm, a cell of {to_mm(low):.1f} mm): {worst.picture.illegible(low)}")
    return low


def room(item: Shown, cell: float) -> float:
    """The width a picture takes in a row: its own, or a caption's readable column if wider."""
    return max(item.picture.size(cell)[0], COLUMN if item.captions else 0.0)


def pack(shown: list[Shown], cell: float, width: float) -> list[list[Shown]]:
    """The pictures in the fewest rows that fit width at `cell`, balanced (three as 2 + 1, not 1 + 2)."""
    return [[shown[i] for i in row] for row in balanced_rows([room(item, cell) for item in shown], GUTTER, width)]


def grid_rows(shown: list[Shown], cell: float, width: float) -> list[list[Shown]]:
    """Steps in rows of equal columns, as many columns as fit, the rows evenly filled (five steps
    in three columns as 3 + 2); a row's steps cover one board area.

    Each row is aligned (see `aligned`); the column count is the largest at which every
    aligned row still fits.
    """
    for most in range(max(1, int((width + GUTTER) // (COLUMN + GUTTER))), 0, -1):
        columns = -(-len(shown) // -(-len(shown) // most))  # as many rows as `most` needs, evenly filled
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


def sequence_chunks(ctx: Context, shown: list[Shown], *, align: bool) -> list[Chunk]:
    """Rows of figures at the sequence's one scale, kept on one page where they fit: a page may
    break between two rows, and the whole sequence may be drawn smaller, to its legibility minimum."""
    cell = sequence_cell(ctx, shown)
    rows = grid_rows(shown, cell, ctx.frame_width) if align else pack(shown, cell, ctx.frame_width)
    smallest = max(item.picture.smallest_cell for item in shown) / cell if cell else 1.0
    s = ctx.styles
    chunks = []

    def smaller(item: Shown) -> Callable[[float], Drawing]:
        return lambda factor: drawn(ctx, item.picture, round(cell * factor, 3))

    for row in rows:
        figures = [Figure(drawn(ctx, item.picture, cell), item.tag, item.captions, redraw=smaller(item),
                          smallest=smallest) for item in row]
        flowable = FigureRow(figures, GUTTER, caption_gap=s.gap * 0.8)
        flowable.spaceBefore, flowable.spaceAfter = s.gap * 0.6, s.gap * 1.8
        chunks.append(Chunk([tagged(flowable, row[0].tag)], after=BETWEEN_ROWS, kind="figure"))
    chunks[-1].after = FREE
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
    return sequence_chunks(ctx, shown, align=False)


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
            chunks.append(Chunk(texts(ctx, intro_key, ctx.styles.body, group), after=NEVER))
    shown = [Shown(steps[0][n][0], Tag(f"example {block.ref} step {n + 1}", block.location, group),
                   step_captions(ctx, n + 1, [voice[n][1] for voice in steps], block, group))
             for n in range(len(steps[0]))]
    if not shown:
        return chunks or [Chunk([Spacer(1, 0)])]
    return chunks + sequence_chunks(ctx, shown, align=True)


def step_captions(ctx: Context, number: int, captions: list[str], block: Block, group: int) -> list[Flowable]:
    s, result = ctx.styles, []
    for index, caption in enumerate(captions):
        language = ctx.texts[index].language
        style = s.caption if index == 0 else second_style(s, s.caption)
        prefix = f"**{label('step', language)} {number}.** " if index == 0 else ""
        tag = Tag(f"example {block.ref} step {number}", block.location, group)
        result.append(paragraph(ctx, prefix + caption, style, tag, language))
    return result
