"""The light inline markup of catalog texts → its patterns, and what markup a text carries.

`***term***` is a bold term, `**name**` bold (action names), `*term*` a defined term
(italic); an unpaired `*` is just an asterisk. The rulebook sets these as tags; translation
status checks that a translation carries the same markup as its source text.
"""

from __future__ import annotations

import re
from collections import Counter

BOTH = re.compile(r"\*\*\*(?=\S)(.+?)(?<=\S)\*\*\*")
BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
TERM = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_KINDS = (("bold term", BOTH), ("bold", BOLD), ("term", TERM))


def markup_counts(text: str) -> Counter:
    """How many bold terms, bold names and terms a text marks, and the asterisks left unpaired."""
    counts: Counter = Counter()
    for kind, pattern in _KINDS:
        counts[kind] += len(pattern.findall(text))
        text = pattern.sub(r"\1", text)
    counts["unpaired *"] = text.count("*")
    return +counts


def strip_markup(text: str) -> str:
    """The text without its markup."""
    for _, pattern in _KINDS:
        text = pattern.sub(r"\1", text)
    return text
