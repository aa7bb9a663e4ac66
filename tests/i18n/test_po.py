"""PO and POT export checked by independent readers (polib; translate-toolkit's pofilter), notes
on where each text is used, the previous English of stale texts, and the PO reader.
(GNU gettext's msgfmt and msgmerge read the same files in tests/system/.)"""

import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiny_game import DANISH, ENGLISH, line_of

from pnp.i18n.catalog import Entry, catalog_path, fingerprint, load_catalogs, load_game_catalogs
from pnp.i18n.catalog_file import update_catalog
from pnp.i18n.po import PoProject, export_po, export_pot, parse_po, po_project
from pnp.i18n.usage import Use
from pnp.model.game import load_game
from pnp.model.problems import Location

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
TRANSLATED = {"rules.title", "rules.intro", "rules.setup", "rules.note", "rules.count", "rules.path", "rules.old"}
FUZZY = {"rules.take", "component.board.name"}
UNTRANSLATED = {"rules.pass"}


def project(game: Path, uses=None) -> PoProject:
    return PoProject("tiny", "1.0", game.parent.parent, uses or {})


def exported(game: Path, language: str = "da", uses=None) -> str:
    return export_po(load_catalogs(game, (language,)), language, project(game, uses))


def save_po(tmp_path: Path, text: str, name: str = "tiny-da.po") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- export, read by others ----------------------------------------------------------


def test_polib_reads_every_english_key_with_its_translation(game: Path, tmp_path: Path):
    po = polib.pofile(str(save_po(tmp_path, exported(game))))

    assert [entry.msgctxt for entry in po] == list(ENGLISH)
    assert {entry.msgctxt: entry.msgid for entry in po} == ENGLISH
    assert {entry.msgctxt: entry.msgstr for entry in po} == {key: DANISH.get(key, "") for key in ENGLISH}
    assert {entry.msgctxt for entry in po if entry.fuzzy} == FUZZY
    assert {entry.msgctxt for entry in po.untranslated_entries()} == UNTRANSLATED
    en = game / "text" / "en.yaml"
    # References are relative to the repository (the folder above content/), as gettext's are.
    assert {entry.msgctxt: entry.occurrences for entry in po} == {
        key: [("content/tiny/text/en.yaml", str(line_of(en, key)))] for key in ENGLISH}


def test_header_names_game_version_and_languages_and_has_no_dates(game: Path, tmp_path: Path):
    text = exported(game)
    po = polib.pofile(str(save_po(tmp_path, text)))
    assert po.metadata["Project-Id-Version"] == "tiny 1.0"
    assert po.metadata["X-Pnp-Game"] == "tiny"
    assert po.metadata["X-Pnp-Source-Language"] == "en"
    assert po.metadata["Language"] == "da"
    assert po.metadata["Content-Type"] == "text/plain; charset=UTF-8"
    assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    assert not re.search(r"\d{4}-\d\d-\d\d", text)
    assert exported(game) == text


def test_long_and_multi_line_texts_are_split_the_gettext_way(game: Path):
    text = exported(game)
    assert 'msgid ""\n"1. Put the board between you.\\n"\n"2. Take 10 stones each.\\n"\n"\\n"\n"Then begin."\n' in text
    assert 'msgid "Save as C:\\\\games\\\\tiny"' in text
    assert all(len(line) <= 79 for line in text.splitlines() if line.startswith('"') and " " in line[1:-2])


def test_counts_agree_with_polib(game: Path, tmp_path: Path):
    po = polib.pofile(str(save_po(tmp_path, exported(game))))
    counts = {"translated": len(po.translated_entries()), "fuzzy": len(po.fuzzy_entries()),
              "untranslated": len([e for e in po if not e.msgstr])}
    assert counts == {"translated": len(TRANSLATED), "fuzzy": len(FUZZY), "untranslated": len(UNTRANSLATED)}


def test_notes_say_where_a_text_is_used_and_how_much_room_it_has(game: Path, tmp_path: Path):
    uses = {"rules.title": [Use("rules.title", "rulebook: heading of section 1",
                                Location(str(game / "rulebook.yaml"), 3, 5))],
            "component.board.name": [Use("component.board.name", "card face: front of the 'board' set",
                                         Location(str(game / "components.yaml"), 9, 7))]}
    po = polib.pofile(exported(game, uses=uses))
    title = po.find("rules.title", by="msgctxt")
    assert title.comment == "Rulebook: heading of section 1."
    assert title.occurrences == [("content/tiny/text/en.yaml", str(line_of(game / "text/en.yaml", "rules.title"))),
                                 ("content/tiny/rulebook.yaml", "3")]
    assert po.find("rules.old", by="msgctxt").comment == "Not used by the game at present."


def test_a_card_text_notes_its_box_in_a_real_game(tmp_path: Path):
    game = load_game(ROOT / "content" / "quatrefoil")
    catalogs = load_game_catalogs(game)
    po = polib.pofile(export_po(catalogs, "da", po_project(game, catalogs)))
    red = po.find("colour.red", by="msgctxt")
    assert red.comment.splitlines() == [
        "Card face: front of the 'colour-cards' set.",
        "Room: fixed box 53 × 11 mm, 20 pt bold; a text that does not fit is an error "
        "(pnp translate status checks it)."]
    assert [path for path, _ in red.occurrences] == ["content/quatrefoil/text/en.yaml",
                                                     "content/quatrefoil/components.yaml"]
    assert po.metadata["Project-Id-Version"] == "quatrefoil 1.0"
    caption = po.find("diagram.setup.caption", by="msgctxt")
    assert caption.comment.startswith("Caption of diagram 'setup'")


def test_a_stale_text_shows_the_previous_english(game: Path):
    catalogs = load_catalogs(game, ("da",))
    old = "Take a stone."  # what the Danish was made from; the English now says "Take one stone."
    update_catalog(catalog_path(game, "da"),
                   {"rules.take": Entry("rules.take", "Tag en sten.", fingerprint(old), Location("x"), old)},
                   list(ENGLISH), header="")
    po = polib.pofile(exported(game))
    take = po.find("rules.take", by="msgctxt")
    assert take.fuzzy and take.msgid == "Take one stone."
    assert (take.previous_msgctxt, take.previous_msgid) == ("rules.take", old)
    assert '#, fuzzy\n#| msgctxt "rules.take"\n#| msgid "Take a stone."\nmsgctxt "rules.take"' in exported(game)
    # Without the old English kept beside the fingerprint there is nothing to show.
    assert po.find("component.board.name", by="msgctxt").previous_msgid is None
    assert catalogs  # loaded before the change: the export reads the file as it is now


def test_the_template_has_every_text_and_no_translation(game: Path, tmp_path: Path):
    text = export_pot(load_catalogs(game, ("da",)), project(game))
    pot = polib.pofile(str(save_po(tmp_path, text, "tiny.pot")))
    assert {entry.msgctxt: entry.msgid for entry in pot} == ENGLISH
    assert all(entry.msgstr == "" and not entry.fuzzy for entry in pot)
    assert pot.metadata["Language"] == "" and pot.metadata["X-Pnp-Game"] == "tiny"
    assert "Plural-Forms" not in pot.metadata
    assert text.splitlines()[2] == "#, fuzzy"  # the header of a template, as xgettext writes it


def test_a_version_with_line_breaks_adds_no_header_field(game: Path, tmp_path: Path):
    """Content never writes a header field: a version holding "\\nX-Pnp-Game: other" stays in its own field."""
    version = "1.0\nX-Pnp-Game: other\nLanguage: fr\r\nPlural-Forms: x"
    text = export_po(load_catalogs(game, ("da",)), "da", PoProject("tiny", version, game.parent.parent))
    po = polib.pofile(str(save_po(tmp_path, text)))
    assert po.metadata["X-Pnp-Game"] == "tiny" and po.metadata["Language"] == "da"
    assert po.metadata["Project-Id-Version"] == "tiny 1.0 X-Pnp-Game: other Language: fr Plural-Forms: x"
    [header] = [m for m in parse_po(text) if m.context is None]
    assert header.msgstr.count("X-Pnp-Game") == 2 and header.msgstr.count("\n") == len(po.metadata)


def test_a_folder_name_with_a_line_break_stays_inside_its_reference(tmp_path: Path):
    """A reference is one comment line: a newline in the game's folder cannot start a msgid of its own."""
    from tiny_game import make_game

    folder = make_game(tmp_path / "odd\nmsgid\"x\"\n")
    catalogs = load_catalogs(folder, ("da",))
    uses = {"rules.title": [Use("rules.title", "title on the cover\nmsgstr \"y\"",
                                Location(str(folder / "rulebook.yaml"), 3))]}
    text = export_po(catalogs, "da", PoProject("tiny", "1", tmp_path, uses))
    messages = parse_po(text)
    assert [m.context for m in messages[1:]] == list(ENGLISH)
    assert all(not line.startswith(('msgid"x"', 'msgstr "y"')) for line in text.splitlines())
    title = polib.pofile(text).find("rules.title", by="msgctxt")
    assert title.occurrences[0][0] == r'odd\nmsgid"x"\n/content/tiny/text/en.yaml'
    assert title.comment == r'Title on the cover\nmsgstr "y".'


# escapes any reader must know; other control characters are left to the next test
PO_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\n\t\r\\\" "), max_size=300)


@settings(max_examples=150, deadline=None)
@given(english=PO_TEXT, danish=PO_TEXT)
def test_any_text_survives_export_for_polib(tmp_path_factory, english: str, danish: str):
    catalogs = _catalogs(tmp_path_factory.mktemp("po"), english, danish)
    po = polib.pofile(export_po(catalogs, "da", PoProject("tiny")))
    [entry] = list(po)
    assert (entry.msgctxt, entry.msgid, entry.msgstr) == ("k", english, danish)


@settings(max_examples=150, deadline=None)
@given(english=st.text(max_size=300), danish=st.text(max_size=300), previous=st.text(max_size=100))
def test_any_text_survives_export_for_pnp(tmp_path_factory, english: str, danish: str, previous: str):
    catalogs = _catalogs(tmp_path_factory.mktemp("po"), english, danish, previous)
    messages = parse_po(export_po(catalogs, "da", PoProject("tiny")))
    shown = previous if previous != english else None
    assert [(m.context, m.msgid, m.msgstr, m.previous_msgid) for m in messages[1:]] == [("k", english, danish, shown)]


def _yaml_escaped(text: str) -> str:
    # Independent of the writer under test: every character but plain ASCII escaped.
    return "".join(c if " " <= c <= "~" and c not in '"\\' else f"\\U{ord(c):08x}" for c in text)


def _catalogs(folder: Path, english: str, danish: str, previous: str | None = None):
    (folder / "text").mkdir()
    (folder / "text" / "en.yaml").write_text(f'k: "{_yaml_escaped(english)}"\n', encoding="utf-8")
    made_from = english if previous is None else previous
    entry = Entry("k", danish, fingerprint(made_from), Location("da.yaml", 1, 1), made_from)
    update_catalog(catalog_path(folder, "da"), {"k": entry}, ["k"], header="")
    return load_catalogs(folder, ("da",))


# --- pofilter (translate-toolkit) ----------------------------------------------------

# pofilter's checks of what a PO file must keep from its source whatever the language:
# escapes, line breaks, tabs, whitespace at the ends, printf- and XML-like tags, brackets,
# numbers and closing punctuation. (Its quotation and word checks flag good Danish.)
POFILTER_CHECKS = ("escapes", "newlines", "tabs", "printf", "xmltags", "nplurals", "doublespacing", "startwhitespace",
                   "endwhitespace", "brackets", "numbers", "endpunc")


def pofilter(source: Path, report: Path, checks=POFILTER_CHECKS) -> list[str]:
    """The keys pofilter flags in a PO file (it writes only the failing messages)."""
    command = [str(Path(sys.executable).with_name("pofilter")), "--progress=none", *(f"--test={c}" for c in checks),
               str(source), str(report)]
    run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return [entry.msgctxt for entry in polib.pofile(str(report))] if report.exists() else []


@pytest.mark.parametrize("name", GAMES)
def test_pofilter_finds_nothing_wrong_in_the_danish_of_each_game(name: str, tmp_path: Path):
    game = load_game(ROOT / "content" / name)
    catalogs = load_game_catalogs(game)
    source = save_po(tmp_path, export_po(catalogs, "da", po_project(game, catalogs)), f"{name}-da.po")
    assert pofilter(source, tmp_path / "report.po") == []


def test_pofilter_finds_a_lost_line_break(game: Path, tmp_path: Path):
    text = exported(game).replace('"2. Tag hver 10 sten.\\n"', '"2. Tag hver 10 sten. "')
    assert pofilter(save_po(tmp_path, text), tmp_path / "report.po", ("newlines",)) == ["rules.setup"]
