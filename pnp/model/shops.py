"""templates/shops/<shop>.yaml → a located `ShopProfile`: what a print-on-demand shop wants per face.

A profile gives the shop's resolution and bleed, the file formats it takes, and the
products whose sizes it publishes, each with where its figures come from (`source:`);
a product may state the published pixel size, which must agree with its trim plus the
bleed at the shop's resolution. Profiles are read like any content: bounded YAML,
located problems, every key checked. Adding a shop is adding a file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.model.folders import layer_file
from pnp.model.limits import MAX_BLEED_MM, MAX_COMPONENT_MM
from pnp.model.names import id_problem
from pnp.model.problems import ContentError, Location, Problem, Problems, listing, quote
from pnp.model.reader import Fields, join_key
from pnp.model.source import Node, load_yaml
from pnp.model.units import mm, to_mm

SHOPS_FOLDER = "shops"
FILE_FORMATS = ("png", "pdf")
MAX_SHOP_DPI = 1200
# A component matches a product when each side is within this of the product's trim.
SIZE_TOLERANCE_MM = 0.5


@dataclass(frozen=True)
class Product:
    """A size the shop prints, at its trim; `pixels` is the published image size, if any."""

    id: str
    name: str
    width: float
    height: float
    pixels: tuple[int, int] | None
    source: str


@dataclass(frozen=True)
class ShopProfile:
    id: str
    name: str
    page: str
    dpi: int
    bleed: float
    formats: tuple[str, ...]
    source: str
    products: tuple[Product, ...]
    location: Location

    def product_for(self, width: float, height: float) -> Product | None:
        """The product whose trim is this size (either way round), or None."""
        for product in self.products:
            for w, h in ((product.width, product.height), (product.height, product.width)):
                if abs(to_mm(w - width)) <= SIZE_TOLERANCE_MM and abs(to_mm(h - height)) <= SIZE_TOLERANCE_MM:
                    return product
        return None

    def pixels_for(self, width: float, height: float) -> tuple[int, int]:
        """The image size of one face of a component this size: the published one, else trim + bleed at dpi."""
        product = self.product_for(width, height)
        if product is not None and product.pixels is not None:
            landscape = (width > height) != (product.width > product.height)
            return product.pixels[::-1] if landscape else product.pixels
        return face_pixels(width, height, self.bleed, self.dpi)


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
        known = listing(shop_names(templates_folder)) or "none"
        problem = f"no shop profile {quote(name)} in templates/shops/ (there are: {known})"
    if problem is not None:
        raise ContentError([Problem(Location(str(folder)), "shop", problem)])
    problems = Problems()
    return problems.checked(read_shop(name, load_yaml(path, Path(templates_folder)), problems))


def read_shop(shop_id: str, node: Node, problems: Problems) -> ShopProfile | None:
    fields = Fields(node, "", problems)
    name, page, source = fields.text("name"), fields.text("page"), fields.text("source")
    dpi = fields.integer("dpi", minimum=72, maximum=MAX_SHOP_DPI)
    bleed = fields.length("bleed", positive=False)
    if bleed is not None and bleed > mm(MAX_BLEED_MM):
        fields.report(fields.values["bleed"], f"a bleed of {to_mm(bleed):g} mm is over the limit of {MAX_BLEED_MM} mm",
                      "bleed")
        bleed = None
    formats = _formats(fields)
    products_node = fields.get("products")
    fields.finish()
    if (name is None or page is None or source is None or dpi is None or bleed is None or products_node is None
            or not formats):
        return None
    products = _products(products_node, bleed, dpi, problems)
    return ShopProfile(shop_id, name, page, dpi, bleed, formats, source, products, node.location)


def _formats(fields: Fields) -> tuple[str, ...]:
    formats = []
    for path, item in fields.items("formats"):
        if item.value in FILE_FORMATS and item.value not in formats:
            formats.append(item.value)
        else:
            problems = fields.problems
            problems.add(item.location, path,
                         f"expected one of {', '.join(FILE_FORMATS)} (each once), got {quote(item.value)}")
    if not formats and "formats" in fields.values:
        fields.report(fields.values["formats"], f"expected a list of {', '.join(FILE_FORMATS)}", "formats")
    return tuple(formats)


def _products(node: Node, bleed: float, dpi: int, problems: Problems) -> tuple[Product, ...]:
    if not node.is_map:
        problems.add(node.location, "products", "expected a mapping of product names to sizes")
        return ()
    products = []
    for product_id, value in node.value.items():
        problem = id_problem(product_id, "a product id")
        if problem:
            problems.add(node.key_location(product_id), "products", problem)
            continue
        product = _product(product_id, value, bleed, dpi, problems)
        if product is not None:
            products.append(product)
    return tuple(products)


def _product(product_id: str, node: Node, bleed: float, dpi: int, problems: Problems) -> Product | None:
    path = join_key("products", product_id)
    fields = Fields(node, path, problems)
    name, source = fields.text("name"), fields.text("source")
    width, height = fields.length("width"), fields.length("height")
    pixels = _pixels(fields)
    fields.finish()
    if name is None or source is None or width is None or height is None:
        return None
    if max(to_mm(width), to_mm(height)) > MAX_COMPONENT_MM:
        fields.report(node, f"a product of {to_mm(width):g} × {to_mm(height):g} mm is over the limit of "
                            f"{MAX_COMPONENT_MM} mm a side")
        return None
    if pixels is not None:
        expected = face_pixels(width, height, bleed, dpi)
        if max(abs(a - b) for a, b in zip(pixels, expected)) > 1:
            fields.report(fields.values["pixels"], f"{pixels[0]} × {pixels[1]} px does not match the trim plus the "
                          f"bleed at {dpi} dpi ({expected[0]} × {expected[1]} px): check the figures", "pixels")
            return None
    return Product(product_id, name, width, height, pixels, source)


def _pixels(fields: Fields) -> tuple[int, int] | None:
    node = fields.get("pixels", default=None)
    if node is None:
        return None
    values = [v.value for v in node.value] if node.is_list else []
    if len(values) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 100_000
                                   for v in values):
        fields.report(node, f"expected [width, height] in whole pixels, got {quote(node.plain())}", "pixels")
        return None
    return (values[0], values[1])
