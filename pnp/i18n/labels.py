"""pnp's own words (cover facts, footers, sheet footers, step captions, the calibration sheet,
booklet printing instructions, a language's quotation marks) → text per language.

They belong to the tool, not to a game, so they come with pnp: one flat YAML mapping per
language, `<lang>.yaml`, in a folder a `pnp.labels` entry point names (pnp.plugins). pnp's
own are in `pnp/i18n/labels/`; a plugin adds a language (or replaces none: pnp's own come
first). English is the source and has every label. A language pnp has no file for, or a
label its file lacks, falls back to the file of its primary language (pt-BR → pt), then to
English; `label_warning` says which words a language would print in English, so the
commands can warn before they draw.
"""

from __future__ import annotations

import re
from importlib import resources

from pnp import plugins
from pnp.model.names import language_problem
from pnp.model.source import parse_yaml

SOURCE = "en"
SHIPPED = resources.files("pnp.i18n").joinpath("labels")  # pnp's own label files (its pnp.labels entry points)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


class LabelCatalogError(RuntimeError):
    """A label catalog shipped with pnp is malformed: a defect of pnp, caught by its tests."""


@plugins.remembered
def _catalog(language: str) -> dict[str, str] | None:
    """The labels pnp has for language (its own, else an installed plugin's), or None when it has none."""
    if language_problem(language) is not None:
        return None
    plugin = plugins.find(plugins.LABELS, language)
    if plugin is None:
        return None
    resource = plugin.load().joinpath(f"{language}.yaml")
    if not resource.is_file():
        raise _error(plugin, f"{plugin.describe()} has no {language}.yaml in {plugin.value}")
    node = parse_yaml(resource.read_text(encoding="utf-8"), _shown(plugin, language))
    if not node.is_map:
        raise _error(plugin, f"{_shown(plugin, language)}: expected a mapping of label names to texts")
    labels: dict[str, str] = {}
    for name, value in node.value.items():
        if not isinstance(value.value, str):
            raise _error(plugin, f"{value.location} {name}: expected text, got {value.value!r}")
        labels[name] = value.value
    if plugin.distribution is not None:
        _check_placeholders(plugin, language, labels)
    return labels


def _source_catalog() -> dict[str, str]:
    """The English labels, which pnp always has."""
    labels = _catalog(SOURCE)
    if labels is None:
        raise LabelCatalogError(f"pnp/i18n/labels/{SOURCE}.yaml is missing")
    return labels


def _shown(plugin: plugins.Plugin, language: str) -> str:
    """How messages name a label file: pnp's own by its place in pnp, a plugin's by its plugin."""
    own = plugin.distribution is None
    return f"pnp/i18n/labels/{language}.yaml" if own else f"{language}.yaml of {plugin.provider}"


def _error(plugin: plugins.Plugin, message: str) -> Exception:
    return LabelCatalogError(message) if plugin.distribution is None else plugins.PluginError(message)


def _check_placeholders(plugin: plugins.Plugin, language: str, labels: dict[str, str]) -> None:
    """A plugin's label fills in what the English one does: a {name} it lacks or adds would print wrong."""
    english = _source_catalog()
    wrong = [name for name, text in labels.items()
             if name in english and placeholders(text) != placeholders(english[name])]
    if wrong:
        raise plugins.PluginError(f"{_shown(plugin, language)}: {', '.join(wrong)} must fill in the same {{names}} "
                                  f"as English ({'; '.join(repr(english[name]) for name in wrong)})")


def shipped_languages() -> tuple[str, ...]:
    """The languages pnp has label catalogs for, its own and installed plugins', sorted."""
    return tuple(sorted(plugins.names(plugins.LABELS)))


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
