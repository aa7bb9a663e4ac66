"""pnp's own words (cover facts, footers, sheet footers, step captions, the calibration sheet,
booklet printing instructions, a language's quotation marks) → text per language.

They belong to the tool, not to a game, so they live in a catalog shipped inside pnp:
`pnp/i18n/labels/<lang>.yaml`, one flat YAML mapping per language. English is the
source and has every label. A language pnp has no file for, or a label its file lacks,
falls back to the file of its primary language (pt-BR → pt), then to English;
`label_warning` says which words a language would print in English, so the commands
can warn before they draw.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from pnp.model.names import language_problem
from pnp.model.source import parse_yaml

SOURCE = "en"
_FOLDER = "labels"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


class LabelCatalogError(RuntimeError):
    """A label catalog shipped with pnp is malformed: a defect of pnp, caught by its tests."""


@cache
def _catalog(language: str) -> dict[str, str] | None:
    """The labels pnp ships for language, or None when it ships none."""
    if language_problem(language) is not None:
        return None
    resource = resources.files("pnp.i18n") / _FOLDER / f"{language}.yaml"
    if not resource.is_file():
        return None
    node = parse_yaml(resource.read_text(encoding="utf-8"), f"pnp/i18n/{_FOLDER}/{language}.yaml")
    labels: dict[str, str] = {}
    for name, value in node.value.items():
        if not isinstance(value.value, str):
            raise LabelCatalogError(f"{value.location} {name}: expected text, got {value.value!r}")
        labels[name] = value.value
    return labels


def _source_catalog() -> dict[str, str]:
    """The English labels, which pnp always ships."""
    labels = _catalog(SOURCE)
    if labels is None:
        raise LabelCatalogError(f"pnp/i18n/{_FOLDER}/{SOURCE}.yaml is missing")
    return labels


def shipped_languages() -> tuple[str, ...]:
    """The languages pnp has a label catalog for, sorted."""
    folder = resources.files("pnp.i18n").joinpath(_FOLDER)
    names = (entry.name for entry in folder.iterdir() if entry.name.endswith(".yaml"))
    return tuple(sorted(name[: -len(".yaml")] for name in names))


def _chain(language: str) -> list[str]:
    """Where the labels of language are looked for, in order: itself, its primary language, English."""
    return list(dict.fromkeys([language, language.split("-")[0], SOURCE]))


def label(name: str, language: str) -> str:
    """The label called name in language, else in English; KeyError if pnp has no such label."""
    for candidate in _chain(language):
        labels = _catalog(candidate) or {}
        if name in labels:
            return labels[name]
    raise KeyError(name)


def missing_labels(language: str) -> tuple[str, ...]:
    """The labels language would print in English, in the English catalog's order."""
    own = [labels for candidate in _chain(language)[:-1] if (labels := _catalog(candidate)) is not None]
    if language == SOURCE:
        return ()
    return tuple(name for name in _source_catalog() if not any(name in labels for labels in own))


def label_warning(language: str) -> str | None:
    """A warning naming the labels language lacks (set in English), or None if it has them all."""
    missing = missing_labels(language)
    if not missing:
        return None
    shipped = ", ".join(shipped_languages())
    if len(missing) == len(_source_catalog()):
        return (f"pnp has no {language} words of its own (page footers, cover facts, sheet footers…); they are set "
                f"in English (pnp has them in {shipped})")
    return f"pnp has no {language} words for {', '.join(missing)}; they are set in English"


def placeholders(text: str) -> set[str]:
    """The {names} a label has pnp fill in."""
    return set(_PLACEHOLDER.findall(text))
