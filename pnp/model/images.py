"""Image files a face names → checked paths: PNG and JPEG decoded in full, SVG read as safe vector art.

An image is a file of the game folder (or of templates/, written `templates/...`). A
raster image is decoded once within MAX_IMAGE_PIXELS; its pixel size is kept so a face
can warn when it would print below MIN_DPI at the size it is drawn. An SVG is parsed
without entities, DTDs or network, within MAX_SVG_BYTES and MAX_SVG_ELEMENTS, and refused
if it has a script, event handlers, foreign objects, embedded or external images, or any
reference outside itself (`href`, `url(...)`, `@import` other than `#id`): it is drawn from
its own paths alone.
"""

from __future__ import annotations

import functools
import re
import warnings
from pathlib import Path

from pnp.model.files import read_regular_file
from pnp.model.folders import named_file
from pnp.model.limits import MAX_IMAGE_PIXELS, MAX_SVG_BYTES, MAX_SVG_ELEMENTS
from pnp.model.problems import ContentError, quote

RASTER = (".png", ".jpg", ".jpeg")
VECTOR = (".svg",)
MIN_DPI = 300  # below this a raster image looks soft in print (PRINTING.md)
_LOCAL_REFERENCE = re.compile(r"\s*#[\w.:-]*\s*")
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.IGNORECASE)
_REFUSED_ELEMENTS = {"script": "a script", "foreignObject": "a foreign object (HTML)", "image": "an image inside it",
                     "iframe": "an iframe", "embed": "an embedded object", "object": "an embedded object",
                     "feImage": "an image filter", "animate": "animation", "set": "animation",
                     "animateTransform": "animation", "animateMotion": "animation"}


def find_image(file: str, game_folder: Path, templates_folders: tuple[Path, ...]) -> tuple[Path | None, str | None]:
    """The image file a face names, checked; or why it cannot be used. `templates/...` is looked
    up in each layer of templates (pnp.model.folders), the first that has it winning."""
    try:
        path = named_file(file, game_folder, templates_folders)
    except ContentError as error:
        return None, f"image {quote(file)} {error.problems[0].message}"
    suffix = Path(file).suffix.lower()
    if suffix not in RASTER + VECTOR:
        return None, f"expected a PNG, JPEG or SVG image, got {quote(file)}"
    if path is None:
        return None, f"image file not found: {quote(file)}"
    stat = path.stat()
    check = svg_problem if suffix in VECTOR else image_problem
    problem = check(path, stat.st_size, stat.st_mtime_ns)
    return (None, f"image {quote(file)} {problem}") if problem else (path, None)


def is_vector(path: Path) -> bool:
    return Path(path).suffix.lower() in VECTOR


@functools.lru_cache(maxsize=64)
def image_problem(path: Path, size: int = 0, mtime_ns: int = 0) -> str | None:
    """Why Pillow cannot safely read the image (not an image, corrupt, a decompression bomb).

    The image is decoded in full (within MAX_IMAGE_PIXELS): a PNG or JPEG whose data is
    damaged can pass Pillow's verify() and fail only when it is drawn. The answer is
    kept per file, size and time (they are only the cache's key), as every item of a
    set names the same images.
    """
    from PIL import Image as PILImage  # here: `pnp list` reads components without Pillow

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            with PILImage.open(path) as image:
                if image.format not in ("PNG", "JPEG"):
                    return f"is {image.format}, expected PNG or JPEG"
                if image.width * image.height > MAX_IMAGE_PIXELS:
                    return f"is {image.width} × {image.height} pixels, over the limit of {MAX_IMAGE_PIXELS} pixels"
                image.verify()
            with PILImage.open(path) as image:
                image.load()
    except (PILImage.DecompressionBombError, PILImage.DecompressionBombWarning):
        return f"is too large to decode safely (over the limit of {MAX_IMAGE_PIXELS} pixels)"
    except (OSError, SyntaxError, ValueError, EOFError) as error:
        return f"cannot be read as an image: {quote(str(error))}"
    return None


@functools.lru_cache(maxsize=64)
def pixel_size(path: Path, size: int = 0, mtime_ns: int = 0) -> tuple[int, int]:
    """Width and height in pixels of a raster image already checked by image_problem."""
    from PIL import Image as PILImage

    with PILImage.open(path) as image:
        return image.size


def dpi_warning(path: Path, width_pt: float, height_pt: float) -> str | None:
    """A warning if a raster image drawn width × height points would print below MIN_DPI."""
    if is_vector(path) or width_pt <= 0 or height_pt <= 0:
        return None
    stat = path.stat()
    pixels = pixel_size(path, stat.st_size, stat.st_mtime_ns)
    dpi = min(pixels[0] / (width_pt / 72), pixels[1] / (height_pt / 72))
    if dpi >= MIN_DPI:
        return None
    return (f"image {quote(path.name)} prints at {dpi:.0f} dpi at this size ({pixels[0]} × {pixels[1]} pixels "
            f"for {width_pt / 72 * 25.4:.1f} × {height_pt / 72 * 25.4:.1f} mm); {MIN_DPI} dpi needs "
            f"{round(width_pt / 72 * MIN_DPI)} × {round(height_pt / 72 * MIN_DPI)} pixels, or an SVG")


@functools.lru_cache(maxsize=64)
def svg_problem(path: Path, size: int = 0, mtime_ns: int = 0) -> str | None:
    """Why an SVG cannot be drawn safely, or None. Read with entities, DTDs and network off."""
    try:
        data = read_regular_file(path, MAX_SVG_BYTES)
    except ContentError as error:
        return error.problems[0].message
    return svg_bytes_problem(data)


def svg_bytes_problem(data: bytes) -> str | None:
    from lxml import etree

    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return "has a DOCTYPE or entities, which pnp does not read; save it as plain SVG"
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        return f"is not well-formed SVG: {quote(str(error))}"
    if not isinstance(root.tag, str) or etree.QName(root).localname != "svg":
        return "is not an SVG image (its root element is not <svg>)"
    if not _has_size(root):
        return "has no size to draw at: give its <svg> a viewBox, or a width and height greater than zero"
    for count, element in enumerate(root.iter(), 1):
        if count > MAX_SVG_ELEMENTS:
            return f"has more than {MAX_SVG_ELEMENTS} elements, over the limit"
        problem = _element_problem(element)
        if problem:
            return problem
    return None


_NUMBER = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|pt|mm|cm|in|pc)?\s*")


def _has_size(root) -> bool:
    """Whether the SVG says how large it is: a viewBox, or a width and a height, all positive and finite."""
    box = root.get("viewBox", "").replace(",", " ").split()
    try:
        if len(box) == 4 and 0 < float(box[2]) < 1e9 and 0 < float(box[3]) < 1e9:
            return True
    except ValueError:
        pass
    sides = [_NUMBER.fullmatch(root.get(name, "")) for name in ("width", "height")]
    return all(side is not None and 0 < float(side.group(1)) < 1e9 for side in sides)


def _element_problem(element) -> str | None:
    from lxml import etree

    if not isinstance(element.tag, str):
        return None
    name = etree.QName(element).localname
    if name in _REFUSED_ELEMENTS:
        return f"has {_REFUSED_ELEMENTS[name]} (<{name}>), which pnp does not draw; keep icons to plain shapes"
    for attribute, value in element.attrib.items():
        local = etree.QName(attribute).localname
        if local.lower().startswith("on"):
            return f"has an event handler ({local}=…); pnp draws no scripts"
        if local == "href" and not _LOCAL_REFERENCE.fullmatch(value):
            return f"refers to {quote(value)} outside itself; pnp draws an SVG from its own content only"
        for url in _URL.findall(value):
            if not _LOCAL_REFERENCE.fullmatch(url):
                return f"refers to {quote(url)} outside itself; pnp draws an SVG from its own content only"
    if name == "style" and element.text:
        if "@import" in element.text:
            return "imports a style sheet (@import); pnp draws an SVG from its own content only"
        for url in _URL.findall(element.text):
            if not _LOCAL_REFERENCE.fullmatch(url):
                return f"refers to {quote(url)} outside itself; pnp draws an SVG from its own content only"
    return None
