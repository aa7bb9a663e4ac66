"""Component sets and a shop profile → the files a print-on-demand shop takes, and the manifest of what to order.

Each set's components are grouped by size into parts, and each part is matched to the
product that carries it (pnp.export.products). What a part becomes depends on its product
and on the shop:

- a stock product (die-cut at its own size, or a board the part is printed inside): one
  file per distinct face at the product's published pixels, PNG with its resolution
  stored, plus a one-page PDF with TrimBox and BleedBox where the shop takes PDF; for a
  shop that asks for PDF/X-1a, one deck PDF per set and product instead, every copy's
  front and back in the shop's page order, its colours separated to CMYK through the
  output profile (pnp.export.pdfx writes the standard's keys);
- a custom punchout: the copies laid out on slugs, each slug a front image, a back image
  (mirrored, so each back lies behind its front when the slug is turned over) and an SVG
  cut file with the shop's nicks;
- no product: no file (the shop would refuse it); the manifest row says why, and the
  build warns with the part, its size and the nearest product.

The manifest (CSV) lists each distinct component with its quantity, files, product and
size, as a shop's upload asks for them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image

from pnp.export.cmyk import Separation
from pnp.export.cutfile import cut_svg
from pnp.export.faces import distinct_faces, face_image
from pnp.export.pdfx import OutputIntent, make_pdfx
from pnp.export.products import Match, Part, Slug, best_slugs, match, slug_products
from pnp.model.components import ComponentSet, Item
from pnp.model.faces import Face
from pnp.model.shops import Product, ShopProfile, face_pixels
from pnp.model.tables import formula_guarded
from pnp.model.units import to_mm
from pnp.output.png import png_bytes
from pnp.paint import pdfdraw, picture
from pnp.text.fonts import font_name

MANIFEST_COLUMNS = ("set", "item", "quantity", "front", "back", "product", "trim_mm", "pixels", "pages", "cut", "note")
PaintFace = Callable[[Face, float], picture.Picture]  # a face painted with this much bleed around its trim


@dataclass(frozen=True)
class Entry:
    """A distinct component of a set (front and back) with how many to order and its files' stems."""

    item: str
    quantity: int
    front: str
    back: str | None


@dataclass(frozen=True)
class SetFiles:
    """A set's distinct faces by file stem, and its entries in order."""

    faces: dict[str, Face]
    entries: tuple[Entry, ...]


def plan_files(stem: str, items: tuple[Item, ...]) -> SetFiles:
    """File stems of every distinct face: fronts by their first item, the items' one back as '-back'."""
    names = {d.face: "-".join(p for p in (stem, d.item, "back" if d.side == "back" else None) if p)
             for d in distinct_faces(items)}
    faces: dict[str, Face] = {}  # in the order items show them: a shared back after the first item
    entries: dict[tuple, Entry] = {}
    for item in items:
        front = names[item.front]
        faces.setdefault(front, item.front)
        back = None
        if item.back is not None:
            back = names[item.back]
            faces.setdefault(back, item.back)
        key = (front, back)
        old = entries.get(key)
        entries[key] = Entry(old.item if old else item.id, (old.quantity if old else 0) + item.count, front, back)
    return SetFiles(faces, tuple(entries.values()))


@dataclass(frozen=True)
class ShopFile:
    """What one build target writes for a set: a face's files, a deck PDF or a slug's files."""

    stem: str
    product: Product
    faces: tuple[Face, ...] = ()  # a face file: its face; a deck: every page's face in order
    deck: bool = False
    slug: Slug | None = None
    slug_faces: dict[str, tuple[Face, Face | None]] = field(default_factory=dict, compare=False, hash=False)

    @property
    def kind(self) -> str:
        return "slug" if self.slug is not None else "deck" if self.deck else "face"

    def names(self, shop: ShopProfile) -> tuple[str, ...]:
        """The file names it writes, the first naming the target."""
        if self.slug is not None:
            backs = any(back is not None for _, back in self.slug_faces.values())
            return (f"{self.stem}-front.png", *((f"{self.stem}-back.png",) if backs else ()), f"{self.stem}-cut.svg")
        if self.deck:
            return (f"{self.stem}.pdf",)
        return tuple(f"{self.stem}.{extension}" for extension in shop.formats)


@dataclass(frozen=True)
class SetPlan:
    """A set's files for a shop, its manifest rows, and the parts no product carries."""

    files: tuple[ShopFile, ...]
    rows: tuple[dict, ...]
    unmatched: tuple[Match, ...]


def parts(component_set: ComponentSet) -> dict[Part, tuple[Item, ...]]:
    """The set's items grouped by size (most sets are one part; Folio's pieces are three)."""
    grouped: dict[Part, list[Item]] = {}
    for item in component_set.items:
        part = Part(component_set.id, component_set.kind, component_set.shape.product_kind, item.width, item.height)
        grouped.setdefault(part, []).append(item)
    return {part: tuple(items) for part, items in grouped.items()}


def plan_set(stem: str, component_set: ComponentSet, shop: ShopProfile) -> SetPlan:
    """Every file of the set for the shop, its rows and its unmatched parts (cheap: nothing is painted).
    Parts bound for slugs share them: every copy of the set's parts laid out together."""
    files: list[ShopFile] = []
    rows: list[dict] = []
    unmatched: list[Match] = []
    on_slugs: list[Part] = []
    grouped = parts(component_set)
    several = len(grouped) > 1
    for part, items in grouped.items():
        found = match(shop, part)
        part_stem = f"{stem}-{to_mm(part.width):g}mm" if several else stem
        if found.product is None:
            unmatched.append(found)
            rows += _rows_without_product(component_set.id, items, found)
        elif found.product.fit == "slug":
            on_slugs.append(part)
        elif shop.pdfx:
            deck, numbers = _deck_file(f"{part_stem}-{found.product.id}", items, found.product, shop)
            files.append(deck)
            rows += _deck_rows(component_set.id, items, deck, numbers, shop)
        else:
            planned = plan_files(part_stem, items)
            files += [ShopFile(name, found.product, (face,)) for name, face in planned.faces.items()]
            rows += _face_rows(component_set.id, planned, found.product, shop)
    if on_slugs:
        items = tuple(item for part in on_slugs for item in grouped[part])
        fitting = [p for p in slug_products(shop, on_slugs[0]) if all(p in slug_products(shop, o) for o in on_slugs)]
        slug_files = _slug_files(stem, items, best_slugs(fitting, _copies(items)))
        files += slug_files
        rows += _slug_rows(component_set.id, slug_files, shop)
    return SetPlan(tuple(files), tuple(rows), tuple(unmatched))


def _copies(items: tuple[Item, ...]) -> list[tuple[str, float, float]]:
    return [(item.id, item.width, item.height) for item in items for _ in range(item.count)]


def _slug_files(stem: str, items: tuple[Item, ...], slugs: list[Slug]) -> list[ShopFile]:
    faces = {item.id: (item.front, item.back) for item in items}
    return [ShopFile(f"{stem}-{slug.product.id}-{number:02}", slug.product, slug=slug, slug_faces=faces)
            for number, slug in enumerate(slugs, start=1)]


def _deck_file(stem: str, items: tuple[Item, ...], product: Product,
               shop: ShopProfile) -> tuple[ShopFile, dict[str, list[int]]]:
    """The deck's pages in the shop's order, and the page numbers of each item's copies."""
    copies = [(item.id, item.front, item.back) for item in items for _ in range(item.count)]
    pages: list[Face] = []
    numbers: dict[str, list[int]] = {item.id: [] for item in items}
    fronts_first = shop.page_order == "fronts-then-backs"
    order = ([(i, f) for i, f, _ in copies] + [(i, b) for i, _, b in copies] if fronts_first
             else [(i, face) for i, f, b in copies for face in (f, b)])
    for item_id, face in order:
        if face is not None:
            pages.append(face)
            numbers[item_id].append(len(pages))
    return ShopFile(stem, product, tuple(pages), deck=True), numbers


def _row(set_id: str, item: str, quantity: int, product: Product | None, width: float, height: float, **files) -> dict:
    return {"set": set_id, "item": item, "quantity": quantity, "front": "", "back": "",
            "product": product.name if product else "", "trim_mm": f"{to_mm(width):.1f} x {to_mm(height):.1f}",
            "pixels": "", "pages": "", "cut": "", "note": "", **files}


def _face_rows(set_id: str, planned: SetFiles, product: Product, shop: ShopProfile) -> list[dict]:
    extension = "png" if "png" in shop.formats else "pdf"
    width, height = product_pixels(product, shop)
    rows = []
    for entry in planned.entries:
        face = planned.faces[entry.front]
        rows.append(_row(set_id, entry.item, entry.quantity, product, face.width, face.height,
                         front=f"{entry.front}.{extension}", back=f"{entry.back}.{extension}" if entry.back else "",
                         pixels=f"{width} x {height}", note=_inside_note(product, face)))
    return rows


def _deck_rows(set_id: str, items: tuple[Item, ...], deck: ShopFile, numbers: dict[str, list[int]],
               shop: ShopProfile) -> list[dict]:
    name = deck.names(shop)[0]
    return [_row(set_id, item.id, item.count, deck.product, item.width, item.height, front=name,
                 back=name if item.back is not None else "", pages=_ranges(numbers[item.id])) for item in items]


def _ranges(numbers: list[int]) -> str:
    """Page numbers as runs: 1-4, 9."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def _slug_rows(set_id: str, slug_files: list[ShopFile], shop: ShopProfile) -> list[dict]:
    rows = []
    for number, file in enumerate(slug_files, start=1):
        assert file.slug is not None
        names = file.names(shop)
        counts: dict[str, int] = {}
        for place in file.slug.placements:
            counts[place.item] = counts.get(place.item, 0) + 1
        sizes = {place.item: (place.width, place.height) for place in file.slug.placements}
        width, height = product_pixels(file.product, shop)
        for item, count in counts.items():
            rows.append(_row(set_id, item, count, file.product, *sizes[item], front=names[0],
                             back=names[1] if len(names) == 3 else "", cut=names[-1], pixels=f"{width} x {height}",
                             note=f"{count} on slug {number:02}"))
    return rows


def _rows_without_product(set_id: str, items: tuple[Item, ...], found: Match) -> list[dict]:
    nearest = f"; nearest: {found.nearest.name} ({found.nearest.trim_mm()})" if found.nearest else ""
    return [_row(set_id, item.id, item.count, None, item.width, item.height, note=found.why + nearest)
            for item in items]


def _inside_note(product: Product, face: Face) -> str:
    if product.fit != "inside":
        return ""
    margin = (to_mm(product.width - face.width) / 2, to_mm(product.height - face.height) / 2)
    return f"printed centred on the {product.trim_mm()} product, {margin[0]:.1f} × {margin[1]:.1f} mm around it"


def unmatched_warning(game: str, found: Match) -> str:
    """One warning naming the part, its size, why no product carries it and the nearest product."""
    nearest = f"; the nearest product is {found.nearest.name} ({found.nearest.trim_mm()})" if found.nearest else ""
    return f"{game}: {found.part.describe()}: no product — {found.why}{nearest}; no file made for it"


def product_pixels(product: Product, shop: ShopProfile) -> tuple[int, int]:
    """The image size of one face of the product: the published one, else trim plus bleed at the shop's dpi."""
    return product.pixels or face_pixels(product.width, product.height, product.bleed, shop.dpi)


# -- painting -----------------------------------------------------------------------------------

def face_files(file: ShopFile, shop: ShopProfile, paint: PaintFace) -> dict[str, bytes]:
    """A stock product's face in each of the shop's formats, by file name."""
    [face] = file.faces
    drawing = paint(face, shop.bleed)
    result = {}
    for name in file.names(shop):
        if name.endswith(".png"):
            result[name] = png_bytes(_product_image(drawing, face, file.product, shop), shop.dpi)
        else:
            result[name] = page_pdf([drawing], file.product, title=file.stem)
    return result


def _product_image(drawing: picture.Picture, face: Face, product: Product, shop: ShopProfile) -> Image.Image:
    """The face at the product's pixels: stretched to it (a stock die within tolerance), or centred on
    it with the face's edge colour carried to the product's edge (a board printed inside a larger one)."""
    size = product_pixels(product, shop)
    landscape = (face.width > face.height) != (product.width > product.height)
    size = (size[1], size[0]) if landscape else size
    if product.fit != "inside":
        return face_image(drawing.reportlab(), size)
    own = face_pixels(face.width, face.height, shop.bleed, shop.dpi)
    art = face_image(drawing.reportlab(), own)
    edge = _edge_colour(drawing)
    ground = tuple(round(v * 255) for v in edge.rgb()) if edge is not None else (255, 255, 255)
    canvas = Image.new("RGB", size, ground)
    canvas.paste(art, ((size[0] - own[0]) // 2, (size[1] - own[1]) // 2))
    return canvas


def page_pdf(drawings: list[picture.Picture], product: Product, title: str) -> bytes:
    """Pages of the product's trim plus its bleed, one per drawing, each drawing centred (a board inside a larger
    product) or scaled to the page (a part within the die's tolerance); TrimBox and BleedBox say where to cut."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    bleed = product.bleed
    width, height = product.width + 2 * bleed, product.height + 2 * bleed
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, initialFontName=font_name(), pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    for drawing in drawings:
        canvas.setTrimBox((bleed, bleed, width - bleed, height - bleed))
        canvas.setBleedBox((0, 0, width, height))
        if product.fit == "inside":
            edge = _edge_colour(drawing)
            if edge is not None:
                canvas.setFillColor(edge)
                canvas.rect(0, 0, width, height, stroke=0, fill=1)
            pdfdraw.draw(drawing, canvas, (width - drawing.width) / 2, (height - drawing.height) / 2)
        else:
            canvas.saveState()
            canvas.scale(width / drawing.width, height / drawing.height)
            pdfdraw.draw(drawing, canvas, 0, 0)
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _edge_colour(drawing: picture.Picture):
    """The fill of the face's background (its first shape), carried out to a larger product's edge."""
    first = drawing.contents[0] if drawing.contents else None
    return getattr(first, "fillColor", None)


def deck_files(file: ShopFile, shop: ShopProfile, paint: PaintFace, separation: Separation | None = None,
               intent: OutputIntent | None = None) -> dict[str, bytes]:
    """A deck's pages in one PDF; for a PDF/X-1a shop separated to CMYK and made PDF/X-1a:2003."""
    drawings = [paint(face, shop.bleed) for face in file.faces]
    [name] = file.names(shop)
    if not shop.pdfx:
        return {name: page_pdf(drawings, file.product, file.stem)}
    assert separation is not None and intent is not None
    data = page_pdf([separation.picture(drawing) for drawing in drawings], file.product, file.stem)
    return {name: make_pdfx(data, intent, file.stem)}


def slug_file(file: ShopFile, name: str, shop: ShopProfile, paint: PaintFace, corner: float, shape: str) -> bytes:
    """One of a slug's files: its front or its back image (each part with half the gap as bleed), or its cut file."""
    slug = file.slug
    assert slug is not None
    if name.endswith("-cut.svg"):
        return cut_svg(slug, shape, corner, shop.dpi, file.stem)
    side = 1 if name.endswith("-back.png") else 0
    product = slug.product
    scale = shop.dpi / 72
    bleed = product.gap / 2 + 1 / scale  # a pixel more than half the gap: neighbours' bleeds overlap, no seam
    image = Image.new("RGB", product_pixels(product, shop), (255, 255, 255))
    for place in slug.placements:
        face = file.slug_faces[place.item][side]
        if face is None:
            continue
        art = face_image(paint(face, bleed).reportlab(), face_pixels(place.width, place.height, bleed, shop.dpi))
        x = place.x if side == 0 else product.width - place.x - place.width  # the back mirrored left to right
        top = product.height - place.y - place.height
        image.paste(art, (round((x - bleed) * scale), round((top - bleed) * scale)))
    return png_bytes(image, shop.dpi)


def manifest_csv(rows: list[dict]) -> bytes:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=MANIFEST_COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({key: _cell(value) for key, value in row.items()} for row in rows)
    return buffer.getvalue().encode("utf-8")


def _cell(value) -> str:
    """A value a spreadsheet shows as text: one starting like a formula is quoted."""
    return formula_guarded(str(value))
