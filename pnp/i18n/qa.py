"""A translation and its source text → what a proofreader would flag, without typesetting them.

Markup that differs from the source (a lost `**`), inline icons that differ, quotation marks of another language's
style, a text left the same as its source, and a glossary term rendered otherwise. Each
finding is a short reason; status lists them under the text's key. What needs the fonts
(a glyph no font has, a text too long for its box) is checked in `pnp.paint.proof`.
"""

from __future__ import annotations

import re

from pnp.i18n.glossary import Glossary, names
from pnp.i18n.labels import label
from pnp.i18n.markup import markup_counts, strip_markup
from pnp.model.icons import icon_names

QUOTATION_MARKS = set("“”„‟‘‚‛«»‹›\"'’")
APOSTROPHE = "’"
_WORD = re.compile(r"\w+")


def text_findings(source: str, translation: str, language: str, glossary: Glossary) -> list[str]:
    """Every reason to look at `translation` again (a translation of `source` into `language`)."""
    findings = [_markup(source, translation), _icons(source, translation), quote_finding(translation, language),
                _identical(source, translation, glossary)]
    findings += _glossary(source, translation, glossary)
    return [finding for finding in findings if finding]


def _markup(source: str, translation: str) -> str | None:
    expected, found = markup_counts(source), markup_counts(translation)
    if expected == found:
        return None
    return f"markup differs from the source: {_counted(found)} where the source has {_counted(expected)}"


def _icons(source: str, translation: str) -> str | None:
    expected, found = icon_names(source), icon_names(translation)
    if expected == found:
        return None
    return f"icons differ from the source: {_listed(found)} where the source has {_listed(expected)}"


def _listed(counts) -> str:
    return ", ".join(f"{n} × {{icon:{name}}}" for name, n in sorted(counts.items())) or "none"


def _counted(counts) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())) or "none"


def allowed_quotes(language: str) -> set[str]:
    """Quotation marks a language's texts may hold: straight ones, its own, those it also uses, the apostrophe."""
    return {'"', "'", APOSTROPHE, *label("quotes", language), *label("quotes-also", language)}


def quote_finding(text: str, language: str) -> str | None:
    """Quotation marks in another language's style, if the text has any."""
    foreign = sorted({c for c in text if c in QUOTATION_MARKS} - allowed_quotes(language))
    if not foreign:
        return None
    own = label("quotes", language)
    return (f"quotation marks {' '.join(foreign)} are another language's; type straight quotes (set as "
            f"{own[2]}…{own[3]}) or {language}'s own")



def _identical(source: str, translation: str, glossary: Glossary) -> str | None:
    if translation != source:
        return None
    words = {word.casefold() for word in _WORD.findall(strip_markup(source)) if not word.isdigit()}
    kept = {word for name in names(glossary) for word in _WORD.findall(name)}
    if not words or words <= kept:
        return None  # numbers and names the glossary keeps as they are
    return "the same as the source text: translate it, or list the names in it in the glossary as themselves"


def _glossary(source: str, translation: str, glossary: Glossary) -> list[str]:
    findings = []
    for term in glossary.terms_used(source):
        if not term.kept_in(translation):
            wanted = " or ".join(f"“{form}”" for form in term.forms)
            findings.append(f"glossary: the source says “{term.source}”, which {glossary.language} says as {wanted} "
                            f"({glossary.path.name})")
    return findings
