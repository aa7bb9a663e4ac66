"""The four games' covers and credits pages tell what their seeds give, and nothing more.

The facts below are written by hand from ../shared/GAMES.md and the seed texts, not read
through pnp: players, playing time and age only where a seed states them (Quatrefoil:
"four players", "5-10 minutes", "eight years old or older"; Folio: "around 5-10 minutes";
Trifoil and Boardless Quarto give neither), the people a seed credits, and a licence only
where the original has one (Quatrefoil CC BY 4.0, Trifoil MIT; Boardless Quarto and Folio
state none). Every rulebook of every language (reading PDF, booklets on A4 and Letter,
the bilingual edition) is read back with pypdf and PDFium, and its cover and credits may
show no time, age, person or licence that its game's seed does not give.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from rulebook_kit import GAMES, ROOT

from pnp.model.game import load_game

SEEDS = {
    "quatrefoil": dict(players="4", minutes="5–10", age="8+", licence="CC BY 4.0", authors=("Michael Purcell",),
                       based_on=None, credited=("Michael Purcell",)),
    "trifoil": dict(players="2", minutes=None, age=None, licence="MIT", authors=("Aaron Santiago",),
                    based_on=None, credited=("Aaron Santiago",)),
    "boardless-quarto": dict(players="2", minutes=None, age=None, licence=None, authors=(),
                             based_on=("Quarto", ("Blaise Müller",)), credited=("Blaise Müller",)),
    "folio": dict(players="2", minutes="5–10", age=None, licence=None, authors=("David Morgan-Mar",),
                  based_on=None, credited=("David Morgan-Mar", "Geoff Bailey")),  # seed 004: design, playtesting
}
# Everyone any seed credits: a name on the wrong game's cover is an invented credit.
PEOPLE = {name for seed in SEEDS.values() for name in seed["credited"]}
# The cover's credit line, as each language should print it.
CREDIT_LINES = {
    ("quatrefoil", "en"): "by Michael Purcell · Version 1.0 · CC BY 4.0",
    ("quatrefoil", "da"): "af Michael Purcell · Version 1.0 · CC BY 4.0",
    ("trifoil", "en"): "by Aaron Santiago · Version 1.0 · MIT",
    ("trifoil", "da"): "af Aaron Santiago · Version 1.0 · MIT",
    ("boardless-quarto", "en"): "based on Quarto by Blaise Müller · Version 1.0",
    ("boardless-quarto", "da"): "baseret på Quarto af Blaise Müller · Version 1.0",
    ("folio", "en"): "by David Morgan-Mar · Version 1.0",
    ("folio", "da"): "af David Morgan-Mar · Version 1.0",
}
LABELS = {"minutes": ("Minutes", "Minutter"), "age": ("Age", "Alder"), "players": ("Players", "Spillere")}
CREDITS_HEADINGS = ("Credits", "Medvirkende")
TIME = re.compile(r"\d+\s*[–-]\s*\d+")
AGE = re.compile(r"\d+\s?\+")
LICENCE_NAME = re.compile(r"CC[\s-]?BY|CC0|\bMIT\b|GPL|Apache|Creative Commons|[Pp]ublic domain")
LICENCE_WORD = re.compile(r"licen[cs]|lizenz", re.IGNORECASE)


def flat(text: str) -> str:
    """Text with every run of white space (line breaks, no-break spaces) as one space."""
    return " ".join(text.split())


def pages_of(path: Path) -> list[str]:
    return [flat(page.extract_text()) for page in pypdf.PdfReader(path).pages]


def cover_and_credits(pages: list[str]) -> tuple[str, str]:
    """The cover page, and the text from the credits heading to the end."""
    rest = " ".join(pages[1:])
    starts = [i for i in (rest.find(heading) for heading in CREDITS_HEADINGS) if i >= 0]
    assert starts, f"no credits heading ({' or '.join(CREDITS_HEADINGS)})"
    return pages[0], rest[min(starts):]


def editions(built, game: str) -> list[Path]:
    return [p for p in built[game][0] if "-rules-" in p.name]


def language_of(path: Path) -> str:
    return "en" if "bilingual" in path.name else path.stem.split("-")[-1]


def test_every_game_yaml_states_what_its_seed_gives_and_no_more():
    for name, seed in SEEDS.items():
        game = load_game(ROOT / "content" / name)
        work = (game.based_on.title, game.based_on.authors) if game.based_on else None
        stated = (game.players, game.minutes or None, game.age or None, game.licence or None, game.authors, work)
        assert stated == (seed["players"], seed["minutes"], seed["age"], seed["licence"], seed["authors"],
                          seed["based_on"]), name


@pytest.mark.parametrize("game", GAMES)
def test_covers_and_credits_state_only_the_seeds_facts(built, game):
    seed = SEEDS[game]
    paths = editions(built, game)
    assert {p.name for p in paths} == {f"{game}-rules-{lang}.pdf" for lang in ("en", "da", "bilingual")}
    for path in paths:
        cover, credits = cover_and_credits(pages_of(path))
        both = f"{cover} {credits}"
        where = f"{path.name}: {both!r}"
        assert CREDIT_LINES[game, language_of(path)] in cover, where
        # Time and age: printed, with their labels, exactly where the seed gives them.
        for fact, pattern in (("minutes", TIME), ("age", AGE)):
            shown = pattern.findall(cover)
            labelled = [word for word in LABELS[fact] if word in cover]
            if seed[fact] is None:
                assert not shown and not labelled, where
            else:
                assert shown == [seed[fact]] and labelled, where
        assert seed["players"] in cover and any(word in cover for word in LABELS["players"]), where
        # Licence: the original's, where it has one, and never another.
        if seed["licence"] is None:
            assert not LICENCE_NAME.findall(both) and not LICENCE_WORD.findall(both), where
        else:
            assert seed["licence"] in cover and seed["licence"] in credits, where
            assert not LICENCE_NAME.findall(both.replace(seed["licence"], "")), where
        # People: only those this game's seed credits, each of them on the credits page.
        assert {person for person in PEOPLE if person in both} == set(seed["credited"]), where
        assert all(person in credits for person in seed["credited"]), where
        assert "(Quarto)" not in both, where


@pytest.mark.parametrize("game", GAMES)
def test_no_booklet_sheet_states_a_fact_the_seed_lacks(built, game):
    """The booklets, read by PDFium: on the sheet side that carries the cover, no time or
    age the seed lacks; on every sheet, no licence or person the seed lacks."""
    seed = SEEDS[game]
    booklets = [p for p in built[game][0] if "-booklet-" in p.name]
    assert len(booklets) == 4
    for path in booklets:
        document = pypdfium2.PdfDocument(path)
        sides = [flat(page.get_textpage().get_text_range()) for page in document]
        document.close()
        language = path.stem.split("-")[-2]
        covers = [side for side in sides if CREDIT_LINES[game, language] in side]
        assert len(covers) == 1, (f"{path.name}: no sheet side with the cover's credit line "
                                  f"{CREDIT_LINES[game, language]!r}")
        cover_side = covers[0]
        where = f"{path.name}: {cover_side!r}"
        if seed["minutes"] is None:
            assert not TIME.findall(cover_side) and not any(w in cover_side for w in LABELS["minutes"]), where
        if seed["age"] is None:
            assert not AGE.findall(cover_side) and not any(w in cover_side for w in LABELS["age"]), where
        everything = " ".join(sides)
        if seed["licence"] is None:
            assert not LICENCE_NAME.findall(everything) and not LICENCE_WORD.findall(everything), path.name
        assert {person for person in PEOPLE if person in everything} == set(seed["credited"]), path.name
