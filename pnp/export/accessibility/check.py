"""A game's sets → the items some vision cannot tell apart, and the texts too small or too faint.

For each set, side and language: the faces of every distinct item (items whose attribute
values are the same are one part to a player, as Folio's pairs are) share one canvas and one
table of the colours they hold; each pair of items is then compared once over its pixels
(CIEDE2000 of each colour pair that occurs, with each vision), so a set of n items costs
n(n − 1)/2 passes over a face's pixels, not one per vision. Pixels inside one face's outline
and outside the other's (items of different sizes) count as told apart in every vision.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from pnp.export.accessibility import (
    CONTRAST_SHARE,
    DPI,
    LARGE_BOLD_TEXT_PT,
    LARGE_TEXT_PT,
    LEAST_AREA_MM2,
    LEAST_CONTRAST,
    LEAST_DIFFERENCE,
    LEAST_LARGE_CONTRAST,
    LEAST_X_HEIGHT_MM,
    SEEN_AS,
)
from pnp.export.accessibility.looks import (
    MM_PER_POINT,
    Camera,
    Look,
    PlacedText,
    code_colours,
    colour_codes,
    palette,
    placed_texts,
    shows_text,
    without_texts,
)
from pnp.model.components import ComponentSet, Item
from pnp.model.faces import Face
from pnp.model.problems import Location
from pnp.text.fonts import font_name, x_height
from pnp.vision.contrast import luminance_ratio, relative_luminance
from pnp.vision.difference import NORMAL, VISIONS, delta_e_2000, seen_lab

SIDES = ("front", "back")
PIXEL_MM2 = (25.4 / DPI) ** 2


@dataclass(frozen=True)
class Pair:
    """Two items of a set, compared on one side in one language: where their faces differ by at
    least LEAST_DIFFERENCE, in mm², with normal vision and with each simulated one."""

    set_id: str
    side: str
    first: str
    second: str
    language: str | None  # None: the faces show no text, alike in every language
    areas: dict[str, float]

    @property
    def told_apart(self) -> bool:
        """Whether a person with normal vision tells them apart (else they are one part to everyone)."""
        return self.areas[NORMAL] >= LEAST_AREA_MM2

    def alike_with(self) -> list[str]:
        """The visions that cannot tell apart what normal vision can."""
        return [v for v in VISIONS if self.told_apart and self.areas[v] < LEAST_AREA_MM2]

    @property
    def closeness(self) -> float:
        """The least area any simulated vision tells them apart by."""
        return min(self.areas[v] for v in VISIONS)


@dataclass(frozen=True)
class TextReading:
    """One text on one face in one language: its size as printed and its contrast with its ground."""

    set_id: str
    item: str
    side: str
    language: str
    words: str
    location: Location
    size_pt: float
    x_height_mm: float
    bold: bool
    contrast: float | None  # None: no letter showed (an empty or blank text)

    @property
    def large(self) -> bool:
        return self.size_pt >= (LARGE_BOLD_TEXT_PT if self.bold else LARGE_TEXT_PT)

    @property
    def least_contrast(self) -> float:
        return LEAST_LARGE_CONTRAST if self.large else LEAST_CONTRAST

    @property
    def too_small(self) -> bool:
        return self.x_height_mm < LEAST_X_HEIGHT_MM

    @property
    def too_faint(self) -> bool:
        return self.contrast is not None and self.contrast < self.least_contrast


@dataclass
class SetResult:
    """What the check found in one set: every pair of items on each side (in each language where
    the side shows a text), and every text read."""

    set_id: str
    location: Location
    items: int  # distinct items (by attribute values)
    decorative_colour: bool
    pairs: list[Pair] = field(default_factory=list)
    texts: list[TextReading] = field(default_factory=list)

    @property
    def compared(self) -> list[Pair]:
        """The pairs (of one side, in one language) that normal vision tells apart."""
        return [pair for pair in self.pairs if pair.told_apart]

    @property
    def look_alikes(self) -> list[Pair]:
        return [pair for pair in self.pairs if pair.alike_with()]

    def closest(self) -> Pair | None:
        """The compared pair that the simulated visions tell apart least."""
        return min(self.compared, key=lambda pair: pair.closeness, default=None)


@dataclass
class GameResult:
    """Every set's result, and the faces the page shows (by set, item, side and language)."""

    game_id: str
    languages: tuple[str, ...]
    sets: list[SetResult]
    looks: dict[tuple[str, str, str, str | None], Look]

    def look_of(self, set_id: str, item: str, side: str, language: str | None) -> Look:
        return self.looks[(set_id, item, side, language)]


def check_sets(game_id: str, sets: Sequence[ComponentSet], camera: Camera, languages: tuple[str, ...],
               lookup) -> GameResult:
    """Compare and read every set in every language; `lookup(key, language)` gives a text's words."""
    result = GameResult(game_id, languages, [], {})
    for component_set in sets:
        distinct = _distinct(component_set.items)
        found = SetResult(component_set.id, component_set.location, len(distinct), component_set.decorative_colour)
        for side in () if component_set.decorative_colour else SIDES:
            faces = _side_faces(distinct, side)
            for language in _languages(faces.values(), languages) if len(faces) > 1 else ():
                looks = {item_id: camera.look(face, component_set.shape, component_set.corner, language or languages[0])
                         for item_id, face in faces.items()}
                _compare(found, side, language, looks, result)
        for item in distinct:
            for side in SIDES:
                face = _face(item, side)
                if face is not None and not (side == "back" and item.back is item.front):
                    found.texts += _read_texts(component_set, item, side, face, camera, languages, lookup)
        result.sets.append(found)
    return result


def findings(result: GameResult) -> list[tuple[Location, str, str]]:
    """Every finding as (location, key, words), located where the fix belongs: the items alike
    once per set, a text too small or too faint once where it is written (however many items
    and languages show it), the worst case named."""
    said = []
    for found in result.sets:
        if found.look_alikes:
            said.append((found.location, f"sets.{found.set_id}", _alike_words(found.look_alikes)))
        for problem, readings in _text_problems(found.texts).items():
            location, side, kind = problem
            said.append((location, f"sets.{found.set_id}.{side}", _text_words(kind, readings)))
    return said


SHOWN = 4  # a warning names this many pairs or items, then says how many more


def _listed(names: list[str], separator: str = ", ") -> str:
    more = f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
    return separator.join(names[:SHOWN]) + more


def _alike_words(pairs: list[Pair]) -> str:
    pairs = sorted(pairs, key=lambda pair: pair.closeness)
    visions = [v for v in VISIONS if any(v in pair.alike_with() for pair in pairs)]
    named = [f"{pair.first} and {pair.second} ({pair.side}{f', {pair.language}' if pair.language else ''}, "
             f"{pair.closeness:.1f} mm²)" for pair in pairs]
    count = "a pair of items looks" if len(pairs) == 1 else f"{len(pairs)} pairs of items look"
    return (f"{count} alike with {', '.join(SEEN_AS[v] for v in visions)}: {_listed(named, '; ')}; their faces "
            f"differ by ΔE2000 {LEAST_DIFFERENCE:g} or more over less than {LEAST_AREA_MM2:g} mm²: give them a "
            "symbol, a word or a pattern that tells them apart without colour")


def _text_problems(readings: list[TextReading]) -> dict[tuple[Location, str, str], list[TextReading]]:
    """The readings too small or too faint, by where the text is written, its side and the problem."""
    problems: dict[tuple[Location, str, str], list[TextReading]] = {}
    for reading in readings:
        for kind, found in (("small", reading.too_small), ("faint", reading.too_faint)):
            if found:
                problems.setdefault((reading.location, reading.side, kind), []).append(reading)
    return problems


def _text_words(kind: str, readings: list[TextReading]) -> str:
    items = list(dict.fromkeys(reading.item for reading in readings))
    languages = list(dict.fromkeys(reading.language for reading in readings))
    on = f"on {_listed(items)} ({', '.join(languages)})"
    if kind == "small":
        worst = min(readings, key=lambda reading: reading.x_height_mm)
        return (f"text {on} too small: an x-height of {worst.x_height_mm:.2f} mm as printed "
                f"({worst.words!r}), under {LEAST_X_HEIGHT_MM:g} mm")
    worst = min(readings, key=lambda reading: (reading.contrast or 0) / reading.least_contrast)
    return (f"text {on} too faint: a contrast of {worst.contrast:.1f}:1 with what lies under it "
            f"({worst.words!r}), under {worst.least_contrast:g}:1")


def _distinct(items: Iterable[Item]) -> list[Item]:
    """One item per set of attribute values: items alike in every value are one part to a player."""
    seen: dict[tuple, Item] = {}
    for item in items:
        seen.setdefault(item.values, item)
    return list(seen.values())


def _side_faces(items: list[Item], side: str) -> dict[str, Face]:
    """Each item's face on side, by item id; none if some item lacks it, or it is the front again."""
    faces = {item.id: face for item in items if (face := _face(item, side)) is not None}
    if len(faces) < len(items) or side == "back" and all(item.back is item.front for item in items):
        return {}
    return faces


def _face(item: Item, side: str) -> Face | None:
    return item.front if side == "front" else item.back


def _languages(faces: Iterable[Face], languages: tuple[str, ...]) -> tuple[str | None, ...]:
    """The languages a side is compared in: each, if some face of it shows a text; else one for all (None)."""
    return languages if any(shows_text(face) for face in faces) else (None,)


def _compare(found: SetResult, side: str, language: str | None, looks: dict[str, Look], result: GameResult) -> None:
    canvas = Canvas(list(looks.values()))
    ids = list(looks)
    pairs = [Pair(found.set_id, side, ids[first], ids[second], language, canvas.areas(first, second))
             for first, second in combinations(range(len(ids)), 2)]
    found.pairs += pairs
    shown = [pair for pair in pairs if pair.alike_with()]
    closest = found.closest()
    if closest in pairs:
        shown.append(closest)
    for pair in shown:
        for item_id in (pair.first, pair.second):
            result.looks[(found.set_id, item_id, side, language)] = looks[item_id]


class Canvas:
    """The faces of one side of a set, centred on one canvas, their pixels as indices into one
    table of the colours they hold (-1 outside a face's outline), seen with every vision."""

    def __init__(self, looks: list[Look]):
        rows = max(look.size[0] for look in looks)
        columns = max(look.size[1] for look in looks)
        codes = np.full((len(looks), rows, columns), -1, dtype=np.int32)
        for index, look in enumerate(looks):
            top, left = (rows - look.size[0]) // 2, (columns - look.size[1]) // 2
            codes[index, top:top + look.size[0], left:left + look.size[1]] = np.where(look.inside,
                                                                                      colour_codes(look.pixels), -1)
        inside = codes >= 0
        colours, indices = palette(codes[inside])
        # Two indices make one key of a colour pair: 32 bits hold it while the colours are under 46,341.
        self.indices = np.full(codes.shape, -1, dtype=np.int32 if len(colours) ** 2 < 2**31 else np.int64)
        self.indices[inside] = indices
        self.count = len(colours)
        self.labs = {vision: seen_lab(code_colours(colours), vision) for vision in (NORMAL, *VISIONS)}

    def areas(self, first: int, second: int) -> dict[str, float]:
        """Where faces first and second differ by at least LEAST_DIFFERENCE (mm²), by vision."""
        a, b = self.indices[first], self.indices[second]
        inside_a, inside_b = a >= 0, b >= 0
        one_only = int(np.count_nonzero(inside_a ^ inside_b))
        differ = inside_a & inside_b & (a != b)
        pairs, counts = np.unique(a[differ] * self.count + b[differ], return_counts=True)
        colour_a, colour_b = pairs // self.count, pairs % self.count
        areas = {}
        for vision, labs in self.labs.items():
            apart = delta_e_2000(labs[colour_a], labs[colour_b]) >= LEAST_DIFFERENCE
            areas[vision] = (one_only + int(counts[apart].sum())) * PIXEL_MM2
        return areas


# --- texts ---------------------------------------------------------------------------------

def _read_texts(component_set: ComponentSet, item: Item, side: str, face: Face, camera: Camera,
                languages: tuple[str, ...], lookup) -> list[TextReading]:
    placed = placed_texts(face)
    if not placed:
        return []
    readings = []
    bare = camera.pixels(without_texts(face), component_set.shape, languages[0])
    for language in languages:
        full = camera.look(face, component_set.shape, component_set.corner, language).pixels
        for text in placed:
            words = text.text.literal if text.text.literal is not None else lookup(text.text.key, language)
            if not words or not words.strip():
                continue
            font = text.text.font
            size = text.size
            x_height_mm = size * x_height(font_name(font.style, font.family)) * MM_PER_POINT
            readings.append(TextReading(
                component_set.id, item.id, side, language, words, text.text.location, size,
                x_height_mm, font.style in ("bold", "bolditalic"),
                _contrast(text, full, bare, camera.dpi)))
    return readings


def _contrast(text: PlacedText, full: np.ndarray, bare: np.ndarray, dpi: int) -> float | None:
    """The contrast ratio that CONTRAST_SHARE of the text's ink reaches against the face under it."""
    if text.text.colour is None:
        return None
    scale = dpi / 72
    x0, y0, x1, y1 = text.box
    rows = slice(max(0, int(y0 * scale)), min(full.shape[0], int(np.ceil(y1 * scale))))
    columns = slice(max(0, int(x0 * scale)), min(full.shape[1], int(np.ceil(x1 * scale))))
    ink = (full[rows, columns] != bare[rows, columns]).any(axis=-1)
    if not ink.any():
        return None
    ground, counts = np.unique(bare[rows, columns][ink], axis=0, return_counts=True)
    letters = relative_luminance(text.text.colour.rgb)
    ratios = np.array([luminance_ratio(letters, relative_luminance(tuple(c / 255 for c in colour)))
                       for colour in ground])
    order = np.argsort(ratios)
    reached = np.cumsum(counts[order]) / counts.sum()
    return float(ratios[order][np.searchsorted(reached, 1 - CONTRAST_SHARE)])
