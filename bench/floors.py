"""Floors for the benchmarks: the least work that makes the same pixels or the same cards.

- `raster_encode`: rasterize PDF pages with pypdfium2 and encode them with Pillow, on
  all cores, nothing else (no layout, no files written); with `as_pnp`, rasterize and
  encode them as pnp does (pnp.output.raster.page_png: drawn into PNG rows, unfiltered),
  which leaves only pnp's other work in the ratio;
- `canvas` (run as `python bench/floors.py canvas N OUT.pdf`): a bare reportlab canvas
  drawing the synthetic deck of bench/synthetic.py, fronts and backs, on the grid pnp
  uses (9 touching cards an A4 page, each clipped to its cut and outer bleed) with the
  same fonts, text wrapped by a plain loop, the back as one form.
"""

from __future__ import annotations

import io
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.output.png import COMPRESS_LEVEL  # noqa: E402,F401  (the level pnp uses)


@dataclass
class Floor:
    seconds: float
    bytes: int


def sheet_pages(out: Path) -> list[tuple[str, int]]:
    """(sheet PDF, page) for every PNG page of a built kit."""
    pages = []
    for png in sorted(out.rglob("*.png")):
        if png.parent.name != "png":
            continue
        stem, sheet, side = png.stem.rsplit("-", 2)
        pdf = png.parent.parent / f"{stem}.pdf"
        number = int(sheet.removeprefix("sheet")) - 1
        two_sided = (png.parent / f"{stem}-{sheet}-back.png").exists()
        pages.append((str(pdf), number * 2 + (side == "back") if two_sided else number))
    return pages


def _raster_one(task: tuple[str, int, int, int, bool]) -> int:
    import pypdfium2

    path, page, dpi, level, as_pnp = task
    if as_pnp:
        from pnp.output.raster import page_png

        return len(page_png(Path(path).read_bytes(), page, dpi))
    document = pypdfium2.PdfDocument(path)
    bitmap = document[page].render(scale=dpi / 72, rev_byteorder=True, prefer_bgrx=True)
    image = bitmap.to_pil().convert("RGB")
    document.close()
    return len(_encoded(image, dpi, level, unfiltered=False))


def _encoded(image, dpi: int, level: int, unfiltered: bool) -> bytes:
    if unfiltered:
        from pnp.output.png import unfiltered_png

        return unfiltered_png(image, dpi, level)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=level)
    return buffer.getvalue()


def encode_levels(pages: list[tuple[str, int]], dpi: int, levels: tuple[int, ...]) -> dict[tuple[bool, int], Floor]:
    """CPU seconds and bytes of encoding the same rasterized pages at each zlib level, with
    Pillow's row filters and unfiltered, in this process: (unfiltered, level) → Floor."""
    import pypdfium2

    results = {(unfiltered, level): Floor(0.0, 0) for unfiltered in (False, True) for level in levels}
    for path, page in pages:
        document = pypdfium2.PdfDocument(path)
        image = document[page].render(scale=dpi / 72, rev_byteorder=True, prefer_bgrx=True).to_pil().convert("RGB")
        document.close()
        for (unfiltered, level), result in results.items():
            start = time.process_time()
            size = len(_encoded(image, dpi, level, unfiltered))
            result.seconds += time.process_time() - start
            result.bytes += size
    return results


def raster_encode(pages: list[tuple[str, int]], dpi: int, level: int, processes: int, as_pnp: bool = False) -> Floor:
    start = time.perf_counter()
    with Pool(processes) as pool:
        sizes = pool.map(_raster_one, [(path, page, dpi, level, as_pnp) for path, page in pages], chunksize=1)
    return Floor(time.perf_counter() - start, sum(sizes))


def canvas(cards: int, out: Path) -> None:
    from reportlab.lib import colors
    from reportlab.pdfgen.canvas import Canvas

    from bench.synthetic import card_values
    from pnp.model.units import mm
    from pnp.text.fonts import font_name, text_width

    width, height = mm(210), mm(297)
    slots = _butted_grid(width, height, mm(63.5), mm(88.9), mm(3))
    pdf = Canvas(str(out), pagesize=(width, height), invariant=1, pageCompression=1)
    pdf.beginForm("back", 0, 0, mm(69.5), mm(94.9))
    pdf.setFillColor(colors.HexColor("#2b2d42"))
    pdf.rect(0, 0, mm(69.5), mm(94.9), stroke=0, fill=1)
    pdf.setFillColor(colors.white)
    pdf.setFont(font_name("bold"), 14)
    pdf.drawCentredString(mm(34.75), mm(47), "SYNTHETIC")
    pdf.endForm()
    values = [card_values(i) for i in range(cards)]
    for first in range(0, cards, len(slots)):
        page = values[first:first + len(slots)]
        for (art, clip), card in zip(slots, page):
            _clipped(pdf, clip)
            _front(pdf, art, card, colors, font_name, text_width)
            pdf.restoreState()
        pdf.showPage()
        for (art, clip), _ in zip(slots, page):
            _clipped(pdf, (width - clip[2], clip[1], width - clip[0], clip[3]))
            pdf.translate(width - art[0] - art[2], art[1])
            pdf.doForm("back")
            pdf.restoreState()
        pdf.showPage()
    pdf.save()


def _butted_grid(width: float, height: float, w: float, h: float, bleed: float) -> list[tuple]:
    """The 3 × 3 grid pnp prints poker cards on A4 in: touching cards, bleed around the block.
    Each slot: the card's bleed box (x, y, w, h) and the box its art is clipped to (x0, y0, x1, y1)."""
    left, bottom = (width - 3 * w) / 2, (height - 3 * h) / 2
    slots = []
    for row in range(3):
        for col in range(3):
            x, y = left + col * w, bottom + (2 - row) * h
            clip = (x - (bleed if col == 0 else 0), y - (bleed if row == 2 else 0),
                    x + w + (bleed if col == 2 else 0), y + h + (bleed if row == 0 else 0))
            slots.append(((x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed), clip))
    return slots


def _clipped(pdf, clip: tuple) -> None:
    pdf.saveState()
    path = pdf.beginPath()
    path.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1])
    pdf.clipPath(path, stroke=0, fill=0)


def _front(pdf, box, card: dict, colors, font_name, text_width) -> None:
    x, y, w, h = box
    pdf.setFillColor(colors.HexColor(card["suit"]))
    pdf.rect(x, y, w, h, stroke=0, fill=1)
    pdf.setStrokeColor(colors.black)
    pdf.roundRect(x + 14, y + 14, w - 28, h - 28, 6, stroke=1, fill=0)
    pdf.setFillColor(colors.black)
    pdf.setFont(font_name("bold"), 12)
    pdf.drawCentredString(x + w / 2, y + h - 40, card["name"])
    pdf.setFont(font_name(), 8)
    for index, text in enumerate(_wrap(card["rules"], w - 50, text_width)):
        pdf.drawString(x + 25, y + h / 2 - index * 9.6, text)
    pdf.circle(x + w / 2, y + 40, 12, stroke=1, fill=0)


def _wrap(text: str, width: float, text_width) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, 8) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + [line]


if __name__ == "__main__":
    if sys.argv[1] == "canvas":
        canvas(int(sys.argv[2]), Path(sys.argv[3]))
