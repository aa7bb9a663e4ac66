"""A game's outputs under --out → its kit pages: a printing guide per language, with thumbnails.

`<game>/index.html` (and `index-<lang>.html` for each other language of the kit) says, in
its language, what to print on which paper and how (pages and sheets counted, both sides
or one, the edge to flip on: read from each PDF's own viewer preferences), then what to
cut out and fold (each component set with its count and size, the booklet's folds), then
lists the rest: the web edition, the sheets as PNG pages, the diagrams, Tabletop Simulator
and print-on-demand files. Every file pnp made for the game under --out is on the page of
each of its languages (a file in none, on every page), whichever build made it, and one
whose inputs changed since it was made is marked out of date. Files of one stem (a
diagram's PDF, PNG and SVG) are one entry. Thumbnails are small WebP files beside the pages
(`thumbnails/<stem>.webp`), made from the files' own bytes, each with its width and height
and loading as it scrolls into view, so the pages themselves stay small.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pnp.export.web.listing import Entry, KitFile
from pnp.export.web.page import KIT_STYLE, Language, attribute, document, language_switch, text
from pnp.i18n.labels import label

THUMBNAIL = 300  # pixels along a thumbnail's longer side: sharp at the 13rem a column gives it
QUALITY = 80  # WebP's: sheets and pictures at a few kilobytes each, edges still clean
# The sections (TargetKind.section) whose files the printing guide lists, and the kinds in them
# in the order it lists them; then the sections listed after it, in this order, then other files.
PRINTED = ("sheets", "rulebooks")
PRINT_ORDER = ("sheets", "booklet", "rulebook")
SECTIONS = ("web-edition", "png-pages", "diagrams", "tts", "pod")
EDGES = {"/DuplexFlipLongEdge": "long", "/DuplexFlipShortEdge": "short"}


@dataclass(frozen=True)
class Thumbnail:
    path: str  # within the game's folder
    width: int
    height: int


@dataclass(frozen=True)
class Printed:
    """What a PDF says about printing it: its pages, its page size and the edge to flip on (None: one-sided)."""

    pages: int
    size: tuple[float, float]
    edge: str | None


def pdf_facts(data: bytes) -> Printed:
    """A PDF's page count, first page size (points) and the duplex flip its viewer preferences ask for."""
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        box = [float(v) for v in pdf.pages[0].mediabox]
        preferences = pdf.Root.get("/ViewerPreferences")
        duplex = str(preferences.get("/Duplex")) if preferences is not None and "/Duplex" in preferences else None
        return Printed(len(pdf.pages), (box[2] - box[0], box[3] - box[1]), EDGES.get(duplex or ""))


def thumbnail_webp(path: str, data: bytes) -> tuple[bytes, int, int]:
    """A small picture of a file: a PDF's first page or a PNG, at most THUMBNAIL pixels a side, as WebP."""
    from PIL import Image

    if path.endswith(".pdf"):
        import pypdfium2

        from pnp.output.raster import render_page

        document_ = pypdfium2.PdfDocument(data)
        try:
            longest = max(document_[0].get_size())
        finally:
            document_.close()
        image = render_page(data, 0, max(1, int(THUMBNAIL * 72 / longest) + 1))
    else:
        image = Image.open(io.BytesIO(data))
        image.load()
    return picture_webp(image)


def picture_webp(image) -> tuple[bytes, int, int]:
    """An image reduced to at most THUMBNAIL pixels a side (flattened on white) as WebP bytes, and its size."""
    from PIL import Image

    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        flat = Image.new("RGB", image.size, (255, 255, 255))
        flat.paste(image, mask=image.getchannel("A"))
        image = flat
    else:
        image = image.convert("RGB")
    image.thumbnail((THUMBNAIL, THUMBNAIL), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, format="WEBP", quality=QUALITY, method=6)
    return buffer.getvalue(), image.width, image.height


# --- the page ----------------------------------------------------------------------------

@dataclass(frozen=True)
class CutLine:
    """One component set to cut out: its name in the page's language, how many, their sizes in mm."""

    name: str
    count: int
    shape: str
    sizes: tuple[tuple[float, float], ...]
    board: bool = False


@dataclass(frozen=True)
class Picture:
    """A rulebook diagram or example play: its thumbnail, caption and place in the web edition."""

    href: str
    caption: str
    thumbnail: Thumbnail


@dataclass(frozen=True)
class Kit:
    """Everything a kit page shows in one language."""

    language: str
    title: str
    tagline: str
    entries: tuple[Entry, ...]
    thumbnails: Mapping[str, Thumbnail]  # by path within the game's folder (Entry.thumbnail)
    printed: Mapping[str, Printed]  # by path, for the PDFs
    cut: tuple[CutLine, ...]
    booklet: str | None  # the rulebook's booklet kind (a6-sheet, a5-saddle), whose folding the page says
    pictures: tuple[Picture, ...]
    switch: tuple[Language, ...]


def kit_page(kit: Kit) -> bytes:
    """The kit page in kit.language."""
    say = _Words(kit.language)
    mine = [e for e in kit.entries if not e.first.languages or kit.language in e.first.languages]
    header = (f'{language_switch(kit.language, list(kit.switch), say("languages"))}'
              f"<header><h1>{text(kit.title)}</h1><p class=\"tagline\">{text(kit.tagline)}</p></header>")
    parts = [header, "<main>", _print_section(kit, mine, say), _cut_section(kit, say)]
    for section in SECTIONS:
        listed = [e for e in mine if e.first.section == section]
        pictures = kit.pictures if section == "diagrams" else ()
        if listed or pictures:
            intro = f"<p>{text(say('kit-png-intro'))}</p>" if section == "png-pages" else ""
            items = [_entry(e, kit, say) for e in listed] + [_picture(p) for p in pictures]
            parts.append(_section(f"kit-{section}", say, f'{intro}<ul class="kit">{"".join(items)}</ul>'))
    rest = [e for e in mine if e.first.section not in (*SECTIONS, *PRINTED)]
    if rest:
        parts.append(_section("kit-files", say, f'<ul class="kit">{"".join(_entry(e, kit, say) for e in rest)}</ul>'))
    parts.append("</main>")
    return document(kit.language, f"{kit.title} – {kit.tagline}", "\n".join(parts), wide=True, style=KIT_STYLE)


class _Words:
    """pnp's words in the page's language, and its numbers written its way."""

    def __init__(self, language: str):
        self.language = language
        self.decimal = label("decimal-mark", language)

    def __call__(self, name: str, **values) -> str:
        return label(name, self.language).format(**values)

    def number(self, value: float) -> str:
        return f"{value:.1f}".rstrip("0").rstrip(".").replace(".", self.decimal)


def _print_section(kit: Kit, mine: list[Entry], say: _Words) -> str:
    """What to print, by paper: the sheets and booklets for A4, then for Letter, then the rulebooks to read."""
    from pnp.paint.rulebook.impose import PAPER_NAMES

    printed = [e for e in mine if e.first.section in PRINTED]
    if not printed:
        return ""
    papers = list(dict.fromkeys(e.first.paper for e in printed if e.first.paper))
    groups = [(PAPER_NAMES.get(p, p), [e for e in printed if e.first.paper == p]) for p in papers]
    groups.append((say("kit-to-read"), [e for e in printed if not e.first.paper]))
    body = [f"<p>{text(say('kit-print-intro'))}</p>"]
    if any(e.first.kind == "sheets" for e in printed):
        body.append(f"<p>{text(say('kit-card'))}</p>")
    for heading, group in groups:
        group.sort(key=lambda e: PRINT_ORDER.index(e.first.kind) if e.first.kind in PRINT_ORDER else len(PRINT_ORDER))
        if group:
            body.append(f"<h3>{text(heading)}</h3><ul class=\"kit\">{''.join(_entry(e, kit, say) for e in group)}</ul>")
    return _section("kit-print", say, "".join(body))


def _cut_section(kit: Kit, say: _Words) -> str:
    """Each component set with its count and size, the boards' parts and the booklet's folds."""
    if not kit.cut:
        return ""
    lines = [_cut_line(line, say) for line in kit.cut]
    notes = []
    if any(line.board for line in kit.cut):
        notes.append(f"<p>{text(say('kit-board-parts'))}</p>")
    if kit.booklet is not None and any(e.first.kind == "booklet" for e in kit.entries):
        notes.append(f"<p>{text(say('kit-booklet-fold', fold=say(f'fold-{kit.booklet}')))}</p>")
    return _section("kit-cut", say, f'<p>{text(say("kit-cut-intro"))}</p><ul class="cut">{"".join(lines)}</ul>'
                                    f'{"".join(notes)}')


def _section(name: str, say: _Words, body: str) -> str:
    """A section headed by the label `name`, which is also its heading's id."""
    return f'<section aria-labelledby="{name}"><h2 id="{name}">{text(say(name))}</h2>{body}</section>'


def _cut_line(line: CutLine, say: _Words) -> str:
    sizes = ", ".join(f"⌀ {say.number(w)} mm" if line.shape == "circle" else f"{say.number(w)} × {say.number(h)} mm"
                      for w, h in line.sizes)
    return f"<li><strong>{line.count} × {text(line.name)}</strong> <span class=\"facts\">{text(sizes)}</span></li>"


def _entry(entry: Entry, kit: Kit, say: _Words) -> str:
    """A thumbnail and the file's name, one link; how to print it; other formats beside it; a stale mark."""
    first = entry.first
    name = first.path.rsplit("/", 1)[-1]
    thumbnail = kit.thumbnails.get(entry.thumbnail or "")
    image = ""
    if thumbnail is not None:
        image = (f'<img src="{attribute(thumbnail.path)}" width="{thumbnail.width}" height="{thumbnail.height}" '
                 'loading="lazy" decoding="async" alt="">')
    href = first.path.split("/", 1)[1]
    called = _name(first, say)
    words = f'<span class="name">{text(called)}</span><span class="file">{text(name)}</span>' if called else \
        f'<span class="file">{text(name)}</span>'
    link = f'<a href="{attribute(href)}">{image}{words}</a>'
    facts = _facts(entry, kit, say)
    also = "".join(f' <a class="also" href="{attribute(f.path.split("/", 1)[1])}">{text(f.extension[1:].upper())}</a>'
                   for f in entry.also)
    stale = ""
    if any(f.stale for f in entry.files):
        stale = f'<p class="stale"><strong>{text(say("kit-stale"))}</strong> {text(say("kit-stale-why"))}</p>'
    return f"<li>{link}{facts}{also}{stale}</li>"


def _name(file: KitFile, say: _Words) -> str:
    """What a file is, in words, where its name alone would not say: '' for the others."""
    if file.kind in ("sheets", "booklet"):
        return say(f"kit-name-{file.kind}")
    if file.kind == "rulebook":
        return say("kit-name-bilingual" if len(file.languages) > 1 else "kit-name-rulebook")
    if file.kind == "web-edition" and file.languages:
        return label("language-name", file.languages[0])
    page = re.search(r"-sheet(\d+)(?:-(front|back))?\.png$", file.path)
    if file.kind == "png-page" and page is not None:
        from pnp.paint.rulebook.impose import PAPER_NAMES

        side = f", {say(f'side-{page.group(2)}')}" if page.group(2) else ""
        return say("kit-name-png-page", paper=PAPER_NAMES.get(file.paper or "", file.paper or ""),
                   sheet=int(page.group(1)), side=side)
    if file.kind == "tts" and file.extension == ".json":
        return say("kit-name-tts-save")
    return ""


def _facts(entry: Entry, kit: Kit, say: _Words) -> str:
    """How a printed PDF is printed: sheets and both sides with the edge to flip, or pages on one side."""
    printed = kit.printed.get(entry.first.path)
    if printed is None:
        return ""
    if printed.edge is not None:
        sheets = (printed.pages + 1) // 2
        words = say("kit-both-sides", sheets=sheets, edge=say(f"edge-{printed.edge}"))
    else:
        words = say("kit-one-side", pages=printed.pages, size=_page_size(printed.size, say))
    return f'<p class="facts">{text(words)}</p>'


def _page_size(size: tuple[float, float], say: _Words) -> str:
    """A page size by its name (A4, A5, A6, US Letter), else in mm."""
    named = {(210, 297): "A4", (148, 210): "A5", (105, 148): "A6", (216, 279): "US Letter"}
    width, height = sorted(round(v * 25.4 / 72) for v in size)
    return named.get((width, height), f"{say.number(width)} × {say.number(height)} mm")


def _picture(picture: Picture) -> str:
    thumbnail = picture.thumbnail
    return (f'<li><a href="{attribute(picture.href)}"><img src="{attribute(thumbnail.path)}" width="{thumbnail.width}" '
            f'height="{thumbnail.height}" loading="lazy" decoding="async" alt="">'
            f'<span class="caption">{text(picture.caption)}</span></a></li>')


# --- making the pages ------------------------------------------------------------------------

def kit_thumbnails(listed: Sequence[Entry], read: Callable[[KitFile], bytes | None]
                   ) -> tuple[dict[str, bytes], dict[str, Thumbnail], dict[str, Printed]]:
    """Each entry's thumbnail (its bytes, and how a page shows it, by path within the game's folder) and
    what each printed PDF says about printing it (by path under --out); `read` gives a file's bytes."""
    files: dict[str, bytes] = {}
    shown: dict[str, Thumbnail] = {}
    printed: dict[str, Printed] = {}
    for entry in listed:
        source, path = entry.pictured, entry.thumbnail
        if source is None or path is None:
            continue
        data = read(source)
        if data is None:
            raise ValueError(f"no bytes to draw the thumbnail of {source.path} from")
        files[path], width, height = thumbnail_webp(source.path, data)
        shown[path] = Thumbnail(path, width, height)
        if entry.first.section in PRINTED and source.extension == ".pdf":
            printed[source.path] = pdf_facts(data)
    return files, shown, printed
