"""A built shop folder and the shop's profile → what the shop would refuse, file by file.

`pnp preflight --shop NAME` reads `<out>/<game>/pod/<shop>/` with independent readers
(Pillow for images, pikepdf for PDFs, an XML parser for cut files) and checks it against
the profile: every manifest row names a product of the shop (or says why it has none and
names no file), no back for a product printed on one face, every file it names exists and
every file is named; an image is the
product's pixels at the shop's resolution in the shop's colour space; a PDF page is the
product's trim plus its bleed with TrimBox and BleedBox where they belong, and a PDF/X
shop's PDFs pass the PDF/X-1a:2003 check (pnp.export.pdfx); a deck has the pages its rows
list; a cut file is the slug's size, its cut lines inside the safe area and at least the
shop's gap apart, each part's line broken by the shop's nicks.
"""

from __future__ import annotations

import csv
import io
import math
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pnp.model.shops import Product, ShopProfile, face_pixels
from pnp.model.units import to_mm

POINT_TOLERANCE = 0.5  # a PDF box may differ from the product's figures by this much (points)
_KEPT = {".csv"}


@dataclass(frozen=True)
class Violation:
    file: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


@dataclass
class Report:
    """What a shop would refuse, and the parts the folder holds no file for (said, not refused)."""

    violations: list[Violation]
    left_out: list[Violation]
    files: int


def preflight(folder: Path, shop: ShopProfile) -> Report:
    folder = Path(folder)
    report = Report([], [], 0)
    if not folder.is_dir():
        report.violations.append(Violation(str(folder), f"no folder of {shop.name} files here: build with --format pod "
                                                        f"--shop {shop.id} first"))
        return report
    by_name = {product.name: product for product in shop.products}
    products: dict[str, Product] = {}
    pages: dict[str, int] = {}
    slug_parts: dict[str, int] = {}
    for manifest in sorted(folder.glob("*.csv")):
        for number, row in enumerate(csv.DictReader(io.StringIO(manifest.read_text(encoding="utf-8"))), start=2):
            _row(folder, manifest.name, number, row, by_name, products, pages, slug_parts, report)
    for path in sorted(p for p in folder.iterdir() if p.is_file()):
        report.files += 1
        if path.suffix in _KEPT:
            continue
        product = products.get(path.name)
        if product is None:
            report.violations.append(Violation(path.name, "no manifest row names this file"))
            continue
        for message in _file_problems(path, product, shop, pages.get(path.name, 0), slug_parts.get(path.name, 0)):
            report.violations.append(Violation(path.name, message))
    return report


def _row(folder: Path, manifest: str, number: int, row: dict, by_name: dict, products: dict, pages: dict,
         slug_parts: dict, report: Report) -> None:
    where = f"{manifest} row {number} ({row.get('set')} {row.get('item')})"
    files = [row.get(key, "") for key in ("front", "back", "cut") if row.get(key)]
    product = by_name.get(row.get("product", ""))
    if not row.get("product"):
        if files:
            report.violations.append(Violation(where, "files without a product"))
        elif not row.get("note"):
            report.violations.append(Violation(where, "no product and no word on why"))
        else:
            left_out = Violation(f"{manifest} ({row.get('set')})", row["note"])
            if left_out not in report.left_out:  # said once per set and reason, not per item
                report.left_out.append(left_out)
        return
    if product is None:
        report.violations.append(Violation(where, f"{row['product']!r} is not a product of this shop"))
        return
    if product.faces == 1 and row.get("back"):
        report.violations.append(Violation(where, f"the {product.name} is printed on one face, but the row names "
                                                  "a back"))
    for name in files:
        if not (folder / name).is_file() and name not in products:  # said once, however many rows name it
            report.violations.append(Violation(where, f"names {name}, which is not there"))
        products[name] = product
    listed = [int(p) for part in row.get("pages", "").replace(" ", "").split(",") if part for p in _span(part)]
    for name in files:
        pages[name] = max([pages.get(name, 0), *listed])
    if row.get("cut"):
        slug_parts[row["cut"]] = slug_parts.get(row["cut"], 0) + int(row["quantity"])


def _span(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def _file_problems(path: Path, product: Product, shop: ShopProfile, page_count: int, parts: int) -> list[str]:
    extension = path.suffix[1:]
    if extension == "svg":
        return _cut_problems(path, product, shop, parts)
    if extension not in shop.formats:
        return [f"{shop.name} takes {', '.join(shop.formats)} files, not {extension}"]
    if extension == "png":
        return _image_problems(path, product, shop)
    return _pdf_problems(path, product, shop, page_count)


def _image_problems(path: Path, product: Product, shop: ShopProfile) -> list[str]:
    problems = []
    with Image.open(path) as image:
        wanted = product.pixels or face_pixels(product.width, product.height, product.bleed, shop.dpi)
        if image.size not in (wanted, wanted[::-1]):
            problems.append(f"{image.width} × {image.height} px, not the {product.name}'s {wanted[0]} × {wanted[1]} px")
        dpi = image.info.get("dpi")
        if dpi is None or abs(round(dpi[0]) - shop.dpi) > 1:
            problems.append(f"resolution {dpi and round(dpi[0])} dpi stored, not {shop.dpi}")
        if shop.colour == "rgb" and image.mode not in ("RGB", "RGBA", "L", "P"):
            problems.append(f"colour mode {image.mode}, not RGB")
    return problems


def _pdf_problems(path: Path, product: Product, shop: ShopProfile, page_count: int) -> list[str]:
    import pikepdf

    from pnp.export.pdfx import pdfx_problems

    data = path.read_bytes()
    problems = pdfx_problems(data) if shop.pdfx else []
    width, height = product.width + 2 * product.bleed, product.height + 2 * product.bleed
    with pikepdf.open(io.BytesIO(data)) as pdf:
        if page_count and len(pdf.pages) != page_count:
            problems.append(f"{len(pdf.pages)} pages, but the manifest lists {page_count}")
        for number, page in enumerate(pdf.pages, start=1):
            media = [float(v) for v in page.mediabox]
            size = (media[2] - media[0], media[3] - media[1])
            if not any(_close(size, wanted) for wanted in ((width, height), (height, width))):
                problems.append(f"page {number} is {to_mm(size[0]):.1f} × {to_mm(size[1]):.1f} mm, not the "
                                f"{product.name} with its bleed ({to_mm(width):.1f} × {to_mm(height):.1f} mm)")
            trim = page.obj.get("/TrimBox")
            if trim is not None:
                box = [float(v) for v in trim]
                inset = (box[0] - media[0], box[1] - media[1], media[2] - box[2], media[3] - box[3])
                if max(abs(v - product.bleed) for v in inset) > POINT_TOLERANCE:
                    problems.append(f"page {number}: the TrimBox is not the bleed ({to_mm(product.bleed):.2f} mm) "
                                    "inside the page")
            elif not shop.pdfx:
                problems.append(f"page {number}: no TrimBox")
    return problems


def _close(size, wanted) -> bool:
    return abs(size[0] - wanted[0]) <= POINT_TOLERANCE and abs(size[1] - wanted[1]) <= POINT_TOLERANCE


def _cut_problems(path: Path, product: Product, shop: ShopProfile, parts: int) -> list[str]:
    try:
        root = ElementTree.fromstring(path.read_bytes())
    except ElementTree.ParseError as error:
        return [f"not a readable SVG ({error})"]
    problems = []
    width, height = (float(root.get(key, "0").removesuffix("in")) * 72 for key in ("width", "height"))
    if not _close((width, height), (product.width, product.height)):
        problems.append(f"{to_mm(width):.1f} × {to_mm(height):.1f} mm, not the {product.name}'s slug "
                        f"({product.trim_mm()})")
    view = [float(v) for v in root.get("viewBox", "0 0 0 0").split()]
    scale = view[2] / width if width else 1.0  # the file's pixels per point
    lines = [[tuple(float(v) / scale for v in point.split(",")) for point in line.get("points", "").split()]
             for line in root.iter("{http://www.w3.org/2000/svg}polyline")]
    if product.nicks and len(lines) != parts * product.nicks:
        problems.append(f"{len(lines)} cut lines for {parts} parts: each part's line needs {product.nicks} nicks")
    outlines = _joined(lines, product.nicks or 1)
    boxes = [_bounds(points) for points in outlines]
    for index, box in enumerate(boxes):
        if min(box[0], box[1], width - box[2], height - box[3]) < product.safe - POINT_TOLERANCE:
            problems.append(f"cut line {index + 1} is closer than {to_mm(product.safe):.1f} mm to the slug's edge")
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            if _box_gap(boxes[a], boxes[b]) < product.gap - POINT_TOLERANCE:
                problems.append(f"cut lines {a + 1} and {b + 1} are closer than {to_mm(product.gap):.1f} mm")
    for index in range(len(outlines)):
        if product.nicks and not _nicks_even(lines[index * product.nicks:(index + 1) * product.nicks], product):
            problems.append(f"cut line {index + 1}: its nicks are not {to_mm(product.nick):.2f} mm wide")
    return problems


def _joined(lines: list[list[tuple]], per_part: int) -> list[list[tuple]]:
    return [[point for line in lines[i:i + per_part] for point in line] for i in range(0, len(lines), per_part)]


def _bounds(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _box_gap(a, b) -> float:
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy) if dx and dy else max(dx, dy)


def _nicks_even(runs: list[list[tuple]], product: Product) -> bool:
    """Each run ends a nick's width before the next begins."""
    for run, following in zip(runs, runs[1:] + runs[:1]):
        if abs(math.dist(run[-1], following[0]) - product.nick) > POINT_TOLERANCE / 2:
            return False
    return True
