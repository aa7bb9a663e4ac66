"""content/<game>/rulebook.yaml → a located `Rulebook`: booklet kind, cover and sections of blocks.

The rulebook holds structure only: every text is a key into text/<lang>.yaml. The
loader checks keys against the known English texts the caller passes in (the model
does not read catalogs itself), checks that every diagram and example it shows is in
diagrams.yaml or examples.yaml (reporting the rulebook line that names it), bounds
its size, and collects every problem of the file.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from pnp.model.diagrams import picture_ids
from pnp.model.limits import MAX_BLOCKS, MAX_RULEBOOK_CHARS, MAX_SECTIONS
from pnp.model.problems import Location, Problems, listing, quote
from pnp.model.reader import Fields, join_key, unknown_key_message
from pnp.model.source import Node, load_yaml

BOOKLETS = ("a6-sheet", "a5-saddle")
# `break:` on a section or a block: the designer's word on a page break just before it.
PAGE_BREAKS = {"page": "always start a new page here (a chapter starts)",
               "never": "never break the page here: keep it with what comes before"}
# Block kind → what its value is: one text key, a list of keys, an id, or `true`.
BLOCK_KINDS = {"p": "key", "bullets": "keys", "steps": "keys", "diagram": "id", "example": "id", "components": "flag",
               "credits": "flag"}
# What a `kind: true` block prints, made by pnp rather than written in a text.
GENERATED = {"components": "the list of components is made from components.yaml",
             "credits": "the credits are made from game.yaml"}


@dataclass(frozen=True)
class Block:
    """One piece of a section's body: `keys` for text blocks, `ref` for a diagram or example id;
    `page_break` the designer's word on a page break before it (see PAGE_BREAKS), if any."""

    kind: str
    keys: tuple[str, ...]
    ref: str | None
    location: Location
    page_break: str | None = None


@dataclass(frozen=True)
class Section:
    """A heading and its blocks; `new_page` places it on a page of its own in a booklet that
    follows the page plan, `page_break` forces or forbids a break before it in every edition."""

    title: str
    new_page: bool
    body: tuple[Block, ...]
    location: Location
    page_break: str | None = None


@dataclass(frozen=True)
class Cover:
    tagline: str | None
    players: str | None
    minutes: str | None
    age: str | None

    def facts(self, game) -> list[tuple[str, str]]:
        """(name, value) of players, minutes and age, as the cover or else the game (a `Game`) states
        them; a fact neither states is left out, never filled in."""
        stated = [("players", self.players or game.players), ("minutes", self.minutes or game.minutes),
                  ("age", self.age or game.age)]
        return [(name, value) for name, value in stated if value]


@dataclass(frozen=True)
class Rulebook:
    booklet: str
    cover: Cover
    sections: tuple[Section, ...]
    location: Location

    @property
    def text_keys(self) -> tuple[str, ...]:
        keys = [self.cover.tagline] if self.cover.tagline else []
        for section in self.sections:
            keys.append(section.title)
            keys.extend(k for block in section.body for k in block.keys)
        return tuple(dict.fromkeys(keys))


class _Text(Protocol):
    text: str


# The English texts by key (their lengths bound the rulebook's size), or just the keys.
KnownTexts = Mapping[str, _Text] | Collection[str] | None


def rulebook_path(game_folder: Path) -> Path:
    return Path(game_folder) / "rulebook.yaml"


def load_rulebook(game_folder: Path, known_keys: KnownTexts = None) -> Rulebook:
    """Read and check rulebook.yaml; raise ContentError listing every problem."""
    node = load_yaml(rulebook_path(game_folder), game_folder)
    pictures = {kind: picture_ids(game_folder, f"{kind}s") for kind in ("diagram", "example")}
    problems = Problems()
    rulebook = read_rulebook(node, problems, known_keys, pictures)
    problems.raise_if_any()
    return rulebook


def read_rulebook(node: Node, problems: Problems, known_keys: KnownTexts = None,
                  pictures: Mapping[str, Collection[str] | None] | None = None) -> Rulebook:
    """The rulebook in node; `pictures` gives the diagram and example ids it may show (None: unchecked)."""
    fields = Fields(node, "", problems)
    check = _Checks(known_keys, pictures or {}, problems)
    booklet = fields.choice("booklet", BOOKLETS, default="a5-saddle")
    cover = _read_cover(fields.mapping("cover", default=None), check)
    sections = tuple(s for path, item in fields.items("sections") if (s := _read_section(item, path, problems, check)))
    fields.finish()
    if not sections and "sections" in fields.values:
        problems.add(fields.values["sections"].location, "sections", "a rulebook needs at least one section")
    check.bounds(node, sections)
    return Rulebook(booklet or "a5-saddle", cover, sections, node.location)


class _Checks:
    """Reports, at the place each is used, a text key no catalog defines and a picture
    no file holds; and adds up the rulebook's blocks and English characters."""

    def __init__(self, known: KnownTexts, pictures: Mapping[str, Collection[str] | None], problems: Problems):
        self.known, self.pictures, self.problems = known, pictures, problems
        self.chars = 0

    def __call__(self, key: str, node: Node, path: str) -> str:
        if self.known is not None:
            if key not in self.known:
                self.problems.add(node.location, path, f"no text {quote(key)} in text/en.yaml")
            elif isinstance(self.known, Mapping):
                self.chars += len(self.known[key].text)
        return key

    def picture(self, kind: str, ref: str, node: Node, path: str) -> None:
        known = self.pictures.get(kind)
        if known is not None and ref not in known:
            there = listing(sorted(known)) or "none"
            self.problems.add(node.location, path, f"no {kind} {quote(ref)} in {kind}s.yaml (there are: {there})")

    def bounds(self, node: Node, sections: tuple[Section, ...]) -> None:
        blocks = sum(len(block.keys) or 1 for section in sections for block in section.body)
        for count, limit, what in ((len(sections), MAX_SECTIONS, "sections"), (blocks, MAX_BLOCKS, "blocks"),
                                   (self.chars, MAX_RULEBOOK_CHARS, "characters of English text")):
            if count > limit:
                self.problems.add(node.location, "sections",
                                  f"the rulebook has {count} {what}, over the limit of {limit}")


def _read_cover(fields: Fields | None, check: _Checks) -> Cover:
    if fields is None:
        return Cover(None, None, None, None)
    tagline = fields.text("tagline", default=None)
    if tagline is not None:
        check(tagline, fields.values["tagline"], join_key(fields.path, "tagline"))
    cover = Cover(tagline, fields.text("players", default=None), fields.text("minutes", default=None),
                  fields.text("age", default=None))
    fields.finish()
    return cover


def _read_section(node: Node, path: str, problems: Problems, check: _Checks) -> Section | None:
    fields = Fields(node, path, problems)
    title = fields.text("title")
    if title is not None:
        check(title, fields.values["title"], join_key(path, "title"))
    new_page = fields.boolean("new_page", default=False)
    page_break = fields.choice("break", tuple(PAGE_BREAKS), default=None)
    body = tuple(b for item_path, item in fields.items("body") if (b := _read_block(item, item_path, problems, check)))
    fields.finish()
    if body and body[0].page_break == "page":
        problems.add(body[0].location, join_key(path, "body[0].break"),
                     "a section's first block cannot start a page apart from its heading: put 'break: page' "
                     "on the section")
    if title is None:
        return None
    return Section(title, bool(new_page), body, node.location, page_break)


def _read_block(node: Node, path: str, problems: Problems, check: _Checks) -> Block | None:
    entries = dict(node.value) if node.is_map else {}
    page_break = _page_break(entries.pop("break", None), join_key(path, "break"), problems)
    if len(entries) != 1:
        problems.add(node.location, path, "expected one block such as 'p: <text key>' (one of: "
                                          f"{', '.join(BLOCK_KINDS)}), and 'break:' if the page must or must not "
                                          "break before it")
        return None
    [(kind, value)] = entries.items()
    if kind not in BLOCK_KINDS:
        message = unknown_key_message(kind, [*BLOCK_KINDS, "break"]).replace("key", "block kind", 1)
        problems.add(node.location, join_key(path, kind), message)
        return None
    reader = {"key": _key_block, "keys": _keys_block, "id": _id_block, "flag": _flag_block}[BLOCK_KINDS[kind]]
    block = reader(kind, value, join_key(path, kind), problems, check)
    return None if block is None else replace(block, page_break=page_break)


def _page_break(value: Node | None, path: str, problems: Problems) -> str | None:
    if value is None:
        return None
    if value.value not in PAGE_BREAKS:
        meanings = "; ".join(f"{k}: {v}" for k, v in PAGE_BREAKS.items())
        problems.add(value.location, path,
                     f"expected one of {', '.join(PAGE_BREAKS)} ({meanings}), got {quote(value.value)}")
        return None
    return value.value


def _key_block(kind: str, value: Node, path: str, problems: Problems, check: _Checks) -> Block | None:
    if not isinstance(value.value, str):
        problems.add(value.location, path, f"expected a text key, got {quote(value.value)}")
        return None
    return Block(kind, (check(value.value, value, path),), None, value.location)


def _keys_block(kind: str, value: Node, path: str, problems: Problems, check: _Checks) -> Block | None:
    if not value.is_list or not value.value or not all(isinstance(v.value, str) for v in value.value):
        problems.add(value.location, path, "expected a list of text keys")
        return None
    keys = tuple(check(v.value, v, join_key(path, i)) for i, v in enumerate(value.value))
    return Block(kind, keys, None, value.location)


def _id_block(kind: str, value: Node, path: str, problems: Problems, check: _Checks) -> Block | None:
    if not isinstance(value.value, str) or not value.value:
        problems.add(value.location, path, f"expected the id of a {kind}, got {quote(value.value)}")
        return None
    check.picture(kind, value.value, value, path)
    return Block(kind, (), value.value, value.location)


def _flag_block(kind: str, value: Node, path: str, problems: Problems, check: _Checks) -> Block | None:
    if value.value is not True:
        problems.add(value.location, path, f"expected true ({GENERATED[kind]}), got {quote(value.value)}")
        return None
    return Block(kind, (), None, value.location)
