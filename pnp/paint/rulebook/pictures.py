"""Pictures in a rulebook → flowables: the generated components list, diagrams and example plays.

Components are drawn by FacePainter from the very faces the sheets print, so the rules
and the kit cannot disagree. Diagrams and example plays come from pnp.paint.diagrams.
A drawing wider than the frame is scaled
down to it; one taller than a page is an error, never shrunk further or clipped.
"""

from __future__ import annotations


from reportlab.graphics import shapes
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from pnp.i18n.labels import label
from pnp.model.components import ComponentSet
from pnp.model.problems import Problems
from pnp.model.rulebook import Block
from pnp.model.units import mm, parse_length, to_mm
from pnp.paint.diagrams import diagram_drawing, example_steps
from pnp.paint.faces import FacePainter
from pnp.paint.fonts import font_name
from pnp.paint.rulebook.flowables import KeyedParagraph, PictureStrip, ScaledDrawing, Tag, fit_scale, tagged
from pnp.paint.rulebook.markup import paragraph_xml
from pnp.paint.rulebook.story import Context, second_style, texts

GAP = mm(3)


# --- components ---------------------------------------------------------------

def components(ctx: Context, block: Block, group: int) -> list[Flowable]:
    flowables: list[Flowable] = []
    for component_set in ctx.game.sets:
        flowables.append(KeepTogether(component_entry(ctx, component_set, block, group)))
    return flowables


def component_entry(ctx: Context, component_set: ComponentSet, block: Block, group: int) -> list[Flowable]:
    s = ctx.styles
    name_key, description_key = f"component.{component_set.id}.name", f"component.{component_set.id}.description"
    if not ctx.texts[0].has(name_key):
        ctx.problems.add(block.location, "components", f"no text '{name_key}' in text/en.yaml to name the set '{component_set.id}'")
        return []
    lines = []
    for index, voice in enumerate(ctx.texts):
        name = paragraph_xml(voice(name_key))
        description = paragraph_xml(voice(description_key)) if voice.has(description_key) else ""
        count = f'<font name="{s.heading.fontName}" color="{s.colours.accent.hexval()}">{component_set.count} ×</font> ' if index == 0 else ""
        text = f"{count}<b>{name}</b>" + (f" – {description}" if description else "")
        style = s.body if index == 0 else second_style(s, s.body)
        lines.append(tagged(KeyedParagraph(text, style), Tag(name_key, ctx.location(name_key, voice.language), group)))
    strip = PictureStrip(item_drawings(ctx, component_set, outlined=True), height=picture_height(ctx, component_set),
                         gap=GAP * ctx.page.scale)
    return [*lines, tagged(strip, Tag(name_key, block.location, group)), Spacer(1, s.gap * 1.4)]


def picture_height(ctx: Context, component_set: ComponentSet) -> float:
    """About a third of true size, kept between 10 and 20 mm so small and large sets both read."""
    return min(max(component_set.height * 0.3, mm(10)), mm(20)) * ctx.page.scale


def item_drawings(ctx: Context, component_set: ComponentSet, outlined: bool = False) -> list[Drawing]:
    """The front of every distinct item, as on the sheets (face problems are the sheets' to report)."""
    painter = FacePainter(ctx.texts[0], ctx.language, Problems())
    drawings = [painter.drawing(item.front, component_set.shape, 0.0) for item in component_set.items]
    if outlined and component_set.shape == "rect":
        corner = component_set.corner
        corner = parse_length(corner) if isinstance(corner, str) else corner
        for drawing in drawings:
            drawing.add(shapes.Rect(0, 0, drawing.width, drawing.height, rx=corner, ry=corner,
                                    fillColor=None, strokeColor=ctx.styles.colours.soft, strokeWidth=0.6))
    return drawings


def cover_strip(ctx: Context) -> list[Flowable]:
    """One row of the first few distinct items of the first set that is not a board."""
    sets = [c for c in ctx.game.sets if c.kind != "board"] or list(ctx.game.sets)
    if not sets:
        return []
    drawings = item_drawings(ctx, sets[0])[:6]
    return [PictureStrip(drawings, height=mm(16) * ctx.page.scale, gap=GAP * ctx.page.scale)]


# --- diagrams -------------------------------------------------------------------

def diagram_row(ctx: Context, blocks: tuple[Block, ...], group: int) -> list[Flowable]:
    """One to three diagrams side by side, each with its caption in every voice."""
    width = (ctx.frame_width - GAP * (len(blocks) - 1)) / len(blocks)
    cells = [diagram_cell(ctx, block, width, group) for block in blocks]
    table = Table([cells], colWidths=[width] * len(cells), hAlign="CENTER")
    table.setStyle(_CELL_STYLE)
    tag = Tag(_diagram_key(blocks[0]), _caption_location(ctx, blocks[0]), group)
    return [tagged(table, tag), Spacer(1, ctx.styles.gap * 1.2)]


# Tables start in Helvetica unless told otherwise, and Helvetica is never embedded.
_CELL_STYLE = TableStyle([
    ("FONT", (0, 0), (-1, -1), font_name()),
    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
    ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
])


def _diagram_key(block: Block) -> str:
    return f"diagram.{block.ref}.caption"


def _caption_location(ctx: Context, block: Block):
    key = _diagram_key(block)
    return ctx.location(key, ctx.language) if ctx.texts[0].has(key) else block.location


def diagram_cell(ctx: Context, block: Block, width: float, group: int) -> list[Flowable]:
    drawing = diagram_drawing(ctx.game, ctx.catalogs, ctx.book, block.ref, ctx.language, ctx.problems)
    picture = scaled(ctx, drawing, width, Tag(f"diagram {block.ref}", block.location, group))
    key = _diagram_key(block)
    captions = texts(ctx, key, ctx.styles.caption, group) if ctx.texts[0].has(key) else []
    return [picture, Spacer(1, ctx.styles.gap * 0.5), *captions]


def scaled(ctx: Context, drawing: Drawing, width: float, tag: Tag) -> Flowable:
    """The drawing at frame width if wider; a problem if it is then still taller than the frame."""
    flowable = ScaledDrawing(drawing, fit_scale(drawing, width))
    if flowable.height > ctx.frame_height:
        ctx.problems.add(tag.location, tag.key, f"{ctx.game.id} ({ctx.language}): {tag.key} is "
                         f"{to_mm(flowable.height):.0f} mm tall at {to_mm(width):.0f} mm wide; a "
                         f"{ctx.page.name.upper()} page holds {to_mm(ctx.frame_height):.0f} mm")
    return tagged(flowable, tag)


# --- example plays -------------------------------------------------------------------

def example(ctx: Context, block: Block, group: int) -> list[Flowable]:
    """The intro, then the steps two to a row, each picture over its numbered caption."""
    steps = [example_steps(ctx.game, ctx.catalogs, ctx.book, block.ref, voice.language, ctx.problems)
             for voice in ctx.texts]
    flowables = []
    # An example opens with who plays, then how to read its pictures, where the game says so.
    for intro_key in (f"example.{block.ref}.intro", f"example.{block.ref}.markers"):
        if ctx.texts[0].has(intro_key):
            flowables += texts(ctx, intro_key, ctx.styles.body, group)
    columns = 2 if ctx.page.name == "a5" else 1
    width = (ctx.frame_width - GAP * (columns - 1)) / columns
    cells = [step_cell(ctx, block, number, [voice[number - 1] for voice in steps], width, group)
             for number in range(1, len(steps[0]) + 1)]
    for start in range(0, len(cells), columns):
        row = cells[start:start + columns]
        row += [[]] * (columns - len(row))
        table = Table([row], colWidths=[width] * columns, hAlign="CENTER")
        table.setStyle(_CELL_STYLE)
        flowables += [tagged(table, Tag(f"example {block.ref} step {start + 1}", block.location, group)),
                      Spacer(1, GAP * ctx.page.scale)]
    return flowables


def step_cell(ctx: Context, block: Block, number: int, voices: list, width: float, group: int) -> list[Flowable]:
    drawing = voices[0][0]
    picture = scaled(ctx, drawing, width, Tag(f"example {block.ref} step {number}", block.location, group))
    s = ctx.styles
    result: list[Flowable] = [picture, Spacer(1, s.gap * 0.4)]
    for index, (_, caption) in enumerate(voices):
        style = s.caption if index == 0 else second_style(s, s.caption)
        prefix = f"<b>{label('step', ctx.texts[index].language)} {number}.</b> " if index == 0 else ""
        result.append(KeyedParagraph(prefix + paragraph_xml(caption), style))
    return result
