"""Catalogs and the keys a game uses → what each catalog file lacks, has too much of, or gets wrong.

One `LanguageStatus` per catalog file. For a translation: keys the source has and it
lacks (`missing`), translations made from source text that has changed since or never
confirmed (`stale`), entries nothing reads (`unused`), and what a proofreader would flag
(`findings`: markup, quotation marks, text left untranslated, glossary terms; a glyph no
font has and a text too long for its box are added by `pnp.paint.proof`). For the source
itself: `unused` entries, keys the game uses that it does not define (`undefined`), and
findings. `build_report` turns the statuses of the languages a build sets into its
warnings, or under --strict into problems.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace

from pnp.i18n.catalog import Catalog, Catalogs, Entry
from pnp.i18n.glossary import Glossary
from pnp.i18n.qa import quote_finding, text_findings
from pnp.model.game import GLOSSARY_SUFFIX
from pnp.model.problems import Location, Problem, display_path


@dataclass(frozen=True)
class KeyIssue:
    """A text key, where to look at it, and why it is listed if that is not obvious."""

    key: str
    location: Location
    note: str = ""


@dataclass(frozen=True)
class LanguageStatus:
    """What one catalog file (text/<language>.yaml) needs; every list is sorted by key."""

    language: str
    total: int  # texts in the source, so a translation's progress can be shown
    is_source: bool = False
    missing: tuple[KeyIssue, ...] = ()
    stale: tuple[KeyIssue, ...] = ()
    unused: tuple[KeyIssue, ...] = ()
    undefined: tuple[KeyIssue, ...] = ()
    findings: tuple[KeyIssue, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not (self.missing or self.stale or self.unused or self.undefined or self.findings)

    @property
    def up_to_date(self) -> int:
        """Source texts this language has a current translation of."""
        return self.total - len(self.missing) - len(self.stale)

    def with_findings(self, more: Iterable[KeyIssue]) -> LanguageStatus:
        return replace(self, findings=_sorted([*self.findings, *more]))

    def of_keys(self, keys: Collection[str]) -> LanguageStatus:
        """The status of just these keys (what an output reads): missing, stale and findings."""
        def kept(issues: tuple[KeyIssue, ...]) -> tuple[KeyIssue, ...]:
            return tuple(issue for issue in issues if issue.key in keys)

        return replace(self, missing=kept(self.missing), stale=kept(self.stale), unused=(), undefined=(),
                       findings=kept(self.findings))


def translation_status(
    catalogs: Catalogs,
    used_keys: Collection[str],
    language: str,
    where_used: Mapping[str, Location] | None = None,
    glossary: Glossary | None = None,
) -> LanguageStatus:
    """The status of text/<language>.yaml against the source and the keys the game uses.

    `used_keys` are the keys game texts, components, rulebook and diagrams refer to;
    `where_used` may say where each is referred to, for locating undefined keys.
    """
    source = catalogs.source
    if language == catalogs.source_language:
        return LanguageStatus(
            language,
            total=len(source.entries),
            is_source=True,
            unused=_sorted(KeyIssue(key, entry.location) for key, entry in source.entries.items()
                           if key not in used_keys),
            undefined=_undefined(source, used_keys, where_used or {}),
            findings=_sorted(KeyIssue(key, entry.location, finding) for key, entry in source.entries.items()
                             if (finding := quote_finding(entry.text, language))),
        )
    translation = catalogs.get(language)
    translated = translation.entries if translation else {}
    glossary = glossary or Glossary(language, source.path.with_name(f"{language}{GLOSSARY_SUFFIX}"), ())
    return LanguageStatus(
        language,
        total=len(source.entries),
        missing=_sorted(_missing(key, entry, translation, language) for key, entry in source.entries.items()
                        if key not in translated),
        stale=_stale(source, translated),
        unused=_sorted([*_unused_translations(catalogs.source_language, source, translated, used_keys),
                        *_gone_table_texts(source, translation.records if translation else {})]),
        findings=_findings(source, translated, language, glossary),
    )


def game_status(
    catalogs: Catalogs,
    used_keys: Collection[str],
    where_used: Mapping[str, Location] | None = None,
    glossaries: Mapping[str, Glossary] | None = None,
) -> tuple[LanguageStatus, ...]:
    """The status of every catalog loaded, the source first."""
    languages = [catalogs.source_language, *catalogs.translations]
    glossaries = glossaries or {}
    return tuple(translation_status(catalogs, used_keys, language, where_used, glossaries.get(language))
                 for language in languages)


def _missing(key: str, entry: Entry, translation: Catalog | None, language: str) -> KeyIssue:
    """A text the translation lacks, where its words go: a table's at the cell of its language's
    column (or beside its source, when the table has no such column yet)."""
    cell = translation.table_cells.get(key) if translation is not None else None
    if cell is not None:
        return KeyIssue(key, cell.location)
    if entry.cell is not None:
        return KeyIssue(key, entry.location, f"its table has no column {key.rsplit('.', 1)[-1]}.{language} yet")
    return KeyIssue(key, entry.location)


def _sorted(issues: Iterable[KeyIssue]) -> tuple[KeyIssue, ...]:
    return tuple(sorted(issues, key=lambda issue: (issue.key, issue.location, issue.note)))


NO_SOURCE = "no source recorded; once checked, pnp translate stamp records it"


def stale_reason(entry: Entry, source_text: str) -> str | None:
    """Why a translation is stale, or None if it is current."""
    if entry.fuzzy:
        return "a draft from a fuzzy PO message, not confirmed"
    if entry.source is None:
        return NO_SOURCE
    return None if entry.is_current(source_text) else "source changed"


def _stale(source: Catalog, translated: Mapping[str, Entry]) -> tuple[KeyIssue, ...]:
    issues = []
    for key, entry in translated.items():
        original = source.get(key)
        reason = stale_reason(entry, original.text) if original is not None else None
        if reason:
            issues.append(KeyIssue(key, entry.location, reason))
    return _sorted(issues)


def _findings(source: Catalog, translated: Mapping[str, Entry], language: str,
              glossary: Glossary) -> tuple[KeyIssue, ...]:
    return _sorted(KeyIssue(key, entry.location, finding) for key, entry in translated.items() if key in source.entries
                   for finding in text_findings(source.entries[key].text, entry.text, language, glossary))


def _unused_translations(source_language: str, source: Catalog, translated: Mapping[str, Entry],
                         used_keys: Collection[str]) -> tuple[KeyIssue, ...]:
    # A translation of a key the source lacks is never shown (texts are looked up by the
    # keys the source defines), so it counts as unused even if the game names the key;
    # that key is then also undefined in the source's status.
    issues = []
    for key, entry in translated.items():
        if key not in source.entries:
            issues.append(KeyIssue(key, entry.location, f"not in text/{source_language}.yaml"))
        elif key not in used_keys:
            issues.append(KeyIssue(key, entry.location))
    return _sorted(issues)


def _gone_table_texts(source: Catalog, records: Mapping[str, Entry]) -> tuple[KeyIssue, ...]:
    """Records of table texts the tables no longer have (a row deleted, a column renamed)."""
    return tuple(KeyIssue(key, record.location, "its table's row or column is gone; remove it here")
                 for key, record in records.items() if key not in source.entries)


def _undefined(source: Catalog, used_keys: Collection[str], where_used: Mapping[str, Location]) -> tuple[KeyIssue, ...]:
    # Without a known place of use, point at the source file: that is where the text must be added.
    fallback = Location(str(source.path))
    return _sorted(KeyIssue(key, where_used.get(key, fallback)) for key in used_keys if key not in source.entries)


# --- report --------------------------------------------------------------------------

_KINDS = ("missing", "stale", "unused", "undefined", "findings")
_SHOWN = {"findings": "to check"}


def format_status(game_id: str, statuses: Iterable[LanguageStatus]) -> str:
    """A short report: one count line per language, then the keys of each list with file:line."""
    statuses = list(statuses)
    lines = [_summary(game_id, status) for status in statuses]
    for status in statuses:
        for kind in _KINDS:
            issues = getattr(status, kind)
            if issues:
                lines.append(f"{status.language} {_SHOWN.get(kind, kind)}:")
                lines += [issue_line(issue) for issue in issues]
    return "\n".join(lines) + "\n"


def _summary(game_id: str, status: LanguageStatus) -> str:
    if status.is_source:
        counts = f"{status.total} texts (the source)"
        kinds: tuple[str, ...] = ("unused", "undefined", "findings")
    else:
        counts = f"{status.up_to_date} of {status.total} translated"
        kinds = ("missing", "stale", "unused", "findings")
    problems = ", ".join(f"{len(getattr(status, kind))} {_SHOWN.get(kind, kind)}" for kind in kinds
                         if getattr(status, kind))
    return f"{game_id} {status.language}: {counts}" + (f"; {problems}" if problems else ", all in order")


def issue_line(issue: KeyIssue) -> str:
    where = display_path(issue.location.file)
    if issue.location.cell:
        where = f"{issue.location} ({issue.location.header})"
    elif issue.location.line:
        where += f":{issue.location.line}"
    note = f" ({issue.note})" if issue.note else ""
    return f"  {where}: {issue.key}{note}"


# --- what a build says -----------------------------------------------------------------


def build_report(game_id: str, catalogs: Catalogs, status: LanguageStatus,
                 strict: bool) -> tuple[list[str], list[Problem]]:
    """What a build says about a language it sets: one warning, a line of counts (texts set in
    the source language for want of a translation, stale translations, findings) naming the
    command that lists them, followed by a line per key (shown with -v); under --strict the
    same as one problem, located at the translation's catalog, its keys as details."""
    if status.is_source:
        return [], []
    language, source = status.language, catalogs.source_language
    translation_file = (Location(str(catalogs[language].path)) if language in catalogs
                        else Location(f"text/{language}.yaml"))
    kinds = ((status.missing, f"missing (set in {source})"), (status.stale, "stale"),
             (status.findings, "to check again"))
    counts: list[str] = []
    details: list[str] = []
    for issues, what in kinds:
        if issues:
            noun = "" if counts else "text " if len(issues) == 1 else "texts "
            counts.append(f"{len(issues)} {noun}{what}")
            details += [f"  {what}: {issue_line(issue).strip()}" for issue in issues]
    if not counts:
        return [], []
    lister = f"pnp translate status {game_id}"
    if strict:
        summary = f"{game_id}: {', '.join(counts)} (--strict); {lister} lists them"
        return [], [Problem(translation_file, "", summary, tuple(details))]
    return [f"{game_id} ({language}): {', '.join(counts)} — see {lister}\n" + "\n".join(details)], []
