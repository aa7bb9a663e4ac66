"""The fonts text is set in: pnp's own Source Sans Pro (OFL, from its PyPI wheel) and a game's own
families (game.yaml's `fonts:`, pnp.model.fonts), each registered once with reportlab's metrics.

Regular and bold cover Danish (æ ø å), Greek (Δ Ω θ β), arrows and typographic quotes.
The italics have no Greek, so each style names a fallback: a character the style
lacks is drawn from the fallback (the upright of the same weight) instead of printing
as an empty box. `missing_glyphs` tells which characters neither can draw, so a
build can refuse them by name. Everything is embedded, so a kit renders the same on a
machine with only pip packages.

A game's family is registered under names made from a digest of its name and files, so
two games whose families share a name never share a font, and a changed file is a font
of its own. Each style the family gives is a font; a style it lacks is set in the nearest
it has (pnp.model.fonts.FALLBACK), in PDFs, paragraphs' markup and measuring alike. Its
styles fall back to each other as pnp's own do (an italic's missing character from the
regular), never to another family: a character the family cannot draw is missing, and
the build names the file that lacks it. An OpenType font with PostScript (CFF) outlines
is converted to TrueType outlines as it is loaded (pnp.text.truetype), as reportlab
embeds only those; a font whose licence bits forbid embedding is refused.

Each embedded subset is tagged (ISO 32000-1 §9.6.4: six capitals and a plus before the
font's name) from a digest of the font and the characters it holds, so two different
subsets in one file (a booklet joins pages, a kit joins sheets) never share a tag, and
the same input still gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import struct
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import font_source_sans_pro
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from pnp.model.files import read_regular_file
from pnp.model.fonts import STYLES, FontFamily
from pnp.model.limits import MAX_FONT_BYTES
from pnp.model.problems import ContentError, Problem, quote

FAMILY = "SourceSans"
_FILES = {
    "regular": ("SourceSans", "SourceSansPro-Regular.ttf"),
    "bold": ("SourceSans-Bold", "SourceSansPro-Bold.ttf"),
    "italic": ("SourceSans-Italic", "SourceSansPro-It.ttf"),
    "bolditalic": ("SourceSans-BoldItalic", "SourceSansPro-BoldIt.ttf"),
}
# Where a style's missing characters come from: the upright of the same weight.
_FALLBACK = {"italic": "regular", "bolditalic": "bold"}
_TAGGING = threading.Lock()  # reportlab's subset namer is a module global, swapped while a font writes


@dataclass(frozen=True)
class _Face:
    """What a registered font is: its reportlab family, its own style and its file; for a game's
    font, its family as game.yaml names it, its file as written there and the bytes read from
    it (another folder's copy of the same files is the same font, and its files may be gone)."""

    family: str
    style: str
    path: Path
    game_family: str = ""
    file: str = ""
    data: bytes | None = None


# Registered name → what it is; reportlab family → style → the registered name that sets it.
_FACES: dict[str, _Face] = {name: _Face(FAMILY, style, Path(font_source_sans_pro.font_directory) / file)
                            for style, (name, file) in _FILES.items()}
_FAMILIES: dict[str, dict[str, str]] = {FAMILY: {style: name for style, (name, _) in _FILES.items()}}


def subset_tag(font: bytes, characters: list[int]) -> bytes:
    """Six capitals naming one subset of a font: a digest of the font's name and its characters."""
    digest = int.from_bytes(hashlib.sha256(font + b":" + ",".join(map(str, characters)).encode()).digest()[:8], "big")
    letters = []
    for _ in range(6):
        digest, letter = divmod(digest, 26)
        letters.append(65 + letter)
    return bytes(letters)


class TaggedFont(TTFont):
    """A TrueType font whose embedded subsets are tagged by their content, not their number.

    reportlab names subset n of every font `SUBSETN(n)` (AAAAAA, AAAAAB, ...), so the
    first subset of every font in every file is AAAAAA; while this font writes its
    subsets, that function answers each subset's own tag (tests/contracts names it)."""

    @property
    def tag_seed(self) -> bytes:
        """What, with a subset's characters, makes its tag: the font's PostScript name."""
        return self.face.name

    def addObjects(self, doc) -> None:
        state = self.state.get(doc)
        tags = [subset_tag(self.tag_seed, list(subset)) for subset in (state.subsets if state else ())]
        with _TAGGING:
            numbered = ttfonts.SUBSETN
            ttfonts.SUBSETN = tags.__getitem__
            try:
                super().addObjects(doc)
            finally:
                ttfonts.SUBSETN = numbered


class GameFont(TaggedFont):
    """A font of a game's own family: its subsets are tagged by its registered name too, so two
    files that call themselves by one PostScript name never give one tag to different glyphs."""

    @property
    def tag_seed(self) -> bytes:
        return self.face.name + b"/" + self.fontName.encode("ascii")


@cache
def register_fonts() -> None:
    folder = Path(font_source_sans_pro.font_directory)
    for name, file in _FILES.values():
        pdfmetrics.registerFont(TaggedFont(name, str(folder / file)))
    addMapping(FAMILY, 0, 0, _FILES["regular"][0])
    addMapping(FAMILY, 1, 0, _FILES["bold"][0])
    addMapping(FAMILY, 0, 1, _FILES["italic"][0])
    addMapping(FAMILY, 1, 1, _FILES["bolditalic"][0])


def font_name(style: str = "regular", family: FontFamily | None = None) -> str:
    """The registered reportlab font name that sets 'regular', 'bold', 'italic' or 'bolditalic'
    in a game's family (registered the first time it is asked for), or in pnp's own (None)."""
    if family is None:
        register_fonts()
        return _FILES[style][0]
    return game_family(family)[style]


_REGISTERED: dict[FontFamily, dict[str, str] | list[Problem]] = {}


def game_family(family: FontFamily) -> dict[str, str]:
    """A game's family registered: the font name setting each style (a style it lacks, its stand-in's).

    ContentError, located at the family in game.yaml and naming the file, for a file that
    is not a font reportlab can embed; asked again, the same answer without reading again.
    """
    known = _REGISTERED.get(family)
    if known is None:
        try:
            known = _register(family)
        except ContentError as error:
            known = error.problems
        _REGISTERED[family] = known
    if isinstance(known, list):
        raise ContentError(list(known))
    return known


def _register(family: FontFamily) -> dict[str, str]:
    files = {style: _read(family, style) for style in family.styles}
    # The files as written enter too, so a message names the file of this game.yaml.
    seed = [family.name.encode(), *(f"{style}:{family.written(style)}:".encode() + hashlib.sha256(data).digest()
                                    for style, data in files.items())]
    key = "pnp-" + hashlib.sha256(b"\0".join(seed)).hexdigest()[:16]
    for style, data in files.items():
        name = f"{key}-{style}"
        if name in _FACES:
            continue
        try:
            font = GameFont(name, io.BytesIO(_truetype(family, style, data)))
        except (TTFError, struct.error, ValueError, KeyError, IndexError) as error:
            raise _unusable(family, style, f"reportlab cannot read it ({error})") from None
        pdfmetrics.registerFont(font)
        _FACES[name] = _Face(key, style, family.file(style), family.name, family.written(style), data)
    names = {style: f"{key}-{family.stand_in(style)}" for style in STYLES}
    # Stand-ins first: the last mapping of a font is the style reportlab's paragraphs take it for.
    for style in sorted(STYLES, key=lambda style: style in family.styles):
        addMapping(key, int("bold" in style), int("italic" in style), names[style])
    _FAMILIES[key] = names
    return names


def _read(family: FontFamily, style: str) -> bytes:
    """The bytes of the style's file, checked that its licence bits let pnp embed it."""
    try:
        data = read_regular_file(family.file(style), MAX_FONT_BYTES)
    except ContentError as error:
        raise _unusable(family, style, error.problems[0].message) from None
    refused = _embedding_refused(data)
    if refused:
        raise _unusable(family, style, f"its licence bits (OS/2 fsType) {refused}")
    return data


def _truetype(family: FontFamily, style: str, data: bytes) -> bytes:
    """A font file's bytes as TrueType: as they are, or converted if it has CFF outlines."""
    if data[:4] != b"OTTO":
        return data
    from pnp.text.truetype import truetype_outlines

    try:
        return truetype_outlines(data)
    except Exception as error:  # fontTools raises many kinds for a damaged font
        raise _unusable(family, style, f"its CFF outlines cannot be read ({type(error).__name__}: {error})") from None


def _embedding_refused(data: bytes) -> str | None:
    """What the font's OS/2 fsType forbids of what pnp does with it (embed a subset of its outlines), if anything."""
    try:
        (tables,) = struct.unpack_from(">H", data, 4)
        for index in range(tables):
            tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
            if tag == b"OS/2":
                (fs_type,) = struct.unpack_from(">H", data, offset + 8)
                return _fs_type_refusal(fs_type)
    except struct.error:
        return None  # a damaged font: reportlab says what is wrong with it
    return None


def _fs_type_refusal(fs_type: int) -> str | None:
    if fs_type & 0x000F == 0x0002:
        return "forbid embedding it in a document (restricted licence embedding)"
    if fs_type & 0x0100:
        return "forbid embedding a subset of it"
    if fs_type & 0x0200:
        return "allow embedding its bitmaps only, and pnp embeds outlines"
    return None


def _unusable(family: FontFamily, style: str, reason: str) -> ContentError:
    return ContentError([Problem(family.location, f"fonts.{family.name}",
                                 f"font {quote(family.written(style))} cannot be used: {reason}")])


@cache
def _glyphs(name: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


def style_of(name: str) -> str | None:
    """'regular', 'bold', 'italic' or 'bolditalic' for a registered font name (pnp's own or a
    game's, its own style); None for another font."""
    face = _FACES.get(name)
    return face.style if face else None


def family_of(name: str) -> str | None:
    """The reportlab family of a registered font: FAMILY for pnp's own, a digest's name for a game's."""
    face = _FACES.get(name)
    return face.family if face else None


def is_game_font(name: str) -> bool:
    """Whether a registered font is of a game's own family: its name is a digest of its files."""
    face = _FACES.get(name)
    return face is not None and face.data is not None


def family_fonts(family: str) -> dict[str, str]:
    """The registered fonts of a reportlab family (family_of) by the style each sets."""
    return _FAMILIES[family]


def font_data(name: str) -> bytes:
    """The bytes of the file a registered font was loaded from (a game's .otf as it is, before its
    outlines were converted)."""
    face = _FACES[name]
    return face.data if face.data is not None else face.path.read_bytes()


def styled(name: str, style: str) -> str:
    """The font setting `style` in the family of the registered font `name` (name itself for another font)."""
    face = _FACES.get(name)
    return _FAMILIES[face.family][style] if face else name


def describe(name: str) -> str:
    """A font as a message names it: 'italic font', or 'font 'fonts/Pirata.ttf' (Pirata One regular)'."""
    face = _FACES.get(name)
    if face is None:
        return f"font {name}"
    if not face.game_family:
        return f"{face.style} font"
    return f"font {quote(face.file)} ({face.game_family} {face.style})"


def _registered_name(font: str) -> str:
    """A style of pnp's own family as its registered name; a registered name as it is."""
    return font_name(font) if font in _FILES else font


@cache
def _drawable(name: str) -> frozenset[str]:
    """The characters a font draws itself, spaces of every kind included: a set of strings,
    so a whole text is tested at once (most texts need no fallback)."""
    spaces = (chr(c) for c in range(0x3000 + 1) if chr(c).isspace())
    return frozenset(chr(c) for c in _glyphs(name)).union(spaces)


def has_glyph(name: str, char: str) -> bool:
    return char.isspace() or ord(char) in _glyphs(name)


def font_for(name: str, char: str) -> str:
    """The font that draws char in font `name`: name itself, or its style's fallback in its family."""
    if has_glyph(name, char):
        return name
    face = _FACES.get(name)
    fallback = _FALLBACK.get(face.style) if face else None
    if face is not None and fallback is not None:
        other = _FAMILIES[face.family][fallback]
        if has_glyph(other, char):
            return other
    return name


def font_runs(text: str, name: str) -> list[tuple[str, str]]:
    """text cut into (font, part) runs, each part drawn in a font that has its characters."""
    if _drawable(name).issuperset(text):
        return [(name, text)] if text else []
    runs: list[tuple[str, str]] = []
    for char in text:
        font = font_for(name, char)
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return runs


def undrawable(text: str, name: str) -> list[str]:
    """Characters of text that the font `name` itself cannot draw, in order."""
    if _drawable(name).issuperset(text):
        return []
    return sorted({c for c in text if not has_glyph(name, c)})


def missing_glyphs(text: str, font: str = "regular", *, fallback: bool = False) -> list[str]:
    """Characters of text the font (a registered name, or a style of pnp's own family) cannot
    draw: they would print as boxes.

    With fallback, only those its fallback cannot draw either: what rulebook paragraphs,
    which switch font per character, would lose.
    """
    name = _registered_name(font)
    if not fallback or _drawable(name).issuperset(text):
        return undrawable(text, name)
    return sorted({c for c in text if not has_glyph(font_for(name, c), c)})


def text_width(text: str, size: float, font: str = "regular") -> float:
    """The width of text in a font: a registered name, or a style of pnp's own family."""
    return pdfmetrics.stringWidth(text, _registered_name(font), size)


@cache
def x_height(font: str = "regular") -> float:
    """A font's x-height (a lower-case x's height) as a fraction of its size, from its OS/2 table:
    a registered name (pnp's own or a game's), or a style of pnp's own family."""
    from fontTools.ttLib import TTFont as FontFile

    with FontFile(io.BytesIO(font_data(_registered_name(font))), lazy=True) as parsed:
        return parsed["OS/2"].sxHeight / parsed["head"].unitsPerEm
