"""Face text with the catalog's markup and inline icons → measured lines of runs.

A face text may mark `*terms*` (italic), `**names**` (bold) and `***both***`, as rulebook
text does, and hold icons, `{icon:coin}`: an icon is as tall as the type's size, sits on
the baseline and is as wide as its proportions make it. Lines break greedily at spaces
(a newline always breaks); `fit` says by how much a text does not fit its box, so a face
can refuse it rather than shrink or clip it. A text's base font is a registered font name
(pnp.text.fonts; a style such as "bold" stands for pnp's own family), and its markup sets
runs in the other styles of that font's family. Each character is drawn in a font that
has it (an italic term's Greek in the upright). pnp.paint.faces draws the lines measured here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from pnp.i18n.markup import BOLD, BOTH, TERM
from pnp.model.icons import ICON
from pnp.text.fonts import font_name, font_runs, missing_glyphs, style_of, styled, text_width
from pnp.text.wrap import LEADING

ICON_HEIGHT = 0.85  # of the type size: an icon stands a little above a capital, on the baseline
_TAG = re.compile("\x01([bi+-]{2})|\x02([^\x02]*)\x02")
_STYLES = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bolditalic"}
_STYLE_NAMES = frozenset(_STYLES.values())


@dataclass(frozen=True)
class Run:
    """A piece of a line: text in one font (a registered name), or an icon (text is then the icon's name)."""

    text: str
    font: str
    icon: bool = False


@dataclass(frozen=True)
class Overflow:
    """Why a text does not fit: a word wider than the box, or lines taller than it."""

    needed: float
    available: float
    dimension: str


# An icon's width over its height, by name (None when the icon cannot be had).
Aspects = Callable[[str], "float | None"]


def runs(text: str, base: str) -> list[Run]:
    """The text's runs: markup turned into the styles of the base font's family on top of its own, icons apart."""
    if _plain(text):
        return [Run(text, _font(base))] if text else []
    return _marked_runs(text, base)


def _marked_runs(text: str, base: str) -> list[Run]:
    marked = BOTH.sub(lambda m: f"\x01b+\x01i+{m.group(1)}\x01i-\x01b-", text)
    marked = BOLD.sub(lambda m: f"\x01b+{m.group(1)}\x01b-", marked)
    marked = TERM.sub(lambda m: f"\x01i+{m.group(1)}\x01i-", marked)
    marked = ICON.sub(lambda m: f"\x02{m.group(1)}\x02", marked)
    font = _font(base)
    bold, italic = _emphasis(font)
    depth = {"b": 0, "i": 0}
    result: list[Run] = []
    position = 0
    for match in _TAG.finditer(marked):
        _add_text(result, marked[position:match.start()],
                  styled(font, _STYLES[bold or depth["b"] > 0, italic or depth["i"] > 0]))
        if match.group(1):
            depth[match.group(1)[0]] += 1 if match.group(1)[1] == "+" else -1
        else:
            result.append(Run(match.group(2), "", icon=True))
        position = match.end()
    _add_text(result, marked[position:], styled(font, _STYLES[bold or depth["b"] > 0, italic or depth["i"] > 0]))
    return result


def _font(base: str) -> str:
    """The registered font a text's base names: a style stands for pnp's own family's."""
    return font_name(base) if base in _STYLE_NAMES else base


def _emphasis(font: str) -> tuple[bool, bool]:
    """Whether the font's own style is bold, and whether it is italic."""
    style = style_of(font) or "regular"
    return style in ("bold", "bolditalic"), style in ("italic", "bolditalic")


def _plain(text: str) -> bool:
    """Whether the text has no markup, icon or tag character: one run in the base style."""
    return not any(mark in text for mark in _MARKS)


_MARKS = ("*", "{", "\x01", "\x02")


def _add_text(result: list[Run], text: str, font: str) -> None:
    if text:
        result.append(Run(text, font))


def icon_width(run: Run, size: float, aspects: Aspects) -> float:
    ratio = aspects(run.text)
    return size * ICON_HEIGHT * (ratio or 1.0)


def _width(run: Run, size: float, aspects: Aspects) -> float:
    if run.icon:
        return icon_width(run, size, aspects)
    return _text_run_width(run.text, run.font, size)


@lru_cache(maxsize=1 << 16)
def _text_run_width(text: str, font: str, size: float) -> float:
    """A word's width, measured once: a deck's texts repeat the same words thousands of times."""
    return sum(text_width(part, size, name) for name, part in fonts_of(Run(text, font)))


def fonts_of(run: Run) -> list[tuple[str, str]]:
    """(font, part) pieces of a text run, each in a font that can draw it."""
    return font_runs(run.text, run.font)


Line = list[Run]


def lines(text: str, width: float, size: float, base: str, aspects: Aspects) -> list[tuple[Line, float]]:
    """(runs, width) of each line: words broken greedily at spaces, newlines kept."""
    if "\n" not in text and _plain(text):
        return _plain_lines(text, width, size, _font(base))
    return _general_lines(text, width, size, base, aspects)


def _general_lines(text: str, width: float, size: float, base: str, aspects: Aspects) -> list[tuple[Line, float]]:
    result: list[tuple[Line, float]] = []
    for paragraph in _split_lines(runs(text, base)):
        result += _wrap(paragraph, width, size, _font(base), aspects)
    return result


def _split_lines(all_runs: list[Run]) -> list[list[Run]]:
    return _split(all_runs, "\n")


def _words(paragraph: list[Run]) -> list[list[Run]]:
    """Words as runs (a word may change style midway, or be an icon with text glued to it)."""
    return [word for word in _split(paragraph, " +") if word]


def _split(all_runs: list[Run], separator: str) -> list[list[Run]]:
    """The runs cut into groups at each separator in their texts; an icon stays in its group."""
    groups: list[list[Run]] = [[]]
    for run in all_runs:
        if run.icon:
            groups[-1].append(run)
            continue
        for index, part in enumerate(re.split(separator, run.text)):
            if index:
                groups.append([])
            _add_text(groups[-1], part, run.font)
    return groups


def _wrap(paragraph: list[Run], width: float, size: float, base: str, aspects: Aspects) -> list[tuple[Line, float]]:
    space = text_width(" ", size, base)
    result: list[tuple[Line, float]] = []
    line: Line = []
    line_width = 0.0
    for word in _words(paragraph):
        word_width = sum(_width(run, size, aspects) for run in word)
        candidate = line_width + space + word_width if line else word_width
        if line and candidate > width:
            result.append((line, line_width))
            line, line_width = list(word), word_width
        else:
            if line:
                line.append(Run(" ", base))
            line += word
            line_width = candidate
    result.append((line, line_width))
    return [(_joined(line), line_width) for line, line_width in result]


def _plain_lines(text: str, width: float, size: float, font: str) -> list[tuple[Line, float]]:
    """What `_wrap` makes of one paragraph in one font, without the runs in between: a
    deck's texts are mostly plain, and this is most of their fitting. The widths are summed
    in the same order, so each line comes out the same to the last bit."""
    space = text_width(" ", size, font)
    result: list[tuple[Line, float]] = []
    line: list[str] = []
    line_width = 0.0
    for word in text.split(" "):
        if not word:
            continue
        word_width = _text_run_width(word, font, size)
        candidate = line_width + space + word_width if line else word_width
        if line and candidate > width:
            result.append(([Run(" ".join(line), font)], line_width))
            line, line_width = [word], word_width
        else:
            line.append(word)
            line_width = candidate
    result.append(([Run(" ".join(line), font)] if line else [], line_width))
    return result


def _joined(line: Line) -> Line:
    """The line with neighbouring text runs of one font made one run: drawn as one string
    instead of word by word, each glyph lands where it did (the same widths, summed)."""
    joined: Line = []
    for run in line:
        if joined and not run.icon and not joined[-1].icon and joined[-1].font == run.font:
            joined[-1] = Run(joined[-1].text + run.text, run.font)
        else:
            joined.append(run)
    return joined


def fit(text: str, width: float, height: float, size: float, base: str,
        aspects: Aspects = lambda name: 1.0) -> tuple[list[tuple[Line, float]], Overflow | None]:
    """The lines and, if they do not fit width × height, by how much."""
    measured = lines(text, width, size, base, aspects)
    widest = max((line_width for _, line_width in measured), default=0.0)
    if widest > width + 0.01:
        return measured, Overflow(widest, width, "wide")
    tall = size * LEADING * (len(measured) - 1) + size
    if tall > height + 0.01:
        return measured, Overflow(tall, height, "tall")
    return measured, None


def missing(text: str, base: str) -> dict[str, list[str]]:
    """By font, the characters of its runs that it cannot draw, even through its fallback."""
    chars: dict[str, set[str]] = {}
    for run in runs(text, base):
        if not run.icon:
            chars.setdefault(run.font, set()).update(missing_glyphs(run.text, run.font, fallback=True))
    return {font: sorted(lacking) for font, lacking in chars.items() if lacking}


def styles_asked(text: str, style: str) -> set[str]:
    """The styles a text in `style` asks for: its own and those its markup adds (whatever family sets them)."""
    return {style_of(run.font) or "regular" for run in runs(text, style) if not run.icon}


def icons_in(text: str) -> list[str]:
    return [run.text for run in runs(text, "regular") if run.icon]
