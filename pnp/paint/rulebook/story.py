"""A Rulebook and one or two languages' texts → the platypus story: cover, then sections.

With two voices (the bilingual edition) every text is set in the first language and
followed by the second in italic, in the second colour. Sections marked `new_page`
start a page and open a new page group; the cover is group 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, Flowable, NextPageTemplate, PageBreak, Spacer, Table, TableStyle

from pnp.i18n.catalog import Catalog, Texts
from pnp.i18n.labels import label
from pnp.model.diagrams import DiagramBook
from pnp.model.game import Game
from pnp.model.problems import Location, Problems
from pnp.model.rulebook import Block, Rulebook, Section
from pnp.paint.fonts import font_name
from pnp.paint.rulebook.flowables import KeyedParagraph, Tag, tagged
from pnp.paint.rulebook.markup import paragraph_xml
from pnp.paint.rulebook.style import Geometry, Styles


@dataclass(frozen=True)
class Context:
    """Everything a story needs; texts[0] is the main voice, texts[1] (if any) the second."""

    game: Game
    catalogs: dict[str, Catalog]
    rulebook: Rulebook
    texts: tuple[Texts, ...]
    page: Geometry
    styles: Styles
    problems: Problems
    book: DiagramBook

    @property
    def follows_page_breaks(self) -> bool:
        # new_page places sections on the booklet's pages; an edition at another size flows.
        booklet_size = "a6" if self.rulebook.booklet == "a6-sheet" else "a5"
        return self.page.name == booklet_size

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
        """Where the text for key in language is defined (English where it falls back)."""
        for lang in (language, "en"):
            entry = self.catalogs[lang].get(key) if lang in self.catalogs else None
            if entry is not None:
                return entry.location
        return self.rulebook.location


def build_story(ctx: Context) -> list[Flowable]:
    story: list[Flowable] = [*cover(ctx), NextPageTemplate("body"), PageBreak()]
    group = 0
    for index, section in enumerate(ctx.rulebook.sections):
        if index == 0 or (section.new_page and ctx.follows_page_breaks):
            group += 1
            if index > 0:
                story.append(PageBreak())
        story.extend(section_flowables(ctx, section, group))
    return story


def texts(ctx: Context, key: str, style: ParagraphStyle, group: int, bullet: str | None = None) -> list[Flowable]:
    """The text of key in every voice: the first in style, the others in its italic second colour."""
    result = []
    for index, voice in enumerate(ctx.texts):
        shown = style if index == 0 else second_style(ctx.styles, style)
        xml = paragraph_xml(voice(key))
        paragraph = KeyedParagraph(xml, shown, bulletText=bullet if index == 0 else None)
        result.append(tagged(paragraph, Tag(key, ctx.location(key, voice.language), group)))
    if len(result) > 1:
        result[0].keepWithNext = 1
    return result


def second_style(styles: Styles, style: ParagraphStyle) -> ParagraphStyle:
    """style for the second voice: italic, second colour, tighter to the first."""
    if style.name == "heading":
        return styles.heading_second
    return ParagraphStyle(style.name + "-second", style, fontName=font_name("italic"),
                          textColor=styles.colours.second, spaceBefore=0)


def section_flowables(ctx: Context, section: Section, group: int) -> list[Flowable]:
    from pnp.paint.rulebook import pictures

    flowables: list[Flowable] = [CondPageBreak(ctx.frame_height * 0.12)]
    flowables += texts(ctx, section.title, ctx.styles.heading, group)
    for run in runs(section.body):
        kind = run[0].kind
        if kind == "diagram":
            flowables += pictures.diagram_row(ctx, run, group)
        elif kind == "components":
            flowables += pictures.components(ctx, run[0], group)
        elif kind == "example":
            flowables += pictures.example(ctx, run[0], group)
        else:
            flowables += text_block(ctx, run[0], group)
    return flowables


def runs(body: tuple[Block, ...]) -> Iterator[tuple[Block, ...]]:
    """Blocks one by one, except that consecutive diagrams (up to three) come as one run."""
    run: list[Block] = []
    for block in body:
        if block.kind == "diagram" and len(run) < 3 and all(b.kind == "diagram" for b in run):
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


def text_block(ctx: Context, block: Block, group: int) -> list[Flowable]:
    s = ctx.styles
    if block.kind == "p":
        return texts(ctx, block.keys[0], s.body, group)
    result: list[Flowable] = []
    for number, key in enumerate(block.keys, start=1):
        bullet = f"{number}" if block.kind == "steps" else "•"
        result += texts(ctx, key, s.bullet, group, bullet=bullet)
    result.append(Spacer(1, s.gap * 0.6))
    return result


def cover(ctx: Context) -> list[Flowable]:
    """Title, tagline, a strip of the components, the facts (players, minutes, age) and authors."""
    from pnp.paint.rulebook import pictures

    s, game, book = ctx.styles, ctx.game, ctx.rulebook.cover
    flowables: list[Flowable] = [Spacer(1, ctx.frame_height * 0.14)]
    flowables.append(tagged(KeyedParagraph(paragraph_xml(game.title), s.title), Tag("title", game.location, 0)))
    if book.tagline:
        tagline = ParagraphStyle("tagline-c", s.tagline, spaceAfter=2 * ctx.page.scale)
        flowables += texts(ctx, book.tagline, tagline, 0)
    flowables.append(Spacer(1, ctx.frame_height * 0.08))
    flowables += pictures.cover_strip(ctx)
    flowables.append(Spacer(1, ctx.frame_height * 0.08))
    flowables.append(facts_table(ctx))
    flowables.append(Spacer(1, ctx.frame_height * 0.06))
    flowables.append(KeyedParagraph(paragraph_xml(cover_credit(ctx)), ParagraphStyle("credit", s.small, alignment=1)))
    return flowables


def cover_credit(ctx: Context) -> str:
    game = ctx.game
    authors = ", ".join(game.authors)
    edition = " / ".join(label("edition", t.language) for t in ctx.texts)
    by = label("by", ctx.language)
    line = f"{by} {authors}" if authors else ""
    return " · ".join(p for p in (line, f"{edition} {game.version}", game.licence) if p)


def facts_table(ctx: Context) -> Table:
    s, book, game = ctx.styles, ctx.rulebook.cover, ctx.game
    facts = [("players", book.players or game.players), ("minutes", book.minutes or game.minutes),
             ("age", book.age or game.age)]
    facts = [(name, value) for name, value in facts if value]
    values = [KeyedParagraph(paragraph_xml(value), s.fact) for _, value in facts]
    labels = [KeyedParagraph(" / ".join(label(name, t.language) for t in ctx.texts), s.fact_label) for name, _ in facts]
    width = ctx.frame_width / max(3, len(facts))
    table = Table([values, labels], colWidths=[width] * len(facts))
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), font_name()),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBEFORE", (1, 0), (-1, -1), 0.5, s.colours.soft),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]))
    return table
