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
from pnp.paint.rulebook.compose import BEFORE_LAST_STEP, FIGURE_AWAY, FREE, IN_LIST, NEVER, Passage
from pnp.paint.rulebook.document import SectionBreak
from pnp.paint.rulebook.flowables import RulebookParagraph, Tag, tagged
from pnp.paint.rulebook.markup import paragraph_xml
from pnp.paint.rulebook.style import Geometry, Styles
from pnp.text.fonts import describe, styled, undrawable
from pnp.text.typography import without_runt

FIGURES = ("diagram", "example", "components")
COVER_PICTURE = 0.38  # of the frame's height: the arrangement of the game's pieces on its cover
COVER_SLACK = 6.0  # points a cover keeps free below its words and pieces


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
    """Flowables that belong together: `inside[i]` is the cost of a page break between flowables i
    and i + 1 (NEVER by default), `after` that of a break after the chunk (FREE: it ends a passage)."""

    flowables: list[Flowable]
    after: float = FREE
    kind: str = "text"
    lead_in: bool = False
    inside: list[float] | None = None

    @property
    def breaks(self) -> list[float]:
        return self.inside if self.inside is not None else [NEVER] * (len(self.flowables) - 1)


def kept_together(chunks: list[Chunk]) -> list[Flowable]:
    """Each run of chunks joined by a break that is not FREE as one Passage (a lone flowable as itself)."""
    story: list[Flowable] = []
    run: list[Flowable] = []
    breaks: list[float] = []
    previous = FREE  # the break after the chunk before: what joins it to this one
    for chunk in chunks:
        if run:
            breaks.append(previous)
        run += chunk.flowables
        breaks += chunk.breaks
        previous = chunk.after
        if chunk.after == FREE:
            story.append(Passage(run, breaks) if len(run) > 1 else run[0])
            run, breaks = [], []
    if run:
        story.append(Passage(run, breaks) if len(run) > 1 else run[0])
    return story


def build_story(ctx: Context, flowing: bool) -> list[Flowable]:
    """The edition's story; `flowing`: a `new_page` section's page break may be let go (SectionBreak).

    A `break: page` always starts a page (and a page group); `break: never` keeps a section
    or block with what comes before it.
    """
    chunks: list[Chunk] = []
    group = 0
    for index, section in enumerate(ctx.rulebook.sections):
        planned = section.new_page and ctx.follows_page_breaks
        if index == 0 or planned or section.page_break == "page":
            group += 1
        if index > 0 and section.page_break == "page":
            chunks.append(page_break_chunk(chunks, PageBreak()))
        elif index > 0 and planned:
            chunks.append(page_break_chunk(chunks, SectionBreak() if flowing else PageBreak()))
        elif index > 0 and section.page_break == "never":
            chunks[-1].after = NEVER
        made, group = section_chunks(ctx, section, group)
        chunks += made
    return [*cover(ctx), NextPageTemplate("body"), PageBreak(), *kept_together(chunks)]


def page_break_chunk(before: list[Chunk], flowable: Flowable) -> Chunk:
    """A page break as a chunk of its own, ending whatever the chunks before it kept together."""
    if before:
        before[-1].after = FREE
    return Chunk([flowable], kind="break")


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


def section_chunks(ctx: Context, section: Section, group: int) -> tuple[list[Chunk], int]:
    """The section's chunks, and the page group it ends in (a block's `break: page` starts the next)."""
    from pnp.paint.rulebook import pictures

    chunks = [Chunk(texts(ctx, section.title, ctx.styles.heading, group), after=NEVER, kind="heading")]
    blocks = list(runs(section.body))
    for index, run in enumerate(blocks):
        if run[0].page_break == "page" and index > 0:
            chunks.append(page_break_chunk(chunks, PageBreak()))
            group += 1
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
        following = blocks[index + 1][0] if index + 1 < len(blocks) else None
        last = made[-1]
        # A lead-in stays with its list; a text with the figure it introduces, unless that leaves a page too empty.
        if last.kind == "text" and following is not None and following.kind in FIGURES:
            last.after = FIGURE_AWAY
        if last.kind == "text" and last.lead_in and following is not None and following.kind in ("bullets", "steps"):
            last.after = NEVER
        if following is not None and following.page_break == "never":
            last.after = NEVER
        chunks += made
    return chunks, group


def runs(body: tuple[Block, ...]) -> Iterator[tuple[Block, ...]]:
    """Blocks one by one, except that consecutive diagrams come as one run: a sequence (which a
    diagram with a `break:` of its own ends)."""
    run: list[Block] = []
    for block in body:
        if block.kind == "diagram" and all(b.kind == "diagram" for b in run) and (block.page_break is None or not run):
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
    """A paragraph (with its translation, which it is never parted from), or a list, which may break
    between two items only after two or more (best with two or more still to come)."""
    s = ctx.styles
    if block.kind == "p":
        lead_in = ctx.texts[0](block.keys[0]).rstrip().endswith(":")
        voiced = texts(ctx, block.keys[0], s.body, group)
        if len(voiced) == 1:
            voiced[0].splittable_in_passage = True  # alone, it may break inside, as its widow and orphan rules let it
        return Chunk(voiced, lead_in=lead_in)
    flowables: list[Flowable] = []
    inside: list[float] = []
    for number, key in enumerate(block.keys, start=1):
        bullet = f"{number}" if block.kind == "steps" else "•"
        item = texts(ctx, key, s.bullet, group, bullet=bullet)
        if flowables:
            inside.append(list_break(number - 1, len(block.keys)))
        inside += [NEVER] * (len(item) - 1)
        flowables += item
    flowables.append(Spacer(1, s.gap * 0.6))
    inside.append(NEVER)
    return Chunk(flowables, inside=inside)


def list_break(before: int, items: int) -> float:
    """The cost of a page break after `before` of a list's `items` items."""
    if before < 2:
        return NEVER
    return IN_LIST if items - before >= 2 else BEFORE_LAST_STEP


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
    """Title, tagline (or the game's subtitle), the game's pieces arranged, the facts game.yaml
    states (players, minutes, age) and the credit line. The bilingual edition shows a title
    twice only where it differs."""
    from pnp.paint.rulebook import pictures

    s, game, book = ctx.styles, ctx.game, ctx.rulebook.cover
    above: list[Flowable] = [Spacer(1, ctx.frame_height * 0.08), *cover_title(ctx)]
    tagline_key = book.tagline or (SUBTITLE_KEY if ctx.texts[0].has(SUBTITLE_KEY) else None)
    if tagline_key:
        tagline = ParagraphStyle("tagline-c", s.tagline, spaceAfter=2 * ctx.page.scale)
        above += texts(ctx, tagline_key, tagline, 0)
    above.append(Spacer(1, ctx.frame_height * 0.05))
    below: list[Flowable] = [Spacer(1, ctx.frame_height * 0.06), *([facts_table(ctx)] if book.facts(game) else []),
                             Spacer(1, ctx.frame_height * 0.06)]
    credit = ParagraphStyle("credit", s.small, alignment=1)
    below.append(paragraph(ctx, cover_credit(ctx), credit, Tag("credit", game.location, 0), ctx.language))
    # The pieces take what the words leave (a long title leaves less), up to COVER_PICTURE of the page.
    words = sum(f.wrap(ctx.frame_width, ctx.frame_height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                for f in above + below)
    room = min(ctx.frame_height * COVER_PICTURE, ctx.frame_height - words - COVER_SLACK * ctx.page.scale)
    picture = pictures.cover_picture(ctx, room) if room > ctx.frame_height * 0.1 else []
    return [*above, *picture, *below]


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
