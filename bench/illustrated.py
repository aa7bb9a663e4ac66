"""Illustrated decks for the benchmarks: N poker cards, each with its own raster illustration
filling the card and its bleed, a title over it, and one shared back image.

The illustrations are generated (so the repository stays small) to compress as painted
art does, not as noise: smooth gradients, overlapping shapes and a little grain, different
for every card. They are 825 × 1125 px, the size print shops ask for a poker card with
bleed at 300 dpi, as PNG or as JPEG (quality 90).

The floor is a bare reportlab canvas placing the same images on the same 3 × 3 grid,
each embedded once (`drawImage` with the file's path), the back image once for all backs;
for PNG sheets, its pages rasterized at 300 dpi by pypdfium2 and encoded by Pillow.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ART_SIZE = (825, 1125)

GAME = """\
title: Illustrated
authors: [Bench]
version: "1"
licence: CC0
languages: [en]
players: "2"
palette:
  ink: "#111111"
"""

SET = """\
sets:
  deck:
    extends: cards/poker
    attributes: [art, name]
    items:
{items}
    front:
      elements:
        - image: {{file: "${{art}}"}}
        - text: {{text: "${{name}}", x: 8%, y: 6%, w: 84%, h: 10%, size: 12pt, font: bold, colour: ink}}
    back:
      elements:
        - image: {{file: art/back.{kind}}}
"""


def illustration(index: int, kind: str):
    """Card index's illustration as a Pillow image: its own colours and shapes, with grain."""
    from PIL import Image, ImageDraw, ImageFilter

    rng = random.Random(index)
    width, height = ART_SIZE
    top, bottom = (tuple(rng.randrange(256) for _ in range(3)) for _ in range(2))
    ramp = Image.linear_gradient("L").resize((width, height))
    image = Image.composite(Image.new("RGB", ART_SIZE, bottom), Image.new("RGB", ART_SIZE, top), ramp)
    draw = ImageDraw.Draw(image)
    for _ in range(12):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(40, 260)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    image = image.filter(ImageFilter.GaussianBlur(3))
    grain = Image.effect_noise(ART_SIZE, 12).convert("RGB")
    return Image.blend(image, grain, 0.08)


def write_deck(root: Path, cards: int, kind: str) -> Path:
    """root/content/illustrated-<kind>/ with `cards` illustrated cards; returns the game folder."""
    folder = root / "content" / f"illustrated-{kind}"
    (folder / "text").mkdir(parents=True, exist_ok=True)
    (folder / "art").mkdir(exist_ok=True)
    for index in range(-1, cards):
        name = "back" if index < 0 else f"c{index:04d}"
        _save(illustration(index, kind), folder / "art" / f"{name}.{kind}", kind)
    items = "\n".join(f'      - {{id: c{i:04d}, art: art/c{i:04d}.{kind}, name: "Card {i + 1}"}}' for i in range(cards))
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "components.yaml").write_text(SET.format(items=items, kind=kind), encoding="utf-8")
    (folder / "text" / "en.yaml").write_text("{}\n", encoding="utf-8")
    return folder


def _save(image, path: Path, kind: str) -> None:
    if kind == "jpg":
        image.save(path, "JPEG", quality=90)
    else:
        image.save(path, "PNG")


def canvas(folder: Path, cards: int, out: Path) -> None:
    """The floor's PDF: the deck's images on pnp's A4 grid for poker cards, each embedded once."""
    from reportlab.lib import colors
    from reportlab.pdfgen.canvas import Canvas

    from bench.floors import _butted_grid, _clipped
    from pnp.model.units import mm
    from pnp.text.fonts import font_name

    width, height = mm(210), mm(297)
    slots = _butted_grid(width, height, mm(63.5), mm(88.9), mm(3))
    art = sorted((folder / "art").glob("c*"))[:cards]
    back = next((folder / "art").glob("back.*"))
    pdf = Canvas(str(out), pagesize=(width, height), invariant=1, pageCompression=1)
    for first in range(0, cards, len(slots)):
        page = art[first:first + len(slots)]
        for ((x, y, w, h), clip), path in zip(slots, page):
            _clipped(pdf, clip)
            pdf.drawImage(str(path), x, y, w, h)
            pdf.setFillColor(colors.HexColor("#111111"))
            pdf.setFont(font_name("bold"), 12)
            pdf.drawCentredString(x + w / 2, y + h - 40, f"Card {art.index(path) + 1}")
            pdf.restoreState()
        pdf.showPage()
        for ((x, y, w, h), clip), _ in zip(slots, page):
            _clipped(pdf, (width - clip[2], clip[1], width - clip[0], clip[3]))
            pdf.drawImage(str(back), width - x - w, y, w, h)
            pdf.restoreState()
        pdf.showPage()
    pdf.save()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    if sys.argv[1] == "canvas":
        canvas(Path(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4]))
