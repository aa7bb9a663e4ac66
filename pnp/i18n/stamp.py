"""Translations a translator has checked → confirmed against the current source text.

When the source changes in a way that needs no new translation (a typo, a comma), or a
draft turns out right, the translator confirms the translation still holds and `stamp`
records that: its `source` becomes the fingerprint of the current source text, which is
kept beside it (`source-text`), and it is no longer stale or fuzzy. Stamping also records
the source text of current translations that lack it, so a later change to the source
can show the translator what changed. Only the entries stamped are rewritten.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from pnp.i18n.catalog import Catalog, Catalogs, Entry, fingerprint
from pnp.i18n.catalog_file import update_catalog
from pnp.model.problems import Location, Problems


@dataclass(frozen=True)
class Stamped:
    confirmed: tuple[str, ...]  # stale or fuzzy translations now confirmed
    recorded: tuple[str, ...]  # current translations whose source text is now kept beside them


def stamp(catalogs: Catalogs, language: str, keys: Iterable[str] | None = None) -> Stamped:
    """Confirm translations against the current source, and write text/<language>.yaml.

    With `keys` None every translation is stamped; otherwise just those keys, each of
    which must be in the source and translated (ContentError if not). The file is
    written only if an entry changed.
    """
    source = catalogs.source
    problems = Problems()
    if language == catalogs.source_language:
        problems.add(Location(str(source.path)), "", f"{language} is the source language; stamp a translation")
        problems.raise_if_any()
    translation = catalogs[language]
    wanted = _wanted_keys(source, translation, keys, problems)
    problems.raise_if_any()
    changes: dict[str, Entry] = {}
    confirmed: list[str] = []
    recorded: list[str] = []
    for key in source.entries:
        entry = translation.entries.get(key)
        if key not in wanted or entry is None:
            continue
        current = source.entries[key].text
        stamped = replace(entry, source=fingerprint(current), source_text=current, fuzzy=False)
        if stamped != entry:
            (recorded if entry.is_current(current) else confirmed).append(key)
            changes[key] = stamped
    if changes:
        update_catalog(translation.path, changes, list(source.entries), header="")
    return Stamped(tuple(confirmed), tuple(recorded))


def _wanted_keys(source: Catalog, translation: Catalog, keys: Iterable[str] | None, problems: Problems) -> set[str]:
    if keys is None:
        return set(source.entries) & set(translation.entries)
    wanted = set(keys)
    # Problems point at the file the key would have to be in.
    for key in sorted(wanted):
        if key not in source.entries:
            problems.add(Location(str(source.path)), key, "no such text in the source language")
        elif key not in translation.entries:
            problems.add(Location(str(translation.path)), key,
                         f"not translated into {translation.language} yet; nothing to stamp")
    return wanted
