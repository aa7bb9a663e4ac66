"""What translation status flags in a text, as a proofreader would: markup that differs from the
English, quotation marks of another language, a text left in English, a glossary term
rendered otherwise, a glyph no font has, a card text that overflows its box; and keys that
only a diagram's label uses count as used."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.i18n.catalog import catalog_path, load_game_catalogs
from pnp.i18n.glossary import Glossary, Term
from pnp.i18n.qa import text_findings
from pnp.model.game import load_game
from pnp.model.problems import Location
from pnp.paint.proof import game_statuses

ROOT = Path(__file__).resolve().parents[2]
QUOTES = {"en": "“…”", "da": "„…“", "de": "„…“"}
NO_GLOSSARY = Glossary("da", Path("da.glossary.yaml"), ())


def glossary(**terms) -> Glossary:
    return Glossary("da", Path("da.glossary.yaml"),
                    tuple(Term(k.replace("_", " "), tuple(v) if isinstance(v, list) else (v,), Location("g"))
                          for k, v in terms.items()))


@pytest.mark.parametrize("source, translation, expected", [
    ("Choose **Push** or *north*.", "Vælg **Skub** eller *nord*.", []),
    ("Choose **Push** or *north*.", "Vælg Skub eller *nord*.",
     ["markup differs from the source: 1 term where the source has 1 bold, 1 term"]),
    ("A ***Stack*** ends it.", "Et **Stabl* afslutter det.",
     ["markup differs from the source: 3 unpaired * where the source has 1 bold term"]),
])
def test_markup_must_match_the_source(source, translation, expected):
    assert text_findings(source, translation, "da", NO_GLOSSARY) == expected


@pytest.mark.parametrize("language, text, flagged", [
    ("da", "Sig „Quarto!“ højt.", None),
    ("da", 'Sig "Quarto!" højt.', None),  # straight quotes are set as the language's own
    ("da", "Sig »Quarto!« højt.", None),
    ("da", "Sig “Quarto!” højt.", "”"),
    ("de", "Sag „Quarto!“ laut.", None),
    ("en", "Say „Quarto!“ out loud.", "„"),
    ("da", "Spillerens brik", None),
    ("da", "Spillerens’ brik", None),  # the apostrophe belongs to every language
])
def test_quotation_marks_of_another_language_are_flagged(language, text, flagged):
    findings = text_findings("Say “Quarto!” out loud.", text, language, NO_GLOSSARY)
    quotes = [f for f in findings if f.startswith("quotation marks")]
    assert quotes == ([] if flagged is None else [f"quotation marks {flagged} are another language's; type straight "
                                                  f"quotes (set as {QUOTES[language]}) or {language}'s own"])


def test_a_text_left_as_the_source_is_flagged_unless_it_is_names_or_numbers():
    assert text_findings("Take a stone.", "Take a stone.", "da", NO_GLOSSARY) == [
        "the same as the source text: translate it, or list the names in it in the glossary as themselves"]
    assert text_findings("Quatrefoil Dual", "Quatrefoil Dual", "da",
                         glossary(Quatrefoil="Quatrefoil", Dual="Dual")) == []
    assert text_findings("4×4", "4×4", "da", NO_GLOSSARY) == []


def test_glossary_terms_must_be_kept():
    terms = glossary(piece="brik", a_spin="drejning", spin="drej", Quarto="Quarto")
    assert text_findings("Place the pieces.", "Læg brikkerne.", "da", terms) == []
    assert text_findings("A spin turns three tiles.", "Et drej flytter tre brikker.", "da", terms) == [
        "glossary: the source says “a spin”, which da says as “drejning” (da.glossary.yaml)"]
    # A name is matched as written: the quatrefoil on the table is not the game Quatrefoil.
    assert text_findings("Say quarto.", "Sig kvarto.", "da", terms) == []


def used(terms: Glossary, text: str) -> list[str]:
    return [term.source for term in terms.terms_used(text)]


@pytest.mark.parametrize("text, found", [
    ("Place the piece.", ["piece"]),
    ("Place the pieces, then the Piece's twin.", ["piece"]),  # an ending of the source language; any case
    ("Keep spinning; it spins; one spin.", ["spin"]),  # a doubled last letter before an ending
    ("A masterpiece, a pieceless row, a spinner.", []),  # inside another word, or another word's start
    ("Tidewatch rises with the tide.", ["tide"]),
    ("Tidewatch, Tidewatches.", []),
])
def test_a_term_is_found_as_a_word_never_inside_one(text, found):
    assert used(glossary(piece="brik", spin="drej", tide="tidevand"), text) == found


def test_the_longest_term_wins_where_terms_overlap():
    terms = glossary(free_token="frie brik", token="brik", a_spin="drejning", spin="drej")
    assert used(terms, "Take the free token.") == ["free token"]
    assert used(terms, "The free token and a token.") == ["free token", "token"]
    assert used(terms, "A spin, then spin again.") == ["a spin", "spin"]


def test_the_title_and_proper_names_are_never_hits():
    terms = replace(glossary(tide="tidevand", stone="sten", watch="vagt"),
                    proper_names=("Tide Watch", "Michael Stone"))
    assert used(terms, "Tide Watch is a game by Michael Stone.") == []
    assert used(terms, "In Tide Watch, the tide turns each watch.") == ["tide", "watch"]
    # A text of nothing but proper names may stay as it is.
    assert text_findings("Michael Stone", "Michael Stone", "da", terms) == []
    # A name the glossary lists is still checked, even where it is the title too.
    kept = replace(glossary(Quarto="Quarto"), proper_names=("Quarto",))
    assert text_findings("Play Quarto.", "Spil Kvarto.", "da", kept) == [
        "glossary: the source says “Quarto”, which da says as “Quarto” (da.glossary.yaml)"]


TIDEWATCH = {
    "game.yaml": """\
        title: Tidewatch
        version: "1"
        languages: [en, da]
        players: "2"
        palette: {ink: "#222222", gold: "#E69F00"}
        """,
    "text/da.glossary.yaml": "tide: tidevand\nTidewatch: Tidevagt\n",
    "rulebook.yaml": "sections:\n  - title: rules.title\n    body: [{p: rules.intro}]\n",
}


def test_check_strict_passes_on_a_game_whose_title_holds_a_glossary_term(make_game, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch):
    from pnp.i18n.catalog import fingerprint

    def game(english: str, danish: str) -> None:
        texts = (("game.title", "Tidevagt", "Tidewatch"), ("chip.name", "Guld", "Gold"),
                 ("rules.title", "Regler", "Rules"), ("rules.intro", danish, english))
        make_game({**TIDEWATCH, "text/en.yaml": "".join(f"{key}: {source}\n" for key, _, source in texts[1:]),
                   "text/da.yaml": "".join(f"{key}: {{text: {text}, source: \"{fingerprint(source)}\"}}\n"
                                           for key, text, source in texts)})

    monkeypatch.chdir(tmp_path)
    game("Welcome to Tidewatch.", "Velkommen til Tidevagt.")
    result = CliRunner().invoke(main, ["check", "tiny", "--strict"])
    assert result.exit_code == 0, result.output
    # The same check fails where the English does use the term and the Danish drops it.
    game("Tidewatch follows the tide.", "Tidevagt følger vandet.")
    result = CliRunner().invoke(main, ["check", "tiny", "--strict", "-v"])  # -v: each text, not the count alone
    assert result.exit_code == 1
    assert "glossary: the source says “tide”, which da says as “tidevand”" in result.output


def real_game(name: str, tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    return Path(shutil.copytree(ROOT / "content" / name, tmp_path / "content" / name))


def danish_findings(folder: Path) -> list[tuple[str, str]]:
    game = load_game(folder)
    [status] = game_statuses(game, load_game_catalogs(game), ["da"])
    return [(issue.key, issue.note) for issue in status.findings]


def edit_danish(folder: Path, old: str, new: str) -> None:
    path = catalog_path(folder, "da")
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_old_danish_et_drej_is_caught_by_the_trifoil_glossary(tmp_path: Path):
    folder = real_game("trifoil", tmp_path)
    assert danish_findings(folder) == []
    edit_danish(folder, "text: En drejning flytter tre brikker", "text: Et drej flytter tre brikker")
    assert danish_findings(folder) == [("diagram.spin.caption", "glossary: the source says “a spin”, which da says as "
                                                                "“drejning” (da.glossary.yaml)")]


def test_status_finds_a_card_text_too_long_for_its_box(tmp_path: Path):
    folder = real_game("quatrefoil", tmp_path)
    edit_danish(folder, "text: Rød\n", "text: Rødrødrødrødrødrød\n")
    [(key, note)] = danish_findings(folder)
    assert key == "colour.red"
    assert note.startswith("does not fit its box (card face: front of the 'colour-cards' set): needs ")
    assert note.endswith("mm of width, the box has 53.3 mm")


def test_status_finds_a_glyph_no_font_has(tmp_path: Path):
    folder = real_game("folio", tmp_path)
    edit_danish(folder, "text: Sådan spiller I\n", "text: Sådan spiller I ☃\n")
    assert ("rules.play.title", "has ☃, which the regular font cannot draw") in danish_findings(folder)


def test_a_key_only_a_diagram_label_uses_counts_as_used(make_game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    folder = make_game({"diagrams.yaml": """\
        diagrams:
          start:
            board: {grid: [2, 2]}
            marks:
              - {label-key: label.north, at: [0, 0]}
        """, "text/en.yaml": "chip.name: Gold\ndiagram.start.caption: The start.\nlabel.north: N\n",
                        "text/da.yaml": None})
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["translate", "status", "tiny"])
    assert "tiny en: 4 texts (the source), all in order" in result.output
    assert folder.exists()
