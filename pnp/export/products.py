"""A part (a set's components of one size) and a shop profile → the product that carries it, and slugs laid out.

Which products may carry a part is data: a product names the component kinds it is sold
for (`carries`) and the shape of its die (`shape`, as components.yaml names shapes, or
`any` for a custom die line). Among those, in order of preference:

1. `exact`: a stock product of the part's shape whose trim is the part's size (within
   SIZE_TOLERANCE_MM): the part is cut by the shop's own die;
2. `inside`: the smallest product (a board) the part fits on: printed centred on it, the
   face's edge colour carried out to the product's edge;
3. `slug`: a custom punchout: copies of the part laid out on slugs with the gap the shop
   asks for between cut lines, inside its safe area, cut along a cut file.

A part no product carries gets a `Match` without a product that says why and names the
nearest product by size. This module is geometry and data only: pnp.export.pod paints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.model.shops import ANY_SHAPE, SIZE_TOLERANCE_MM, Product, ShopProfile
from pnp.model.units import to_mm


@dataclass(frozen=True)
class Part:
    """Components of one set that share a size: what a product must carry."""

    set_id: str
    kind: str
    shape: str  # as components.yaml names it: rect, circle, hexagon
    width: float
    height: float

    def describe(self) -> str:
        shape = {"circle": "disc", "hexagon": "hexagon"}.get(self.shape, "rectangle")
        if self.shape == "circle":
            return f"{self.set_id} ({self.kind}, {shape} {to_mm(self.width):.1f} mm)"
        return f"{self.set_id} ({self.kind}, {shape} {to_mm(self.width):.1f} × {to_mm(self.height):.1f} mm)"


@dataclass(frozen=True)
class Match:
    """The product a part is made as (None: the shop sells none that carries it, and why)."""

    part: Part
    product: Product | None
    why: str = ""
    nearest: Product | None = None


def match(shop: ShopProfile, part: Part) -> Match:
    """The product that carries the part: its stock die, a product it fits inside, or a slug; else why none."""
    carriers = [p for p in shop.products if part.kind in p.carries]
    exact = [p for p in carriers if p.fit == "exact" and p.shape == part.shape and _same_size(p, part)]
    if exact:
        return Match(part, exact[0])
    inside = [p for p in carriers if p.fit == "inside" and p.shape in (part.shape, ANY_SHAPE) and _holds(p, part)]
    if inside:
        return Match(part, min(inside, key=lambda p: p.width * p.height))
    slugs = [p for p in carriers if p.fit == "slug" and _on_slug(p, part)]
    if slugs:
        return Match(part, min(slugs, key=lambda p: p.width * p.height))
    return Match(part, None, _why_none(shop, part, carriers), _nearest(shop.products, part))


def slug_products(shop: ShopProfile, part: Part) -> list[Product]:
    """Every slug product a part fits on, smallest first."""
    fitting = [p for p in shop.products if p.fit == "slug" and part.kind in p.carries and _on_slug(p, part)]
    return sorted(fitting, key=lambda p: p.width * p.height)


def _same_size(product: Product, part: Part) -> bool:
    tolerance = SIZE_TOLERANCE_MM
    if part.shape in ("circle", "hexagon"):  # sized by width, corner to corner for a hexagon
        return abs(to_mm(product.width - part.width)) <= tolerance
    return any(abs(to_mm(w - part.width)) <= tolerance and abs(to_mm(h - part.height)) <= tolerance
               for w, h in ((product.width, product.height), (product.height, product.width)))


def _holds(product: Product, part: Part) -> bool:
    return any(part.width <= w and part.height <= h for w, h in ((product.width, product.height),
                                                                 (product.height, product.width)))


def _on_slug(product: Product, part: Part) -> bool:
    room_w, room_h = product.width - 2 * product.safe, product.height - 2 * product.safe
    return part.width <= room_w and part.height <= room_h


def _why_none(shop: ShopProfile, part: Part, carriers: list[Product]) -> str:
    if not carriers:
        kinds = sorted({kind for p in shop.products for kind in p.carries})
        carried = ", ".join(kinds) or "nothing"
        return f"the {shop.name} profile lists no product for a {part.kind} (its products carry: {carried})"
    shaped = [p for p in carriers if p.shape in (part.shape, ANY_SHAPE)]
    if not shaped:
        return f"the {shop.name} profile lists no {part.shape} product for a {part.kind}"
    sizes = ", ".join(sorted({p.trim_mm() for p in shaped}))
    return f"none of {shop.name}'s {part.shape} products for a {part.kind} is this size (they are {sizes})"


def _nearest(products: tuple[Product, ...], part: Part) -> Product | None:
    def distance(product: Product) -> float:
        return math.hypot(to_mm(product.width - part.width), to_mm(product.height - part.height))

    return min(products, key=distance) if products else None


@dataclass(frozen=True)
class Placement:
    """One copy of a part on a slug: its trim box in points from the slug's lower left corner."""

    item: str
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Slug:
    product: Product
    placements: tuple[Placement, ...]


def lay_out_slugs(product: Product, copies: list[tuple[str, float, float]]) -> list[Slug]:
    """Copies (item, width, height) in rows on as many slugs as they need: tallest first, `gap` apart,
    inside the slug's safe area, rows from the top down (as a reader fills a sheet)."""
    room_w, room_h = product.width - 2 * product.safe, product.height - 2 * product.safe
    order = sorted(copies, key=lambda c: -c[2])
    slugs: list[list[Placement]] = [[]]
    x = y_top = row_height = 0.0
    for item, width, height in order:
        if x and x + width > room_w:  # next row
            x, y_top, row_height = 0.0, y_top + row_height + product.gap, 0.0
        if y_top + height > room_h:  # next slug
            slugs.append([])
            x = y_top = row_height = 0.0
        top = product.height - product.safe - y_top  # placements keep y up, as the slug's PDF would
        slugs[-1].append(Placement(item, product.safe + x, top - height, width, height))
        x += width + product.gap
        row_height = max(row_height, height)
    return [Slug(product, tuple(placements)) for placements in slugs if placements]


def best_slugs(products: list[Product], copies: list[tuple[str, float, float]]) -> list[Slug]:
    """The copies laid out on the slug product that needs the least slug area, the smaller on a tie."""
    layouts = [lay_out_slugs(product, copies) for product in products]
    return min(layouts, key=lambda slugs: (len(slugs) * slugs[0].product.width * slugs[0].product.height,
                                           slugs[0].product.width * slugs[0].product.height))
