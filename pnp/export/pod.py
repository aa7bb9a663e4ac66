"""Component sets and a shop profile → print-on-demand files: one image per distinct face, and the counts.

Every distinct face (a back shared by all of a set's cards is one face) is painted
with the shop's bleed around its trim and written at the shop's published pixel size
(or, for a size the profile does not list, the trim plus the bleed at the shop's
resolution), as PNG with the resolution stored, and as a one-page PDF at trim plus
bleed, with TrimBox and BleedBox, where the shop takes PDF. The manifest (CSV) lists
each distinct card or piece with its quantity and the files of its two sides, as a
shop's upload asks for them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

from pnp.export.faces import distinct_faces, face_image
from pnp.model.components import ComponentSet
from pnp.model.faces import Face
from pnp.model.shops import ShopProfile
from pnp.model.tables import formula_guarded
from pnp.model.units import to_mm
from pnp.output.png import png_bytes
from pnp.paint import pdfdraw
from pnp.text.fonts import font_name

MANIFEST_COLUMNS = ("set", "item", "quantity", "front", "back", "product", "trim_mm", "pixels")
PaintFace = Callable[[Face], Drawing]


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


def plan_files(stem: str, component_set: ComponentSet) -> SetFiles:
    """File stems of every distinct face: fronts by their first item, a set's one back as '-back'."""
    names = {d.face: "-".join(p for p in (stem, d.item, "back" if d.side == "back" else None) if p)
             for d in distinct_faces(component_set)}
    faces: dict[str, Face] = {}  # in the order items show them: a shared back after the first item
    entries: dict[tuple, Entry] = {}
    for item in component_set.items:
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


def face_files(face: Face, name: str, component_set: ComponentSet, shop: ShopProfile,
               paint: PaintFace) -> dict[str, bytes]:
    """One distinct face in each of the shop's formats, by file name; `paint` adds the shop's bleed."""
    drawing = paint(face)
    result = {}
    for extension in shop.formats:
        if extension == "png":
            size = shop.pixels_for(component_set.width, component_set.height)
            result[f"{name}.png"] = png_bytes(face_image(drawing, size), shop.dpi)
        else:
            result[f"{name}.pdf"] = face_pdf(drawing, shop.bleed, name)
    return result


def face_pdf(drawing: Drawing, bleed: float, title: str) -> bytes:
    """One page of the face with its bleed; TrimBox and BleedBox tell the shop where to cut."""
    buffer = io.BytesIO()
    width, height = drawing.width, drawing.height
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, initialFontName=font_name(), pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    canvas.setTrimBox((bleed, bleed, width - bleed, height - bleed))
    canvas.setBleedBox((0, 0, width, height))
    pdfdraw.draw(drawing, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def manifest_rows(set_id: str, files: SetFiles, component_set: ComponentSet, shop: ShopProfile) -> list[dict]:
    """The manifest's rows for one set; files are named by their PNG (or PDF, for a PDF-only shop)."""
    extension = "png" if "png" in shop.formats else "pdf"
    product = shop.product_for(component_set.width, component_set.height)
    size = shop.pixels_for(component_set.width, component_set.height)
    trim = f"{to_mm(component_set.width):.1f} x {to_mm(component_set.height):.1f}"
    return [{"set": set_id, "item": entry.item, "quantity": entry.quantity, "front": f"{entry.front}.{extension}",
             "back": f"{entry.back}.{extension}" if entry.back else "", "product": product.name if product else "",
             "trim_mm": trim, "pixels": f"{size[0]} x {size[1]}"} for entry in files.entries]


def manifest_csv(rows: list[dict]) -> bytes:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=MANIFEST_COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({key: _cell(value) for key, value in row.items()} for row in rows)
    return buffer.getvalue().encode("utf-8")


def _cell(value) -> str:
    """A value a spreadsheet shows as text: one starting like a formula is quoted."""
    return formula_guarded(str(value))
