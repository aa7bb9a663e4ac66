"""Two versions of a face → whether they paint the same and, if not, what changed, in words.

Faces are told apart by what they paint, never by their YAML: two faces whose YAML
differs but whose drawing does not are the same. Each is drawn at DPI (PDFium, as the
PNG sheets are) and their pixels are compared inside the trim, the part a player keeps
(the bleed is cut away). Two faces painted now are compared exactly: if their pictures
draw alike, shape by shape (pnp.paint.picture.drawn_digest), nothing is drawn at all, else
one pixel that differs is a change. A face cut out of an earlier build's sheet sat on a fraction of a
pixel there, so its edges are anti-aliased a little differently: it is compared with a
tolerance (PRINTED_STEP, PRINTED_PIXELS) and without the trim's outermost pixels, where
the sheet's cut guides lie.

What changed is said in words, any of:
- "size": another trim size, bleed, shape or corner (the pixels are not compared);
- "text": the words printed differ (the detail says which, as before → after);
- "colour": the same shapes in other colours: every edge between two areas is where it
  was, or each colour the face had became one colour (a text in gold on ink, blue on ink);
- "art": anything else that shows (a shape or image changed or moved, text moved or
  restyled), outside the changed words.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from pnp.model.problems import quote

DPI = 150
# Painted faces: a pixel differs when a channel differs by more than this (a step of 1 or 2 is
# the rounding of two ways of drawing one colour, not something a player could see).
EXACT_STEP = 8
# Faces cut from a sheet: a pixel differs when a channel differs by more than this, and a
# face differs when more than PRINTED_PIXELS of its pixels do, PRINTED_SHRINK pixels or more in
# from its cut. Measured on the four games' 129 faces (English, A4 and Letter) built, cut out of
# their sheets and painted again: 2 pixels in from the cut no channel differed by more than 3;
# at the cut itself the sheets' cut guides and neighbours' art differ by up to 225.
PRINTED_STEP = 24
PRINTED_PIXELS = 4
PRINTED_SHRINK = 2
# A pixel is on an edge when a neighbour differs from it by more than this in a channel; the
# edges "moved" when more of them than EDGE_SHARE of the changed pixels did.
EDGE_STEP = 40
EDGE_SHARE = 0.05
# Each colour became one colour when no more than EDGE_SHARE of the changed pixels took a colour
# more than RECOLOUR_STEP in a channel from the one the first pixel of their old colour took
# (colours told apart to RECOLOUR_BITS bits less a channel: anti-aliased blends follow their colours).
RECOLOUR_STEP = 48
RECOLOUR_BITS = 3
DETAIL_PARTS = 3


@dataclass(frozen=True)
class Difference:
    """What changed between two versions of a face: its words, and for text which words."""

    what: tuple[str, ...]
    detail: str = ""


def compare(before, after, dpi: int = DPI) -> Difference | None:
    """None if the faces (pnp.playtest.faces) paint alike, else what changed."""
    exact = before.exact and after.exact
    if exact and before.key == after.key:
        return None
    old, new = before.ink(dpi), after.ink(dpi)
    text = old.printed != new.printed if old.in_order and new.in_order else sorted(old.printed) != sorted(new.printed)
    detail = text_detail(old.words, new.words) if text else ""
    if not before.geometry.same_size(after.geometry):
        return Difference(("size", "text") if text else ("size",), detail)
    region = _holed(before.geometry.trim_mask(dpi, 0 if exact else PRINTED_SHRINK), (*old.over, *new.over))
    step, allowed = (EXACT_STEP, 0) if exact else (PRINTED_STEP, PRINTED_PIXELS)
    differs = _differs(old.image, new.image, step)
    if differs.getbbox() is None and not text:
        return None  # not a pixel differs anywhere: most faces, and the quickest to tell
    changed = ImageChops.multiply(differs, region)
    if _count(changed) <= allowed and not text:
        return None
    what = ["text"] if text else []
    if text:  # the changed words account for the pixels around them
        region = _holed(region, [*old.char_boxes(), *new.char_boxes()])
        changed = ImageChops.multiply(changed, region)
    if _count(changed) > allowed:
        tolerated = max(allowed, EDGE_SHARE * _count(changed))
        moved = ImageChops.multiply(ImageChops.difference(_edges(old.image), _edges(new.image)), region)
        recoloured = _count(moved) <= tolerated or _not_recoloured(old.image, new.image, region) <= tolerated
        what.append("colour" if recoloured else "art")
    return Difference(tuple(what), detail)


def text_detail(old: list[str], new: list[str]) -> str:
    """The words that changed, as 'before' → 'after', +'added' and -'removed', the first few."""
    parts = []
    for operation, i0, i1, j0, j1 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        was, now = " ".join(old[i0:i1]), " ".join(new[j0:j1])
        if operation == "replace":
            parts.append(f"{quote(was)} → {quote(now)}")
        elif operation == "delete":
            parts.append(f"-{quote(was)}")
        elif operation == "insert":
            parts.append(f"+{quote(now)}")
    shown = parts[:DETAIL_PARTS] + (["…"] if len(parts) > DETAIL_PARTS else [])
    return ", ".join(shown) or "the same words, in another order"


def _holed(region: Image.Image, holes) -> Image.Image:
    """Where pixels are compared: inside region, less the boxes of holes (grown by a pixel)."""
    if not holes:
        return region
    region = region.copy()
    draw = ImageDraw.Draw(region)
    for x0, y0, x1, y1 in holes:
        draw.rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), fill=0)
    return region


def _differs(old: Image.Image, new: Image.Image, step: int) -> Image.Image:
    """255 where a channel of the two differs by more than step, else 0."""
    beyond = ImageChops.difference(old, new).point(_beyond(step) * 3)  # each channel
    return beyond.convert("L").point(_beyond(0))


def _edges(image: Image.Image) -> Image.Image:
    """255 where a pixel differs from its right or lower neighbour by more than EDGE_STEP in a channel."""
    across = _largest_channel(ImageChops.difference(image, ImageChops.offset(image, -1, 0)))
    down = _largest_channel(ImageChops.difference(image, ImageChops.offset(image, 0, -1)))
    return ImageChops.lighter(across, down).point(_beyond(EDGE_STEP))


def _not_recoloured(old: Image.Image, new: Image.Image, region: Image.Image) -> int:
    """Pixels of region that break "new is old in other colours": whose new colour is far from the one
    the first pixel of the same old colour took. Counted at half the resolution (every other pixel)."""
    size = (max(1, old.width // 2), max(1, old.height // 2))
    was, now, inside = (image.resize(size, Image.Resampling.NEAREST).tobytes() for image in (old, new, region))
    took: dict[bytes, bytes] = {}
    broken = 0
    for index, kept in enumerate(inside):
        if kept:
            at = 3 * index
            colour = now[at:at + 3]
            first = took.setdefault(bytes(v >> RECOLOUR_BITS for v in was[at:at + 3]), colour)
            broken += max(abs(a - b) for a, b in zip(first, colour)) > RECOLOUR_STEP
    return 4 * broken  # each pixel counted stands for four


@functools.cache
def _beyond(step: int) -> list[int]:
    """The table that makes a channel 255 where it is above step, 0 elsewhere (Image.point)."""
    return [255 if value > step else 0 for value in range(256)]


def _largest_channel(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def _count(mask: Image.Image) -> int:
    return mask.histogram()[255]
