"""Outlines of parts on a slug → an SVG cut file: one path per cut line, broken by the nicks the shop asks for.

A laser follows the centre of each path. Every outline (the part's shape at its trim: a
circle, a hexagon, a rectangle with its corners) is traced as a fine polygon (chords within
CHORD_TOLERANCE of the true curve), then opened at `nicks` gaps of `nick` width spaced
evenly along its length, so each part stays tied to the slug. The slug's own edge is not
drawn. Coordinates are pixels at the shop's resolution (the slug image's own), y down, and
the document's width and height are the slug's size in inches, so the file and the image
line up at any scale.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import quoteattr

from pnp.export.products import Slug
from pnp.shapes import shape_named
from pnp.shapes.geometry import Ellipse, Outline, Point, Polygon

CHORD_TOLERANCE = 0.05  # points (about 0.02 mm) between a chord and the curve it stands for


def cut_svg(slug: Slug, shape: str, corner: float, dpi: int, title: str) -> bytes:
    """The slug's cut file: each placement's outline with its nicks, in the slug image's pixels."""
    product = slug.product
    scale = dpi / 72
    paths = []
    for place in slug.placements:
        outline = shape_named(shape).outline(place.x, place.y, place.width, place.height, corner=corner)
        for run in nicked(outline_points(outline), product.nicks, product.nick):
            points = " ".join(f"{x * scale:.2f},{(product.height - y) * scale:.2f}" for x, y in run)
            paths.append(f'  <polyline points="{points}"/>')
    width_px, height_px = round(product.width * scale), round(product.height * scale)
    size = f'width="{product.width / 72:g}in" height="{product.height / 72:g}in" viewBox="0 0 {width_px} {height_px}"'
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" {size}>\n  <title>{_text(title)}</title>\n'
            f'  <g fill="none" stroke="#000000" stroke-width="1">\n' + "\n".join(f"  {p}" for p in paths)
            + "\n  </g>\n</svg>\n").encode("utf-8")


def outline_points(outline: Outline) -> list[Point]:
    """The outline as a closed polygon (first point not repeated), counter-clockwise."""
    if isinstance(outline, Polygon):
        return list(outline.points)
    if isinstance(outline, Ellipse):
        return _arc(outline.cx, outline.cy, outline.rx, outline.ry, 0, 360)
    x, y, w, h, r = outline.x, outline.y, outline.w, outline.h, min(outline.radius, outline.w / 2, outline.h / 2)
    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return (_arc(x + w - r, y + r, r, r, 270, 360) + _arc(x + w - r, y + h - r, r, r, 0, 90)
            + _arc(x + r, y + h - r, r, r, 90, 180) + _arc(x + r, y + r, r, r, 180, 270))


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float) -> list[Point]:
    radius = max(rx, ry)
    step = 2 * math.degrees(math.acos(max(-1.0, 1 - CHORD_TOLERANCE / radius))) if radius > CHORD_TOLERANCE else 90
    count = max(2, math.ceil((end - start) / step))
    full = end - start >= 360
    return [(cx + rx * math.cos(math.radians(start + (end - start) * i / count)),
             cy + ry * math.sin(math.radians(start + (end - start) * i / count)))
            for i in range(count if full else count + 1)]


def nicked(points: list[Point], nicks: int, width: float) -> list[list[Point]]:
    """The closed polygon cut into `nicks` open runs, a gap of `width` before each, evenly spaced by length
    (the whole closed polygon when there are no nicks)."""
    closed = [*points, points[0]]
    if nicks <= 0 or width <= 0:
        return [closed]
    lengths = [math.dist(a, b) for a, b in zip(closed, closed[1:])]
    total = sum(lengths)
    spacing = total / nicks
    return [_between(closed, lengths, i * spacing + width / 2, (i + 1) * spacing - width / 2) for i in range(nicks)]


def _between(closed: list[Point], lengths: list[float], start: float, end: float) -> list[Point]:
    """The part of the polyline from arc length start to end."""
    run = [_at(closed, lengths, start)]
    travelled = 0.0
    for index, length in enumerate(lengths):
        travelled += length
        if start < travelled < end:
            run.append(closed[index + 1])
    run.append(_at(closed, lengths, end))
    return run


def _at(closed: list[Point], lengths: list[float], distance: float) -> Point:
    for index, length in enumerate(lengths):
        if distance <= length or index == len(lengths) - 1:
            t = distance / length if length else 0.0
            (x0, y0), (x1, y1) = closed[index], closed[index + 1]
            return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        distance -= length
    return closed[-1]


def _text(value: str) -> str:
    return quoteattr(value)[1:-1]
