"""A sheet's footer: what it says in the kit's language, and the items it needs room for.

A footer names the game, its version, the sets on the sheet, the sheet's number and side;
beside it go the 50 mm scale bar and, on a board's part, a map of the board's parts. The
items are measured here (pnp.text), in two variants, the line whole and in two parts, so
the sheet's layout (pnp.layout.kit.finish) can place the first that fits.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.i18n.labels import label
from pnp.layout.furniture import Item
from pnp.layout.kit import Sheet
from pnp.layout.tiling import BoardPart
from pnp.model.units import mm
from pnp.text.fonts import text_width
from pnp.text.typography import in_running_text

FOOTER_SIZE = 7
ITEM_HEIGHT = mm(3)
SCALE_BAR = mm(50)
MAP_HEIGHT = ITEM_HEIGHT


@dataclass(frozen=True)
class Words:
    """What a kit's footers say, in its language: the game's title as players know it, its
    version, each set's name (set in lower case inside the footer where the language does
    so, proper names aside), and pnp's own words from its label catalog."""

    game: str
    version: str
    set_names: dict[str, str]
    language: str = "en"
    proper_names: tuple[str, ...] = ()  # names that keep their capitals inside the footer

    @property
    def document_title(self) -> str:
        return f"{self.game} – " + ", ".join(self.set_names.values())

    def footer(self, sheet: Sheet, sheets: int, side: str) -> str:
        keep = (self.game, *self.proper_names)  # the title as this language has it, and game.yaml's names
        names = ", ".join(in_running_text(self.set_names.get(s, s), self.language, keep) for s in sheet.sets)
        return label("sheet-footer", self.language).format(game=self.game, version=self.version, set=names,
                                                           sheet=sheet.number, sheets=sheets,
                                                           side=label(f"side-{side}", self.language))


def footer_variants(sheet: Sheet, words: Words, sheets: int) -> list[list[Item]]:
    """The footer items as they can go: the text in one line, or in two parts."""
    sides = ["fold"] if sheet.front.fold is not None else \
        ["front"] + (["blank" if sheet.blank_back else "back"] if sheet.back else [])
    texts = [words.footer(sheet, sheets, side) for side in sides]
    bar = Item("bar", SCALE_BAR + mm(2) + text_width(scale_bar_words(words.language), FOOTER_SIZE), ITEM_HEIGHT)
    extra = [Item("map", _map_width(sheet) + mm(1.5) + max(text_width(_part_words(sheet, words), FOOTER_SIZE), 0),
                  ITEM_HEIGHT)] if sheet.parts else []
    whole = [bar, Item("text", max(_width(t) for t in texts), ITEM_HEIGHT), *extra]
    halves = [_halves(t) for t in texts]
    split = [bar, Item("text-1", max(_width(h[0]) for h in halves), ITEM_HEIGHT),
             Item("text-2", max(_width(h[1]) for h in halves), ITEM_HEIGHT), *extra]
    return [whole, split]


def _width(text: str) -> float:
    return text_width(text, FOOTER_SIZE)


def _halves(text: str) -> tuple[str, str]:
    """text split at the ' · ' nearest its middle."""
    parts = text.split(" · ")
    best = min(range(1, len(parts)), key=lambda i: abs(len(" · ".join(parts[:i])) - len(text) / 2), default=1)
    return " · ".join(parts[:best]), " · ".join(parts[best:])


@dataclass(frozen=True)
class Footer:
    """What one page's footer items say: the line (whole and in two parts), the board part and its words."""

    texts: dict[str, str]
    part: BoardPart | None
    language: str

    @classmethod
    def of(cls, sheet: Sheet, words: Words, sheets: int, side: str) -> Footer:
        text = words.footer(sheet, sheets, side)
        first, second = _halves(text)
        texts = {"text": text, "text-1": first, "text-2": second, "map": _part_words(sheet, words)}
        return cls(texts, sheet.parts[0] if sheet.parts else None, words.language)


def _part_words(sheet: Sheet, words: Words) -> str:
    if not sheet.parts:
        return ""
    part = sheet.parts[0]
    return label("board-part", words.language).format(part=part.number, parts=part.cols * part.rows)


def _map_width(sheet: Sheet) -> float:
    part = sheet.parts[0]
    return MAP_HEIGHT * part.board_w / part.board_h


def scale_bar_words(language: str) -> str:
    """The scale bar's label: its length as the language writes it."""
    return label("scale-bar", language).format(length=round(SCALE_BAR / mm(1)))
