"""The corpus of bad inputs: one row per case, a mutation of a good kit and the one line it must give.

Each row breaks a copy of a game that has already been built (its kit is under `out/`)
and names the commands that must then fail: exit code, the first error line's
`file:line` and a phrase from it. test_corpus.py runs every (row, command) pair and
also checks that nothing under the copy changed (earlier output, content) and no file
appeared anywhere, and that there is no traceback.

How to add a row:
- `mutate` gets a `Site` (the copy's work folder and game folder) and breaks it; the
  helpers below (edit, write, link, folder, fifo, ...) cover content files, and a
  function of your own can do anything else (make `out/` read-only, add a second game).
- `where` is the expected `file[:line]` of the first error line: a path inside the game
  folder, or one starting with `work:` for a path inside the work folder (da.po,
  templates/...); None when the message names no file (a bad GAME argument). In a real
  game, whose files change, write `file@text` for the line where text first appears
  in the mutated file.
- `commands` are keys of COMMANDS; `game` is the GAME argument when it is not the
  base game's name; `subprocess=True` also runs the first command as a real process
  limited to 20 s and 2 GB.
- Rows for the runner side (disk full, read-only output, a late failure in a second
  game) fit the same shape: a mutation of the work folder and the commands to run.
  `also=(...)` builds more real games into the kit and passes them to the command
  after the base. A late failure in the second game, for instance (tried; today it
  replaces Folio's rulebooks before failing):
      Case("late-failure-in-second-game",
           both(edit("text/en.yaml", "rules.tagline: Sixteen", "rules.tagline: Sixteen new"),
                edit("work:content/quatrefoil/text/da.yaml", "    Quatrefoil er et samarbejdsspil",
                     "    " + "Dette er en meget lang sætning. " * 120 + "Quatrefoil er et samarbejdsspil")),
           "work:content/quatrefoil/text/da.yaml@rules.overview.p1", "does not fit on page 2", ("build",),
           base="folio", also=("quatrefoil",))
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.model import limits
from tests.conftest import xlsx_bytes

# --- where a case runs ----------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    """A copy of a good kit: `work` holds content/<game>/, templates/, out/ and da.po."""

    work: Path
    game: Path

    def path(self, relative: str) -> Path:
        """A game-relative path, or a work-relative one written `work:...`."""
        if relative.startswith("work:"):
            return self.work / relative[len("work:"):]
        return self.game / relative


Mutation = Callable[[Site], None]


# --- the commands a row can run -----------------------------------------------------

# Each takes the GAME arguments (the translate commands take exactly one).
COMMANDS: dict[str, Callable[[list[str]], list[str]]] = {
    "build": lambda games: ["build", *games, "--out", "out", "--format", "pdf", "--paper", "a4", "-q"],
    "check": lambda games: ["check", *games, "--paper", "a4", "-q"],
    "diagrams": lambda games: ["diagrams", *games, "--out", "out", "--format", "svg", "-q"],
    "import": lambda games: ["translate", "import", *games, "da.po"],
    "export": lambda games: ["translate", "export", *games, "-o", "out/exported.po"],
    "stamp": lambda games: ["translate", "stamp", *games],
    "list": lambda games: ["list"],
    "pod": lambda games: ["build", *games, "--out", "out", "--format", "pod", "--shop", "elsewhere",
                          "--paper", "a4", "-q"],
}
CONTENT = ("build", "check", "diagrams", "import")  # the commands that read all of a game's content
DOCUMENTS = ("build", "check", "import")  # those that also check the rulebook (pnp diagrams does not)
EVERY = tuple(c for c in COMMANDS if c != "pod")  # pod names a shop profile only its rows make
# pnp list reads game.yaml and components.yaml only, so it cannot see a bad diagram or example.
BEYOND_COMPONENTS = tuple(c for c in EVERY if c != "list")


@dataclass(frozen=True)
class Case:
    name: str
    mutate: Mutation
    where: str | None
    phrase: str
    commands: tuple[str, ...] = CONTENT
    base: str = "tiny"  # the game the kit is built from; Site.game is its folder
    game: str | None = None  # the GAME argument, when it is not the base's name
    also: tuple[str, ...] = ()  # more real games built into the same kit (and named after base)
    exit_code: int = 1
    subprocess: bool = False
    problems: int = 1
    secret: str | None = None  # text that must not appear in any output (a linked file's contents)

    @property
    def arguments(self) -> list[str]:
        return [self.game or self.base, *self.also]


# --- mutations ------------------------------------------------------------------------


def edit(relative: str, old: str, new: str, count: int = 1) -> Mutation:
    """Replace old (which must be there) by new in a text file."""

    def mutate(site: Site) -> None:
        path = site.path(relative)
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, count), encoding="utf-8")

    return mutate


def write(relative: str, text: str) -> Mutation:
    def mutate(site: Site) -> None:
        site.path(relative).parent.mkdir(parents=True, exist_ok=True)
        site.path(relative).write_text(text, encoding="utf-8")

    return mutate


def write_bytes(relative: str, data: bytes | Callable[[], bytes]) -> Mutation:
    def mutate(site: Site) -> None:
        site.path(relative).parent.mkdir(parents=True, exist_ok=True)
        site.path(relative).write_bytes(data() if callable(data) else data)

    return mutate


def edit_bytes(relative: str, old: bytes, new: bytes) -> Mutation:
    def mutate(site: Site) -> None:
        data = site.path(relative).read_bytes()
        assert old in data, f"{old!r} not in {relative}"
        site.path(relative).write_bytes(data.replace(old, new, 1))

    return mutate


def append(relative: str, text: str) -> Mutation:
    def mutate(site: Site) -> None:
        with site.path(relative).open("a", encoding="utf-8") as out:
            out.write(text)

    return mutate


def sparse(relative: str, size: int) -> Mutation:
    """A file of `size` bytes that takes no room (its size is what is refused)."""

    def mutate(site: Site) -> None:
        with site.path(relative).open("r+b") as out:
            out.truncate(size)

    return mutate


def link(relative: str, target: str) -> Mutation:
    """relative becomes a symbolic link to target (absolute, or `work:`/game-relative)."""

    def mutate(site: Site) -> None:
        path = site.path(relative)
        _remove(path)
        path.symlink_to(target if target.startswith("/") else site.path(target))

    return mutate


def folder(relative: str) -> Mutation:
    def mutate(site: Site) -> None:
        _remove(site.path(relative))
        site.path(relative).mkdir()

    return mutate


def fifo(relative: str) -> Mutation:
    def mutate(site: Site) -> None:
        _remove(site.path(relative))
        os.mkfifo(site.path(relative))

    return mutate


def remove(relative: str) -> Mutation:
    return lambda site: _remove(site.path(relative))


def moved_out(relative: str) -> Mutation:
    """relative (a folder) moves beside the work folder and a link to it takes its place."""

    def mutate(site: Site) -> None:
        path, outside = site.path(relative), site.work.parent / "elsewhere"
        path.rename(outside)
        path.symlink_to(outside, target_is_directory=True)

    return mutate


def templates_elsewhere(files: dict[str, str | bytes]) -> Mutation:
    """The game's own templates/ becomes a link to a folder beside the work folder holding files."""

    def mutate(site: Site) -> None:
        outside = site.work.parent / "elsewhere-templates"
        for relative, data in files.items():
            (outside / relative).parent.mkdir(parents=True, exist_ok=True)
            (outside / relative).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        (site.game / "templates").symlink_to(outside, target_is_directory=True)

    return mutate


def state_elsewhere(site: Site) -> None:
    """out/.pnp becomes a link to a folder beside the work folder that holds a staging-* folder
    of someone else's and a file: neither may be removed, and no lock made there."""
    outside = site.work.parent / "elsewhere-state"
    (outside / "staging-keep").mkdir(parents=True)
    (outside / "staging-keep" / "precious.txt").write_text("keep me\n", encoding="utf-8")
    state = site.work / "out" / ".pnp"
    for entry in state.iterdir():
        entry.rename(outside / entry.name)
    state.rmdir()
    state.symlink_to(outside, target_is_directory=True)


def both(*mutations: Mutation) -> Mutation:
    def mutate(site: Site) -> None:
        for mutation in mutations:
            mutation(site)

    return mutate


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    elif os.path.lexists(path):
        path.unlink()


# --- generated content ----------------------------------------------------------------


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def png_with_zeroed_data() -> bytes:
    """A PNG whose compressed pixels are zeros: it passes Image.verify() but cannot be decoded."""
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.effect_noise((64, 64), 50).convert("RGB").save(buffer, "PNG")
    return _rewrite_png(buffer.getvalue(),
                        lambda kind, data: b"\x78\x9c" + bytes(len(data) - 2) if kind == b"IDAT" else data)


def png_declaring(width: int, height: int) -> bytes:
    """A small PNG file whose header claims width × height pixels."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(b"\0" * 16))
            + _chunk(b"IEND", b""))


def truncated_jpeg() -> bytes:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.effect_noise((64, 64), 50).convert("RGB").save(buffer, "JPEG")
    return buffer.getvalue()[: len(buffer.getvalue()) // 2]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _rewrite_png(data: bytes, change) -> bytes:
    out, index = data[:8], 8
    while index < len(data):
        (length,) = struct.unpack(">I", data[index:index + 4])
        kind, body = data[index + 4:index + 8], data[index + 8:index + 8 + length]
        out += _chunk(kind, change(kind, body))
        index += 12 + length
    return out


def alias_expansion(copies: int) -> str:
    """A YAML value that aliases expand into `copies` times a long text."""
    text = "x" * (limits.MAX_TEXT_CHARS - 10)
    return f'long: &long "{text}"\nmany: [' + ", ".join(["*long"] * copies) + "]\n"


def alias_bomb() -> str:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for name, previous in zip("bcdefg", "abcdef"):
        bomb += f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 10) + "]\n"
    return bomb


def sections(count: int) -> str:
    body = "".join("  - title: rules.play.title\n    body: [{p: rules.play.p}]\n" for _ in range(count))
    return f"booklet: a5-saddle\nsections:\n{body}"


def template_chain(length: int) -> str:
    """templates/cards.yaml where mini-euro extends a chain of `length` templates."""
    links = "".join(f"t{n}:\n  extends: cards/t{n + 1}\n" for n in range(length))
    return f"mini-euro:\n  extends: cards/t0\n{links}t{length}:\n  kind: card\n  width: 44mm\n  height: 68mm\n"


def many_elements(items: int, elements: int) -> str:
    """A set of `items` items (a product) whose front has `elements` circles."""
    side = round(items ** 0.5)
    values = "[" + ", ".join(map(str, range(side))) + "]"
    circles = "[" + ", ".join(["{circle: {}}"] * elements) + "]"
    return (f"sets:\n  many:\n    kind: token\n    width: 10mm\n    product: {{a: {values}, b: {values}}}\n"
            f"    front: {{elements: {circles}}}\n")


def xlsx_bomb() -> bytes:
    """An XLSX-named zip of a few kilobytes that unpacks past MAX_XLSX_UNPACKED_BYTES."""
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (limits.MAX_XLSX_UNPACKED_BYTES + 1))
    return buffer.getvalue()


def xlsx_table(sheet_edit: Callable[[str], str] = lambda xml: xml, *, shared: bool = False,
               rels_edit: Callable[[str], str] = lambda xml: xml) -> Callable[[], bytes]:
    """An XLSX deck (sheet Deck: id, cost; plain, 3) whose parts are then edited as text: the
    worksheet's XML, its relationships; with `shared`, the ids kept as shared texts (as Excel
    and LibreOffice keep them; openpyxl writes inline ones)."""

    def make() -> bytes:
        import io
        import zipfile

        written = zipfile.ZipFile(io.BytesIO(xlsx_bytes([["id", "cost"], ["plain", 3]], "Deck")))
        output = io.BytesIO()
        with zipfile.ZipFile(output, "w") as archive:
            for info in written.infolist():
                text = written.read(info.filename).decode("utf-8")
                if info.filename == "xl/worksheets/sheet1.xml":
                    if shared:
                        text = text.replace('<c r="A2" t="inlineStr"><is><t>plain</t></is></c>',
                                            '<c r="A2" t="s"><v>0</v></c>')
                    text = sheet_edit(text)
                if info.filename == "xl/_rels/workbook.xml.rels":
                    if shared:
                        text = text.replace("</Relationships>", '<Relationship Id="rIdS" Type="http://schemas.openxmlformats'
                                                                '.org/officeDocument/2006/relationships/sharedStrings" '
                                                                'Target="sharedStrings.xml"/></Relationships>')
                    text = rels_edit(text)
                archive.writestr(info, text)
            if shared:
                archive.writestr("xl/sharedStrings.xml", '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
                                                         '2006/main" count="1" uniqueCount="1">'
                                                         '<si><t>plain</t></si></sst>')
        return output.getvalue()

    return make


def cost_cell(xml: str) -> Callable[[str], str]:
    """A worksheet edit: the cost cell B2 (a number, 3) written as xml instead."""
    return lambda text: text.replace('<c r="B2" t="n"><v>3</v></c>', xml)


def po_message(key: str, msgid: str, msgstr: str) -> str:
    """A message to append to da.po (msgstr as PO text: escapes written as they are)."""
    return f'\nmsgctxt "{key}"\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n'


def svg(body: str, head: str = "") -> str:
    return (f'{head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" '
            f'height="10">{body}</svg>\n')


BILLION_LAUGHS = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
                  + "".join(f'<!ENTITY {n} "{("&" + p + ";") * 10}">' for n, p in zip("bcdefghij", "abcdefghi")) + "]>")
# Items from a table instead of the list, for the table rows.
TABLE_ITEMS = edit("components.yaml", "    items: [{id: plain}]", "    items: cards.csv")
TABLE_FROM_XLSX = edit("components.yaml", "    items: [{id: plain}]", "    items: [{table: cards.xlsx, sheet: Deck}]")
SHEET_ITEMS = edit("components.yaml", "    items: [{id: plain}]", "    items: cards.xlsx")
# A table whose text is translated into its own cells, and a PO file translating it.
TABLE_TEXT = both(TABLE_ITEMS, write("cards.csv", "id,name.en\nplain,Plain\n"))
SHEET_TEXT = both(SHEET_ITEMS, write_bytes("cards.xlsx", lambda: xlsx_bytes([["id", "name.en"], ["plain", "Plain"]])))


def diagrams_named(count: int) -> str:
    """diagrams.yaml with `count` diagrams, the rulebook's among them."""
    names = ["board", *(f"d{n}" for n in range(count - 1))]
    return "diagrams:\n" + "".join(f"  {name}: {{board: {{grid: [1, 1]}}}}\n" for name in names)


# --- hostile ids ----------------------------------------------------------------------

HOSTILE_IDS = {
    "traversal": "x/../../../escaped",
    "absolute": "/tmp/escaped",
    "nul": "a\\0b",  # a YAML escape: the value holds a NUL character
    "dotdot": "..",
    "long": "a" * 300,
    "lookalike": "t\u0456ny",  # a Cyrillic і among Latin letters
    "newline": "a\\nb",
    "upper": "Tiny",
}
# Where each kind of id is written in the tiny game, and the line the error must name.
ID_PLACES = {
    "game id": ("game.yaml", "id: tiny", 'id: "{}"', "game.yaml:2", "expected a game id"),
    "set id": ("components.yaml", "  cards:", '  "{}":', "components.yaml:18", "expected a set id"),
    "item id": ("components.yaml", "{id: gold, colour: gold}", '{{id: "{}", colour: gold}}', "components.yaml:10",
                "expected an item id"),
    "diagram id": ("diagrams.yaml", "  corner:", '  "{}":', "diagrams.yaml:7", "expected a diagram id"),
    "language": ("game.yaml", "languages: [en, da]", 'languages: [en, "{}"]', "game.yaml:7", "expected a language tag"),
}
# The path-like value goes through every command; the rest through `check`, which reads ids as they all do.
PATH_LIKE = ("traversal",)


def hostile_id_cases() -> list[Case]:
    cases = []
    for place, (file, old, new, where, phrase) in ID_PLACES.items():
        for label, value in HOSTILE_IDS.items():
            if place == "language" and label == "upper":
                value = "DA"
            every = BEYOND_COMPONENTS if file in ("diagrams.yaml", "examples.yaml") else EVERY
            commands = every if label in PATH_LIKE else ("check",)
            cases.append(Case(f"{place.replace(' ', '-')}-{label}", edit(file, old, new.format(value)), where, phrase,
                              commands))
    return cases


def hostile_argument_cases() -> list[Case]:
    """GAME arguments that are not games: never a path out of content/, never a traceback."""
    arguments = {"traversal": "x/../../../escaped", "absolute": "/etc", "dotdot": "..", "nul": "a\0b",
                 "long": "a" * 5000, "lookalike": "t\u0456ny"}
    every = tuple(c for c in EVERY if c != "list")
    return [Case(f"argument-{label}", lambda site: None, None, "no game", every if label in PATH_LIKE else ("check",),
                 game=value)
            for label, value in arguments.items()]


# --- the corpus -------------------------------------------------------------------------

L = limits

CASES: list[Case] = [
    *hostile_id_cases(),
    *hostile_argument_cases(),
    Case("game-folder-name",
         both(edit("game.yaml", "id: tiny\n", ""), lambda site: site.game.rename(site.game.parent / "Tiny Game")),
         "work:content/Tiny Game/game.yaml:2", "the folder's name is the game's id", EVERY, game="content/Tiny Game"),
    Case("example-id-traversal",
         append("examples.yaml", '  "x/../../../escaped": {engine: boardless_quarto, steps: []}\n'),
         "examples.yaml@x/../../../escaped", "expected an example id", BEYOND_COMPONENTS, base="boardless-quarto"),
    Case("language-listed-twice", edit("game.yaml", "languages: [en, da]", "languages: [en, da, da]"),
         "game.yaml:7", "'da' is listed twice", EVERY),
    Case("language-source-not-listed", edit("game.yaml", "languages: [en, da]", "languages: [da]"),
         "game.yaml:7", "lists no 'en', the source language"),
    Case("language-file-not-a-tag", write("text/Danish.yaml", "chip.name: {text: Brik}\n"), "text/Danish.yaml",
         "expected a catalog named after a language tag", EVERY),
    Case("language-norwegian-unquoted", edit("game.yaml", "languages: [en, da]", "languages: [en, da, no]"),
         "game.yaml:7",
         "got false: YAML reads a plain no, off or false as false; write the tag in quotes, such as 'no'", EVERY),
    Case("bilingual-not-a-language",
         edit("game.yaml", "languages: [en, da]", "languages: [en, da]\nbilingual: [en, de]"),
         "game.yaml:8", "expected two of the game's languages (en, da)", EVERY),

    # --- content files are regular files inside the game folder -----------------------
    Case("game-yaml-links-to-passwd", link("game.yaml", "/etc/passwd"), "game.yaml", "leads outside", EVERY,
         secret="root:"),
    Case("game-yaml-is-a-folder", folder("game.yaml"), "game.yaml", "expected a file, found a folder", EVERY),
    Case("components-link-outside",
         both(write("work:../outside.yaml", "sets: {}\n"), link("components.yaml", "work:../outside.yaml")),
         "components.yaml", "leads outside"),
    Case("components-dangling-link", link("components.yaml", "missing.yaml"), "components.yaml",
         "is a link to a file that does not exist"),
    Case("components-fifo", fifo("components.yaml"), "components.yaml", "found a named pipe (FIFO)"),
    Case("components-device", link("components.yaml", "/dev/zero"), "components.yaml", "leads outside"),
    Case("danish-is-a-folder", folder("text/da.yaml"), "text/da.yaml", "expected a file, found a folder", EVERY),
    Case("danish-is-a-fifo", fifo("text/da.yaml"), "text/da.yaml", "found a named pipe (FIFO)", EVERY, subprocess=True),
    Case("text-folder-links-outside", moved_out("text"), "text/da.yaml", "leads outside", EVERY,
         problems=2),  # en and da
    Case("rulebook-is-a-folder", folder("rulebook.yaml"), "rulebook.yaml", "expected a file, found a folder"),
    Case("diagrams-is-a-fifo", fifo("diagrams.yaml"), "diagrams.yaml", "found a named pipe (FIFO)"),
    Case("examples-is-a-folder", folder("examples.yaml"), "examples.yaml", "expected a file, found a folder",
         base="boardless-quarto"),
    Case("template-is-a-fifo", fifo("work:templates/cards.yaml"), "work:templates/cards.yaml",
         "found a named pipe (FIFO)"),
    Case("image-is-a-fifo", fifo("art/mark.png"), "components.yaml:24", "found a named pipe (FIFO)"),
    Case("image-is-a-folder", folder("art/mark.png"), "components.yaml:24", "expected a file, found a folder"),
    Case("image-links-outside", link("art/mark.png", "/etc/passwd"), "components.yaml:24", "leads outside",
         secret="root:"),
    Case("image-path-climbs-out", edit("components.yaml", "art/mark.png", "../../../../etc/passwd"),
         "components.yaml:24", "must be a file inside the game folder or templates/"),
    Case("image-path-absolute", edit("components.yaml", "art/mark.png", "/etc/passwd"), "components.yaml:24",
         "must be a file inside the game folder or templates/"),
    Case("image-path-nul", edit("components.yaml", "file: art/mark.png", 'file: "art/mark\\0.png"'),
         "components.yaml:24", "not a usable file name"),
    Case("po-is-a-fifo", fifo("work:da.po"), "work:da.po", "found a named pipe (FIFO)", ("import",)),
    Case("po-is-a-folder", folder("work:da.po"), None, "is a directory", ("import",), exit_code=2),
    Case("long-value-is-cut", edit("components.yaml", "kind: token", "kind: " + "tokens" * 1500), "components.yaml:4",
         "(9000 characters)"),
    Case("control-characters-are-escaped", edit("components.yaml", "kind: token", 'kind: "tok\\e[31mred\\x07"'),
         "components.yaml:4", r"'tok\x1b[31mred\x07'"),

    # --- containment through every layer of templates (issue 26) ------------------------------
    # A game's templates/ that links to a folder elsewhere lets no file of it pass as a template.
    Case("templates-layer-links-outside-image",
         both(templates_elsewhere({"secret.svg": svg("<text>top secret</text>")}),
              edit("components.yaml", "art/mark.png", "templates/secret.svg")),
         "components.yaml:24", "leads outside", secret="top secret"),
    Case("templates-layer-links-outside-template",
         templates_elsewhere({"cards.yaml": "mini-euro: {kind: card, width: 44mm, height: 68mm}\n"}),
         "templates/cards.yaml", "leads outside"),
    Case("templates-layer-links-outside-icon",
         both(templates_elsewhere({"icons/star.svg": svg("<text>top secret</text>")}),
              edit("text/en.yaml", "chip.name: Chip", "chip.name: \"{icon:star}\"")),
         "components.yaml:16", "leads outside", ("build", "check"), secret="top secret"),
    Case("templates-layer-links-outside-shop", templates_elsewhere({"shops/elsewhere.yaml": "name: top secret\n"}),
         "templates/shops/elsewhere.yaml", "leads outside", ("pod",), secret="top secret"),

    # pnp's state folder under --out is its own: not a link, not a file; its lock a regular file.
    # OutputErrors, which name the file in their text: "refusing to use out/.pnp: ...".
    Case("state-folder-is-a-link", state_elsewhere, None, "refusing to use out/.pnp: it is a link",
         ("build", "diagrams")),
    Case("state-folder-is-a-file", both(lambda site: __import__("shutil").rmtree(site.work / "out" / ".pnp"),
                                        write("work:out/.pnp", "not a folder\n")),
         None, "refusing to use out/.pnp: pnp keeps its state there, in a folder, and found a file",
         ("build", "diagrams")),
    Case("state-lock-is-a-fifo", fifo("work:out/.pnp/lock"), None,
         "refusing to use out/.pnp/lock as pnp's lock: found a named pipe (FIFO)",
         ("build", "diagrams"), subprocess=True),

    # --- bounds --------------------------------------------------------------------------
    Case("product-of-a-million", edit("components.yaml",
                                      "    items:\n      - {id: gold, colour: gold}\n      - {id: ink, colour: ink}\n",
                                      "    product: {a: [0,1,2,3,4,5,6,7,8,9], b: [0,1,2,3,4,5,6,7,8,9],"
                                      " c: [0,1,2,3,4,5,6,7,8,9], d: [0,1,2,3,4,5,6,7,8,9],"
                                      " e: [0,1,2,3,4,5,6,7,8,9], colour: [gold, ink]}\n"),
         "components.yaml:9", f"makes 200000 items, over the limit of {L.MAX_ITEMS_PER_SET}", subprocess=True),
    Case("items-listed-over-limit",
         edit("components.yaml", "    items: [{id: plain}]",
              "    items: [" + ", ".join(["{}"] * (L.MAX_ITEMS_PER_SET + 1)) + "]"),
         "components.yaml:20", f"more than {L.MAX_ITEMS_PER_SET} items", ("check",)),
    Case("copies-over-limit",
         edit("components.yaml", "{id: gold, colour: gold}", "{id: gold, colour: gold, count: 1000000}"),
         "components.yaml:4", f"over the limit of {L.MAX_COPIES_PER_SET}"),
    Case("elements-over-limit", write("components.yaml", many_elements(10_000, 21)), "components.yaml:3",
         f"over the limit of {L.MAX_SET_ELEMENTS}"),
    Case("grid-of-a-million-cells", edit("components.yaml", "- polygon: {r: 10%, y: 85%, sides: 6, fill: ink}",
                                         "- grid: {cols: 1000, rows: 1000, cell: 1mm}"),
         "components.yaml:25", f"over the limit of {L.MAX_GRID_CELLS} cells"),
    Case("grid-of-huge-columns", edit("components.yaml", "- polygon: {r: 10%, y: 85%, sides: 6, fill: ink}",
                                      "- grid: {cols: 100000000, rows: 1, cell: 1mm}"),
         "components.yaml:25", f"over the limit of {L.MAX_GRID_CELLS}"),
    Case("polygon-of-ten-million-sides", edit("components.yaml", "sides: 6", "sides: 10000000"), "components.yaml:25",
         f"over the limit of {L.MAX_SIDES}"),
    Case("star-of-many-points", edit("components.yaml", "- polygon: {r: 10%, y: 85%, sides: 6, fill: ink}",
                                     "- star: {points: 5000}"), "components.yaml:25",
         f"over the limit of {L.MAX_SIDES}"),
    Case("card-two-metres-wide",
         edit("components.yaml", "    extends: cards/mini-euro\n", "    extends: cards/mini-euro\n    width: 2000mm\n"),
         "components.yaml:19", f"over the limit of {L.MAX_COMPONENT_MM} mm"),
    Case("item-two-metres-wide", edit("components.yaml", "items: [{id: plain}]", "items: [{id: plain, width: 2000mm}]"),
         "components.yaml:20", f"a card width of 2000 mm is over the limit of {L.MAX_COMPONENT_MM} mm"),
    Case("sheet-gutter-over-limit",
         edit("components.yaml", "    extends: cards/mini-euro\n",
              "    extends: cards/mini-euro\n    sheet: {gutter: 60mm}\n"),
         "components.yaml:20", f"over the limit of {L.MAX_SHEET_SPACE_MM} mm for sheet spacing"),
    Case("sheet-margin-not-a-length", edit("game.yaml", "players: \"2\"", "players: \"2\"\nsheets: {margin: wide}"),
         "game.yaml:9", "sheets.margin: expected a length with a unit"),
    Case("board-of-ten-metres",
         edit("components.yaml", "    extends: cards/mini-euro\n",
              "    extends: cards/mini-euro\n    kind: board\n    width: 10000mm\n    height: 10000mm\n"),
         "components.yaml:19", f"over the limit of {L.MAX_BOARD_SHEETS}", subprocess=True),
    Case("board-bleed-over-limit",
         edit("components.yaml", "    extends: cards/mini-euro\n",
              "    extends: cards/mini-euro\n    kind: board\n    bleed: 100mm\n"),
         "components.yaml:21", f"over the limit of {L.MAX_BLEED_MM} mm"),
    Case("length-over-limit", edit("components.yaml", "width: 20mm", "width: 99999999999999999999mm"),
         "components.yaml:6", f"over the limit of {L.MAX_LENGTH_MM} mm"),
    Case("percentage-over-limit", edit("components.yaml", "r: 40%", "r: 100000000000%"), "components.yaml:15",
         f"over the limit of {L.MAX_LENGTH_MM} mm"),
    Case("rulebook-nested-deep", write("rulebook.yaml", "sections: " + nested(100_000) + "\n"), "rulebook.yaml:1",
         f"nested more than {L.MAX_DEPTH} levels", DOCUMENTS, subprocess=True),
    # Every YAML file is read by one function (rulebook-nested-deep is the RecursionError case).
    *[Case(f"nested-deep-{name.split('/')[-1].replace('.yaml', '')}", write(name, "x: " + nested(100) + "\n"),
           f"{name}:1", f"nested more than {L.MAX_DEPTH} levels", ("check",), base=base)
      for name, base in (("game.yaml", "tiny"), ("components.yaml", "tiny"), ("text/en.yaml", "tiny"),
                         ("text/da.yaml", "tiny"), ("diagrams.yaml", "tiny"), ("work:templates/cards.yaml", "tiny"),
                         ("examples.yaml", "boardless-quarto"))],
    Case("alias-expansion-of-a-long-text", write("text/en.yaml", alias_expansion(500)), "text/en.yaml:2",
         f"more than {L.MAX_EXPANDED_CHARS} characters", subprocess=True),
    Case("alias-bomb", write("components.yaml", alias_bomb()), "components.yaml:6", f"more than {L.MAX_NODES} values"),
    Case("file-over-size", write("components.yaml", "# padding\n" * 300_000), "components.yaml",
         f"over the limit of {L.MAX_FILE_BYTES} bytes"),
    Case("text-over-length", append("text/en.yaml", "rules.long: " + "x" * (L.MAX_TEXT_CHARS + 1) + "\n"),
         "text/en.yaml:11", f"over the limit of {L.MAX_TEXT_CHARS}"),
    Case("rulebook-sections-over-limit", write("rulebook.yaml", sections(L.MAX_SECTIONS + 1)), "rulebook.yaml:1",
         f"over the limit of {L.MAX_SECTIONS}", DOCUMENTS),
    Case("rulebook-blocks-over-limit", write("rulebook.yaml", "sections:\n  - title: rules.play.title\n    body: ["
                                               + ", ".join(["{p: rules.play.p}"] * (L.MAX_BLOCKS + 1)) + "]\n"),
         "rulebook.yaml:1", f"over the limit of {L.MAX_BLOCKS}", DOCUMENTS),
    Case("templates-extend-too-deep", write("work:templates/cards.yaml", template_chain(L.MAX_TEMPLATE_CHAIN + 2)),
         "work:templates/cards.yaml", f"more than {L.MAX_TEMPLATE_CHAIN} deep", ("check",)),
    Case("rulebook-text-over-limit", both(append("text/en.yaml", "rules.long: " + "x" * 9_000 + "\n"),
                                          write("rulebook.yaml", "sections:\n  - title: rules.play.title\n    body: ["
                                                + ", ".join(["{p: rules.long}"] * 50) + "]\n")),
         "rulebook.yaml:1", f"over the limit of {L.MAX_RULEBOOK_CHARS}", DOCUMENTS),
    Case("pictures-over-limit", write("diagrams.yaml", diagrams_named(L.MAX_PICTURES + 1)), "diagrams.yaml:2",
         f"over the limit of {L.MAX_PICTURES}", ("diagrams", "check")),
    Case("diagram-board-of-a-million-cells", edit("diagrams.yaml", "grid: [3, 3]", "grid: [1000, 1000]"),
         "diagrams.yaml:3", f"over the limit of {L.MAX_GRID_CELLS} cells"),
    Case("diagram-piece-far-away", edit("diagrams.yaml", "at: [1, 1]", "at: [100000000, 1]"), "diagrams.yaml:5",
         f"more than {L.MAX_DIAGRAM_CELLS} cells from the origin"),
    Case("diagram-ten-metres-wide", edit("diagrams.yaml", "  board:\n", "  board:\n    width: 10000mm\n"),
         "diagrams.yaml:3", f"wider than {L.MAX_PICTURE_MM} mm"),
    Case("diagram-cell-ten-metres", edit("diagrams.yaml", "  board:\n", "  board:\n    cell: 10000mm\n"),
         "diagrams.yaml:3", f"larger than {L.MAX_PICTURE_MM} mm"),
    Case("diagram-frames-over-limit",
         edit("diagrams.yaml", "    board: {grid: [2, 2]}\n",
              "    frames: [" + ", ".join(["{board: {grid: [1, 1]}}"] * (L.MAX_FRAMES + 1)) + "]\n"),
         "diagrams.yaml:8", f"over the limit of {L.MAX_FRAMES}"),
    Case("example-moves-over-limit",
         edit("examples.yaml", 'give COFL, "COFL@1,-1"', ", ".join(["give COFL"] * (L.MAX_MOVES + 1))),
         "examples.yaml@give COFL, give COFL", f"more than {L.MAX_MOVES} moves", base="boardless-quarto"),
    Case("move-over-length", edit("examples.yaml", 'give COFL, "COFL@1,-1"', 'give C' + "O" * L.MAX_NOTATION_CHARS),
         "examples.yaml@give COOO", f"over the limit of {L.MAX_NOTATION_CHARS}", base="boardless-quarto"),
    Case("long-illegal-move-is-cut", edit("examples.yaml", 'give COFL, "COFL@1,-1"', 'give C' + "O" * 400),
         "examples.yaml@give COOO", "step 2, move 'give COOO", base="boardless-quarto"),  # cut short by Problem's net
    Case("image-declares-a-gigapixel", write_bytes("art/mark.png", png_declaring(40_000, 40_000)), "components.yaml:24",
         f"over the limit of {L.MAX_IMAGE_PIXELS} pixels", subprocess=True),
    Case("po-over-size", sparse("work:da.po", L.MAX_PO_BYTES + 1), "work:da.po",
         f"over the limit of {L.MAX_PO_BYTES} bytes", ("import",), subprocess=True),
    # 8 MiB of bad lines: the first MAX_PROBLEMS_PER_FILE are listed and the rest counted (it took
    # 161 s, 3.3 GB and 359 MB of messages).
    Case("po-of-junk-lines", write("work:da.po", "x\n" * (L.MAX_PO_BYTES // 2)), "work:da.po:1",
         "expected msgctxt, msgid, msgstr", ("import",), subprocess=True, problems=L.MAX_PO_BYTES // 2),
    Case("po-translation-over-length",
         edit("work:da.po", 'msgstr "Brik"', 'msgstr "' + "x" * (L.MAX_TEXT_CHARS + 1) + '"'),
         "work:da.po", f"over the limit of {L.MAX_TEXT_CHARS}", ("import",)),

    # --- values reportlab or Pillow would refuse later ----------------------------------
    Case("dash-of-zero-length", edit("components.yaml", 'dash: "1mm 1mm"', 'dash: "0mm 0mm"'), "components.yaml:15",
         "add up to more than zero"),
    Case("dash-negative", edit("components.yaml", 'dash: "1mm 1mm"', 'dash: "-1mm 2mm"'), "components.yaml:15",
         "dash lengths of zero or more"),
    Case("percentage-nan", edit("components.yaml", "r: 40%", "r: nan%"), "components.yaml:15", "expected a percentage"),
    Case("rotate-nan", edit("components.yaml", "sides: 6", "sides: 6, rotate: .nan"), "components.yaml:25",
         "expected a finite number"),
    Case("inner-infinite",
         edit("components.yaml", "- polygon: {r: 10%, y: 85%, sides: 6, fill: ink}", "- star: {inner: .inf}"),
         "components.yaml:25", "expected a finite number"),
    Case("rotate-overflows-a-float", edit("components.yaml", "sides: 6", "sides: 6, rotate: 1" + "0" * 400),
         "components.yaml:25", "expected a number from"),
    Case("number-too-long-to-read", edit("components.yaml", "sides: 6", "sides: " + "9" * 5000), "components.yaml:25",
         "as a number"),
    Case("star-inner-negative",
         edit("components.yaml", "- polygon: {r: 10%, y: 85%, sides: 6, fill: ink}", "- star: {inner: -3}"),
         "components.yaml:25", "expected a number from 0 to 1"),
    Case("diagram-point-nan", edit("diagrams.yaml", "at: [1, 1]", "at: [.nan, 1]"), "diagrams.yaml:5",
         "expected a finite number"),
    Case("png-data-corrupt", write_bytes("art/mark.png", png_with_zeroed_data), "components.yaml:24",
         "cannot be read as an image"),
    Case("jpeg-truncated",
         both(write_bytes("art/mark.jpg", truncated_jpeg), edit("components.yaml", "art/mark.png", "art/mark.jpg")),
         "components.yaml:24", "cannot be read as an image"),
    Case("not-an-image", write("art/mark.png", "not a png"), "components.yaml:24", "cannot be read as an image"),
    Case("po-not-utf8", edit_bytes("work:da.po", b'msgstr "Brik"', b'msgstr "Br\xffk"'), "work:da.po", "not UTF-8",
         ("import",)),
    Case("nul-byte-in-yaml", edit("components.yaml", "kind: token", "kind: to\0ken"), "components.yaml:4",
         "a NUL character is not allowed"),
    Case("control-character-in-yaml", edit("game.yaml", "title: Tiny", "title: Ti\x01ny"), "game.yaml:3",
         "the character U+0001 is not allowed"),
    Case("english-missing", remove("text/en.yaml"), "text/en.yaml",
         "no en texts, the game's source (the file is missing)", base="quatrefoil"),
    Case("english-empty", write("text/en.yaml", ""), "text/en.yaml",
         "no en texts, the game's source (the file is empty)", base="quatrefoil"),
    Case("rulebook-names-unknown-diagram", edit("rulebook.yaml", "diagram: setup", "diagram: nosuch"),
         "rulebook.yaml@nosuch", "no diagram 'nosuch' in diagrams.yaml", DOCUMENTS, base="quatrefoil"),
    Case("rulebook-names-unknown-example", edit("rulebook.yaml", "example: play", "example: nosuch"),
         "rulebook.yaml@nosuch", "no example 'nosuch' in examples.yaml", DOCUMENTS, base="boardless-quarto"),

    # A title too long for the sheets' footer is a located error at the title (it was a bare DoesNotFit).
    Case("title-too-long-for-the-footer", edit("game.yaml", "title: Quatrefoil",
                                               "title: The Extraordinary and Somewhat "
                                               "Lengthy Adventures of the Tiny Ga"),
         "game.yaml@title:", "no room inside the printer margin for the sheet's footer and scale bar",
         ("build", "check"), base="quatrefoil"),

    # --- classes handled before this corpus (tests/model/test_errors.py) ----------------
    Case("yaml-syntax-error", write("game.yaml", "title: [Tiny\nversion: 1\n"), "game.yaml:2", "YAML syntax error"),
    Case("tab-indentation", edit("game.yaml", "  ink:", "\tink:"), "game.yaml:10", "a tab character"),
    Case("python-tag", edit("game.yaml", "title: Tiny", "title: !!python/object/apply:os.system ['true']"),
         "game.yaml:3", "is not allowed"),
    Case("unknown-key", edit("components.yaml", "    bleed: 2mm\n", "    bleeed: 2mm\n"), "components.yaml:7",
         "did you mean 'bleed'"),
    Case("wrong-type", edit("game.yaml", "authors: [A. Designer]", "authors: A. Designer"), "game.yaml:4",
         "expected a list"),
    Case("unknown-attribute", edit("components.yaml", "background: ${colour}", "background: ${color}"),
         "components.yaml:13", "unknown attribute '${color}'"),
    Case("unknown-colour", edit("components.yaml", "fill: ink}", "fill: inc}"), "components.yaml:25",
         "expected a palette colour"),
    Case("missing-image", edit("components.yaml", "art/mark.png", "art/missing.png"), "components.yaml:24",
         "image file not found"),
    Case("duplicate-key", edit("game.yaml", "players: \"2\"", "players: \"2\"\nplayers: \"3\""), "game.yaml:9",
         "appears twice"),
    Case("unknown-template", edit("components.yaml", "cards/mini-euro", "cards/jumbo"), "components.yaml:19",
         "has no template 'jumbo'"),
    Case("not-utf8-yaml", write_bytes("game.yaml", b"title: \xff\xfe\n"), "game.yaml:1", "not UTF-8"),
    Case("text-does-not-fit", edit("text/en.yaml", "chip.name: Chip", "chip.name: Averyveryverylongunbreakablename"),
         "components.yaml:16", "does not fit its box", ("build", "check")),
    Case("po-wrong-language", edit("work:da.po", "Language: da", "Language: sv"), "work:da.po", "for language 'sv'",
         ("import",)),
    Case("po-of-another-game", edit("work:da.po", "X-Pnp-Game: tiny", "X-Pnp-Game: folio"), "work:da.po",
         "for the game 'folio', not 'tiny'", ("import",)),
    Case("po-unknown-key", edit("work:da.po", 'msgctxt "chip.name"', 'msgctxt "chip.nmae"'), "work:da.po",
         "unknown text key", ("import",)),

    # --- authoring: tables, SVG, repeat, groups, ${...}, icons (issue 12) ---------------
    Case("csv-count-not-a-number", both(TABLE_ITEMS, write("cards.csv", "id,count\nplain,lots\n")), "cards.csv",
         "B2 (count): expected a whole number of copies", EVERY),
    Case("csv-quote-never-closed", both(TABLE_ITEMS, write("cards.csv", 'id,name\nplain,"open\n')), "cards.csv",
         "B2: a quoted value is never closed"),
    Case("csv-not-utf8", both(TABLE_ITEMS, write_bytes("cards.csv", b"id,name\nplain,R\xe6v\n")), "cards.csv:2:1",
         "save it as CSV UTF-8"),
    Case("csv-language-the-game-lacks", both(TABLE_ITEMS, write("cards.csv", "id,name.en,name.sv\nplain,A,B\n")),
         "cards.csv", "C1 (name.sv): 'sv' is not one of the game's languages"),
    Case("csv-links-outside",
         both(TABLE_ITEMS, write("work:../outside.csv", "id\nplain\n"), link("cards.csv", "work:../outside.csv")),
         "cards.csv", "leads outside"),
    Case("csv-over-rows", both(TABLE_ITEMS, write("cards.csv", "id\n" + "x\n" * (L.MAX_TABLE_ROWS + 1))),
         "cards.csv", f"A{L.MAX_TABLE_ROWS + 2}: the table has more than {L.MAX_TABLE_ROWS} rows"),
    Case("xlsx-zip-bomb", both(edit("components.yaml", "    items: [{id: plain}]", "    items: cards.xlsx"),
                               write_bytes("cards.xlsx", xlsx_bomb)),
         "cards.xlsx", f"over the limit of {L.MAX_XLSX_UNPACKED_BYTES} bytes", subprocess=True),
    Case("xlsx-not-a-spreadsheet", both(edit("components.yaml", "    items: [{id: plain}]", "    items: cards.xlsx"),
                                        write("cards.xlsx", "id\nplain\n")),
         "cards.xlsx", "cannot be read as an XLSX spreadsheet"),
    Case("svg-external-reference", both(edit("components.yaml", "art/mark.png", "art/mark.svg"),
                                        write("art/mark.svg", svg('<use xlink:href="/etc/passwd#x"/>'))),
         "components.yaml:24", "refers to '/etc/passwd#x' outside itself", secret="root:"),
    Case("svg-image-from-the-web",
         both(edit("components.yaml", "art/mark.png", "art/mark.svg"),
              write("art/mark.svg", svg('<rect fill="url(http://example.org/x.svg#p)" width="1" height="1"/>'))),
         "components.yaml:24", "outside itself"),
    Case("svg-script", both(edit("components.yaml", "art/mark.png", "art/mark.svg"),
                            write("art/mark.svg", svg("<script>alert(1)</script>"))),
         "components.yaml:24", "has a script (<script>)"),
    Case("svg-event-handler", both(edit("components.yaml", "art/mark.png", "art/mark.svg"),
                                   write("art/mark.svg", svg('<rect onload="alert(1)" width="1" height="1"/>'))),
         "components.yaml:24", "has an event handler"),
    Case("svg-billion-laughs", both(edit("components.yaml", "art/mark.png", "art/mark.svg"),
                                    write("art/mark.svg", svg("<text>&j;</text>", BILLION_LAUGHS))),
         "components.yaml:24", "has a DOCTYPE or entities", subprocess=True),
    Case("svg-without-a-size",
         both(edit("components.yaml", "art/mark.png", "art/mark.svg"),
              write("art/mark.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="1e999"/>')),
         "components.yaml:24", "has no size to draw at"),
    Case("svg-over-size", both(edit("components.yaml", "art/mark.png", "art/mark.svg"),
                               write("art/mark.svg", svg("<!--" + "x" * L.MAX_SVG_BYTES + "-->"))),
         "components.yaml:24", f"over the limit of {L.MAX_SVG_BYTES} bytes"),
    Case("repeat-of-a-billion", edit("components.yaml", "- polygon: {r: 10%, y: 85%, sides: 6, fill: ink}",
                                     "- polygon: {r: 10%, y: 85%, sides: 6, fill: ink}\n"
                                     "          repeat: {n: {from: 1, to: 1000000000}}"),
         "components.yaml:26", f"repeat makes 1000000000 copies, over the limit of {L.MAX_REPEAT}", subprocess=True),
    Case("diagram-repeat-of-a-billion",
         edit("diagrams.yaml", "      - {set: chips, item: gold, at: [1, 1]}",
              "      - {set: chips, item: gold, at: [1, 1], repeat: {n: {from: 1, to: 1000000000}}}"),
         "diagrams.yaml:5", f"over the limit of {L.MAX_REPEAT}", BEYOND_COMPONENTS),
    Case("group-includes-itself", both(edit("components.yaml", "sets:\n",
                                            "groups:\n  loop:\n    elements: [{use: {group: loop}}]\nsets:\n"),
                                       edit("components.yaml", "- polygon: {r: 10%, y: 85%, sides: 6, fill: ink}",
                                            "- use: {group: loop}")),
         "components.yaml:4", "group 'loop' places itself: loop → loop"),
    Case("expression-calls-python",
         edit("components.yaml", "sides: 6", "sides: \"${__import__('os').system('touch x')}\""),
         "components.yaml:25", "only numbers, names"),

    # --- a translator's PO file cannot break a table (issue 26) ---------------------------
    *[Case(f"import-{name}-into-{table}",
           both(mutation, append("work:da.po", po_message("cards.plain.name", "Plain", escaped))),
           "work:da.po@cards.plain.name", f"holds a control character ({code})", ("import",))
      for name, escaped, code in (("nul", "Gl\\000at", "U+0000"), ("control", "Gl\\001at", "U+0001"),
                                  ("escape", "\\x1b[31m", "U+001B"))
      for table, mutation in (("csv", TABLE_TEXT), ("xlsx", SHEET_TEXT))],

    Case("icon-missing", edit("text/en.yaml", "chip.name: Chip", "chip.name: \"{icon:nope}\""), "components.yaml:16",
         "no icon 'nope'", ("build", "check")),
    # --- sizes that make no sense: negative or zero radii, widths and heights (issue 25) ---------
    Case("circle-of-negative-radius", edit("components.yaml", "- circle: {r: 40%", "- circle: {r: -5mm"),
         "components.yaml:15", "expected a size greater than zero, got '-5mm'"),
    Case("polygon-of-no-radius", edit("components.yaml", "polygon: {r: 10%", "polygon: {r: 0mm"),
         "components.yaml:25", "expected a size greater than zero, got '0mm'"),
    Case("image-of-no-width", edit("components.yaml", "x: 25%, y: 25%, w: 50%", "x: 25%, y: 25%, w: 0%"),
         "components.yaml:24", "expected a size greater than zero, got '0%'"),
    Case("stroke-of-negative-width", edit("components.yaml", "width: 1pt, dash", "width: -1pt, dash"),
         "components.yaml:15", "expected a length greater than zero, got '-1pt'"),
    # --- XLSX cells openpyxl cannot read: each a located error naming file, sheet and cell (issue 26) -
    *(Case(f"xlsx-{name}", both(TABLE_FROM_XLSX, write_bytes("cards.xlsx", xlsx_table(**made))), "cards.xlsx", phrase)
      for name, made, phrase in (
          ("number-cell-abc", {"sheet_edit": cost_cell('<c r="B2" t="n"><v>abc</v></c>')},
           "Deck!B2 (cost): a number cell holds 'abc', which is not a number"),
          ("date-cell-not-a-date", {"sheet_edit": cost_cell('<c r="B2" t="d"><v>2024-13-45</v></c>')},
           "Deck!B2 (cost): a date cell holds '2024-13-45', which is not a date"),
          ("shared-text-999", {"sheet_edit": lambda xml: xml.replace('<c r="A2" t="s"><v>0</v>',
                                                                     '<c r="A2" t="s"><v>999</v>'),
                               "shared": True},
           "Deck!A2 (id): the cell refers to shared text '999', but the file has 1 shared text"),
          ("reference-without-a-row", {"sheet_edit": cost_cell('<c r="E" t="n"><v>3</v></c>')},
           "Deck!B2 (cost): the cell reference 'E' names no cell"),
          ("sheet-part-missing",
           {"rels_edit": lambda xml: xml.replace("worksheets/sheet1.xml", "worksheets/sheet9.xml")},
           "its sheet 'Deck' leads to the part 'xl/worksheets/sheet9.xml', which the file does not have"),
          ("boolean-cell-maybe", {"sheet_edit": cost_cell('<c r="B2" t="b"><v>maybe</v></c>')},
           "Deck!B2 (cost): a true/false cell holds 'maybe', not 1 or 0"),
          ("number-cell-nan", {"sheet_edit": cost_cell('<c r="B2"><v>nan</v></c>')},
           "Deck!B2 (cost): a number cell holds 'nan', which is not a number"),
          ("number-cell-infinite", {"sheet_edit": cost_cell('<c r="B2"><v>1e999</v></c>')},
           "Deck!B2 (cost): the number cell holds inf, not a number a component can show"),
          ("column-ZZZZZZZ", {"sheet_edit": cost_cell('<c r="ZZZZZZZ2" t="n"><v>3</v></c>')},
           "Deck!B2 (cost): the cell reference 'ZZZZZZZ2' is past the last cell a spreadsheet has"),
      )),
]
