"""A Rulebook and one or two languages' texts → the platypus story: cover, then sections.

With two voices (the bilingual edition) every text is set in the first language and
followed by the second in italic, in the second colour. Sections marked `new_page`
start a page and open a new page group; the cover is group 0. In a flowing edition
those breaks are SectionBreaks, which the layout lets go where keeping them would leave
a page nearly empty.

The story keeps together what belongs together, and platypus enforces it: a heading
stays with its first block; a lead-in (a paragraph ending in a colon) with its list; a
list with itself; the block before a figure with the figure (the text that introduces
it), where the two fit on a page; a figure with its caption (they are one flowable).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from pnp.i18n import credits
from pnp.i18n.catalog import Catalogs, Texts
from pnp.i18n.labels import label
from pnp.model.diagrams import DiagramBook
from pnp.model.game import SUBTITLE_KEY, Game
from pnp.model.problems import Location, Problems
from pnp.model.rulebook import Block, Rulebook, Section
from pnp.paint.rulebook.document import SectionBreak
from pnp.paint.rulebook.flowables import RulebookParagraph, Tag, tagged
from pnp.paint.rulebook.markup import paragraph_xml
from pnp.paint.rulebook.style import Geometry, Styles
from pnp.text.fonts import describe, styled, undrawable
from pnp.text.typography import without_runt

FIGURES = ("diagram", "example", "components")


@dataclass(frozen=True)
class Context:
    """Everything a story needs; texts[0] is the main voice, texts[1] (if any) the second."""

    game: Game
    catalogs: Catalogs
    rulebook: Rulebook
    texts: tuple[Texts, ...]
    page: Geometry
    styles: Styles
    problems: Problems
    book: DiagramBook
    edition: str = ""
    # Pictures already drawn, by what they show and at which size: every edition of a game shares them.
    pictures: dict = field(default_factory=dict, compare=False)
    icons: object = field(default=None, compare=False)  # the game's icons (pnp.model.icons.IconBook)

    @property
    def follows_page_breaks(self) -> bool:
        # new_page places sections on the booklet's pages; an edition at another size flows,
        # and so does the bilingual one, twice as long as the pages were planned for.
        booklet_size = "a6" if self.rulebook.booklet == "a6-sheet" else "a5"
        return self.page.name == booklet_size and len(self.texts) == 1

    @property
    def language(self) -> str:
        return self.texts[0].language

    @property
    def frame_width(self) -> float:
        return self.page.frame[2]

    @property
    def frame_height(self) -> float:
        return self.page.frame[3]

    def location(self, key: str, language: str) -> Location:
        """Where the text for key in language is defined (the source's where it falls back)."""
        for lang in (language, self.catalogs.source_language):
            entry = self.catalogs[lang].get(key) if lang in self.catalogs else None
            if entry is not None:
                return entry.location
        return self.rulebook.location


@dataclass
class Chunk:
    """Flowables that stay together, and whether they stay with the chunk after them."""

    flowables: list[Flowable]
    keep_with_next: bool = False
    kind: str = "text"
    lead_in: bool = False


def kept_together(chunks: list[Chunk]) -> list[Flowable]:
    """Each run of chunks chained by keep_with_next as one KeepTogether."""
    story: list[Flowable] = []
    run: list[Flowable] = []
    for chunk in chunks:
        run += chunk.flowables
        if not chunk.keep_with_next:
            story.append(KeepTogether(run) if len(run) > 1 else run[0])
            run = []
    if run:
        story.append(KeepTogether(run) if len(run) > 1 else run[0])
    return story


def build_story(ctx: Context, flowing: bool) -> list[Flowable]:
    """The edition's story; `flowing`: a section's page break may be let go (SectionBreak)."""
    story: list[Flowable] = [*cover(ctx), NextPageTemplate("body"), PageBreak()]
    group = 0
    for index, section in enumerate(ctx.rulebook.sections):
        if index == 0 or (section.new_page and ctx.follows_page_breaks):
            group += 1
            if index > 0:
                story.append(SectionBreak() if flowing else PageBreak())
        story.extend(kept_together(section_chunks(ctx, section, group)))
    return story


def paragraph(ctx: Context, text: str, style: ParagraphStyle, tag: Tag, language: str,
              bullet: str | None = None) -> RulebookParagraph:
    """The text as a paragraph; every character a font of it cannot draw is a problem naming key, language, style."""
    flowable = RulebookParagraph(paragraph_xml(without_runt(text), language), style, bulletText=bullet, icons=ctx.icons)
    for problem in flowable.icon_problems:
        ctx.problems.add(tag.location, tag.key, f"{ctx.game.id} ({language}): text '{tag.key}': {problem}")
    for frag in flowable.frags:
        missing = undrawable(getattr(frag, "text", ""), frag.fontName)
        if missing:
            ctx.problems.add(tag.location, tag.key, f"{ctx.game.id} ({language}): text '{tag.key}' has "
                             f"{' '.join(missing)}, which the {describe(frag.fontName)} cannot draw")
    return tagged(flowable, tag)


def texts(ctx: Context, key: str, style: ParagraphStyle, group: int, bullet: str | None = None) -> list[Flowable]:
    """The text of key in every voice: the first in style, the others in its italic second colour."""
    result = []
    for index, voice in enumerate(ctx.texts):
        shown = style if index == 0 else second_style(ctx.styles, style)
        tag = Tag(key, ctx.location(key, voice.language), group)
        result.append(paragraph(ctx, voice(key), shown, tag, voice.language, bullet if index == 0 else None))
    return result


def second_style(styles: Styles, style: ParagraphStyle) -> ParagraphStyle:
    """style for the second voice: italic, second colour, tighter to the first."""
    if style.name == "heading":
        return styles.heading_second
    return ParagraphStyle(style.name + "-second", style, fontName=styled(style.fontName, "italic"),
                          textColor=styles.colours.second, spaceBefore=0)


def section_chunks(ctx: Context, section: Section, group: int) -> list[Chunk]:
    from pnp.paint.rulebook import pictures

    chunks = [Chunk(texts(ctx, section.title, ctx.styles.heading, group), keep_with_next=True, kind="heading")]
    blocks = list(runs(section.body))
    for index, run in enumerate(blocks):
        kind = run[0].kind
        if kind == "diagram":
            made = pictures.diagram_rows(ctx, run, group)
        elif kind == "components":
            made = pictures.components(ctx, run[0], group)
        elif kind == "example":
            made = pictures.example(ctx, run[0], group)
        elif kind == "credits":
            made = [credits_chunk(ctx, group)]
        else:
            made = [text_chunk(ctx, run[0], group)]
        following = blocks[index + 1][0].kind if index + 1 < len(blocks) else None
        last = made[-1]
        # A lead-in stays with its list; a text stays with the figure it introduces.
        if last.kind == "text" and (following in FIGURES or (last.lead_in and following in ("bullets", "steps"))):
            last.keep_with_next = True
        chunks += made
    return chunks


def runs(body: tuple[Block, ...]) -> Iterator[tuple[Block, ...]]:
    """Blocks one by one, except that consecutive diagrams come as one run: a sequence."""
    run: list[Block] = []
    for block in body:
        if block.kind == "diagram" and all(b.kind == "diagram" for b in run):
            run.append(block)
            continue
        if run:
            yield tuple(run)
        run = [block]
        if block.kind != "diagram":
            yield tuple(run)
            run = []
    if run:
        yield tuple(run)


def text_chunk(ctx: Context, block: Block, group: int) -> Chunk:
    """A paragraph, or a whole list (kept together: no step is left alone on a page)."""
    s = ctx.styles
    if block.kind == "p":
        lead_in = ctx.texts[0](block.keys[0]).rstrip().endswith(":")
        return Chunk(texts(ctx, block.keys[0], s.body, group), lead_in=lead_in)
    flowables: list[Flowable] = []
    for number, key in enumerate(block.keys, start=1):
        bullet = f"{number}" if block.kind == "steps" else "•"
        flowables += texts(ctx, key, s.bullet, group, bullet=bullet)
    flowables.append(Spacer(1, s.gap * 0.6))
    return Chunk(flowables)


def credits_chunk(ctx: Context, group: int) -> Chunk:
    """The credits game.yaml states, a line each, in every voice (a second voice only where it differs)."""
    flowables: list[Flowable] = []
    tag = Tag("credits", ctx.game.location, group)
    lines = [credits.credit_lines(ctx.game, voice.language) for voice in ctx.texts]
    for index, line in enumerate(lines[0]):
        for voice_index, voice in enumerate(ctx.texts):
            said = lines[voice_index][index]
            if voice_index and said == line:
                continue
            style = ctx.styles.body if voice_index == 0 else second_style(ctx.styles, ctx.styles.body)
            flowables.append(paragraph(ctx, said, style, tag, voice.language))
    return Chunk(flowables or [Spacer(1, 0)])  # a game that states no credits: the section's own texts only


def cover(ctx: Context) -> list[Flowable]:
    """Title, tagline (or the game's subtitle), a strip of the components, the facts stated
    (players, minutes, age) and the credit line. The bilingual edition shows a title twice
    only where it differs."""
    from pnp.paint.rulebook import pictures

    s, game, book = ctx.styles, ctx.game, ctx.rulebook.cover
    flowables: list[Flowable] = [Spacer(1, ctx.frame_height * 0.14)]
    flowables += cover_title(ctx)
    tagline_key = book.tagline or (SUBTITLE_KEY if ctx.texts[0].has(SUBTITLE_KEY) else None)
    if tagline_key:
        tagline = ParagraphStyle("tagline-c", s.tagline, spaceAfter=2 * ctx.page.scale)
        flowables += texts(ctx, tagline_key, tagline, 0)
    flowables.append(Spacer(1, ctx.frame_height * 0.08))
    flowables += pictures.cover_strip(ctx)
    flowables.append(Spacer(1, ctx.frame_height * 0.08))
    if book.facts(game):
        flowables.append(facts_table(ctx))
    flowables.append(Spacer(1, ctx.frame_height * 0.06))
    credit = ParagraphStyle("credit", s.small, alignment=1, leftIndent=0, rightIndent=0)
    flowables.append(paragraph(ctx, cover_credit(ctx), credit, Tag("credit", game.location, 0), ctx.language))
    return flowables


def cover_title(ctx: Context) -> list[Flowable]:
    """The game's title in each voice (game.yaml's where a language has none), each title once."""
    titles = dict.fromkeys(ctx.game.title_in(voice) for voice in ctx.texts)
    where = Tag("title", ctx.game.location, 0)
    return [paragraph(ctx, title, ctx.styles.title if index == 0 else second_style(ctx.styles, ctx.styles.title), where,
                      ctx.texts[min(index, len(ctx.texts) - 1)].language) for index, title in enumerate(titles)]


def cover_credit(ctx: Context) -> str:
    return credits.cover_credit(ctx.game, [voice.language for voice in ctx.texts])


def facts_table(ctx: Context) -> Table:
    s, game = ctx.styles, ctx.game
    facts = ctx.rulebook.cover.facts(game)
    where = Tag("cover", game.location, 0)
    values = [paragraph(ctx, value, s.fact, where, ctx.language) for _, value in facts]
    labels = [paragraph(ctx, " / ".join(label(name, t.language) for t in ctx.texts), s.fact_label, where, ctx.language)
              for name, _ in facts]
    width = ctx.page.measure / max(3, len(facts))
    table = Table([values, labels], colWidths=[width] * len(facts))
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), s.body.fontName),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBEFORE", (1, 0), (-1, -1), 0.5, s.colours.soft),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]))
    return table
