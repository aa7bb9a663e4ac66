"""Plain text as authors type it → text as a typesetter sets it: the language's own quotes,
no paragraph ending in a line of one word, and a name's capital letter dropped inside a
running list where the language does so.

Authors may type plain quotes and apostrophes; they are set as the language's own
(English ‘ ’ “ ”, Danish and German ‚ ‘ „ “, the apostrophe ’ in all), as pnp's label
catalog for the language gives them (`quotes`; English where it has none). A quote
after a space, a bracket or a dash, or at the start, opens; any other closes. Rulebook
paragraphs and standalone diagram captions both go through here.

A paragraph's last two words are joined by a no-break space, so its last line never holds
one word alone (a "runt"): the line before gives up a word instead. Where those two words
make fewer than RUNT_CHARACTERS ("is it."), the word before joins them too. Body text,
headings, captions and a cover's lines all go through here.

A set's name is written as a heading ("Colour cards"); inside a running line such as a
sheet's footer ("colour cards, position cards · sheet 1 of 2") English and Danish set it in
lower case, German keeps its nouns' capitals: the label `names-in-lists` says which.
"""

from __future__ import annotations

import re

from pnp.i18n.labels import label

APOSTROPHE = "’"
NO_BREAK_SPACE = "\u00a0"
RUNT_CHARACTERS = 5  # a last line shorter than this reads as a runt however many words it holds
_OPENS_AFTER = re.compile(r"(^|[\s(\[{–—/-])$")


def without_runt(text: str) -> str:
    """text with its last words joined by no-break spaces: the last two, and more until they make
    RUNT_CHARACTERS or more (a line break or the start of the text ends the tail)."""
    text = text.rstrip()
    head, _, line = text.rpartition("\n")
    words = [word for word in line.split(" ") if word]
    tail = words[-1:]
    while len(words) > len(tail) and (len(tail) < 2 or len(" ".join(tail)) < RUNT_CHARACTERS):
        tail = words[-len(tail) - 1:]
    line = " ".join(words[:len(words) - len(tail)] + [NO_BREAK_SPACE.join(tail)])
    return f"{head}\n{line}" if head or text.startswith("\n") else line


def in_running_text(name: str, language: str, keep: tuple[str, ...] = ()) -> str:
    """name as it stands inside a running line of language: its first letter in lower case
    where the language's `names-in-lists` label says "lower", unless the name starts with
    one of `keep` (the game's title, a proper name) or with an acronym ("TTS tokens")."""
    if label("names-in-lists", language) != "lower" or not name[:1].isupper():
        return name
    if name[1:2].isupper() or any(name == k or name.startswith(k + " ") for k in keep if k):
        return name
    return name[:1].lower() + name[1:]


def typographic_quotes(text: str, language: str) -> str:
    """text with straight quotes and apostrophes turned into the language's own."""
    if '"' not in text and "'" not in text:
        return text  # most paragraphs: nothing to turn, and the walk below is per character
    open_single, close_single, open_double, close_double = quotes(language)
    out: list[str] = []
    single_open = False
    for index, char in enumerate(text):
        before = text[index - 1] if index else ""
        after = text[index + 1:index + 2]
        opens = bool(_OPENS_AFTER.search(before)) and after.strip() != ""
        if char == '"':
            char = open_double if opens else close_double
        elif char == "'" and opens:
            char, single_open = open_single, True
        elif char == "'" and single_open and not (before.isalnum() and after.isalpha()):
            char, single_open = close_single, False
        elif char == "'":
            char = APOSTROPHE  # don't, Alice's, the players'
        out.append(char)
    return "".join(out)


def quotes(language: str) -> tuple[str, str, str, str]:
    """(open single, close single, open double, close double) of a language."""
    marks = label("quotes", language)
    return (marks[0], marks[1], marks[2], marks[3]) if len(marks) == 4 else quotes("en")
