"""Catalogs ↔ gettext PO files, and translation entries → a catalog file (text/<lang>.yaml).

`export_po` turns the English catalog and one translation into a PO file a translator
can open in any PO editor: `msgctxt` is the pnp text key, `msgid` the English, `msgstr`
the translation, `#, fuzzy` where the English changed since. `import_po` reads such a
file back into translation entries whose `source` is the fingerprint of the English the
translator saw. `write_catalog` writes entries as YAML, the same bytes for the same entries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

import yaml

from pnp.i18n.catalog import SOURCE_LANGUAGE, Catalog, Entry, fingerprint
from pnp.model.files import content_file, read_regular_file
from pnp.model.limits import MAX_PO_BYTES, MAX_TEXT_CHARS
from pnp.model.problems import ContentError, Location, Problem, Problems, quote
from pnp.output.files import write_file

PAGE_WIDTH = 79  # what msgmerge and xgettext wrap at, so a re-saved file diffs little

# Plural-Forms per language. pnp has no plural texts, so the header only has to be
# well formed; a correct value keeps PO editors from warning about it.
_PLURAL_FORMS = {
    "ja": "nplurals=1; plural=0;",
    "ko": "nplurals=1; plural=0;",
    "zh": "nplurals=1; plural=0;",
    "fr": "nplurals=2; plural=(n > 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
}
_DEFAULT_PLURAL_FORMS = "nplurals=2; plural=(n != 1);"


# --- export --------------------------------------------------------------------------


def export_po(catalogs: Mapping[str, Catalog], language: str, game_id: str) -> str:
    """The PO file for translating `game_id` into `language`: one entry per English key."""
    english = catalogs[SOURCE_LANGUAGE]
    if language == SOURCE_LANGUAGE:
        raise ContentError([Problem(Location(str(english.path)), "", "English is the source; export a translation such as da")])
    translation = catalogs.get(language)
    translated = translation.entries if translation else {}
    blocks = [_header(game_id, language)]
    for key, source in english.entries.items():
        blocks.append(_po_entry(source, translated.get(key)))
    return "\n".join(blocks)


def _header(game_id: str, language: str) -> str:
    # Empty dates and translator fields: the same catalogs give the same bytes, and
    # msgfmt -c accepts empty values (it warns only about missing or template ones).
    fields = [
        f"Project-Id-Version: {game_id}",
        "PO-Revision-Date: ",
        "Last-Translator: ",
        "Language-Team: ",
        f"Language: {language}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {plural_forms(language)}",
    ]
    lines = [
        f"# Texts of {game_id} for translation into {language}, made by pnp.",
        "# msgctxt names the text; keep it as it is.",
        'msgid ""',
        'msgstr ""',
        *(f'"{_escape(field)}\\n"' for field in fields),
    ]
    return "\n".join(lines) + "\n"


def plural_forms(language: str) -> str:
    return _PLURAL_FORMS.get(language, _PLURAL_FORMS.get(language.split("_")[0], _DEFAULT_PLURAL_FORMS))


def _po_entry(source: Entry, translation: Entry | None) -> str:
    lines = [f"#: text/{SOURCE_LANGUAGE}.yaml:{source.location.line}"]
    if translation is not None and translation.source != fingerprint(source.text):
        lines.append("#, fuzzy")
    lines += _po_string("msgctxt", source.key)
    lines += _po_string("msgid", source.text)
    lines += _po_string("msgstr", translation.text if translation else "")
    return "\n".join(lines) + "\n"


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\a": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v"}


def _escape(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ch == "\x7f":
            out.append(f"\\{ord(ch):03o}")  # other control characters, as C octal escapes
        else:
            out.append(ch)
    return "".join(out)


def _po_string(keyword: str, text: str) -> list[str]:
    """`keyword "text"`, split the way gettext does: after each \\n, and at spaces to fit the page."""
    single = f'{keyword} "{_escape(text)}"'
    if len(single) <= PAGE_WIDTH and "\n" not in text[:-1]:
        return [single]
    lines = [f'{keyword} ""']
    for piece in re.findall(r"[^\n]*\n|[^\n]+", text):  # after \n only: str.splitlines knows more breaks
        lines += [f'"{chunk}"' for chunk in _wrap(_escape(piece), PAGE_WIDTH - 2)]
    return lines


def _wrap(escaped: str, width: int) -> list[str]:
    # Breaks only after a space: a space is never inside an escape sequence, and
    # readers join the pieces without adding anything, so any such break is exact.
    chunks = []
    while len(escaped) > width:
        cut = escaped.rfind(" ", 0, width) + 1 or escaped.find(" ", width) + 1
        if cut == 0 or cut == len(escaped):
            break
        chunks.append(escaped[:cut])
        escaped = escaped[cut:]
    chunks.append(escaped)
    return chunks


# --- parsing -------------------------------------------------------------------------


@dataclass(frozen=True)
class PoEntry:
    """One message of a PO file; `location` is the line of its first keyword."""

    context: str | None
    msgid: str
    msgstr: str
    fuzzy: bool
    location: Location


_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s*(.*)$")
_UNESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v", "\\": "\\", '"': '"', "?": "?", "'": "'"}


class _PoReader:
    """Reads a PO file line by line into PoEntry values, noting every malformed line."""

    def __init__(self, file: str):
        self.file = file
        self.problems = Problems()
        self.entries: list[PoEntry] = []
        self._reset()

    def _reset(self) -> None:
        self.fields: dict[str, list[str]] = {}
        self.flags: set[str] = set()
        self.first_line = 0
        self.current: str | None = None

    def at(self, line: int) -> Location:
        return Location(self.file, line, 1)

    def read(self, text: str) -> list[PoEntry]:
        # Lines end at \n alone: U+2028 and the like are text inside a string.
        for number, raw in enumerate(text.split("\n"), start=1):
            self._line(number, raw.strip(" \t\r\f\v"))
        self._finish()
        return self.entries

    def _line(self, number: int, line: str) -> None:
        if not line:
            return
        if line.startswith("#"):
            self._comment(line)
        elif line.startswith('"'):
            self._continuation(number, line)
        else:
            self._keyword(number, line)

    def _comment(self, line: str) -> None:
        if self._complete():
            self._finish()
        if line.startswith("#~"):
            return  # an obsolete message a PO editor keeps: not part of the translation
        if line.startswith("#,"):
            self.flags.update(flag.strip() for flag in line[2:].split(","))

    def _continuation(self, number: int, line: str) -> None:
        if self.current is None:
            self.problems.add(self.at(number), "", "a quoted string here continues no msgid, msgstr or msgctxt")
            return
        part = self._string(number, line)
        if part is not None:
            self.fields[self.current].append(part)

    def _keyword(self, number: int, line: str) -> None:
        match = _KEYWORD.match(line)
        if not match:
            self.problems.add(self.at(number), "", f"expected msgctxt, msgid, msgstr, a quoted string or a # comment, got {quote(line)}")
            self.current = None
            return
        keyword, rest = match.groups()
        if keyword in ("msgctxt", "msgid") and self._complete():
            self._finish()
        if keyword in self.fields:
            self.problems.add(self.at(number), "", f"{keyword} appears twice in one message (is a blank line or msgstr missing?)")
            self.current = None
            return
        self.first_line = self.first_line or number
        part = self._string(number, rest)
        self.current = keyword
        self.fields[keyword] = [] if part is None else [part]

    def _string(self, number: int, text: str) -> str | None:
        """The value of one `"..."` with C escapes; None after noting a problem."""
        if not text.startswith('"'):
            self.problems.add(self.at(number), "", 'expected a string in double quotes')
            return None
        out, i = [], 1
        while i < len(text):
            ch = text[i]
            if ch == '"':
                if text[i + 1 :].strip():
                    self.problems.add(self.at(number), "", "unexpected text after the closing quote")
                    return None
                return "".join(out)
            if ch != "\\":
                out.append(ch)
                i += 1
                continue
            escaped, i = self._escape_at(text, i + 1)
            if escaped is None:
                self.problems.add(self.at(number), "", f"unknown escape sequence \\{text[i:i + 1]}; write the character itself")
                return None
            out.append(escaped)
        self.problems.add(self.at(number), "", "string has no closing double quote")
        return None

    @staticmethod
    def _escape_at(text: str, i: int) -> tuple[str | None, int]:
        """The character an escape starting at text[i] (after the backslash) stands for."""
        ch = text[i : i + 1]
        if ch and ch in _UNESCAPES:
            return _UNESCAPES[ch], i + 1
        # Numeric escapes stand for bytes of the file's encoding; only ASCII ones are one
        # character by themselves, and no PO tool writes others for UTF-8 text.
        number = re.match(r"[0-7]{1,3}|x[0-9a-fA-F]+", text[i:])
        if number:
            digits = number.group()
            value = int(digits[1:], 16) if digits.startswith("x") else int(digits, 8)
            if value < 0x80:
                return chr(value), i + number.end()
        return None, i

    def _complete(self) -> bool:
        return any(name.startswith("msgstr") for name in self.fields)

    def _finish(self) -> None:
        if not self.fields:
            self._reset()
            return
        location = self.at(self.first_line)
        if "msgid_plural" in self.fields:
            self.problems.add(location, "", "plural forms (msgid_plural) are not used by pnp texts")
        elif "msgid" not in self.fields or "msgstr" not in self.fields:
            missing = "msgid" if "msgid" not in self.fields else "msgstr"
            self.problems.add(location, "", f"message has no {missing}")
        else:
            context = "".join(self.fields["msgctxt"]) if "msgctxt" in self.fields else None
            entry = PoEntry(context, "".join(self.fields["msgid"]), "".join(self.fields["msgstr"]), "fuzzy" in self.flags, location)
            self.entries.append(entry)
        self._reset()


def read_po_file(path: Path) -> str:
    """The text of a PO file: a regular file of at most MAX_PO_BYTES, in UTF-8 (ContentError if not)."""
    data = read_regular_file(Path(path), MAX_PO_BYTES)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ContentError([Problem(Location(str(path), line, 1), "", "PO file is not UTF-8 text; save it as UTF-8")]) from None


def parse_po(text: str, file: str = "<PO file>") -> list[PoEntry]:
    """The messages of a PO file, header included; ContentError listing every malformed line."""
    reader = _PoReader(file)
    entries = reader.read(text)
    reader.problems.raise_if_any()
    return entries


# --- import --------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportResult:
    """A translation catalog after reading a PO file, and what the reading changed.

    `entries` is every translation of the language (those the PO file did not touch
    too), ready for `write_catalog`. `changed` are keys whose text or source is new;
    `outdated` keys were translated from English that has since changed (still stale);
    `fuzzy_kept` are fuzzy messages whose msgstr was not taken, an older translation
    being kept instead.
    """

    language: str
    entries: dict[str, Entry]
    changed: tuple[str, ...]
    outdated: tuple[str, ...]
    fuzzy_kept: tuple[str, ...]


def import_po(text: str, catalogs: Mapping[str, Catalog], language: str, file: str = "<PO file>") -> ImportResult:
    """Translations from a PO file merged into `catalogs[language]`; nothing is written.

    Raises ContentError, located in the PO file, for malformed lines, messages without
    msgctxt, keys the English catalog does not have, and a header for another language.
    """
    english = catalogs[SOURCE_LANGUAGE].entries
    old = catalogs[language].entries
    messages = parse_po(text, file)
    problems = Problems()
    entries = dict(old)
    changed, outdated, fuzzy_kept = [], [], []
    first_seen: dict[str, PoEntry] = {}
    for message in messages:
        if message.context is None and message.msgid == "":
            _check_header(message, language, problems)
            continue
        if not _acceptable(message, english, first_seen, problems):
            continue
        first_seen[message.context] = message
        previous = old.get(message.context)
        entry = _merged(message, previous)
        if entry is None:
            if message.fuzzy and message.msgstr and previous is not None and message.msgstr != previous.text:
                fuzzy_kept.append(message.context)
            continue
        if message.msgid != english[message.context].text and entry.source is not None:
            outdated.append(message.context)
        if previous is None or (previous.text, previous.source) != (entry.text, entry.source):
            changed.append(message.context)
            entries[message.context] = entry
    problems.raise_if_any()
    return ImportResult(language, entries, tuple(changed), tuple(outdated), tuple(fuzzy_kept))


def _check_header(header: PoEntry, language: str, problems: Problems) -> None:
    fields = dict(line.split(":", 1) for line in header.msgstr.splitlines() if ":" in line)
    fields = {name.strip().lower(): value.strip() for name, value in fields.items()}
    stated = fields.get("language")
    if stated and not _same_language(stated, language):
        problems.add(header.location, "", f"this PO file is for language {quote(stated)}, not {quote(language)}")
    charset = re.search(r"charset=([\w-]+)", fields.get("content-type", ""))
    if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8", "charset"):
        problems.add(header.location, "", f"PO file says charset={quote(charset.group(1))}; save it as UTF-8")


def _same_language(stated: str, language: str) -> bool:
    # A PO editor may write da_DK for da: the region only matters if pnp names one.
    stated, language = (code.replace("-", "_").lower() for code in (stated, language))
    return stated == language or stated.split("_")[0] == language


def _acceptable(message: PoEntry, english: Mapping[str, Entry], first_seen: Mapping[str, PoEntry], problems: Problems) -> bool:
    key = message.context
    if key is None:
        problems.add(message.location, "", "message has no msgctxt; pnp names each text by its msgctxt")
        return False
    if key in first_seen:
        problems.add(message.location, key, f"message appears twice (first at line {first_seen[key].location.line})")
        return False
    if key not in english:
        problems.add(message.location, key, f"unknown text key: text/{SOURCE_LANGUAGE}.yaml has no such key")
        return False
    if len(message.msgstr) > MAX_TEXT_CHARS:
        problems.add(message.location, key, f"a translation of {len(message.msgstr)} characters is over the limit of {MAX_TEXT_CHARS}")
        return False
    return True


def _merged(message: PoEntry, old: Entry | None) -> Entry | None:
    """The entry a message makes, or None when the old one (or none) stays."""
    if not message.msgstr:
        return None  # untranslated: an empty msgstr never deletes a translation
    if message.fuzzy:
        # A fuzzy msgstr was not confirmed by the translator: better than nothing, but
        # with no source recorded, so it stays stale until checked.
        return None if old is not None else Entry(message.context, message.msgstr, None, message.location)
    # The fingerprint is of the English the translator saw, so a translation of
    # older English stays stale even after it is imported.
    return Entry(message.context, message.msgstr, fingerprint(message.msgid), message.location)


# --- writing the catalog -------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    """Safe YAML output that keeps a requested block or quote style for text values."""


class _Styled(str):
    style: str | None = None


class _Literal(_Styled):
    style = "|"


class _Folded(_Styled):
    style = ">"


class _DoubleQuoted(_Styled):
    style = '"'


for _kind in (_Literal, _Folded, _DoubleQuoted):
    _Dumper.add_representer(_kind, lambda dumper, data: dumper.represent_scalar("tag:yaml.org,2002:str", str(data), style=data.style))

_LINE_WIDTH = 80


def render_catalog(entries: Mapping[str, Entry], english_order: Iterable[str], language: str) -> str:
    """The YAML text of a translation catalog: keys in English order, then keys English lacks, sorted."""
    order = [key for key in english_order if key in entries]
    order += sorted(set(entries) - set(order))
    parts = [
        f"# {language} texts, in the order of text/{SOURCE_LANGUAGE}.yaml. `source` fingerprints the English\n"
        "# each was translated from; `pnp translate status` shows where that English changed.\n"
    ]
    parts += [_render_entry(entries[key]) for key in order]
    return "".join(parts)


def _render_entry(entry: Entry) -> str:
    expected = {entry.key: {"text": entry.text} | ({"source": entry.source} if entry.source is not None else {})}
    for style in (_text_style(entry.text), _DoubleQuoted):
        value = dict(expected[entry.key], text=style(entry.text))
        rendered = yaml.dump({entry.key: value}, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=_LINE_WIDTH, default_flow_style=False)
        # Block and plain styles cannot carry every string (trailing spaces, line
        # separators...); each rendering is read back, and double quotes can carry all.
        if yaml.safe_load(rendered) == expected:
            return rendered
    raise AssertionError(f"text of {entry.key!r} does not survive YAML")  # unreachable: "..." escapes everything


def _text_style(text: str) -> type[str]:
    if "\n" in text:
        return _Literal
    if len(f"  text: {text}") > _LINE_WIDTH:
        return _Folded
    return str


def write_catalog(path: Path, entries: Mapping[str, Entry], english_order: Iterable[str]) -> None:
    """Write a translation catalog to `path` (text/<lang>.yaml of a game folder), atomically.

    ContentError, and nothing written, if the path leads out of its game folder or is
    not a file (a link through text/ to elsewhere, a folder in its place); the write
    itself is guarded with the game folder as its root, symlinks included.
    """
    path = Path(path)
    content_file(path, path.parent.parent)
    data = render_catalog(entries, english_order, path.stem).encode("utf-8")
    write_file(path.parent.parent, Path(path.parent.name) / path.name, data)
