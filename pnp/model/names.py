"""Names that become file names (ids, language tags) → checked against strict patterns.

A game, set, item, diagram or example id ends up in the name of an output file, and a
language tag in the name of a catalog (text/<lang>.yaml); so they are data of a known
shape, never paths: an id is a lower-case slug, a language a BCP 47 tag such as `da`
or `pt-BR`. Anything else (`..`, `/`, NUL, look-alike letters) is refused where it is
written, before it can reach a file name.
"""

from __future__ import annotations

import re
import unicodedata

from pnp.model.limits import MAX_ID_CHARS, MAX_LANGUAGE_TAG_CHARS
from pnp.model.problems import quote

# ASCII only (no re.UNICODE look-alikes), matched whole with fullmatch (no trailing newline).
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)
# language[-Script][-REGION][-variant…], in the canonical case: da, pt-BR, sr-Latn-RS.
_LANGUAGE_TAG = re.compile(r"[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?"
                           r"(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*", re.ASCII)
ID_RULE = f"lower-case letters a-z, digits and single '-' between them, at most {MAX_ID_CHARS} characters"


def id_problem(value: object, what: str = "an id") -> str | None:
    """Why value cannot be used as an id (it becomes part of file names), or None if it can."""
    if isinstance(value, str) and len(value) <= MAX_ID_CHARS and _ID.fullmatch(value):
        return None
    return f"expected {what} of {ID_RULE} (it becomes part of file names), got {quote(value)}{_culprit(value)}"


def _culprit(value: object) -> str:
    """Which character is wrong, when the eye cannot tell (a Cyrillic е among Latin letters)."""
    if not isinstance(value, str):
        return ""
    for index, char in enumerate(value[:MAX_ID_CHARS]):
        if not char.isascii() or not char.isprintable():
            return f" (character {index + 1} is U+{ord(char):04X}, not a letter a-z)"
    return ""


def is_id(value: object) -> bool:
    return id_problem(value) is None


def language_problem(value: object) -> str | None:
    """Why value is not a BCP 47 language tag in its usual spelling (da, pt-BR), or None."""
    if isinstance(value, str) and len(value) <= MAX_LANGUAGE_TAG_CHARS and _LANGUAGE_TAG.fullmatch(value):
        return None
    if isinstance(value, bool):  # Norwegian: YAML reads a plain `no` as false
        words = "no, off or false" if value is False else "yes, on or true"
        return (f"expected a language tag such as 'da' or 'pt-BR', got {str(value).lower()}: YAML reads a plain "
                f"{words} as {str(value).lower()}; write the tag in quotes, such as 'no' for Norwegian")
    return f"expected a language tag such as 'da' or 'pt-BR', got {quote(value)}"


# Letters that Unicode does not decompose into a Latin letter and an accent.
_SPELLED = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th"})


def slug(text: str) -> str:
    """An id made from any text: accents dropped (grøn → gron), lower case, anything else as single '-'."""
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_SPELLED))
    ascii_text = decomposed.encode("ascii", "ignore").decode("ascii")
    return "-".join(re.findall(r"[a-z0-9]+", ascii_text))[:MAX_ID_CHARS].strip("-")
