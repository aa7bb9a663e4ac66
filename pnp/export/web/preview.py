"""Every output of a game's kit → the kit preview page, `<game>/index.html`, with a thumbnail of each.

The page lists what the build made, grouped as a designer looks for it: the web
edition, rulebooks, component sheets (PDF, then their PNG pages), the diagrams the
rulebook shows (each linking to its place in the web edition), Tabletop Simulator
files and print-on-demand files. Each entry links to its file, relative to the page.
Thumbnails are made from the files' own bytes (a PDF's first pages, a PNG reduced) and
carried inside the page, so it shows the same wherever the kit is unpacked.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass

from PIL import Image

from pnp.export.web.page import attribute, document, text
from pnp.output.raster import page_count, render_page

THUMBNAIL = 240
SECTIONS = ("web-edition", "rulebooks", "sheets", "png-pages", "diagrams", "tts", "pod", "files")


@dataclass(frozen=True)
class Output:
    """One file of the kit, relative to the game's folder; `also` are the same thing in other formats."""

    section: str
    path: str
    also: tuple[str, ...] = ()
    thumbnails: tuple[bytes, ...] = ()


@dataclass(frozen=True)
class Picture:
    """A diagram or example shown in the web edition: an inline SVG linking to its place there."""

    href: str
    svg: str
    caption: str


def thumbnails(path: str, data: bytes, pages: int = 1) -> tuple[bytes, ...]:
    """Small PNGs of a file: the first pages of a PDF, or the PNG itself reduced."""
    if path.endswith(".pdf"):
        images = []
        for index in range(min(pages, page_count(data))):
            page = render_page(data, index, 72)
            images.append(_small(page))
        return tuple(images)
    if path.endswith(".png"):
        with Image.open(io.BytesIO(data)) as image:
            return (_small(image),)
    return ()


def _small(image: Image.Image) -> bytes:
    image = image.copy()
    image.thumbnail((THUMBNAIL, THUMBNAIL), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=9)
    return buffer.getvalue()


def preview_html(title: str, subtitle: str, language: str, headings: dict[str, str], outputs: list[Output],
                 pictures: list[Picture], images: str = "") -> bytes:
    """The page: `headings` names each section (in `language`); empty sections are left out.
    `images` holds the raster images the pictures draw by reference (pnp.export.web.svg.ImageSymbols)."""
    parts = [f"<header><h1>{text(title)}</h1><p class=\"tagline\">{text(subtitle)}</p></header>", "<main>"]
    if images:
        parts.insert(0, images)
    for section in SECTIONS:
        entries = [_entry(output) for output in outputs if output.section == section]
        if section == "diagrams":
            entries += [_picture(picture) for picture in pictures]
        if entries:
            parts.append(f'<section><h2>{text(headings[section])}</h2>'
                         f'<ul class="kit">{"".join(entries)}</ul></section>')
    parts.append("</main>")
    return document(language, f"{title} – {subtitle}", "\n".join(parts), wide=True)


def _entry(output: Output) -> str:
    """A thumbnail and the file's name, one link; other formats of the same file beside it."""
    name = output.path.rsplit("/", 1)[-1]
    images = "".join(f'<img src="data:image/png;base64,{base64.b64encode(data).decode()}" alt="">'
                     for data in output.thumbnails)
    pages = " pages" if len(output.thumbnails) > 1 else ""
    thumbs = f'<span class="thumbs{pages}">{images}</span>' if images else ""
    link = f'<a href="{attribute(output.path)}">{thumbs}<span class="file">{text(name)}</span></a>'
    also = "".join(f' <a class="also" href="{attribute(p)}">{text(p.rsplit(".", 1)[-1].upper())}</a>'
                   for p in output.also)
    return f"<li>{link}{also}</li>"


def _picture(picture: Picture) -> str:
    return (f'<li><a href="{attribute(picture.href)}"><span class="thumbs">{picture.svg}</span>'
            f'{text(picture.caption)}</a></li>')
