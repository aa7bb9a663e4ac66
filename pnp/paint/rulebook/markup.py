"""Catalog text with light inline markup → platypus Paragraph XML.

`**bold**` marks action names and `*term*` defined terms; everything else is escaped
(&, <, >), so a text can never inject Paragraph tags. An unpaired `*` stays as it is.
Newlines in a text become line breaks.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_TERM = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")


def paragraph_xml(text: str, term: str = "<i>{}</i>", bold: str = "<b>{}</b>") -> str:
    """Escaped XML with bold and term markup turned into the given tag templates."""
    xml = escape(text.strip())
    xml = _BOLD.sub(lambda m: bold.format(m.group(1)), xml)
    xml = _TERM.sub(lambda m: term.format(m.group(1)), xml)
    return xml.replace("\n", "<br/>")


def plain_text(text: str) -> str:
    """The text without its markup, for places that draw plain strings."""
    return _TERM.sub(r"\1", _BOLD.sub(r"\1", text.strip()))
