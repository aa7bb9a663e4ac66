"""Catalog text with light inline markup → platypus Paragraph XML, with the language's own quotes.

`**bold**` marks action names, `*term*` defined terms and `***both***` a bold term;
everything else is escaped
(&, <, >), so a text can never inject Paragraph tags. An unpaired `*` stays as it is.
Newlines in a text become line breaks.

Authors may type plain quotes and apostrophes: they are set as the language's own
(see `pnp.text.typography`).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from pnp.i18n.markup import BOLD, BOTH, TERM, strip_markup
from pnp.text.typography import typographic_quotes


def paragraph_xml(text: str, language: str = "en", term: str = "<i>{}</i>", bold: str = "<b>{}</b>") -> str:
    """Escaped XML with the language's quotes and bold and term markup turned into the given tags."""
    xml = escape(typographic_quotes(text.strip(), language))
    xml = BOTH.sub(lambda m: bold.format(term.format(m.group(1))), xml)
    xml = BOLD.sub(lambda m: bold.format(m.group(1)), xml)
    xml = TERM.sub(lambda m: term.format(m.group(1)), xml)
    return xml.replace("\n", "<br/>")


def plain_text(text: str, language: str = "en") -> str:
    """The text without its markup, with the language's quotes, for places that draw plain strings."""
    return typographic_quotes(strip_markup(text.strip()), language)
