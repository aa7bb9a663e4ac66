"""A game's accessibility check → its page: the thresholds, each set's figures, and every finding
with its faces as normal vision and each simulation see them.

Items that look alike are shown side by side in every vision; a set with none shows its
closest pair, the one the simulations tell apart least, so the margin is in sight. Texts too
small or too faint are listed where they are written. The pictures are the faces' own
pixels at the check's resolution, carried in the page (PNG), which is one file.
"""

from __future__ import annotations

import base64
import io

import numpy as np
from PIL import Image

from pnp.export.accessibility import (
    DPI,
    LEAST_AREA_MM2,
    LEAST_CONTRAST,
    LEAST_DIFFERENCE,
    LEAST_LARGE_CONTRAST,
    LEAST_X_HEIGHT_MM,
    SEEN_AS,
)
from pnp.export.accessibility.check import GameResult, Pair, SetResult, TextReading
from pnp.export.accessibility.looks import Look, code_colours, colour_codes, palette
from pnp.export.web.page import attribute, document, text
from pnp.vision.difference import NORMAL, VISIONS, simulate

PAPER = (255, 255, 255)
ALIKE = ' class="alike"'
STYLE = """
table { border-collapse: collapse; margin: 0.6rem 0 1.2rem; }
th, td { padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; border-bottom: 1px solid #d9d4c7; }
td.number, th.number { text-align: right; }
.seen { overflow-x: auto; }
.seen img { display: block; max-width: none; }
.seen td.alike { outline: 3px solid #b3261e; outline-offset: -3px; }
.ok { color: #1e6b3a; font-weight: bold; }
.flag { color: #b3261e; font-weight: bold; }
"""


def page_html(title: str, result: GameResult) -> bytes:
    """The whole page, in English (pnp's messages are)."""
    parts = [f"<header><h1>{text(title)}: accessibility</h1>", _intro(result), "</header><main>",
             _summary(result), _look_alikes(result), _texts(result), _closest(result), "</main>"]
    return document("en", f"{title}: accessibility", "\n".join(parts), wide=True, style=STYLE)


def seen(look: Look, vision: str) -> Image.Image:
    """The face as `vision` sees it, paper white outside its outline."""
    codes, indices = palette(colour_codes(look.pixels))
    colours = code_colours(codes)
    if vision != NORMAL:
        colours = np.round(simulate(colours, vision) * 255).astype(np.uint8)
    pixels = colours[indices]
    pixels[~look.inside] = PAPER
    return Image.fromarray(pixels, "RGB")


def _intro(result: GameResult) -> str:
    languages = ", ".join(result.languages)
    return (f"<p>Every face at {DPI} dpi, in {text(languages)}, as printed and as protanopia, deuteranopia "
            "and tritanopia (Machado, Oliveira and Fernandes 2009, full severity) and a greyscale print see it. "
            "Two items whose attributes differ are told apart on a side when their faces differ by at least "
            f"ΔE2000 {LEAST_DIFFERENCE:g} over at least {LEAST_AREA_MM2:g} mm². A text needs an x-height of "
            f"{LEAST_X_HEIGHT_MM:g} mm as printed, and a contrast with what lies under its letters of "
            f"{LEAST_CONTRAST:g}:1 ({LEAST_LARGE_CONTRAST:g}:1 from 18 pt, or 14 pt bold).</p>")


def _summary(result: GameResult) -> str:
    head = ("<tr><th>set</th><th class=\"number\">items</th><th class=\"number\">pairs told apart</th>"
            + "".join(f'<th class="number">alike with {text(SEEN_AS[v])}</th>' for v in VISIONS)
            + '<th class="number">texts</th><th class="number">too small</th><th class="number">too faint</th></tr>')
    rows = []
    for found in result.sets:
        alike = {v: sum(1 for p in found.look_alikes if v in p.alike_with()) for v in VISIONS}
        compared = "colour decorative" if found.decorative_colour else str(len(found.compared))
        rows.append(f"<tr><th>{text(found.set_id)}</th><td class=\"number\">{found.items}</td>"
                    f"<td class=\"number\">{compared}</td>"
                    + "".join(f'<td class="number">{_count(alike[v])}</td>' for v in VISIONS)
                    + f'<td class="number">{len(found.texts)}</td>'
                    f'<td class="number">{_count(sum(t.too_small for t in found.texts))}</td>'
                    f'<td class="number">{_count(sum(t.too_faint for t in found.texts))}</td></tr>')
    note = ("<p>Pairs are counted per side and per language where a side shows a text; pairs that look alike "
            "with normal vision too (a shared back, parts alike by design) are not compared.</p>")
    return f"<section><h2>Summary</h2><table>{head}{''.join(rows)}</table>{note}</section>"


def _count(value: int) -> str:
    return f'<span class="flag">{value}</span>' if value else '<span class="ok">0</span>'


def _look_alikes(result: GameResult) -> str:
    found = [(s, pair) for s in result.sets for pair in s.look_alikes]
    if not found:
        return ("<section><h2>Items that look alike</h2><p class=\"ok\">None: every pair of items that normal "
                "vision tells apart, every simulation tells apart too.</p></section>")
    shown = [_pair(result, found_set, pair, f"{found_set.set_id}: {pair.first} and {pair.second}")
             for found_set, pair in found]
    return f"<section><h2>Items that look alike</h2>{''.join(shown)}</section>"


def _closest(result: GameResult) -> str:
    shown = []
    for found in result.sets:
        pair = found.closest()
        if pair is not None and not found.look_alikes:
            shown.append(_pair(result, found, pair, f"{found.set_id}: closest, {pair.first} and {pair.second}"))
    if not shown:
        return ""
    intro = "<p>In each set with no items alike, the pair the simulations tell apart least.</p>"
    return f"<section><h2>Closest pairs</h2>{intro}{''.join(shown)}</section>"


def _pair(result: GameResult, found: SetResult, pair: Pair, heading: str) -> str:
    where = pair.side + (f", {pair.language}" if pair.language else "")
    alike = pair.alike_with()
    said = (f"Alike with {', '.join(SEEN_AS[v] for v in alike)}. " if alike else "Told apart in every vision. ")
    said += f"Where the faces differ by ΔE2000 {LEAST_DIFFERENCE:g} or more (at least {LEAST_AREA_MM2:g} mm² needed): "
    said += "; ".join(f"{SEEN_AS[v]} {pair.areas[v]:.1f} mm²" for v in (NORMAL, *VISIONS)) + "."
    if alike:
        said += " Give them a symbol, a word or a pattern that tells them apart without colour."
    head = "<tr><th>item</th>" + "".join(f"<th>{text(SEEN_AS[v])}</th>" for v in (NORMAL, *VISIONS)) + "</tr>"
    rows = []
    for item in (pair.first, pair.second):
        look = result.look_of(found.set_id, item, pair.side, pair.language)
        cells = "".join(f"<td{ALIKE if v in alike else ''}>{_image(look, v, item)}</td>" for v in (NORMAL, *VISIONS))
        rows.append(f"<tr><th>{text(item)}</th>{cells}</tr>")
    return (f"<h3>{text(heading)} ({text(where)})</h3><p>{text(said)}</p>"
            # A wide table scrolls sideways: focusable and named, so a keyboard can scroll it too.
            f'<div class="seen" tabindex="0" role="region" aria-label="{attribute(heading)}">'
            f'<table>{head}{"".join(rows)}</table></div>')


def _image(look: Look, vision: str, item: str) -> str:
    buffer = io.BytesIO()
    seen(look, vision).save(buffer, format="PNG", dpi=(DPI, DPI))
    data = base64.b64encode(buffer.getvalue()).decode()
    width_mm = look.size[1] * 25.4 / DPI
    return (f'<img src="data:image/png;base64,{data}" alt="{attribute(f"{item} as {SEEN_AS[vision]}")}" '
            f'style="width: {width_mm:.1f}mm">')


def _texts(result: GameResult) -> str:
    flagged = [reading for s in result.sets for reading in s.texts if reading.too_small or reading.too_faint]
    if not flagged:
        read = sum(len(s.texts) for s in result.sets)
        return (f"<section><h2>Texts</h2><p class=\"ok\">All {read} texts read are large enough and stand out "
                "from what lies under them.</p></section>")
    head = ("<tr><th>where</th><th>item</th><th>text</th><th class=\"number\">size</th>"
            "<th class=\"number\">x-height</th><th class=\"number\">contrast</th><th>finding</th></tr>")
    rows = "".join(_text_row(reading) for reading in flagged)
    return f"<section><h2>Texts</h2><table>{head}{rows}</table></section>"


def _text_row(reading: TextReading) -> str:
    said = []
    if reading.too_small:
        said.append(f"x-height under {LEAST_X_HEIGHT_MM:g} mm")
    if reading.too_faint:
        said.append(f"contrast under {reading.least_contrast:g}:1")
    contrast = f"{reading.contrast:.1f}:1" if reading.contrast is not None else "–"
    where = f"{reading.item} {reading.side}, {reading.language}"
    return (f"<tr><td>{text(str(reading.location))}</td><td>{text(where)}</td><td>{text(reading.words)}</td>"
            f"<td class=\"number\">{reading.size_pt:.1f} pt</td>"
            f"<td class=\"number\">{reading.x_height_mm:.2f} mm</td><td class=\"number\">{contrast}</td>"
            f"<td class=\"flag\">{text('; '.join(said))}</td></tr>")
