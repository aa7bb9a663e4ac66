"""text/<lang>.glossary.yaml → a language's terms for a game, and the texts that stray from them.

A glossary maps each of the game's terms in the source language to the words a
translation uses for it, the preferred first:

    piece: brik
    spin: [drejning, drej]    # any of these will do
    Quarto: Quarto            # a name that stays as it is

Wherever a source text uses a term (as a word or the start of one: "pieces" uses
"piece"), its translation must hold one of the listed words (anywhere: Danish joins words,
so "vinderrække" holds "række"), ignoring case. A term listed as itself is a name: it is
matched as written (the game Quatrefoil, not the quatrefoil it is played on), and a
translation may be the same as its source text where nothing but such names differ.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

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

    def used_in(self, source_text: str) -> bool:
        flags = 0 if self.is_name else re.IGNORECASE
        return re.search(rf"(?<!\w){re.escape(self.source)}", source_text, flags) is not None

    def kept_in(self, translation: str) -> bool:
        folded = translation.casefold()
        return any(form.casefold() in folded for form in self.forms)


@dataclass(frozen=True)
class Glossary:
    language: str
    path: Path
    terms: tuple[Term, ...]


def glossary_path(game_folder: Path, language: str) -> Path:
    return Path(game_folder) / "text" / f"{language}{GLOSSARY_SUFFIX}"


def load_glossary(game_folder: Path, language: str, problems: Problems) -> Glossary:
    """A language's glossary (empty if the game has none); problems of the file are collected."""
    path = glossary_path(game_folder, language)
    if content_file(path, game_folder) is None:
        return Glossary(language, path, ())
    node = load_yaml(path, game_folder)
    if not node.is_map:
        problems.add(node.location, "", "expected a mapping of terms to the words a translation uses for them")
        return Glossary(language, path, ())
    terms = [term for key, value in node.value.items() if (term := _term(key, value, problems)) is not None]
    return Glossary(language, path, tuple(terms))


def _term(key: str, node: Node, problems: Problems) -> Term | None:
    values = node.value if node.is_list else [node]
    forms = [value.value for value in values]
    if not forms or not all(isinstance(form, str) and form.strip() for form in forms) or not key.strip():
        problems.add(node.location, key, f"expected the word for {quote(key)}, or a list of words, got {quote(node.plain())}")
        return None
    return Term(key, tuple(forms), node.location)


def names(glossary: Glossary) -> set[str]:
    """The terms that stay as they are in this language (casefolded)."""
    return {term.source.casefold() for term in glossary.terms if term.is_name}
