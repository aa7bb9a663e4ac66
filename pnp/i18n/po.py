"""Catalogs ↔ gettext PO files: a PO (or POT template) to translate a game, and reading one back.

`export_po` turns the source catalog and one translation into a PO file any PO editor
opens: `msgctxt` is the pnp text key, `msgid` the source text, `msgstr` the
translation. Each message carries notes saying where the text is used and, in a fixed
box, how much room it has (`#.`), repository-relative references (`#:`), `#, fuzzy`
where the source changed since (or the translation is an unconfirmed draft) and then,
where the catalog kept it, the previous source text (`#|`), as msgmerge writes it.
The header names the game (`X-Pnp-Game`), its version and the languages. `export_pot`
writes the same messages untranslated, the template Weblate or Poedit start a language
from. `parse_po` reads any such file back, every malformed line a located problem.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pnp import __version__
from pnp.i18n.catalog import Catalogs, Entry
from pnp.i18n.usage import Use, text_uses
from pnp.model.files import read_regular_file
from pnp.model.game import Game
from pnp.model.limits import MAX_PO_BYTES
from pnp.model.problems import ContentError, Location, Problem, Problems, quote

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


@dataclass(frozen=True)
class PoProject:
    """What a PO file says about its game: id and version, the repository its references are
    relative to, and where each text is used."""

    game_id: str
    version: str = ""
    root: Path | None = None
    uses: Mapping[str, Sequence[Use]] = field(default_factory=dict)

    def reference(self, location: Location) -> str:
        """file:line of a location, relative to the repository (forward slashes, as gettext writes them)."""
        path = Path(location.file)
        if self.root is not None:
            with contextlib.suppress(ValueError):  # a file outside the repository keeps its own path
                path = path.resolve().relative_to(self.root.resolve())
        # A space would split the reference in two, and a line break end the comment.
        shown = comment_text(path.as_posix().replace(" ", "\u00a0"))
        return f"{shown}:{location.line}" if location.line else shown


def po_project(game: Game, catalogs: Catalogs) -> PoProject:
    """The project a game's PO files describe: where each text is used, references from the repository."""
    return PoProject(game.id, game.version, repository_root(game.folder), text_uses(game, catalogs.source.texts))


def repository_root(game_folder: Path) -> Path:
    """The folder PO references are relative to: the git work tree holding the game, else the
    folder that holds content/, else the folder above the game."""
    folder = Path(game_folder).resolve()
    for parent in folder.parents:
        if (parent / ".git").exists():
            return parent
    for parent in folder.parents:
        if parent.name == "content":
            return parent.parent
    return folder.parent


# --- export --------------------------------------------------------------------------


def export_po(catalogs: Catalogs, language: str, project: PoProject) -> str:
    """The PO file for translating the game into `language`: one message per source text."""
    source = catalogs.source
    if language == catalogs.source_language:
        raise ContentError([Problem(Location(str(source.path)), "", f"{language} is the source language; export a "
                                                                      "translation, or a template with --pot")])
    translation = catalogs.get(language)
    translated = translation.entries if translation else {}
    blocks = [_header(project, catalogs.source_language, language)]
    blocks += [_po_entry(entry, translated.get(key), project) for key, entry in source.entries.items()]
    return "\n".join(blocks)


def export_pot(catalogs: Catalogs, project: PoProject) -> str:
    """The POT template of the game: every source text, nothing translated."""
    blocks = [_header(project, catalogs.source_language, None)]
    blocks += [_po_entry(entry, None, project) for entry in catalogs.source.entries.values()]
    return "\n".join(blocks)


def _header(project: PoProject, source_language: str, language: str | None) -> str:
    # Empty dates and translator fields: the same catalogs give the same bytes, and
    # msgfmt -c accepts empty values (it warns only about missing or template ones).
    fields = [
        f"Project-Id-Version: {header_value(project.game_id)} {header_value(project.version)}".rstrip(),
        "PO-Revision-Date: ",
        "Last-Translator: ",
        "Language-Team: ",
        f"Language: {language or ''}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        *([f"Plural-Forms: {plural_forms(language)}"] if language else []),
        f"X-Pnp-Game: {header_value(project.game_id)}",
        f"X-Pnp-Source-Language: {source_language}",
        f"X-Generator: pnp {__version__}",
    ]
    into = f"translation into {language}" if language else "translation (template)"
    lines = [
        f"# Texts of {comment_text(project.game_id)} for {into}, made by pnp.",
        "# msgctxt names the text; keep it as it is. #. notes say where each text is used.",
        *(["#, fuzzy"] if language is None else []),  # a template's header, as xgettext writes it
        'msgid ""',
        'msgstr ""',
        *(f'"{_escape(field)}\\n"' for field in fields),
    ]
    return "\n".join(lines) + "\n"


def plural_forms(language: str) -> str:
    primary = language.replace("-", "_").split("_")[0]
    return _PLURAL_FORMS.get(language.replace("-", "_"), _PLURAL_FORMS.get(primary, _DEFAULT_PLURAL_FORMS))


def _po_entry(source: Entry, translation: Entry | None, project: PoProject) -> str:
    uses = project.uses.get(source.key, ())
    lines = [f"#. {comment_text(note)}" for note in _notes(uses)]
    references = dict.fromkeys(project.reference(where) for where in [source.location, *(u.location for u in uses)])
    lines.append("#: " + " ".join(references))
    if translation is not None and not translation.is_current(source.text):
        lines.append("#, fuzzy")
        previous = translation.previous_source(source.text)
        if previous is not None:
            lines += ["#| " + line for line in [*_po_string("msgctxt", source.key), *_po_string("msgid", previous)]]
    lines += _po_string("msgctxt", source.key)
    lines += _po_string("msgid", source.text)
    lines += _po_string("msgstr", translation.text if translation else "")
    return "\n".join(lines) + "\n"


def _notes(uses: Sequence[Use]) -> list[str]:
    if not uses:
        return ["Not used by the game at present."]
    notes = [use.note[:1].upper() + use.note[1:] + "." for use in uses]
    notes += [f"Room: {use.room}." for use in uses if use.room is not None]
    return list(dict.fromkeys(notes))

def header_value(text: str) -> str:
    """A header field's value on one line: a line break in it (a version of "1.0\\nLanguage: fr")
    would otherwise start a field of its own once the msgstr is read."""
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def comment_text(text: str) -> str:
    """Content inside a # comment line (a reference, a note): anything that is not printable is
    written as its escape, so a line break in a folder's name cannot start a line of the file."""
    return "".join(c if c.isprintable() or c == "\u00a0" else _escape(c) if ord(c) < 0x80 else f"\\u{ord(c):04x}"
                   for c in text)


_ESCAPES = {"\\": "\\\\", '"': '\\"',
            "\n": "\\n", "\t": "\\t", "\r": "\\r", "\a": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v"}


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
    previous_msgid: str | None = None  # `#| msgid`: the source text a fuzzy msgstr was made from


_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s*(.*)$")
_UNESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
              "\\": "\\", '"': '"', "?": "?", "'": "'"}


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
        self.previous: dict[str, list[str]] = {}  # `#| msgctxt` and `#| msgid`, as read
        self.previous_current: str | None = None
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
            self._comment(number, line)
        elif line.startswith('"'):
            self._continuation(number, line)
        else:
            self._keyword(number, line)

    def _comment(self, number: int, line: str) -> None:
        if self._complete():
            self._finish()
        if line.startswith("#~"):
            return  # an obsolete message a PO editor keeps: not part of the translation
        if line.startswith("#,"):
            self.flags.update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#|"):
            self._previous(number, line[2:].strip())

    def _previous(self, number: int, line: str) -> None:
        """A `#|` line: the previous msgctxt or msgid msgmerge keeps beside a fuzzy message.

        It is a comment, so a line pnp cannot read only loses the previous text, never the import.
        """
        match = _KEYWORD.match(line)
        if match and match.group(1) in ("msgctxt", "msgid"):
            self.previous_current, line = match.group(1), match.group(2)
            self.previous[self.previous_current] = []
        if self.previous_current is None or not line.startswith('"'):
            return
        reader = _PoReader(self.file)
        part = reader._string(number, line)
        if part is None:
            self.previous.pop(self.previous_current, None)
            self.previous_current = None
        else:
            self.previous[self.previous_current].append(part)

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
            self.problems.add(self.at(number), "",
                              f"expected msgctxt, msgid, msgstr, a quoted string or a # comment, got {quote(line)}")
            self.current = None
            return
        keyword, rest = match.groups()
        if keyword in ("msgctxt", "msgid") and self._complete():
            self._finish()
        if keyword in self.fields:
            self.problems.add(self.at(number), "",
                              f"{keyword} appears twice in one message (is a blank line or msgstr missing?)")
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
        out: list[str] = []
        i = 1
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
                self.problems.add(self.at(number), "",
                                  f"unknown escape sequence \\{text[i:i + 1]}; write the character itself")
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
            previous = "".join(self.previous["msgid"]) if "msgid" in self.previous else None
            entry = PoEntry(context, "".join(self.fields["msgid"]), "".join(self.fields["msgstr"]),
                            "fuzzy" in self.flags, location, previous)
            self.entries.append(entry)
        self._reset()


def read_po_file(path: Path) -> str:
    """The text of a PO file: a regular file of at most MAX_PO_BYTES, in UTF-8 (ContentError if not)."""
    data = read_regular_file(Path(path), MAX_PO_BYTES)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ContentError([Problem(Location(str(path), line, 1), "",
                                    "PO file is not UTF-8 text; save it as UTF-8")]) from None


def parse_po(text: str, file: str = "<PO file>") -> list[PoEntry]:
    """The messages of a PO file, header included; ContentError listing every malformed line."""
    reader = _PoReader(file)
    entries = reader.read(text)
    reader.problems.raise_if_any()
    return entries


def header_fields(msgstr: str) -> dict[str, str]:
    """A PO header's fields, names in lower case."""
    pairs = (line.split(":", 1) for line in msgstr.splitlines() if ":" in line)
    return {name.strip().lower(): value.strip() for name, value in pairs}
