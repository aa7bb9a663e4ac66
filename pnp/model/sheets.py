"""`sheets:` in game.yaml and `sheet:` in a component set → how their sheets are laid out.

Every key is optional: what a set does not say comes from the game's `sheets:`, and
what neither says from pnp's defaults (pnp.layout.settings). A game chooses its
layout (`butted`, `gutter`, `honeycomb` or `fold`), the printer margin, the gutter,
the cut marks' length and whether shape guides are drawn; a set may choose its own
arrangement, gutter and guides, and ask for sheets of its own. Lengths are bounded
by MAX_SHEET_SPACE_MM.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.model.limits import MAX_SHEET_SPACE_MM
from pnp.model.problems import quote
from pnp.model.reader import Fields
from pnp.model.units import mm, to_mm
from pnp.shapes import Shape

# How components sit on a sheet: sharing cut lines (butted), each with its own bleed
# (gutter), as a honeycomb of hexagons; fold puts fronts and backs side by side.
LAYOUTS = ("butted", "gutter", "honeycomb", "fold")
# A set's own arrangement; fold is a whole-sheet choice, made in game.yaml or on the command line.
ARRANGEMENTS = ("butted", "gutter", "honeycomb")


@dataclass(frozen=True)
class SheetChoices:
    """What game.yaml's `sheets:` or a set's `sheet:` says; None where it says nothing."""

    layout: str | None = None
    margin: float | None = None
    gutter: float | None = None
    mark_length: float | None = None
    guides: bool | None = None
    own_sheets: bool = False


def read_game_sheets(fields: Fields) -> SheetChoices:
    """game.yaml's `sheets:` mapping (absent: every default)."""
    section = fields.mapping("sheets", default=None)
    if section is None:
        return SheetChoices()
    choices = SheetChoices(layout=section.choice("layout", LAYOUTS, default=None),
                           margin=_space(section, "margin"), gutter=_space(section, "gutter"),
                           mark_length=_space(section, "mark-length"), guides=section.boolean("guides", default=None))
    section.finish()
    return choices


def read_set_sheet(fields: Fields, shape: Shape | None) -> SheetChoices:
    """A set's `sheet:` mapping; an arrangement its shape cannot take is a problem here."""
    section = fields.mapping("sheet", default=None)
    if section is None:
        return SheetChoices()
    layout = section.choice("layout", ARRANGEMENTS, default=None)
    problem = layout and shape and shape.layout_problem(layout)
    if problem:
        section.report(section.values["layout"], problem, "layout")
        layout = None
    choices = SheetChoices(layout=layout, gutter=_space(section, "gutter"),
                           guides=section.boolean("guides", default=None),
                           own_sheets=bool(section.boolean("own-sheets", default=False)))
    section.finish()
    return choices


def _space(fields: Fields, key: str) -> float | None:
    """A length from 0 to MAX_SHEET_SPACE_MM, or None when absent or wrong (reported)."""
    value = fields.length(key, default=None, positive=False)
    if value is not None and value > mm(MAX_SHEET_SPACE_MM):
        fields.report(fields.values[key], f"{quote(fields.values[key].value)} ({to_mm(value):g} mm) is over the "
                                          f"limit of {MAX_SHEET_SPACE_MM} mm for sheet spacing", key)
        return None
    return value
