"""Catalogs and the keys a game uses → what each catalog file lacks or has too much of.

One `LanguageStatus` per catalog file. For a translation: keys English has and it lacks
(`missing`), translations made from English that has changed since (`stale`), and
entries nothing reads (`unused`). For English itself: `unused` entries, and keys the
game uses that English does not define (`undefined`), which is where that fix belongs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterable, Mapping

from pnp.i18n.catalog import SOURCE_LANGUAGE, Catalog, fingerprint
from pnp.model.problems import Location, display_path


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
    total: int  # texts in English, so a translation's progress can be shown
    missing: tuple[KeyIssue, ...] = ()
    stale: tuple[KeyIssue, ...] = ()
    unused: tuple[KeyIssue, ...] = ()
    undefined: tuple[KeyIssue, ...] = ()

    @property
    def ok(self) -> bool:
        return not (self.missing or self.stale or self.unused or self.undefined)

    @property
    def up_to_date(self) -> int:
        """English texts this language has a current translation of."""
        return self.total - len(self.missing) - len(self.stale)


def translation_status(
    catalogs: Mapping[str, Catalog],
    used_keys: Collection[str],
    language: str,
    where_used: Mapping[str, Location] | None = None,
) -> LanguageStatus:
    """The status of text/<language>.yaml against English and the keys the game uses.

    `used_keys` are the keys components, rulebook and diagrams refer to; `where_used`
    may say where each is referred to, for locating undefined keys. For "en" the status
    lists unused and undefined keys; for a translation, missing, stale and unused ones.
    """
    english = catalogs[SOURCE_LANGUAGE]
    if language == SOURCE_LANGUAGE:
        return LanguageStatus(
            language,
            total=len(english.entries),
            unused=_sorted(KeyIssue(key, entry.location) for key, entry in english.entries.items() if key not in used_keys),
            undefined=_undefined(english, used_keys, where_used or {}),
        )
    translation = catalogs.get(language)
    translated = translation.entries if translation else {}
    return LanguageStatus(
        language,
        total=len(english.entries),
        missing=_sorted(KeyIssue(key, entry.location) for key, entry in english.entries.items() if key not in translated),
        stale=_stale(english, translated),
        unused=_unused_translations(english, translated, used_keys),
    )


def game_status(
    catalogs: Mapping[str, Catalog],
    used_keys: Collection[str],
    where_used: Mapping[str, Location] | None = None,
) -> tuple[LanguageStatus, ...]:
    """The status of every catalog loaded, English first."""
    languages = [SOURCE_LANGUAGE, *(language for language in catalogs if language != SOURCE_LANGUAGE)]
    return tuple(translation_status(catalogs, used_keys, language, where_used) for language in languages)


def _sorted(issues: Iterable[KeyIssue]) -> tuple[KeyIssue, ...]:
    return tuple(sorted(issues, key=lambda issue: (issue.key, issue.location)))


def _stale(english: Catalog, translated: Mapping) -> tuple[KeyIssue, ...]:
    issues = []
    for key, entry in translated.items():
        source = english.get(key)
        if source is None:
            continue
        if entry.source is None:
            issues.append(KeyIssue(key, entry.location, "no source recorded"))
        elif entry.source != fingerprint(source.text):
            issues.append(KeyIssue(key, entry.location, "English changed"))
    return _sorted(issues)


def _unused_translations(english: Catalog, translated: Mapping, used_keys: Collection[str]) -> tuple[KeyIssue, ...]:
    # A translation of a key English lacks is never shown (texts are looked up by the
    # keys English defines), so it counts as unused even if the game names the key;
    # that key is then also undefined in English's status.
    issues = []
    for key, entry in translated.items():
        if key not in english.entries:
            issues.append(KeyIssue(key, entry.location, f"not in text/{SOURCE_LANGUAGE}.yaml"))
        elif key not in used_keys:
            issues.append(KeyIssue(key, entry.location))
    return _sorted(issues)


def _undefined(english: Catalog, used_keys: Collection[str], where_used: Mapping[str, Location]) -> tuple[KeyIssue, ...]:
    # Without a known place of use, point at en.yaml: that is where the text must be added.
    fallback = Location(str(english.path))
    return _sorted(KeyIssue(key, where_used.get(key, fallback)) for key in used_keys if key not in english.entries)


# --- report --------------------------------------------------------------------------

_KINDS = ("missing", "stale", "unused", "undefined")


def format_status(game_id: str, statuses: Iterable[LanguageStatus]) -> str:
    """A short report: one count line per language, then the keys of each list with file:line."""
    statuses = list(statuses)
    lines = [_summary(game_id, status) for status in statuses]
    for status in statuses:
        for kind in _KINDS:
            issues = getattr(status, kind)
            if issues:
                lines.append(f"{status.language} {kind}:")
                lines += [_issue_line(issue) for issue in issues]
    return "\n".join(lines) + "\n"


def _summary(game_id: str, status: LanguageStatus) -> str:
    if status.language == SOURCE_LANGUAGE:
        counts = f"{status.total} texts"
        kinds = ("unused", "undefined")
    else:
        counts = f"{status.up_to_date} of {status.total} translated"
        kinds = ("missing", "stale", "unused")
    problems = ", ".join(f"{len(getattr(status, kind))} {kind}" for kind in kinds if getattr(status, kind))
    return f"{game_id} {status.language}: {counts}" + (f"; {problems}" if problems else ", all in order")


def _issue_line(issue: KeyIssue) -> str:
    where = display_path(issue.location.file)
    if issue.location.line:
        where += f":{issue.location.line}"
    note = f" ({issue.note})" if issue.note else ""
    return f"  {where}: {issue.key}{note}"
