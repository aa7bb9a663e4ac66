"""Every word of a Danish edition is Danish: the text of the Danish rulebooks, booklets and
component sheets of the four games, read back with pypdf, holds no English word of pnp's
own (its English labels) or of the game's English catalog that Danish does not share."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from rulebook_kit import GAMES, ROOT

from pnp.i18n import labels
from pnp.i18n.catalog import load_game_catalogs
from pnp.model.game import load_game
from pnp.targets import BuildOptions, build

WORD = re.compile(r"[^\W_]{2,}")  # a single letter is a coordinate or a label, not a word


def words(text: str) -> set[str]:
    return {word.casefold() for word in WORD.findall(text) if not word.isdigit()}


def pdf_words(path: Path) -> set[str]:
    return words(" ".join(page.extract_text() for page in pypdf.PdfReader(path).pages))


def english_words(game, catalogs) -> set[str]:
    """Words a Danish page must not show: pnp's English labels and the game's English texts,
    less those Danish uses too and the game's own facts (its authors, what it is based on, its licence)."""
    english = set().union(*map(words, labels._catalog("en").values()),
                          *(words(e.text) for e in catalogs["en"].entries.values()))
    danish = set().union(*map(words, labels._catalog("da").values()),
                         *(words(e.text) for e in catalogs["da"].entries.values()))
    work = game.based_on
    facts = [*game.authors, game.licence, *([work.title, *work.authors] if work else [])]
    return english - danish - words(" ".join(facts))


@pytest.fixture(scope="module")
def danish_sheets(tmp_path_factory) -> dict[str, list[Path]]:
    """Every game's component sheets as a Danish build writes them (--lang da, A4, PDF)."""
    out = tmp_path_factory.mktemp("sheets")
    options = BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("da",), kinds=("sheets",), jobs=1)
    written = build([ROOT / "content" / name for name in GAMES], options).written
    return {name: [path for path in written if path.parent.name == name] for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
def test_no_english_word_on_a_danish_sheet_rulebook_or_booklet(name: str, built, danish_sheets):
    game = load_game(ROOT / "content" / name)
    forbidden = english_words(game, load_game_catalogs(game))
    danish_rulebooks = [p for p in built[name][0] if re.search(r"-(rules|booklet)-da", p.name)]
    assert len(danish_rulebooks) == 3 and danish_sheets[name]
    found = {path.name: sorted(pdf_words(path) & forbidden) for path in [*danish_rulebooks, *danish_sheets[name]]}
    assert found == {path: [] for path in found}


def test_the_check_would_see_english(built):
    """The same reading finds the English words on an English page: the test above can fail."""
    game = load_game(ROOT / "content" / "boardless-quarto")
    english = next(p for p in built["boardless-quarto"][0] if p.name == "boardless-quarto-rules-en.pdf")
    known = english_words(game, load_game_catalogs(game))
    assert {"boardless", "page", "based", "players"} <= pdf_words(english) & known


def test_the_danish_cover_and_footers_say_braetloes_quarto(built):
    [reading] = [p for p in built["boardless-quarto"][0] if p.name == "boardless-quarto-rules-da.pdf"]
    pages = [page.extract_text() for page in pypdf.PdfReader(reading).pages]
    assert pages[0].startswith("Brætløs Quarto")
    assert all("Brætløs Quarto · Version 1.0" in page for page in pages[1:])
