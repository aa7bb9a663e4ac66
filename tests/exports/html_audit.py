"""An HTML page read with the standard library's parser: what the web tests check without a browser."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

BLOCKS = {"p", "li", "div", "section", "figcaption", "dt", "dd", "br", "h1", "h2", "h3", "h4", "h5", "h6", "nav",
          "header", "footer", "main", "ol", "ul", "figure"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Page:
    """Everything the checks need from one page."""

    path: Path
    lang: str | None = None
    ids: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    images: list[dict] = field(default_factory=list)
    svgs: list[dict] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    meta: list[dict] = field(default_factory=list)
    text: str = ""
    unclosed: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """What keeps the page from being well-formed, self-contained and accessible."""
        found = []
        if not self.lang:
            found.append("no lang on <html>")
        if self.unclosed:
            found.append(f"unclosed or stray tags: {self.unclosed[:5]}")
        if not any(m.get("name") == "viewport" and "width=device-width" in m.get("content", "") for m in self.meta):
            found.append("no viewport for phones")
        levels = [level for level, _ in self.headings]
        if levels.count(1) != 1:
            found.append(f"{levels.count(1)} h1 headings")
        found += [f"heading skips from h{a} to h{b}" for a, b in zip(levels, levels[1:]) if b > a + 1]
        found += [f"id {i!r} used twice" for i in sorted({i for i in self.ids if self.ids.count(i) > 1})]
        found += ["no alt on an image" for image in self.images if "alt" not in image]
        found += ["svg without a name or aria-hidden" for svg in self.svgs
                  if not (svg.get("role") == "img" and svg.get("aria-label")) and svg.get("aria-hidden") != "true"]
        if "script" in self.tags or "iframe" in self.tags:
            found.append("a script or frame")
        found += [f"external resource {s}" for s in self.sources if urlparse(s).scheme not in ("", "data")]
        found += [f"broken link {link}" for link in self.links if not self.resolves(link)]
        return found

    def resolves(self, link: str) -> bool:
        parsed = urlparse(link)
        if parsed.scheme:
            return False  # the kit links only to its own files
        target = self.path if not parsed.path else self.path.parent / unquote(parsed.path)
        if not target.is_file():
            return False
        if parsed.fragment:
            return parsed.fragment in (self.ids if target == self.path else read_page(target).ids)
        return True


class _Reader(HTMLParser):
    def __init__(self, page: Page):
        super().__init__(convert_charrefs=True)
        self.page, self.open, self.heading, self.texts = page, [], None, []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        page = self.page
        page.tags.append(tag)
        if tag == "html":
            page.lang = attributes.get("lang")
        if "id" in attributes:
            page.ids.append(attributes["id"])
        if tag == "a" and "href" in attributes:
            page.links.append(attributes["href"])
        if "src" in attributes:
            page.sources.append(attributes["src"])
        if tag == "link" and "href" in attributes:
            page.sources.append(attributes["href"])
        {"img": page.images, "svg": page.svgs, "meta": page.meta}.get(tag, []).append(attributes)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.heading = [int(tag[1]), ""]
        if tag in BLOCKS:
            self.texts.append(" ")
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.open and self.open[-1] == tag:
            self.open.pop()

    def handle_endtag(self, tag):
        if self.heading and tag == f"h{self.heading[0]}":
            self.page.headings.append((self.heading[0], self.heading[1].strip()))
            self.heading = None
        if self.open and self.open[-1] == tag:
            self.open.pop()
        elif tag not in VOID:
            self.page.unclosed.append(f"</{tag}>")

    def handle_data(self, data):
        if self.open and self.open[-1] in ("style", "title"):
            return
        self.texts.append(data)
        if self.heading:
            self.heading[1] += data


def read_page(path: Path) -> Page:
    page = Page(Path(path))
    reader = _Reader(page)
    reader.feed(Path(path).read_text(encoding="utf-8"))
    reader.close()
    page.unclosed += [f"<{tag}>" for tag in reader.open]
    page.text = " ".join("".join(reader.texts).split())
    return page
