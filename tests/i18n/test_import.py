"""PO files brought back into a catalog: what changes and what is refused, and the catalog file
edited in place (comments, layout and untouched entries byte for byte as they were)."""

import difflib
import os
import shutil
from pathlib import Path

import polib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiny_game import DANISH, ENGLISH, USED, line_of

from pnp.i18n.catalog import Entry, catalog_path, fingerprint, load_catalogs, load_game_catalogs
from pnp.i18n.catalog_file import update_catalog
from pnp.i18n.importing import CONFIRMED, DRAFT, NEW, UPDATED, import_po, write_import
from pnp.i18n.po import PoProject, export_po, parse_po, po_project
from pnp.i18n.stamp import stamp
from pnp.i18n.status import translation_status
from pnp.model.game import load_game
from pnp.model.problems import ContentError, Location
from pnp.model.source import parse_yaml
from pnp.output.files import OutputError

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")


def exported(game: Path, language: str = "da") -> str:
    return export_po(load_catalogs(game, (language,)), language, PoProject("tiny", "1.0"))


def imported(game: Path, text: str, language: str = "da", file: str = "tiny-da.po"):
    """Import text into the tiny game's catalog and write the changes, as `pnp translate import` does."""
    catalogs = load_catalogs(game, (language,))
    result = import_po(text, catalogs, language, "tiny", file=file)
    if result.changes:
        update_catalog(catalog_path(game, language), result.entries, list(catalogs.source.entries), header="# new\n")
    return result


def edited(text: str, key: str, msgstr: str | None = None, fuzzy: bool | None = None) -> str:
    """The PO text with one message edited by another tool, as a translator's editor would."""
    po = polib.pofile(text)
    entry = po.find(key, by="msgctxt")
    if msgstr is not None:
        entry.msgstr = msgstr
    if fuzzy is False and "fuzzy" in entry.flags:
        entry.flags.remove("fuzzy")
    elif fuzzy and "fuzzy" not in entry.flags:
        entry.flags.append("fuzzy")
    return po.__unicode__()


def danish(game: Path) -> dict[str, Entry]:
    return load_catalogs(game, ("da",))["da"].entries


# --- what an import changes ------------------------------------------------------------


def test_an_unedited_po_file_changes_nothing_and_writes_nothing(game: Path):
    da = catalog_path(game, "da")
    before = da.stat().st_mtime_ns, da.read_bytes()
    assert imported(game, exported(game)).changes == ()
    assert (da.stat().st_mtime_ns, da.read_bytes()) == before


def test_edited_messages_change_their_entries_and_nothing_else(game: Path):
    text = edited(edited(exported(game), "rules.pass", "Stå over, hvis du ikke kan lægge: „pas“."), "rules.title",
                  "Bitte lille spil")
    da = catalog_path(game, "da")
    before = da.read_text(encoding="utf-8").splitlines()

    result = imported(game, text)

    assert [(c.key, c.kind) for c in result.changes] == [("rules.title", UPDATED), ("rules.pass", NEW)]
    entries = danish(game)
    assert (entries["rules.pass"].text, entries["rules.pass"].source) == ("Stå over, hvis du ikke kan lægge: „pas“.",
                                                                         fingerprint(ENGLISH["rules.pass"]))
    assert entries["rules.title"].source_text == ENGLISH["rules.title"]  # kept to show what changes later
    diff = [line for line in difflib.unified_diff(before, da.read_text(encoding="utf-8").splitlines(), n=0, lineterm="")
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert diff == ["-  text: Lille spil", "+  text: Bitte lille spil", "+  source-text: Tiny Game",
                    "+rules.pass:", "+  text: 'Stå over, hvis du ikke kan lægge: „pas“.'",
                    f'+  source: "{fingerprint(ENGLISH["rules.pass"])}"', f"+  source-text: {ENGLISH['rules.pass']}"]
    assert translation_status(load_catalogs(game, ("da",)), USED, "da").missing == ()


def test_a_new_entry_goes_after_its_predecessor_before_the_next_sections_comment(game: Path):
    da = catalog_path(game, "da")
    da.write_text(da.read_text(encoding="utf-8").replace("rules.old:", "# --- later ---\nrules.old:"), encoding="utf-8")
    imported(game, edited(exported(game), "rules.pass", "Pas."))  # English order: ... rules.take, rules.pass, rules.old
    lines = da.read_text(encoding="utf-8").splitlines()
    at = lines.index("rules.pass:")
    assert lines[at - 1].startswith("rules.take:")
    assert lines[at + 4] == "# --- later ---" and lines[at + 5].startswith("rules.old:")


def test_an_unedited_fuzzy_message_keeps_the_old_translation(game: Path):
    result = imported(game, exported(game))
    assert result.changes == () and danish(game)["rules.take"].text == "Tag en sten."


def test_an_edited_fuzzy_message_is_kept_as_a_draft_still_stale(game: Path):
    result = imported(game, edited(exported(game), "rules.take", "Tag én sten."))  # edited, left fuzzy

    [change] = result.changes
    assert (change.key, change.kind) == ("rules.take", DRAFT)
    assert "kept, still marked stale" in change.describe()
    entry = danish(game)["rules.take"]
    assert (entry.text, entry.fuzzy, entry.source) == ("Tag én sten.", True, fingerprint("Take a stone."))
    stale = translation_status(load_catalogs(game, ("da",)), USED, "da").stale
    assert ("rules.take", "a draft from a fuzzy PO message, not confirmed") in [(i.key, i.note) for i in stale]
    assert polib.pofile(exported(game)).find("rules.take", by="msgctxt").fuzzy  # and the next PO says so


def test_clearing_fuzzy_confirms_the_translation(game: Path):
    result = imported(game, edited(exported(game), "rules.take", fuzzy=False))

    assert [(c.key, c.kind) for c in result.changes] == [("rules.take", CONFIRMED)]
    catalogs = load_catalogs(game, ("da",))
    assert catalogs["da"].entries["rules.take"].source == fingerprint("Take one stone.")
    assert [i.key for i in translation_status(catalogs, USED, "da").stale] == ["component.board.name"]


def test_a_fuzzy_draft_from_msgmerge_records_the_english_it_was_made_from(game: Path):
    text = exported(game).replace('msgctxt "rules.pass"', '#, fuzzy\n#| msgid "Pass."\nmsgctxt "rules.pass"')
    text = text.replace('msgid "Pass if you cannot place."\nmsgstr ""',
                        'msgid "Pass if you cannot place."\nmsgstr "Pas."')
    [change] = imported(game, text).changes
    entry = danish(game)["rules.pass"]
    assert ((change.kind, entry.text, entry.source, entry.source_text, entry.fuzzy)
            == (DRAFT, "Pas.", fingerprint("Pass."), "Pass.", True))


def test_a_translation_of_older_english_is_taken_but_stays_stale(game: Path):
    old_po = exported(game)
    en = game / "text" / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("Pass if you cannot place.",
                                                         "Pass if you cannot place a stone."), encoding="utf-8")

    [change] = imported(game, edited(old_po, "rules.pass", "Stå over, hvis du ikke kan.")).changes

    assert change.outdated and "still stale" in change.describe()
    catalogs = load_catalogs(game, ("da",))
    assert catalogs["da"].entries["rules.pass"].source == fingerprint("Pass if you cannot place.")
    assert "rules.pass" in [i.key for i in translation_status(catalogs, USED, "da").stale]


def test_an_older_po_file_never_rolls_back_a_newer_translation(game: Path):
    old_po = exported(game)  # Danish "Lille spil" for English "Tiny Game"
    en = game / "text" / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("rules.title: Tiny Game", "rules.title: The Tiny Game"),
                  encoding="utf-8")
    imported(game, edited(exported(game), "rules.title", "Det lille spil", fuzzy=False))  # translated since
    da = catalog_path(game, "da")
    before = da.read_bytes()

    with pytest.raises(ContentError) as error:
        imported(game, old_po)

    [problem] = error.value.problems
    line = old_po.splitlines().index('msgctxt "rules.title"') + 1
    assert (problem.location, problem.key) == (Location("tiny-da.po", line, 1), "rules.title")
    assert "has since translated the current source text; importing would roll that translation back" in problem.message
    assert da.read_bytes() == before and danish(game)["rules.title"].text == "Det lille spil"


def test_an_empty_msgstr_never_deletes_a_translation(game: Path):
    imported(game, exported(game).replace('msgstr "Lille spil"', 'msgstr ""'))
    assert danish(game)["rules.title"].text == "Lille spil"


# --- what an import refuses ------------------------------------------------------------


def refused(game: Path, text: str, language: str = "da") -> list:
    before = catalog_path(game, "da").read_bytes()
    with pytest.raises(ContentError) as error:
        imported(game, text, language)
    assert catalog_path(game, "da").read_bytes() == before
    return error.value.problems


def test_a_po_file_of_another_game_is_refused(game: Path):
    text = exported(game).replace('"X-Pnp-Game: tiny\\n"', '"X-Pnp-Game: folio\\n"')
    [problem] = refused(game, text)
    assert (problem.location.line, problem.message) == (
        3, "this PO file is for the game 'folio', not 'tiny'; nothing was imported")


def test_a_po_file_that_names_no_game_is_refused(game: Path):
    text = exported(game).replace('"X-Pnp-Game: tiny\\n"', "").replace('"Project-Id-Version: tiny 1.0\\n"', "")
    [problem] = refused(game, text)
    assert "does not say which game it is for" in problem.message


def test_a_po_file_for_another_language_is_refused(game: Path):
    [problem] = refused(game, exported(game).replace('"Language: da\\n"', '"Language: sv\\n"'))
    assert "for language 'sv', not 'da'" in problem.message


def test_a_region_from_a_po_editor_is_accepted(game: Path):
    assert imported(game, exported(game).replace('"Language: da\\n"', '"Language: da_DK\\n"')).changes == ()


def test_an_unknown_key_is_a_located_error(game: Path):
    text = exported(game) + '\n#: text/en.yaml:99\nmsgctxt "rules.vanished"\nmsgid "Gone"\nmsgstr "Væk"\n'
    [problem] = refused(game, text)
    line = text.splitlines().index('msgctxt "rules.vanished"') + 1
    assert (problem.location, problem.key) == (Location("tiny-da.po", line, 1), "rules.vanished")
    assert "unknown text key" in problem.message


def test_malformed_lines_are_located_errors(game: Path):
    text = exported(game).replace('msgstr "Lille spil"', 'msgstr "Lille spil').replace('msgctxt "rules.note"',
                                                                                       'msgctx "rules.note"')
    lines = text.splitlines()
    located = {(p.location.line, p.message.split(";")[0]) for p in refused(game, text)}
    assert (lines.index('msgstr "Lille spil') + 1, "string has no closing double quote") in located
    assert lines.index('msgctx "rules.note"') + 1 in {line for line, _ in located}


def test_an_unknown_escape_is_a_located_error(game: Path):
    text = exported(game).replace('msgstr "Lille spil"', 'msgstr "Lille\\q spil"')
    line = text.splitlines().index('msgstr "Lille\\q spil"') + 1
    assert [(p.location.line, p.message)
            for p in refused(game, text)] == [(line, "unknown escape sequence \\q; write the character itself")]


def test_a_malformed_previous_msgid_loses_only_itself(game: Path):
    text = exported(game).replace('msgctxt "rules.pass"', '#| msgid "unclosed\nmsgctxt "rules.pass"')
    assert [m.previous_msgid for m in parse_po(text) if m.context == "rules.pass"] == [None]


# --- the catalog file ------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_no_op_import_leaves_each_real_danish_file_byte_identical(name: str, tmp_path: Path):
    folder = shutil.copytree(ROOT / "content" / name, tmp_path / "content" / name)
    game = load_game(folder)
    catalogs = load_game_catalogs(game)
    before = catalog_path(folder, "da").read_bytes()
    result = import_po(export_po(catalogs, "da", po_project(game, catalogs)), catalogs, "da", game.id)
    assert write_import(game, catalogs, result) == [f"nothing to change: {catalog_path(folder, 'da')} is as it was"]
    assert catalog_path(folder, "da").read_bytes() == before


@pytest.mark.parametrize("name", GAMES)
def test_one_change_to_a_real_danish_file_rewrites_that_entry_alone(name: str, tmp_path: Path):
    folder = shutil.copytree(ROOT / "content" / name, tmp_path / "content" / name)
    game = load_game(folder)
    catalogs = load_game_catalogs(game)
    key = "rules.overview.title"
    text = edited(export_po(catalogs, "da", po_project(game, catalogs)), key, "Et overblik")
    path = catalog_path(folder, "da")
    before = path.read_text(encoding="utf-8").splitlines()

    write_import(game, catalogs, import_po(text, catalogs, "da", game.id))

    after = path.read_text(encoding="utf-8").splitlines()
    changed = [line for line in difflib.unified_diff(before, after, n=0, lineterm="")
               if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    start = line_of(path, key)
    assert before[start].startswith("  text: ")
    assert changed[0] == "-" + before[start]  # the old text line, and nothing else of the file
    assert changed[1:] == ["+  text: Et overblik",
                           *(["+  source-text: Overview"] if "source-text" not in before[start + 2] else [])]


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=200),
       old=st.sampled_from(["plain", ">-\n    folded text\n    over lines", "|-\n    a\n    b", "{text: x}"]))
def test_any_text_survives_the_catalog_file(tmp_path_factory, text: str, old: str):
    folder = tmp_path_factory.mktemp("cat")
    (folder / "text").mkdir()
    path = folder / "text" / "da.yaml"
    prefix = "# Danish.\n\na.key:\n  text: Første  # a comment\n  source: \"0123456789ab\"\n\n# --- more ---\n"
    body = f"k:\n  text: {old}\n" if not old.startswith("{") else f"k: {old}\n"
    path.write_text(prefix + body + "z.key: {text: Sidste}\n", encoding="utf-8")
    entry = Entry("k", text, fingerprint("x"), Location("x"), "x")

    update_catalog(path, {"k": entry}, ["a.key", "k", "z.key"], header="")

    written = path.read_text(encoding="utf-8")
    assert written.startswith(prefix)
    assert written.endswith("z.key: {text: Sidste}\n")
    assert parse_yaml(written, "da.yaml").plain()["k"] == {"text": text, "source": fingerprint("x"), "source-text": "x"}


def test_write_leaves_no_temporary_file_and_keeps_permissions(game: Path):
    da = catalog_path(game, "da")
    da.chmod(0o640)
    imported(game, edited(exported(game), "rules.pass", "Pas."))
    assert sorted(p.name for p in da.parent.iterdir()) == ["da.yaml", "en.yaml"]
    assert da.stat().st_mode & 0o777 == 0o640


def test_a_failed_write_keeps_the_old_file(game: Path, monkeypatch: pytest.MonkeyPatch):
    da = catalog_path(game, "da")
    before = da.read_bytes()

    def fail(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OutputError, match="cannot write content/tiny/text/da.yaml: disk full"):
        imported(game, edited(exported(game), "rules.pass", "Pas."))
    assert da.read_bytes() == before
    assert sorted(p.name for p in da.parent.iterdir()) == ["da.yaml", "en.yaml"]


def test_importing_into_a_new_language_creates_its_file(game: Path):
    text = edited(exported(game, "de"), "rules.title", "Kleines Spiel")
    imported(game, text.replace('"Language: de\\n"', '"Language: de\\n"'), "de")
    de = load_catalogs(game, ("de",))["de"].entries
    assert {k: (e.text, e.source)
            for k, e in de.items()} == {"rules.title": ("Kleines Spiel", fingerprint("Tiny Game"))}
    assert catalog_path(game, "de").read_text(encoding="utf-8").startswith("# new\nrules.title:\n")


def test_stamp_then_import_of_the_same_translation_changes_nothing(game: Path):
    stamp(load_catalogs(game, ("da",)), "da")
    assert imported(game, exported(game)).changes == ()
    assert {k: e.text for k, e in danish(game).items()} == DANISH
