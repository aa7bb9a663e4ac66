"""game.yaml's `fonts:` and `rulebook-fonts:` → the game's own font families; a text's `font:` → a `Font`.

`fonts:` maps a family name to its files: one file (the family's regular) or a mapping of
styles (regular, bold, italic, bolditalic) to files, the regular required. A file is a
TrueType (.ttf) or OpenType (.otf) font in the game folder, or in templates/ written
`templates/...`, contained as every content file is (pnp.model.files); here only its first
bytes are read, to tell a font from anything else cheaply. pnp.text.fonts loads it when a
text is first set in it. A style a family does not give is set in the nearest it does
(`FALLBACK`), and a painter says so where a text asks for it.

`rulebook-fonts:` names the families the rules are set in: `headings` (the title, section
headings, the cover's facts) and `body` (everything else: paragraphs, lists, captions,
the diagrams' labels). Either left out is pnp's own Source Sans Pro.

A face's text names its font as a style of pnp's family (`font: bold`), a family of the
game (`font: Pirata One`, its regular) or both (`font: {family: Pirata One, style: bold}`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pnp.model.files import read_file_head
from pnp.model.folders import named_file
from pnp.model.limits import MAX_FAMILY_CHARS, MAX_FONT_BYTES
from pnp.model.problems import ContentError, Location, listing, quote
from pnp.model.reader import UNRESOLVED, Fields, join_key
from pnp.model.source import Node

STYLES = ("regular", "bold", "italic", "bolditalic")
# The style a family sets a style it lacks in, nearest first; every family has its regular.
FALLBACK = {"regular": (), "bold": ("regular",), "italic": ("regular",), "bolditalic": ("bold", "italic", "regular")}
SUFFIXES = (".ttf", ".otf")
# A font file's first four bytes: what it holds.
_TRUETYPE = (b"\x00\x01\x00\x00", b"true")
_CFF = b"OTTO"
_OTHERS = {b"ttcf": "a font collection (.ttc); give one font of it as a .ttf or .otf",
           b"wOFF": "a web font (WOFF); give the .ttf or .otf it was made from",
           b"wOF2": "a web font (WOFF2); give the .ttf or .otf it was made from"}
ROLES = ("headings", "body")


@dataclass(frozen=True)
class FontFamily:
    """A family of the game's own fonts: its name in game.yaml and the file of each style it gives."""

    name: str
    files: tuple[tuple[str, Path], ...]  # (style, file), in STYLES order, the regular first
    location: Location  # its entry in game.yaml
    shown: tuple[tuple[str, str], ...] = ()  # (style, the file as game.yaml writes it), for messages
    # Each file's size and time when read: a family whose file changed is another family (pnp watch sets the new one).
    stamps: tuple[tuple[int, int], ...] = ()

    @property
    def styles(self) -> tuple[str, ...]:
        return tuple(style for style, _ in self.files)

    def stand_in(self, style: str) -> str:
        """The style the family sets `style` in: itself if given, else the nearest it has."""
        return style if style in self.styles else next(s for s in FALLBACK[style] if s in self.styles)

    def file(self, style: str) -> Path:
        return dict(self.files)[self.stand_in(style)]

    def written(self, style: str) -> str:
        """The file of a style as game.yaml writes it (a message names it so)."""
        return dict(self.shown).get(self.stand_in(style), str(self.file(style)))


@dataclass(frozen=True)
class Font:
    """What a text is set in: a style of a game's family, or of pnp's own (family None)."""

    style: str = "regular"
    family: FontFamily | None = None

    def __str__(self) -> str:
        return self.style if self.family is None else f"{self.family.name} {self.style}"


@dataclass(frozen=True)
class RulebookFonts:
    """The families the rules are set in (None: pnp's own)."""

    headings: FontFamily | None = None
    body: FontFamily | None = None


PNP_FONTS = RulebookFonts()  # a rulebook set in pnp's own family alone


def read_fonts(fields: Fields, folder: Path, templates_folders: tuple[Path, ...]) -> dict[str, FontFamily]:
    """game.yaml's `fonts:`, each file found and checked; a problem for each that is not a usable font."""
    section = fields.mapping("fonts", default=None)
    families: dict[str, FontFamily] = {}
    if section is None:
        return families
    for name, node in section.values.items():
        section.used.add(name)
        path = f"fonts.{name}"
        problem = _name_problem(name)
        if problem:
            section.report(node, problem, name)
            continue
        written = _style_files(node, path, section)
        files = []
        for style, file_node in written:
            found = _font_file(file_node, folder, templates_folders)
            if isinstance(found, str):
                section.problems.add(file_node.location, f"{path}.{style}" if node.is_map else path, found)
            else:
                files.append((style, found, file_node.value))
        if len(files) == len(written) and written:
            families[name] = FontFamily(name, tuple((s, f) for s, f, _ in files), node.location,
                                        tuple((s, w) for s, _, w in files), tuple(_stamp(f) for _, f, _ in files))
    return families


def _name_problem(name: object) -> str | None:
    if not isinstance(name, str) or not name.strip():
        return f"expected a family name such as 'Pirata One', got {quote(name)}"
    if name in STYLES:
        return f"{quote(name)} is a style; name the family otherwise (a text's font: {name} means pnp's own {name})"
    if len(name) > MAX_FAMILY_CHARS:
        return f"a family name of {len(name)} characters is over the limit of {MAX_FAMILY_CHARS}"
    return None


def _style_files(node: Node, path: str, section: Fields) -> list[tuple[str, Node]]:
    """(style, node of its file) as written: one file is the regular."""
    if isinstance(node.value, str):
        return [("regular", node)]
    if not node.is_map:
        section.problems.add(node.location, path, "expected a font file such as fonts/PirataOne-Regular.ttf, or a "
                                                  "mapping of styles (regular, bold, italic, bolditalic) to files")
        return []
    styles = Fields(node, path, section.problems)
    written = [(style, styles.get(style, default=None)) for style in STYLES]
    styles.get("regular")  # every family needs its regular: the style every other falls back to
    styles.finish()
    return [(style, file_node) for style, file_node in written if file_node is not None]


def _font_file(node: Node, folder: Path, templates_folders: tuple[Path, ...]) -> Path | str:
    """The checked font file a node names, or why it cannot be used."""
    file = node.value
    if not isinstance(file, str) or not file.strip():
        return f"expected a font file such as fonts/PirataOne-Regular.ttf, got {quote(file)}"
    if Path(file).suffix.lower() not in SUFFIXES:
        return f"expected a TrueType (.ttf) or OpenType (.otf) font file, got {quote(file)}"
    try:
        path = named_file(file, folder, templates_folders)
        if path is None:
            return f"font file not found: {quote(file)}"
        head = read_file_head(path, 4, MAX_FONT_BYTES)
    except ContentError as error:
        return f"font {quote(file)} {error.problems[0].message}"
    if head in _TRUETYPE or head == _CFF:
        return path
    return f"font {quote(file)} is {_OTHERS.get(head, 'not a TrueType or OpenType font')}"


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return (stat.st_size, stat.st_mtime_ns)


def read_rulebook_fonts(fields: Fields, families: Mapping[str, FontFamily]) -> RulebookFonts:
    """game.yaml's `rulebook-fonts:` ({headings: family, body: family}), each a family of `fonts:`."""
    section = fields.mapping("rulebook-fonts", default=None)
    if section is None:
        return PNP_FONTS
    chosen = {}
    for role in ROLES:
        node = section.get(role, default=None)
        if node is None:
            continue
        family = families.get(node.value) if isinstance(node.value, str) else None
        if family is None:
            section.report(node, f"expected a family of game.yaml's fonts: ({listing(sorted(families)) or 'none'}), "
                                 f"got {quote(node.value)}", role)
        chosen[role] = family
    section.finish()
    return RulebookFonts(**chosen)


def read_font(fields: Fields, families: Mapping[str, FontFamily]) -> Font:
    """A text's `font:`: a style, a family of the game (its regular), or {family: ..., style: ...}."""
    node = fields.get("font", default=None)
    if node is None or node.value is UNRESOLVED:
        return Font()
    if node.is_map:
        font = Fields(node, join_key(fields.path, "font"), fields.problems)
        family_node = font.get("family", default=None)
        style = font.choice("style", STYLES, default="regular") or "regular"
        font.finish()
        family = _family(family_node, families, font, "family") if family_node is not None else None
        return Font(style, family)
    if node.value in STYLES:
        return Font(node.value)
    if isinstance(node.value, str) and node.value in families:
        return Font("regular", families[node.value])
    hint = (" (a font file is declared under game.yaml's fonts: and named here by its family)"
            if isinstance(node.value, str) and Path(node.value).suffix.lower() in SUFFIXES else "")
    fields.report(node, f"expected a style ({', '.join(STYLES)}), a family of game.yaml's fonts: "
                        f"({listing(sorted(families)) or 'none'}) or {{family: ..., style: ...}}, "
                        f"got {quote(node.value)}{hint}", "font")
    return Font()


def _family(node: Node, families: Mapping[str, FontFamily], fields: Fields, key: str) -> FontFamily | None:
    if node.value is UNRESOLVED:
        return None
    if isinstance(node.value, str) and node.value in families:
        return families[node.value]
    fields.report(node, f"expected a family of game.yaml's fonts: ({listing(sorted(families)) or 'none'}), "
                        f"got {quote(node.value)}", key)
    return None
