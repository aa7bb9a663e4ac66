"""Tuck boxes and standees in YAML → their shapes (pnp.shapes), sized as they are made.

A tuck box holds a deck: `deck:` names a set written before it, whose largest item and
number of copies (or `cards:`) size it. Inside, it is the card with `sleeve` added to its
width and height, and `play` more each way so the cards slide; its depth is the cards'
`card-thickness` each, and `play`. Its panels are measured fold to fold, each the inside
and one `paper` thickness more (half a wall on either side): the front and back are the
set's `width` × `height`, a side `depth` wide. A standee is its set's `width` × `height`,
with a `foot` of each side and a `base` that deep.

Every one of these has a default (TUCK_BOX, STANDEE); game.yaml's `tuck-box:` and
`standee:` mappings give the game's own, and a set's own keys win over both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnp.model.limits import MAX_COPIES_PER_SET
from pnp.model.problems import quote
from pnp.model.reader import Fields
from pnp.model.units import mm, parse_length, to_mm
from pnp.shapes import Shape, standee, tuck_box

if TYPE_CHECKING:
    from pnp.model.set_outline import SetOutline

# Each key, its default and whether it may be 0. A 300 gsm card is about 0.3 mm thick (a
# sleeved one nearer 0.4 mm); sleeves add about 3 mm to a card's width and height.
Keys = dict[str, tuple[str | None, bool]]  # key → (its default, whether 0 is allowed)
TUCK_BOX: Keys = {"card-thickness": ("0.3mm", False), "sleeve": ("0mm", True), "play": ("1mm", True),
                  "paper": ("0.3mm", True), "glue-flap": ("10mm", False), "thumb-notch": ("20mm", True)}
STANDEE: Keys = {"foot": ("10mm", False), "base": (None, False)}  # base: twice the foot, and BASE_ROOM
BASE_ROOM = mm(6)
STAND_IN = mm(10)  # a length a wrong one (reported) stands in for, so that the set's faces are still read
NET_KINDS = {"tuck-box": TUCK_BOX, "standee": STANDEE}
# A tuck box's thumb notch leaves this much of the front's top edge on either side.
NOTCH_SHOULDER = mm(5)


@dataclass(frozen=True)
class NetChoices:
    """What game.yaml's `tuck-box:` and `standee:` say, by kind and key (lengths in points)."""

    given: Mapping[str, Mapping[str, float]] = field(default_factory=dict)


def read_game_nets(fields: Fields) -> NetChoices:
    """game.yaml's `tuck-box:` and `standee:` mappings (absent: pnp's defaults)."""
    given = {}
    for kind, keys in NET_KINDS.items():
        section = fields.mapping(kind, default=None)
        if section is not None:
            given[kind] = {key: value for key, (_, zero) in keys.items()
                           if (value := section.length(key, default=None, positive=not zero)) is not None}
            section.finish()
    return NetChoices(given)


@dataclass(frozen=True)
class NetSize:
    """A folded set's shape and its front's size; the size is None where a problem left it unknown."""

    shape: Shape
    width: float | None
    height: float | None


def read_net(kind: str, fields: Fields, game: NetChoices, outlines: Mapping[str, SetOutline]) -> NetSize:
    """The shape and size of a set of `kind` (a tuck box or a standee) from its keys; its size is
    None when a problem (reported) leaves it unknown, or its deck is a set that could not be read."""
    values = _lengths(kind, fields, game.given.get(kind, {}))
    if kind == "standee":
        width, height = fields.length("width"), fields.length("height", default=None)
        foot = values["foot"] or STAND_IN
        base = values["base"] or 2 * foot + BASE_ROOM
        return NetSize(standee(foot, base), width, height or width)
    return _tuck_box(fields, values, outlines)


def _lengths(kind: str, fields: Fields, game: Mapping[str, float]) -> dict[str, float | None]:
    """Each key's length: the set's, else the game's, else the default (None for a wrong one, reported)."""
    values: dict[str, float | None] = {}
    for key, (default, zero) in NET_KINDS[kind].items():
        if fields.has(key):
            values[key] = fields.length(key, positive=not zero)
        else:
            fields.used.add(key)  # a key the set may give: a misspelt one is told of it
            values[key] = game.get(key, parse_length(default) if default is not None else None)
    return values


def _tuck_box(fields: Fields, values: dict[str, float | None], outlines: Mapping[str, SetOutline]) -> NetSize:
    for key in ("width", "height"):
        if fields.has(key):
            fields.report(fields.present(key), "a tuck box is sized from its deck; give 'deck:' (and 'cards:', "
                                               "'sleeve:', 'play:') instead", key)
    deck_id = fields.text("deck")
    cards = fields.integer("cards", default=None, minimum=1, maximum=MAX_COPIES_PER_SET)
    deck = outlines.get(deck_id) if deck_id is not None else None
    glue, notch = values["glue-flap"] or STAND_IN, values["thumb-notch"] or 0.0
    unmade = NetSize(tuck_box(STAND_IN, glue, notch), None, None)  # its faces are read all the same
    if deck_id is not None and deck is None:
        fields.report(fields.values["deck"], f"{quote(deck_id)} names no set written before this one: a tuck box "
                                             "follows the deck it holds", "deck")
        return unmade
    if deck is None or not deck.complete or None in values.values():
        return unmade  # its problems are reported
    if deck.kind in NET_KINDS or deck.kind == "board":
        fields.report(fields.values["deck"], f"{quote(deck_id)} is a set of kind '{deck.kind}'; a tuck box holds "
                                             "cards, tiles or tokens", "deck")
        return unmade
    sleeve, play, paper = (values[key] or 0.0 for key in ("sleeve", "play", "paper"))
    card_w = max(item.size[0] for item in deck.items)
    card_h = max(item.size[1] for item in deck.items)
    inside = (card_w + sleeve + play, card_h + sleeve + play, (cards or deck.count) * (values["card-thickness"] or 0.0)
              + play)
    width, height, depth = (length + paper for length in inside)
    if notch > width - 2 * NOTCH_SHOULDER or notch > height / 2:
        fields.report(fields.values.get("thumb-notch", fields.node),
                      f"a thumb notch of {to_mm(notch):g} mm is too wide for a front of {to_mm(width):.1f} × "
                      f"{to_mm(height):.1f} mm (at most {to_mm(min(width - 2 * NOTCH_SHOULDER, height / 2)):.1f} mm)",
                      "thumb-notch")
        return unmade
    return NetSize(tuck_box(depth, glue, notch), width, height)
