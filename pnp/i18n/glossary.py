"""text/<lang>.glossary.yaml → a language's terms for a game, and the texts that stray from them.

A glossary maps each of the game's terms in the source language to the words a
translation uses for it, the preferred first:

    piece: brik
    spin: [drejning, drej]    # any of these will do
    Quarto: Quarto            # a name that stays as it is

Wherever a source text uses a term, its translation must hold one of the listed words
(anywhere: Danish joins words, so "vinderrække" holds "række"), ignoring case. A term is
used where it stands as a word of its own, ignoring case, or with one of the source
language's word endings (its `word-endings` label: "pieces" and "spinning" use "piece"
and "spin"), never inside another word: "tide" is not in "Tidewatch". Where terms
overlap the longest wins ("a spin" over "spin"). A term listed as itself is a name: it
is matched as written (the game Quatrefoil, not the quatrefoil it is played on). Names
are never hits of another term, and neither are the game's proper names (its title, its
authors, the work it is based on and its authors), which `proper_names` holds; a
translation may be the same as its source text where nothing but such names differ.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from pnp.i18n.labels import label
from pnp.model.files import content_file
from pnp.model.game import GLOSSARY_SUFFIX
from pnp.model.problems import Location, Problems, quote
from pnp.model.source import Node, load_yaml


@dataclass(frozen=True)
class Term:
    source: str
    forms: tuple[str, ...]
    location: Location

    @property
    def is_name(self) -> bool:
        return self.forms == (self.source,)

    def pattern(self, endings: tuple[str, ...]) -> re.Pattern:
        """The term as a word: as written, or (a name aside) with a word ending, its last letter
        doubled before it or not ("spinning"); never inside another word."""
        if self.is_name:
            return re.compile(rf"(?<!\w){re.escape(self.source)}(?!\w)")
        doubled = f"(?:{re.escape(self.source[-1])})?" if self.source[-1:].isalpha() else ""
        ending = "|".join(re.escape(e) for e in sorted(endings, key=len, reverse=True))
        return re.compile(rf"(?<!\w){re.escape(self.source)}(?:{doubled}(?:{ending}))?(?!\w)", re.IGNORECASE)

    def kept_in(self, translation: str) -> bool:
        folded = translation.casefold()
        return any(form.casefold() in folded for form in self.forms)


@dataclass(frozen=True)
class Glossary:
    language: str
    path: Path
    terms: tuple[Term, ...]
    proper_names: tuple[str, ...] = ()  # the game's title and the names game.yaml gives: never a term
    source_language: str = "en"  # the language the terms are written in, whose word endings they take

    def terms_used(self, source_text: str) -> list[Term]:
        """The terms source_text uses, in glossary order. Names are found first, then the game's
        proper names are set aside, then the other terms, the longest first: a term is found
        only where no name, proper name or longer term already stands."""
        text, used = source_text, set()
        for term, pattern in self._patterns:
            if term is None:  # the proper names: set aside, never a hit
                text = _blanked(text, pattern)
            elif pattern.search(text):
                used.add(term)
                text = _blanked(text, pattern)
        return [term for term in self.terms if term in used]

    @cached_property
    def _patterns(self) -> list[tuple[Term | None, re.Pattern]]:
        endings = tuple(label("word-endings", self.source_language).split())
        by_length = sorted(self.terms, key=lambda term: len(term.source), reverse=True)
        names = [(term, term.pattern(endings)) for term in by_length if term.is_name]
        proper = [(None, re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")) for name in self.proper_names if name]
        return [*names, *proper, *((term, term.pattern(endings)) for term in by_length if not term.is_name)]


def _blanked(text: str, pattern: re.Pattern) -> str:
    """text with every match of pattern blanked out, so that no other term is found there."""
    return pattern.sub(lambda match: "\0" * len(match.group()), text)


def glossary_path(game_folder: Path, language: str) -> Path:
    return Path(game_folder) / "text" / f"{language}{GLOSSARY_SUFFIX}"


def load_glossary(game_folder: Path, language: str, problems: Problems, proper_names: tuple[str, ...] = (),
                  source_language: str = "en") -> Glossary:
    """A language's glossary (empty if the game has none); problems of the file are collected.
    `proper_names` (the game's title, its people) are never taken for a term."""
    path = glossary_path(game_folder, language)
    terms: list[Term] = []
    if content_file(path, game_folder) is not None:
        node = load_yaml(path, game_folder)
        if node.is_map:
            terms = [term for key, value in node.value.items() if (term := _term(key, value, problems)) is not None]
        else:
            problems.add(node.location, "", "expected a mapping of terms to the words a translation uses for them")
    return Glossary(language, path, tuple(terms), proper_names, source_language)


def _term(key: str, node: Node, problems: Problems) -> Term | None:
    values = node.value if node.is_list else [node]
    forms = [value.value for value in values]
    if not forms or not all(isinstance(form, str) and form.strip() for form in forms) or not key.strip():
        problems.add(node.location, key,
                     f"expected the word for {quote(key)}, or a list of words, got {quote(node.plain())}")
        return None
    return Term(key, tuple(forms), node.location)


def names(glossary: Glossary) -> set[str]:
    """The terms that stay as they are in this language and the game's proper names (casefolded)."""
    return {term.source.casefold() for term in glossary.terms if term.is_name} | \
        {name.casefold() for name in glossary.proper_names}
