"""Component sets → Tabletop Simulator: deck sheets, token and tile images, and the saved object.

A card set becomes a custom deck: its distinct cards (front and back) in grids of at
most 10 × 7 slots per image, 69 cards and the last slot, which TTS shows for a card in
another player's hand, holding the back; each image within 4096 px a side. Alike backs
make one back image; backs that differ make back sheets laid out like the faces
(TTS's UniqueBack). Card ids are 100 × deck number + slot, one per printed card, in the
set's order. Other sets become custom tokens (one image, transparent outside the shape,
which TTS cuts out) or custom tiles (tiles, boards, and tokens whose sides differ); a
standee becomes a custom figurine, its front and back images standing up. A tuck box is
left out: on the virtual table the deck needs no box.

The saved object is the JSON TTS loads from its Saved Objects folder: a deck per card
set, every token and tile, laid out in rows on the table at their printed size (a table
unit is about an inch). Images are named relative to the JSON, or under a base URL
where they will be hosted; never by a path of the machine that built them.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image
from reportlab.graphics.shapes import Drawing

from pnp.export.faces import cut_to_shape, face_image, padded
from pnp.model.components import ComponentSet
from pnp.model.faces import Face
from pnp.model.units import to_mm
from pnp.output.png import png_bytes

DPI = 300
MAX_COLUMNS, MAX_ROWS, MAX_SIDE = 10, 7, 4096
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
TILE_KINDS = ("tile", "board")
# Approximations of TTS's own sizes: a poker card at scale 1, and how many table units
# (about an inch each) a custom tile or token at scale 1 spans along its longer side.
CARD_AT_SCALE_ONE_MM = 63.5
SPAN_AT_SCALE_ONE = 2.0
TABLE_WIDTH = 30.0  # table units a row of objects may take before it wraps
GAP = 0.5
PaintFace = Callable[[Face], Drawing]


def png(image: Image.Image) -> bytes:
    return png_bytes(image, DPI)


def pixels(length: float) -> int:
    return max(1, round(length * DPI / 72))


# --- decks -------------------------------------------------------------------------

@dataclass(frozen=True)
class Grid:
    """One face image of a deck: its columns and rows, each slot's card, the pixels of a cell."""

    columns: int
    rows: int
    cards: tuple[int, ...]
    cell: tuple[int, int]

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1

    @property
    def size(self) -> tuple[int, int]:
        return (self.columns * self.cell[0], self.rows * self.cell[1])


@dataclass(frozen=True)
class Deck:
    """A card set as TTS decks: its distinct cards on grids, and the deck in order."""

    fronts: tuple[Face, ...]
    backs: tuple[Face | None, ...]
    order: tuple[int, ...]
    names: tuple[str, ...]
    grids: tuple[Grid, ...]
    sideways: bool

    @property
    def unique_back(self) -> bool:
        return len(set(self.backs)) > 1

    def place(self, card: int) -> tuple[int, int]:
        """(grid, slot) of a distinct card."""
        return divmod(card, CARDS_PER_SHEET)


def plan_deck(component_set: ComponentSet) -> Deck:
    """The set's distinct cards (by front and back) in grids, and every printed card in order."""
    distinct: dict[tuple, int] = {}
    names: list[str] = []
    order: list[int] = []
    for item in component_set.items:
        index = distinct.setdefault((item.front, item.back), len(distinct))
        if index == len(names):
            names.append(item.id)
        order += [index] * item.count
    cards = list(distinct)
    grids = tuple(_grid(len(cards[start:start + CARDS_PER_SHEET]), start, component_set)
                  for start in range(0, len(cards), CARDS_PER_SHEET))
    return Deck(tuple(f for f, _ in cards), tuple(b for _, b in cards), tuple(order), tuple(names), grids,
                component_set.width > component_set.height)


def _grid(count: int, start: int, component_set: ComponentSet) -> Grid:
    """The smallest grid holding count cards and the hidden slot, scaled to stay within MAX_SIDE."""
    columns = min(MAX_COLUMNS, count + 1)
    rows = math.ceil((count + 1) / columns)
    width, height = pixels(component_set.width), pixels(component_set.height)
    scale = min(1.0, MAX_SIDE / (columns * width), MAX_SIDE / (rows * height))
    cell = (max(1, math.floor(width * scale)), max(1, math.floor(height * scale)))
    return Grid(columns, rows, tuple(range(start, start + count)), cell)


def deck_files(stem: str, deck: Deck) -> tuple[list[str], list[str]]:
    """The face sheets' file names, and the back's (one) or the back sheets' (one per face sheet)."""
    numbered = len(deck.grids) > 1
    faces = [f"{stem}-faces{f'-{n + 1}' if numbered else ''}.png" for n in range(len(deck.grids))]
    backs = ([f"{stem}-backs{f'-{n + 1}' if numbered else ''}.png" for n in range(len(deck.grids))]
             if deck.unique_back else [f"{stem}-back.png"])
    return faces, backs


def table_sets(sets: Sequence[ComponentSet]) -> list[ComponentSet]:
    """The sets Tabletop Simulator shows, in order: every one whose shape has a place on the table."""
    return [component_set for component_set in sets if component_set.shape.on_table]


def set_files(stem: str, component_set: ComponentSet) -> list[tuple[str, tuple]]:
    """Every image of a set as (file name, what it shows), which `set_image` makes one at a time."""
    if component_set.kind == "card":
        deck = plan_deck(component_set)
        faces, backs = deck_files(stem, deck)
        files: list[tuple[str, tuple]] = [(name, ("faces", n)) for n, name in enumerate(faces)]
        if deck.unique_back:
            return files + [(name, ("backs", n)) for n, name in enumerate(backs)]
        return files + [(backs[0], ("back",))]
    files = []
    for n, piece in enumerate(plan_pieces(component_set)):
        front, back = piece_files(stem, piece)
        files.append((front, ("piece", n, "front")))
        if back is not None:
            files.append((back, ("piece", n, "back")))
    return files


def set_image(component_set: ComponentSet, what: tuple, paint: PaintFace) -> bytes:
    """One image of `set_files`: a face or back sheet, the back, or a piece's side."""
    if what[0] == "piece":
        piece = plan_pieces(component_set)[what[1]]
        face = piece.front if what[2] == "front" else piece.back
        return png(_piece_image(face, component_set, paint, margin=not piece.tile))
    deck = plan_deck(component_set)
    if what[0] == "back":
        return png(_card(deck.backs[0], deck.grids[0].cell, paint))
    grid = deck.grids[what[1]]
    faces = deck.fronts if what[0] == "faces" else deck.backs
    return png(_sheet(grid, [faces[c] for c in grid.cards], deck.backs[0], paint))


def _sheet(grid: Grid, faces: list[Face | None], hidden: Face | None, paint: PaintFace) -> Image.Image:
    sheet = Image.new("RGB", grid.size, (255, 255, 255))
    for slot, face in [*enumerate(faces), (grid.hidden_slot, hidden)]:
        row, column = divmod(slot, grid.columns)
        sheet.paste(_card(face, grid.cell, paint), (column * grid.cell[0], row * grid.cell[1]))
    return sheet


def _card(face: Face | None, cell: tuple[int, int], paint: PaintFace) -> Image.Image:
    """A card's face at cell size; a card without a back gets a plain white one."""
    if face is None:
        return Image.new("RGB", cell, (255, 255, 255))
    return face_image(paint(face), cell)


# --- tokens and tiles ------------------------------------------------------------------

@dataclass(frozen=True)
class Piece:
    """A distinct item of a set that is not cards: its faces, how many, and how TTS shows it."""

    name: str
    front: Face
    back: Face | None
    count: int
    tile: bool


def plan_pieces(component_set: ComponentSet) -> list[Piece]:
    """Distinct items (by front and back), counts added up; a tile where TTS needs two images."""
    pieces: dict[tuple, Piece] = {}
    for item in component_set.items:
        key = (item.front, item.back)
        if key in pieces:
            old = pieces[key]
            pieces[key] = Piece(old.name, old.front, old.back, old.count + item.count, old.tile)
            continue
        two_sided = item.back is not None and item.back != item.front
        tile = component_set.kind in TILE_KINDS or two_sided or component_set.shape.tts_figure
        pieces[key] = Piece(item.id, item.front, item.back, item.count, tile)
    return list(pieces.values())


def piece_files(stem: str, piece: Piece) -> tuple[str, str | None]:
    """The front image's name, and the back's where the back is its own image."""
    own_back = piece.tile and piece.back is not None and piece.back != piece.front
    back = f"{stem}-{piece.name}-back.png" if own_back else None
    return f"{stem}-{piece.name}.png", back


def _piece_image(face: Face, component_set: ComponentSet, paint: PaintFace, margin: bool) -> Image.Image:
    """The face cut to its shape; a token's gets a transparent margin, which helps TTS cut it out."""
    size = (min(MAX_SIDE, pixels(component_set.width)), min(MAX_SIDE, pixels(component_set.height)))
    image = cut_to_shape(face_image(paint(face), size, transparent=True), component_set.shape,
                         component_set.corner / component_set.width)
    return padded(image, max(4, size[0] // 50)) if margin else image


# --- the saved object -------------------------------------------------------------------

@dataclass(frozen=True)
class SetObjects:
    """What the saved object shows of one set: its deck or pieces, its images' names and its words."""

    component_set: ComponentSet
    stem: str
    name: str
    description: str
    deck: Deck | None = None
    pieces: tuple[Piece, ...] = ()


def saved_object(title: str, game_id: str, sets: list[SetObjects], base_url: str) -> bytes:
    """The saved-object JSON: every set's deck or pieces, in rows on the table."""
    objects, layout, deck_number = [], _Rows(), 1
    for shown in sets:
        if shown.deck is not None:
            objects.append(_deck_object(shown, shown.deck, deck_number, layout, game_id, base_url))
            deck_number += len(shown.deck.grids)
        else:
            objects += _piece_objects(shown, layout, game_id, base_url)
        layout.next_row()
    document = {
        "SaveName": title, "GameMode": title, "Date": "", "VersionNumber": "", "GameType": "", "GameComplexity": "",
        "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "",
        "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {}, "ObjectStates": objects,
    }
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


class _Rows:
    """Places objects left to right in rows across the table, a set per row (wrapping if wide)."""

    def __init__(self):
        self.x, self.z, self.row_depth = -TABLE_WIDTH / 2, 10.0, 0.0

    def place(self, width: float, depth: float) -> tuple[float, float]:
        if self.x + width > TABLE_WIDTH / 2 and self.x > -TABLE_WIDTH / 2:
            self.next_row()
        centre = (round(self.x + width / 2, 3), round(self.z - depth / 2, 3))
        self.x += width + GAP
        self.row_depth = max(self.row_depth, depth)
        return centre

    def next_row(self) -> None:
        if self.row_depth:
            self.x, self.z, self.row_depth = -TABLE_WIDTH / 2, self.z - self.row_depth - 2 * GAP, 0.0


def _deck_object(shown: SetObjects, deck: Deck, first_number: int, layout: _Rows, game_id: str,
                 base_url: str) -> dict:
    cs = shown.component_set
    faces, backs = deck_files(shown.stem, deck)
    custom = {}
    for n, grid in enumerate(deck.grids):
        custom[str(first_number + n)] = {
            "FaceURL": base_url + faces[n], "BackURL": base_url + (backs[n] if deck.unique_back else backs[0]),
            "NumWidth": grid.columns, "NumHeight": grid.rows, "BackIsHidden": True, "UniqueBack": deck.unique_back,
            "Type": 0,
        }
    scale = to_mm(cs.width) / CARD_AT_SCALE_ONE_MM
    x, z = layout.place(_inches(cs.width), _inches(cs.height))
    cards = []
    for position, card in enumerate(deck.order):
        grid_index, slot = deck.place(card)
        number = first_number + grid_index
        cards.append(_object("Card", f"{game_id}/{cs.id}/{position}", (x, 1.0, z), scale, face_down=True,
                             Nickname=deck.names[card], CardID=100 * number + slot,
                             CustomDeck={str(number): custom[str(number)]}, SidewaysCard=deck.sideways, Hands=True))
    if len(cards) == 1:
        return {**cards[0], "Description": shown.description}
    return _object("Deck", f"{game_id}/{cs.id}", (x, 1.0, z), scale, face_down=True, Nickname=shown.name,
                   Description=shown.description, DeckIDs=[c["CardID"] for c in cards], CustomDeck=custom,
                   SidewaysCard=deck.sideways, Hands=False, HideWhenFaceDown=True, ContainedObjects=cards)


def _piece_objects(shown: SetObjects, layout: _Rows, game_id: str, base_url: str) -> list[dict]:
    cs = shown.component_set
    width, depth = _inches(cs.width), _inches(cs.height)
    scale = max(width, depth) / SPAN_AT_SCALE_ONE
    objects = []
    for piece in shown.pieces:
        front, back = piece_files(shown.stem, piece)
        if cs.shape.tts_figure:
            objects += _figures(shown, piece, layout, _figure_image(front, back, base_url), game_id, scale)
            continue
        x, z = layout.place(width, depth)
        image = _tile_image(cs, piece, front, back, base_url) if piece.tile else _token_image(front, base_url)
        thickness = image["CustomTile" if piece.tile else "CustomToken"]["Thickness"]
        for copy in range(piece.count):
            objects.append(_object("Custom_Tile" if piece.tile else "Custom_Token",
                                   f"{game_id}/{cs.id}/{piece.name}/{copy}", (x, 1.0 + copy * thickness, z), scale,
                                   Nickname=f"{shown.name} – {piece.name}", Description=shown.description,
                                   CustomImage=image))
    return objects


def _figures(shown: SetObjects, piece: Piece, layout: _Rows, image: dict, game_id: str, scale: float) -> list[dict]:
    """A standing figure per copy, side by side (figures do not stack)."""
    cs = shown.component_set
    objects = []
    for copy in range(piece.count):
        x, z = layout.place(_inches(cs.width), _inches(cs.width))
        objects.append(_object("Figurine_Custom", f"{game_id}/{cs.id}/{piece.name}/{copy}", (x, 1.0, z), scale,
                               Nickname=f"{shown.name} – {piece.name}", Description=shown.description,
                               CustomImage=image))
    return objects


def _figure_image(front: str, back: str | None, base_url: str) -> dict:
    """A figurine's images: its front, and its back (the front again where the back is the same or none)."""
    return {"ImageURL": base_url + front, "ImageSecondaryURL": base_url + (back or front), "ImageScalar": 1.0,
            "WidthScale": 0.0}


def _token_image(front: str, base_url: str) -> dict:
    return {"ImageURL": base_url + front, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
            "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": True}}


def _tile_image(cs: ComponentSet, piece: Piece, front: str, back: str | None, base_url: str) -> dict:
    secondary = back if back is not None else (front if piece.back is not None else None)
    tile_type = cs.shape.tts_tile(cs.corner)
    return {"ImageURL": base_url + front, "ImageSecondaryURL": base_url + secondary if secondary else "",
            "ImageScalar": 1.0, "WidthScale": 0.0,
            "CustomTile": {"Type": tile_type, "Thickness": 0.1 if cs.kind == "board" else 0.2,
                           "Stackable": cs.kind != "board", "Stretch": True}}


def _object(name: str, identity: str, position: tuple[float, float, float], scale: float, face_down: bool = False,
            **fields) -> dict:
    """A TTS object with the fields every object has; `identity` makes its GUID, the same on every build."""
    x, y, z = position
    base = {
        "GUID": hashlib.sha256(identity.encode("utf-8")).hexdigest()[:6], "Name": name,
        "Transform": {"posX": x, "posY": round(y, 3), "posZ": z, "rotX": 0.0, "rotY": 180.0,
                      "rotZ": 180.0 if face_down else 0.0, "scaleX": round(scale, 4), "scaleY": 1.0,
                      "scaleZ": round(scale, 4)},
        "Nickname": "", "Description": "", "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False, "MeasureMovement": False,
        "DragSelectable": True, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
        "HideWhenFaceDown": False, "Hands": False, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
    }
    return {**base, **fields}


def _inches(length: float) -> float:
    return length / 72
