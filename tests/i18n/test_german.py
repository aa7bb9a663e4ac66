"""A third language end to end, as the README tells a translator to add one: German started
with `translate init`, a few texts translated through a PO file, status listing what is
missing, the German rulebook and sheets built with English fallback (one summary warning
listing each key), German labels and footers on the pages, --strict failing on stale text."""

from __future__ import annotations

import os
import re
import textwrap
from pathlib import Path

import polib
import pypdf
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.i18n.catalog import fingerprint

ROOT = Path(__file__).resolve().parents[2]

GAME = {
    "game.yaml": """\
        title: Stone Row
        subtitle: A tiny game of stones in a row.
        authors: [A. Designer]
        version: "2.1"
        licence: CC0
        languages: [en, da]
        players: "2"
        palette:
          ink: "#222222"
          sand: "#E8DDC4"
        """,
    "components.yaml": """\
        sets:
          cards:
            extends: cards/mini-euro
            items: [{id: stone}]
            front:
              background: sand
              elements:
                - text: {key: card.stone, y: 40%, h: 20%, size: 12pt, font: bold, colour: ink}
            back: same
        """,
    "rulebook.yaml": """\
        booklet: a5-saddle
        sections:
          - title: rules.goal.title
            body:
              - p: rules.goal.p1
              - components: true
          - title: rules.turn.title
            body:
              - steps: [rules.turn.step1, rules.turn.step2]
        """,
}
ENGLISH = {
    "card.stone": "Stone",
    "component.cards.name": "Cards",
    "component.cards.description": "One card for each stone.",
    "rules.goal.title": "Goal",
    "rules.goal.p1": "Put four **stones** in a row before your opponent does.",
    "rules.turn.title": "Your turn",
    "rules.turn.step1": "Take a stone.",
    "rules.turn.step2": "Put it next to another stone.",
}
DANISH = {"game.title": "Stenrække", "game.subtitle": "Et lille spil om sten på række.", "card.stone": "Sten",
          "component.cards.name": "Kort", "component.cards.description": "Ét kort for hver sten.",
          "rules.goal.title": "Mål", "rules.goal.p1": "Læg fire **sten** på række før din modstander.",
          "rules.turn.title": "Din tur", "rules.turn.step1": "Tag en sten.",
          "rules.turn.step2": "Læg den ved siden af en anden sten."}
SOURCES = {**ENGLISH, "game.title": "Stone Row", "game.subtitle": "A tiny game of stones in a row."}
GERMAN = {"game.title": "Steinreihe", "rules.goal.title": "Ziel", "rules.turn.step1": "Nimm einen Stein."}


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder with content/stone-row/ and templates/, as the README's layout has."""
    folder = tmp_path / "content" / "stone-row"
    for name, text in GAME.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    (folder / "text").mkdir()
    (folder / "text" / "en.yaml").write_text("".join(f"{k}: {v}\n" for k, v in ENGLISH.items()), encoding="utf-8")
    (folder / "text" / "da.yaml").write_text("".join(
        f"{k}:\n  text: '{v}'\n  source: \"{fingerprint(SOURCES[k])}\"\n" for k, v in DANISH.items()), encoding="utf-8")
    (tmp_path / "templates").mkdir()
    for template in (ROOT / "templates").rglob("*.yaml"):
        target = tmp_path / "templates" / template.relative_to(ROOT / "templates")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(template.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pnp(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def translate_a_few_into_german(work: Path) -> None:
    """The README's steps: start German, export a PO file, translate some of it, import it."""
    started = pnp("translate", "init", "stone-row", "de")
    assert started.exit_code == 0, started.output
    assert pnp("translate", "export", "stone-row", "--lang", "de", "-o", "de.po").exit_code == 0
    po = polib.pofile(str(work / "de.po"))
    for key, text in GERMAN.items():
        po.find(key, by="msgctxt").msgstr = text
    po.save(str(work / "de.po"))
    imported = pnp("translate", "import", "stone-row", "de.po")
    assert imported.exit_code == 0, imported.output
    assert imported.output.splitlines()[-1].startswith("3 texts changed in content/stone-row/text/de.yaml (3 new)")


def test_starting_german_makes_it_one_of_the_games_languages(work: Path):
    result = pnp("translate", "init", "stone-row", "de")
    assert result.exit_code == 0, result.output
    assert "started de: wrote content/stone-row/text/de.yaml" in result.output
    written = (work / "content/stone-row/text/de.yaml").read_text(encoding="utf-8")
    assert written.startswith("# de texts of Stone Row, translated")
    assert "stone-row\tStone Row 2.1\ten, da, de\tcards (1)" in pnp("list").output
    again = pnp("translate", "init", "stone-row", "de")
    assert again.exit_code == 1 and "de is started already" in again.output
    assert pnp("translate", "init", "stone-row", "en").exit_code == 1
    assert pnp("translate", "init", "stone-row", "Deutsch").exit_code == 2


def test_status_lists_what_german_still_lacks(work: Path):
    translate_a_few_into_german(work)
    result = pnp("translate", "status", "stone-row")
    lines = result.output.splitlines()
    assert "stone-row de: 3 of 10 translated; 7 missing" in lines
    missing = lines[lines.index("de missing:") + 1:]
    assert [line.split(": ")[-1] for line in missing[:7]] == sorted(set(SOURCES) - set(GERMAN))


def test_the_german_edition_builds_with_english_fallback_german_labels_and_footers(work: Path):
    translate_a_few_into_german(work)

    result = pnp("build", "stone-row", "--lang", "de", "--format", "pdf", "--paper", "a4")

    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert warnings == ["warning: stone-row (de): 7 texts missing (set in en) — see pnp translate status stone-row"]
    assert "content/stone-row" not in result.output  # one line per language; -v lists the texts
    listed = pnp("build", "stone-row", "--lang", "de", "--format", "pdf", "--paper", "a4", "-v").output
    listed = re.findall(r"^  missing \(set in en\): content/stone-row/\S+: (\S+)$", listed, re.MULTILINE)
    assert listed == sorted(set(SOURCES) - set(GERMAN))  # each key once, though the rulebook and sheets both use them
    rules = pdf_text(work / "output/stone-row/stone-row-rules-de.pdf")
    assert "Steinreihe" in rules and "Ziel" in rules and "Nimm einen Stein." in rules  # German texts
    assert "Put it next to another stone." in rules  # and the English of what is not translated yet
    assert "Steinreihe · Version 2.1" in rules and "Seite 2" in rules and "Personen" in rules  # pnp's own words
    assert "Schritt" not in rules  # (no example play here) ...
    booklet = pdf_text(work / "output/stone-row/stone-row-booklet-de-a4.pdf")
    assert "Auf A4 in 100 % (Originalgröße) beidseitig drucken, Wenden an der kurzen Kante." in booklet
    sheet = pdf_text(work / "output/stone-row/stone-row-sheets-de-a4.pdf")
    assert "Steinreihe 2.1 · Cards · Bogen 1 von 1 · Vorderseite · in 100 % drucken" in sheet


def test_a_bilingual_edition_of_any_pair_the_game_names(work: Path):
    translate_a_few_into_german(work)
    game_yaml = work / "content/stone-row/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "bilingual: [da, de]\n", encoding="utf-8")

    assert pnp("build", "stone-row", "--format", "pdf", "--paper", "a4", "-q").exit_code == 0

    both = pdf_text(work / "output/stone-row/stone-row-rules-bilingual.pdf")
    assert "Mål" in both and "Ziel" in both and "Side / Seite" in both and "Goal" not in both
    assert "Stenrække" in both and "Steinreihe" in both


def test_strict_fails_on_a_stale_text_and_names_it(work: Path):
    en = work / "content/stone-row/text/en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("Take a stone.", "Take one stone."), encoding="utf-8")

    relaxed = pnp("build", "stone-row", "--lang", "da", "--format", "pdf", "--paper", "a4")
    strict = pnp("build", "stone-row", "--lang", "da", "--format", "pdf", "--paper", "a4", "--strict")

    assert relaxed.exit_code == 0
    assert "warning: stone-row (da): 1 text stale — see pnp translate status stone-row\n" in relaxed.output
    assert strict.exit_code == 1
    assert ("Error: content/stone-row/text/da.yaml: stone-row: 1 text stale (--strict); pnp translate status stone-row "
            "lists them\n(1 problem)") in strict.output, strict.output
    listed = pnp("build", "stone-row", "--lang", "da", "--format", "pdf", "--paper", "a4", "--strict", "-v")
    assert re.search(r"^  stale: content/stone-row/text/da\.yaml:\d+: rules\.turn\.step1 \(source changed\)$",
                     listed.output, re.MULTILINE), listed.output


def test_a_language_no_game_has_is_refused(work: Path):
    result = pnp("build", "stone-row", "--lang", "fr", "--format", "pdf")
    assert result.exit_code == 2  # a usage error, as any option value no output can be made with
    assert ("no game here has the language 'fr' (they have en, da); start it with: pnp translate init GAME fr"
            in result.output)
    assert pnp("build", "--lang", "fr_FR").exit_code == 2


def test_a_language_pnp_has_no_words_for_falls_back_to_english_with_a_warning(work: Path):
    (work / "content/stone-row/text/fr.yaml").write_text("", encoding="utf-8")
    result = pnp("build", "stone-row", "--lang", "fr", "--format", "pdf", "--paper", "a4")
    assert result.exit_code == 0, result.output
    assert ("warning: stone-row (fr): pnp has no fr words of its own (page footers, cover facts, sheet footers…); "
            "they are set in English (pnp has them in da, de, en)") in result.output
    assert "Page 2" in pdf_text(work / "output/stone-row/stone-row-rules-fr.pdf")


def test_export_and_stamp_need_to_know_which_translation(work: Path):
    pnp("translate", "init", "stone-row", "de")
    result = pnp("translate", "export", "stone-row", "-o", "x.po")
    assert result.exit_code == 2 and "stone-row has 2 translations (da, de); name one with --lang" in result.output
    assert pnp("translate", "export", "stone-row", "--pot", "-o", "stone-row.pot").exit_code == 0
    assert polib.pofile(str(work / "stone-row.pot")).metadata["X-Pnp-Game"] == "stone-row"
    assert os.path.exists(work / "stone-row.pot")
