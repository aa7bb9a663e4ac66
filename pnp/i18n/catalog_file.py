"""Changed translation entries → text/<lang>.yaml, edited in place: nothing else is rewritten.

The file is edited, not regenerated. ruamel.yaml's round-trip mode keeps every comment,
blank line, key order, quote and block style and line break of the entries that did not
change; a changed entry keeps its place and the style of its text; a new one goes right
after the entry of the key before it in the source catalog's order. Plain scalars are
read as text (fingerprints such as `849390e16472` stay as written), and what is written
is read back with pnp's own loader: an entry that would not come back as written is set
in double quotes instead, which hold any text.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString, LiteralScalarString

from pnp.i18n.catalog import Entry
from pnp.model.files import content_file, read_content
from pnp.model.problems import ContentError, Location, Problem
from pnp.model.source import parse_yaml
from pnp.output.files import write_file

LINE_WIDTH = 80  # where pnp folds a new long text; texts already in the file keep their own breaks
_INDENT = 4  # a text's lines sit under `key:` and `text:`


class _TextResolver(VersionedResolver):
    """Every plain scalar is text: the file is edited, never reinterpreted (1e5 stays '1e5')."""

    def resolve(self, kind, value, implicit):
        if kind is ScalarNode and implicit[0]:
            return self.DEFAULT_SCALAR_TAG
        return super().resolve(kind, value, implicit)


def _yaml() -> YAML:
    yaml = YAML()
    yaml.Resolver = _TextResolver
    yaml.preserve_quotes = True
    yaml.width = 1 << 16  # never re-fold what the file holds
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def update_catalog(path: Path, changes: Mapping[str, Entry], source_order: Sequence[str], header: str) -> None:
    """Write `changes` (key → entry) into the translation catalog at path (text/<lang>.yaml),
    leaving every other byte of the file as it was (see edited_catalog); the write is
    guarded with the game folder as its root, links included."""
    path = Path(path)
    write_file(path.parent.parent, Path(path.parent.name) / path.name,
               edited_catalog(path, changes, source_order, header))


def edited_catalog(path: Path, changes: Mapping[str, Entry], source_order: Sequence[str], header: str) -> bytes:
    """The bytes of the translation catalog at path with `changes` (key → entry) written in,
    every other byte as it was. A missing file starts with `header`.

    ContentError, and nothing to write, if the path leads out of its game folder or is
    not a file (a link through text/ to elsewhere, a folder in its place).
    """
    path = Path(path)
    game_folder = path.parent.parent
    existing = content_file(path, game_folder) is not None
    text = read_content(path, game_folder).decode("utf-8-sig") if existing else header
    yaml = _yaml()
    loaded = _load(yaml, text, path)
    if isinstance(loaded, CommentedMap) and loaded:
        prefix, document = "", loaded
    else:  # a file with no entries yet (a language just started) keeps its comments above the first
        prefix, document = _comment_lines(text), CommentedMap()
    places = _Places(document, source_order)
    quoted: set[str] = set()
    for _ in range(2):
        for key, entry in changes.items():
            _set_entry(document, entry, places, double_quoted=key in quoted)
        places.settle()
        try:
            output = prefix + _dump(yaml, document)
        except YAMLError:  # a block scalar ruamel cannot emit (a control character in it)
            quoted, wrong = set(changes), set(changes)
            continue
        wrong = _misread(output, path, changes)
        if not wrong:
            return output.encode("utf-8")
        quoted |= wrong
    raise AssertionError(f"entries {sorted(wrong)} do not survive YAML even in double quotes")  # "..." escapes all


def _load(yaml: YAML, text: str, path: Path):
    """The file's document for editing; ContentError if ruamel.yaml cannot read what pnp's loader did."""
    try:
        return yaml.load(text) if text.strip() else None
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = Location(str(path), mark.line + 1, mark.column + 1) if mark else Location(str(path))
        reason = getattr(error, "problem", None) or error
        raise ContentError([Problem(where, "", f"cannot edit this file in place ({reason}); "
                                               "nothing was written")]) from None


def _comment_lines(text: str) -> str:
    lines = [line for line in text.splitlines() if line.lstrip().startswith("#") or not line.strip()]
    return "\n".join(lines).strip("\n") + "\n" if any(line.strip() for line in lines) else ""


def _dump(yaml: YAML, document: CommentedMap) -> str:
    if not document:
        return ""
    buffer = io.StringIO()
    yaml.dump(document, buffer)
    return buffer.getvalue()


def _misread(output: str, path: Path, changes: Mapping[str, Entry]) -> set[str]:
    """Keys of `changes` that pnp's loader would not read back as written (all, if it cannot read the file)."""
    try:
        node = parse_yaml(output, str(path))
    except ContentError:
        return set(changes)
    wrong = set()
    for key, entry in changes.items():
        value = node.value.get(key)
        fields = value.plain() if value is not None else None
        if fields != _fields(entry):
            wrong.add(key)
    return wrong


def _fields(entry: Entry) -> dict:
    # A table's text stays in its table: the catalog records what it translates.
    fields: dict = {"text": entry.text} if entry.cell is None else {}
    if entry.source is not None:
        fields["source"] = entry.source
    if entry.source_text is not None:
        fields["source-text"] = entry.source_text
    if entry.fuzzy:
        fields["fuzzy"] = True
    return fields


def _set_entry(document: CommentedMap, entry: Entry, places: _Places, double_quoted: bool) -> None:
    """Put the entry's fields into the document: in place where the key is, else as a new entry (see _Places)."""
    wanted = _fields(entry)
    current = document.get(entry.key)
    if not isinstance(current, CommentedMap):
        current = CommentedMap()
        places.add(entry.key, current)
    if current.fa.flow_style():
        current.fa.set_block_style()  # a text may need a block scalar, which a flow mapping cannot hold
    trailing = _take_trailing_comment(current)  # the comment lines after the entry stay after it
    for name in [n for n in current if n not in wanted]:
        del current[name]
    for name, value in wanted.items():
        if name == "fuzzy":
            current[name] = True
        elif name == "source":
            current[name] = value if str(current.get(name)) == value else DoubleQuotedScalarString(value)
        elif str(current.get(name)) != value or double_quoted:
            current[name] = _styled(value, current.get(name), double_quoted)
    _give_trailing_comment(current, trailing)


class _Places:
    """Puts new entries where they belong: each right after the nearest key before it in the
    source order that the file has (first if none), taking over the comment lines that followed
    that entry, as they introduce what came next.

    New entries are added at the end and all moved into place at once by `settle`: ruamel
    rebuilds the whole mapping for each insert, which made importing the texts of a
    10,000-row table take minutes.
    """

    def __init__(self, document: CommentedMap, source_order: Sequence[str]):
        self.document = document
        self.rank = {key: index for index, key in enumerate(source_order)}
        self.new: list[str] = []

    def add(self, key: str, value: CommentedMap) -> None:
        """key's entry becomes value: in its place if the file has it (a plain `key: text`), else a new one."""
        if key not in self.document:
            self.new.append(key)
        self.document[key] = value

    def settle(self) -> None:
        if not self.new:
            return
        document, new = self.document, set(self.new)
        last = len(self.rank)  # a key the source lacks comes after every key it has
        ranked = sorted((k for k in document if k in self.rank or k in new), key=lambda k: self.rank.get(k, last))
        after: dict[str | None, str] = {}  # a key → the new key right after it (None → the new key that comes first)
        for previous, key in zip([None, *ranked], ranked):
            if key in new:
                after[previous] = key
        order = _run_after(after, None)
        for key in [k for k in document if k not in new]:
            run = _run_after(after, key)
            order += [key, *run]
            if run:
                _move_trailing_comment(document, key, run[-1])
        for key in order:
            document.move_to_end(key)
        self.new = []


def _run_after(after: dict, key: str | None) -> list[str]:
    """The new keys that follow key, one after the other."""
    run = []
    while key in after:
        key = after[key]
        run.append(key)
    return run


def _move_trailing_comment(document: CommentedMap, source: str, target: str) -> None:
    """The comment lines after the entry `source` now follow the entry `target`."""
    value = document[source]
    comment = _take_trailing_comment(value) if isinstance(value, CommentedMap) else _take_comment(document, source)
    _give_trailing_comment(document[target], comment)


def _take_trailing_comment(mapping: CommentedMap):
    """Detach the comment that follows a mapping's last line (ruamel keeps it on its last key)."""
    return _take_comment(mapping, list(mapping)[-1]) if mapping else None


def _take_comment(mapping: CommentedMap, key: str):
    comment = mapping.ca.items.get(key)
    if not comment or len(comment) < 3 or comment[2] is None:
        return None
    taken, comment[2] = comment[2], None
    # After a block scalar the token lacks the line break that ends a plain value's line.
    if _is_block(mapping[key]):
        taken.value = "\n" + taken.value
    return taken


def _give_trailing_comment(mapping: CommentedMap, comment) -> None:
    if comment is None or not mapping:
        return
    last = list(mapping)[-1]
    if _is_block(mapping[last]) and comment.value.startswith("\n"):
        comment.value = comment.value[1:]
    mapping.ca.items.setdefault(last, [None, None, None, None])[2] = comment


def _is_block(value: object) -> bool:
    return isinstance(value, (FoldedScalarString, LiteralScalarString))


def _styled(text: str, old: object, double_quoted: bool):
    """text as a scalar of the style its old value had (or that suits it), folded at LINE_WIDTH."""
    if double_quoted or not text.isprintable() and not text.replace("\n", "").isprintable():
        return DoubleQuotedScalarString(text)
    if "\n" in text:
        return LiteralScalarString(text)
    if isinstance(old, FoldedScalarString) or len(text) + _INDENT + len("text: ") > LINE_WIDTH:
        return _folded(text)
    return text


def _folded(text: str) -> FoldedScalarString:
    """A folded scalar broken at spaces so no line is wider than LINE_WIDTH."""
    folded = FoldedScalarString(text)
    width = LINE_WIDTH - _INDENT
    positions, start = [], 0
    while len(text) - start > width:
        cut = text.rfind(" ", start, start + width + 1)
        if cut <= start:
            break
        # A fold is a single space between two words; anything else must stay on its line.
        if text[cut - 1] != " " and cut + 1 < len(text) and text[cut + 1] != " ":
            positions.append(cut)
        start = cut + 1
    folded.fold_pos = positions
    return folded
