"""Translations a translator has checked → the current English fingerprint as their `source`.

When English changes in a way that needs no new translation (a typo, a comma), the
translator confirms the translation still holds, and `stamp` records that, so the
translation is no longer stale.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping

from pnp.i18n.catalog import SOURCE_LANGUAGE, Catalog, fingerprint
from pnp.i18n.po import write_catalog
from pnp.model.problems import Location, Problems


def stamp(catalogs: Mapping[str, Catalog], language: str, keys: Iterable[str] | None = None) -> tuple[str, ...]:
    """Mark translations as made from the current English, and write text/<language>.yaml.

    With `keys` None every stale translation is stamped; otherwise just those keys,
    each of which must be in English and translated (ContentError if not). Returns
    the keys whose source changed, in English order; the file is written only if any did.
    """
    english = catalogs[SOURCE_LANGUAGE]
    translation = catalogs[language]
    problems = Problems()
    if language == SOURCE_LANGUAGE:
        problems.add(Location(str(english.path)), "", "English is the source; stamp a translation such as da")
        problems.raise_if_any()
    wanted = _wanted_keys(english, translation, keys, problems)
    problems.raise_if_any()
    entries = dict(translation.entries)
    stamped = []
    for key in english.entries:
        current = fingerprint(english.entries[key].text)
        if key in wanted and entries[key].source != current:
            entries[key] = replace(entries[key], source=current)
            stamped.append(key)
    if stamped:
        write_catalog(translation.path, entries, english.entries)
    return tuple(stamped)


def _wanted_keys(english: Catalog, translation: Catalog, keys: Iterable[str] | None, problems: Problems) -> set[str]:
    if keys is None:
        return set(english.entries) & set(translation.entries)
    wanted = set(keys)
    # Problems point at the file the key would have to be in.
    for key in sorted(wanted):
        if key not in english.entries:
            problems.add(Location(str(english.path)), key, "no such text in English")
        elif key not in translation.entries:
            problems.add(Location(str(translation.path)), key, f"not translated into {translation.language} yet; nothing to stamp")
    return wanted
