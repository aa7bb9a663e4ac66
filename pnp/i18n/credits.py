"""A game's credits as game.yaml states them → the lines its cover and credits page print, per language.

The cover carries one credit line: who made the game, what it is based on, its version
and its licence ("by Michael Purcell · Version 1.0 · CC BY 4.0"); a rulebook's
`credits: true` block prints one line per credit ("Game design: Michael Purcell",
"Based on Quarto by Blaise Müller", "Licence: CC BY 4.0"). Only what game.yaml states
is printed: a game without authors, a licence or a work it is based on gets no line
for it, never a guess. The facts are printed as written; the words around them are
pnp's labels (pnp.i18n.labels), so the PDF rulebook and the web edition say the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.i18n.labels import label
from pnp.model.game import Game


def names(people: Sequence[str]) -> str:
    return ", ".join(people)


def based_on(game: Game, language: str) -> str:
    """"based on Quarto by Blaise Müller" in language; "" if the game is based on nothing it names."""
    work = game.based_on
    if work is None:
        return ""
    line = label("based-on", language).format(work=work.title)
    return f"{line} {label('by', language)} {names(work.authors)}" if work.authors else line


def version(game: Game, languages: Sequence[str]) -> str:
    """"Version 1.0": the word of each of languages, each different word once (a bilingual
    edition whose languages say it alike says it once)."""
    words = dict.fromkeys(label("version", language) for language in languages)
    return f"{' / '.join(words)} {game.version}"


def cover_credit(game: Game, languages: Sequence[str]) -> str:
    """The cover's credit line, in the first of languages (the version word in each of them)."""
    main = languages[0]
    by = f"{label('by', main)} {names(game.authors)}" if game.authors else ""
    return " · ".join(part for part in (by, based_on(game, main), version(game, languages), game.licence) if part)


def credit_lines(game: Game, language: str) -> list[str]:
    """What a credits page says of the game, one line per credit game.yaml gives."""
    lines = []
    if game.authors:
        lines.append(label("credit-design", language).format(names=names(game.authors)))
    if game.based_on is not None:
        lines.append(_capitalised(based_on(game, language)))
    if game.licence:
        lines.append(label("credit-licence", language).format(licence=game.licence))
    return lines


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
