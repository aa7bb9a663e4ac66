"""templates/shops/<shop>.yaml → a located `ShopProfile`: what a print-on-demand shop takes, product by product.

A profile gives the shop's resolution, bleed and safe area, the file formats and colour
space it takes (RGB images, or CMYK PDF/X-1a with an output condition), the page order of
a deck PDF, and the products it sells: each with its size, the shape of its die (a shape
as components.yaml names it, or `any` for a custom die line), the kinds of component it
carries (the mapping from a component to a product, as data), how a part fits it (cut
at its own size, printed inside it, or laid out on a slug cut by a cut file), its safe
area, corner, pixels and faces, and the source every figure was taken from. Figures
that could not be found are listed under `not-found:`, not invented. Profiles are read
like any content: bounded YAML, located problems, every key checked. Adding a shop is
adding a file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.model.folders import layer_file
from pnp.model.limits import MAX_BLEED_MM, MAX_COMPONENT_MM
from pnp.model.names import id_problem
from pnp.model.problems import ContentError, Location, Problem, Problems, listing, quote
from pnp.model.reader import Fields, join_key
from pnp.model.set_outline import KINDS
from pnp.model.source import Node, load_yaml
from pnp.model.units import mm, to_mm

SHOPS_FOLDER = "shops"
FILE_FORMATS = ("png", "pdf")
COLOUR_SPACES = ("rgb", "cmyk")
PDF_KINDS = ("plain", "x-1a")  # x-1a: PDF/X-1a:2003 (ISO 15930-4)
PAGE_ORDERS = ("front-back", "fronts-then-backs")
# How a part meets a product: cut at the product's own size (its trim matches the part's), printed
# inside a larger product (a board on a bigger board), or laid out with others on a slug that a
# cut file cuts (a custom punchout).
FITS = ("exact", "inside", "slug")
ANY_SHAPE = "any"
PRODUCT_SHAPES = ("rect", "circle", "hexagon", ANY_SHAPE)
MAX_SHOP_DPI = 1200
# A component matches a product when each side is within this of the product's trim.
SIZE_TOLERANCE_MM = 0.5


@dataclass(frozen=True)
class Product:
    """A product the shop sells, at its trim; `pixels` is the published image size (trim plus bleed), if any."""

    id: str
    name: str
    shape: str  # rect, circle, hexagon (as components.yaml names shapes) or any (a custom die line)
    carries: tuple[str, ...]  # the component kinds (card, token, tile, piece, board) it is sold for
    fit: str
    width: float
    height: float
    bleed: float
    safe: float
    corner: float
    faces: int
    pixels: tuple[int, int] | None
    gap: float  # on a slug: the least distance between two cut lines
    nicks: int  # on a slug: ties left in each cut line so a part stays in the slug
    nick: float  # their width
    source: str

    def trim_mm(self) -> str:
        return f"{to_mm(self.width):.1f} × {to_mm(self.height):.1f} mm"


@dataclass(frozen=True)
class OutputCondition:
    """The printing condition a CMYK shop names for PDF/X (its registry identifier and name)."""

    identifier: str
    name: str
    source: str


@dataclass(frozen=True)
class ShopProfile:
    id: str
    name: str
    page: str
    dpi: int
    bleed: float
    safe: float
    formats: tuple[str, ...]
    colour: str
    pdf: str
    page_order: str
    output_condition: OutputCondition | None
    source: str
    products: tuple[Product, ...]
    not_found: tuple[str, ...]
    location: Location

    @property
    def pdfx(self) -> bool:
        return self.pdf == "x-1a"


def face_pixels(width: float, height: float, bleed: float, dpi: int) -> tuple[int, int]:
    """Pixels of a face of trim width × height (points) with bleed on every side at dpi."""
    return (round((width + 2 * bleed) * dpi / 72), round((height + 2 * bleed) * dpi / 72))


def shops_folder(templates_folder: Path) -> Path:
    return Path(templates_folder) / SHOPS_FOLDER


def shop_names(templates_folder: Path) -> tuple[str, ...]:
    """The shops that have a profile in templates/shops/, sorted."""
    folder = shops_folder(templates_folder)
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.stem for p in folder.glob("*.yaml") if id_problem(p.stem) is None))


def load_shop(templates_folder: Path, name: str) -> ShopProfile:
    """Read and check templates/shops/<name>.yaml; ContentError listing every problem."""
    folder = shops_folder(templates_folder)
    problem = id_problem(name, "a shop name")
    path = folder / f"{name}.yaml"
    if problem is None and layer_file(Path(templates_folder), f"{SHOPS_FOLDER}/{name}.yaml") is None:
        there = listing(shop_names(templates_folder)) or "none"
        problem = f"no shop profile {quote(name)} in templates/shops/ (there are: {there})"
    if problem is not None:
        raise ContentError([Problem(Location(str(folder)), "shop", problem)])
    problems = Problems()
    return problems.checked(read_shop(name, load_yaml(path, Path(templates_folder)), problems))


def read_shop(shop_id: str, node: Node, problems: Problems) -> ShopProfile | None:
    fields = Fields(node, "", problems)
    name, page, source = fields.text("name"), fields.text("page"), fields.text("source")
    dpi = fields.integer("dpi", minimum=72, maximum=MAX_SHOP_DPI)
    bleed = _bleed(fields, "bleed", fields.length("bleed", positive=False))
    safe = fields.length("safe", default="0mm", positive=False)
    formats = _formats(fields)
    colour = fields.choice("colour", COLOUR_SPACES, default="rgb")
    pdf = fields.choice("pdf", PDF_KINDS, default="plain")
    page_order = fields.choice("page-order", PAGE_ORDERS, default="front-back")
    condition = _condition(fields)
    not_found = tuple(str(item.value) for _, item in fields.items("not-found", default=None))
    products_node = fields.get("products")
    fields.finish()
    if pdf == "x-1a" and (colour != "cmyk" or condition is None):
        fields.report(node, "a PDF/X-1a shop prints CMYK: give `colour: cmyk` and its `output-condition`")
        return None
    if (name is None or page is None or source is None or dpi is None or bleed is None or safe is None
            or colour is None or pdf is None or page_order is None or products_node is None or not formats):
        return None
    products = _products(products_node, bleed, safe, dpi, problems)
    return ShopProfile(shop_id, name, page, dpi, bleed, safe, formats, colour, pdf, page_order, condition, source,
                       products, not_found, node.location)


def _bleed(fields: Fields, key: str, bleed: float | None) -> float | None:
    if bleed is not None and bleed > mm(MAX_BLEED_MM):
        fields.report(fields.values[key], f"a bleed of {to_mm(bleed):g} mm is over the limit of {MAX_BLEED_MM} mm", key)
        return None
    return bleed


def _condition(fields: Fields) -> OutputCondition | None:
    node = fields.get("output-condition", default=None)
    if node is None:
        return None
    inner = Fields(node, "output-condition", fields.problems)
    identifier, name, source = inner.text("identifier"), inner.text("name"), inner.text("source")
    inner.finish()
    if identifier is None or name is None or source is None:
        return None
    return OutputCondition(identifier, name, source)


def _formats(fields: Fields) -> tuple[str, ...]:
    formats = fields.choices("formats", FILE_FORMATS)
    if not formats and "formats" in fields.values:
        fields.report(fields.values["formats"], f"expected a list of {', '.join(FILE_FORMATS)}", "formats")
    return formats


def _products(node: Node, bleed: float, safe: float, dpi: int, problems: Problems) -> tuple[Product, ...]:
    if not node.is_map:
        problems.add(node.location, "products", "expected a mapping of product names to sizes")
        return ()
    products = []
    for product_id, value in node.value.items():
        problem = id_problem(product_id, "a product id")
        if problem:
            problems.add(node.key_location(product_id), "products", problem)
            continue
        product = _product(product_id, value, bleed, safe, dpi, problems)
        if product is not None:
            products.append(product)
    return tuple(products)


def _product(product_id: str, node: Node, bleed: float, safe: float, dpi: int, problems: Problems) -> Product | None:
    path = join_key("products", product_id)
    fields = Fields(node, path, problems)
    name, source = fields.text("name"), fields.text("source")
    shape = fields.choice("shape", PRODUCT_SHAPES)
    carries = fields.choices("carries", KINDS)
    fit = fields.choice("fit", FITS, default="exact")
    width, height = fields.length("width"), fields.length("height")
    own_bleed = _bleed(fields, "bleed", fields.length("bleed", default=None, positive=False))
    own_safe = fields.length("safe", default=None, positive=False)
    corner = fields.length("corner", default="0mm", positive=False)
    faces = fields.integer("faces", default=2, minimum=1, maximum=2)
    gap = fields.length("gap", default="0mm", positive=False)
    nicks = fields.integer("nicks", default=0, minimum=0, maximum=12)
    nick = fields.length("nick", default="0mm", positive=False)
    pixels = _pixels(fields)
    fields.finish()
    if (name is None or source is None or shape is None or fit is None or width is None or height is None
            or corner is None or faces is None or gap is None or nicks is None or nick is None or not carries):
        return None
    product_bleed = bleed if own_bleed is None else own_bleed
    if max(to_mm(width), to_mm(height)) > MAX_COMPONENT_MM:
        fields.report(node, f"a product of {to_mm(width):g} × {to_mm(height):g} mm is over the limit of "
                            f"{MAX_COMPONENT_MM} mm a side")
        return None
    if (fit == "slug") != (shape == ANY_SHAPE):
        fields.report(node, "a slug (fit: slug) is cut by a cut file of any shape (shape: any), and only a slug is")
        return None
    if pixels is not None:
        expected = face_pixels(width, height, product_bleed, dpi)
        if max(abs(a - b) for a, b in zip(pixels, expected)) > 1:
            fields.report(fields.values["pixels"], f"{pixels[0]} × {pixels[1]} px does not match the trim plus the "
                          f"bleed at {dpi} dpi ({expected[0]} × {expected[1]} px): check the figures", "pixels")
            return None
    return Product(product_id, name, shape, carries, fit, width, height, product_bleed,
                   safe if own_safe is None else own_safe, corner, faces, pixels, gap, nicks, nick, source)


def _pixels(fields: Fields) -> tuple[int, int] | None:
    node = fields.get("pixels", default=None)
    if node is None:
        return None
    values = [v.value for v in node.value] if node.is_list else []
    whole = all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 100_000 for v in values)
    if len(values) != 2 or not whole:
        fields.report(node, f"expected [width, height] in whole pixels, got {quote(node.plain())}", "pixels")
        return None
    return (values[0], values[1])
