"""PO export checked by independent readers (polib always, GNU msgfmt where installed),
import back into the Danish catalog, and byte-exact catalog round trips."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from pnp.output.files import OutputError
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from tiny_game import DANISH, ENGLISH, USED, line_of

from pnp.i18n.catalog import Entry, catalog_path, fingerprint, load_catalogs
from pnp.i18n.po import export_po, import_po, parse_po, render_catalog, write_catalog
from pnp.i18n.status import translation_status
from pnp.model.problems import ContentError, Location

TRANSLATED = {"rules.title", "rules.intro", "rules.setup", "rules.note", "rules.count", "rules.path", "rules.old"}
FUZZY = {"rules.take", "component.board.name"}
UNTRANSLATED = {"rules.pass"}


def exported(game: Path) -> str:
    return export_po(load_catalogs(game, ("da",)), "da", "tiny")


def save_po(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tiny-da.po"
    path.write_text(text, encoding="utf-8")
    return path


def import_and_write(game: Path, text: str, file: str = "tiny-da.po"):
    catalogs = load_catalogs(game, ("da",))
    result = import_po(text, catalogs, "da", file=file)
    write_catalog(catalog_path(game, "da"), result.entries, catalogs["en"].entries)
    return result


# --- export, read by others ----------------------------------------------------------


def test_polib_reads_every_english_key_with_its_translation(game: Path, tmp_path: Path):
    po = polib.pofile(str(save_po(tmp_path, exported(game))))

    assert [entry.msgctxt for entry in po] == list(ENGLISH)
    assert {entry.msgctxt: entry.msgid for entry in po} == ENGLISH
    assert {entry.msgctxt: entry.msgstr for entry in po} == {key: DANISH.get(key, "") for key in ENGLISH}
    assert {entry.msgctxt for entry in po if entry.fuzzy} == FUZZY
    assert {entry.msgctxt for entry in po.untranslated_entries()} == UNTRANSLATED
    en = game / "text" / "en.yaml"
    assert {entry.msgctxt: entry.occurrences for entry in po} == {key: [("text/en.yaml", str(line_of(en, key)))] for key in ENGLISH}


def test_header_names_game_and_language_and_has_no_dates(game: Path, tmp_path: Path):
    text = exported(game)
    po = polib.pofile(str(save_po(tmp_path, text)))
    assert po.metadata["Project-Id-Version"] == "tiny"
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


def test_counts_agree_with_polib_and_with_msgfmt_where_installed(game: Path, tmp_path: Path):
    path = save_po(tmp_path, exported(game))
    expected = {"translated": len(TRANSLATED), "fuzzy": len(FUZZY), "untranslated": len(UNTRANSLATED)}
    po = polib.pofile(str(path))
    assert {"translated": len(po.translated_entries()), "fuzzy": len(po.fuzzy_entries()), "untranslated": len([e for e in po if not e.msgstr])} == expected
    if shutil.which("msgfmt") is None:
        return  # GNU gettext is not on every machine; polib has read the file above
    run = subprocess.run(
        ["msgfmt", "-c", "--statistics", "-o", os.devnull, str(path)],
        capture_output=True, text=True, env={**os.environ, "LC_ALL": "C", "LANGUAGE": ""},
    )
    assert run.returncode == 0, run.stderr
    assert "warning" not in run.stderr, run.stderr
    counts = {kind: int(n) for n, kind in re.findall(r"(\d+) (translated|fuzzy|untranslated)", run.stderr)}
    assert counts == expected


# escapes any reader must know; other control characters are left to the next test
PO_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\n\t\r\\\" "), max_size=300)


@settings(max_examples=150, deadline=None)
@given(english=PO_TEXT, danish=PO_TEXT)
def test_any_text_survives_export_for_polib(tmp_path_factory, english: str, danish: str):
    catalogs = _catalogs(tmp_path_factory.mktemp("po"), english, danish)
    po = polib.pofile(export_po(catalogs, "da", "tiny"))
    [entry] = list(po)
    assert (entry.msgctxt, entry.msgid, entry.msgstr) == ("k", english, danish)


@settings(max_examples=150, deadline=None)
@given(english=st.text(max_size=300), danish=st.text(max_size=300))
def test_any_text_survives_export_for_pnp(tmp_path_factory, english: str, danish: str):
    catalogs = _catalogs(tmp_path_factory.mktemp("po"), english, danish)
    messages = parse_po(export_po(catalogs, "da", "tiny"))
    assert [(m.context, m.msgid, m.msgstr) for m in messages[1:]] == [("k", english, danish)]


def _yaml_escaped(text: str) -> str:
    # Independent of the writer under test: every character but plain ASCII escaped.
    return "".join(c if " " <= c <= "~" and c not in '"\\' else f"\\U{ord(c):08x}" for c in text)


def _catalogs(folder: Path, english: str, danish: str):
    (folder / "text").mkdir()
    (folder / "text" / "en.yaml").write_text(f'k: "{_yaml_escaped(english)}"\n', encoding="utf-8")
    entries = {"k": Entry("k", danish, fingerprint(english), Location("da.yaml", 1, 1))}
    write_catalog(catalog_path(folder, "da"), entries, ["k"])
    return load_catalogs(folder, ("da",))


# --- round trips ---------------------------------------------------------------------


def test_export_then_import_unedited_gives_identical_catalog_bytes(game: Path):
    da = catalog_path(game, "da")
    import_and_write(game, exported(game))  # rewrites the hand-written file in pnp's form
    written = da.read_bytes()
    assert {k: e.text for k, e in load_catalogs(game, ("da",))["da"].entries.items()} == DANISH

    result = import_and_write(game, exported(game))

    assert result.changed == ()
    assert da.read_bytes() == written


def test_written_catalog_keeps_texts_sources_and_english_order(game: Path):
    before = load_catalogs(game, ("da",))["da"].entries
    import_and_write(game, exported(game))
    da = catalog_path(game, "da")
    after = load_catalogs(game, ("da",))["da"].entries

    assert {k: (e.text, e.source) for k, e in after.items()} == {k: (e.text, e.source) for k, e in before.items()}
    assert list(after) == [k for k in ENGLISH if k in DANISH] + ["rules.gone"]
    text = da.read_text(encoding="utf-8")
    assert "!!" not in text
    assert "text: |-\n    1. Læg brættet mellem jer.\n" in text
    assert "text: >-\n    Lille spil er for to spillere: på skift lægger I „sten“" in text
    assert "text: '* Kun én sten på hvert felt.'" in text


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=200), source=st.none() | st.text("0123456789abcdef", min_size=12, max_size=12))
def test_any_text_survives_the_catalog_file(text: str, source):
    rendered = render_catalog({"k": Entry("k", text, source, Location("x"))}, ["k"], "da")
    assert "!!" not in rendered
    expected = {"text": text} | ({"source": source} if source is not None else {})
    assert yaml.safe_load(rendered) == {"k": expected}


# --- import --------------------------------------------------------------------------


def test_an_edited_msgstr_updates_the_catalog(game: Path, tmp_path: Path):
    po = polib.pofile(exported(game))  # edited by another tool, as a translator would
    po.find("Pass if you cannot place.", msgctxt="rules.pass").msgstr = "Stå over, hvis du ikke kan lægge: „pas“."
    po.find("Tiny Game", msgctxt="rules.title").msgstr = "Bitte lille spil"
    result = import_and_write(game, po.__unicode__())

    catalogs = load_catalogs(game, ("da",))
    da = catalogs["da"].entries
    assert result.changed == ("rules.title", "rules.pass")
    assert (da["rules.pass"].text, da["rules.pass"].source) == ("Stå over, hvis du ikke kan lægge: „pas“.", fingerprint(ENGLISH["rules.pass"]))
    assert da["rules.title"].text == "Bitte lille spil"
    assert translation_status(catalogs, USED, "da").missing == ()


def test_a_fuzzy_message_keeps_the_old_translation(game: Path):
    po = polib.pofile(exported(game))
    po.find("Take one stone.", msgctxt="rules.take").msgstr = "Tag én sten."  # edited, left fuzzy
    result = import_and_write(game, po.__unicode__())

    da = load_catalogs(game, ("da",))["da"].entries
    assert da["rules.take"].text == "Tag en sten."
    assert result.fuzzy_kept == ("rules.take",)
    assert result.changed == ()


def test_clearing_fuzzy_confirms_the_translation(game: Path):
    po = polib.pofile(exported(game))
    entry = po.find("Take one stone.", msgctxt="rules.take")
    entry.flags.remove("fuzzy")
    entry.msgstr = "Tag én sten."
    import_and_write(game, po.__unicode__())

    catalogs = load_catalogs(game, ("da",))
    assert catalogs["da"].entries["rules.take"].source == fingerprint("Take one stone.")
    assert [i.key for i in translation_status(catalogs, USED, "da").stale] == ["component.board.name"]


def test_a_fuzzy_message_with_no_old_translation_is_taken_but_stays_stale(game: Path):
    po = polib.pofile(exported(game))
    entry = po.find("Pass if you cannot place.", msgctxt="rules.pass")
    entry.msgstr = "Pas."
    entry.flags.append("fuzzy")
    import_and_write(game, po.__unicode__())

    catalogs = load_catalogs(game, ("da",))
    assert (catalogs["da"].entries["rules.pass"].text, catalogs["da"].entries["rules.pass"].source) == ("Pas.", None)
    stale = translation_status(catalogs, USED, "da").stale
    assert ("rules.pass", "no source recorded") in [(i.key, i.note) for i in stale]


def test_a_translation_of_older_english_stays_stale(game: Path):
    old_po = exported(game)
    en = game / "text" / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("Pass if you cannot place.", "Pass if you cannot place a stone."), encoding="utf-8")
    po = polib.pofile(old_po)
    po.find("Pass if you cannot place.", msgctxt="rules.pass").msgstr = "Stå over, hvis du ikke kan."
    result = import_and_write(game, po.__unicode__())

    catalogs = load_catalogs(game, ("da",))
    assert catalogs["da"].entries["rules.pass"].source == fingerprint("Pass if you cannot place.")
    assert result.outdated == ("rules.pass",)
    assert "rules.pass" in [i.key for i in translation_status(catalogs, USED, "da").stale]


def test_an_empty_msgstr_never_deletes_a_translation(game: Path):
    text = exported(game).replace('msgstr "Lille spil"', 'msgstr ""')
    import_and_write(game, text)
    assert load_catalogs(game, ("da",))["da"].entries["rules.title"].text == "Lille spil"


def test_an_unknown_key_is_a_located_error(game: Path):
    text = exported(game) + '\n#: text/en.yaml:99\nmsgctxt "rules.vanished"\nmsgid "Gone"\nmsgstr "Væk"\n'
    line = text.splitlines().index('msgctxt "rules.vanished"') + 1
    before = catalog_path(game, "da").read_bytes()

    with pytest.raises(ContentError) as error:
        import_po(text, load_catalogs(game, ("da",)), "da", file="tiny-da.po")

    [problem] = error.value.problems
    assert (problem.location, problem.key) == (Location("tiny-da.po", line, 1), "rules.vanished")
    assert "unknown text key" in problem.message
    assert catalog_path(game, "da").read_bytes() == before


def test_malformed_lines_are_located_errors(game: Path):
    text = exported(game).replace('msgstr "Lille spil"', 'msgstr "Lille spil').replace('msgctxt "rules.note"', 'msgctx "rules.note"')
    lines = text.splitlines()
    with pytest.raises(ContentError) as error:
        import_po(text, load_catalogs(game, ("da",)), "da", file="tiny-da.po")
    located = {(p.location.line, p.message.split(";")[0]) for p in error.value.problems}
    assert (lines.index('msgstr "Lille spil') + 1, "string has no closing double quote") in located
    assert lines.index('msgctx "rules.note"') + 1 in {line for line, _ in located}


def test_an_unknown_escape_is_a_located_error(game: Path):
    text = exported(game).replace('msgstr "Lille spil"', 'msgstr "Lille\\q spil"')
    line = text.splitlines().index('msgstr "Lille\\q spil"') + 1
    with pytest.raises(ContentError) as error:
        import_po(text, load_catalogs(game, ("da",)), "da", file="tiny-da.po")
    assert [(p.location.line, p.message) for p in error.value.problems] == [(line, "unknown escape sequence \\q; write the character itself")]


def test_a_po_file_for_another_language_is_refused(game: Path):
    text = exported(game).replace('"Language: da\\n"', '"Language: sv\\n"')
    with pytest.raises(ContentError, match="for language 'sv', not 'da'"):
        import_po(text, load_catalogs(game, ("da",)), "da")


def test_a_region_from_a_po_editor_is_accepted(game: Path):
    text = exported(game).replace('"Language: da\\n"', '"Language: da_DK\\n"')
    assert import_po(text, load_catalogs(game, ("da",)), "da").changed == ()


# --- writing -------------------------------------------------------------------------


def test_write_leaves_no_temporary_file_and_keeps_permissions(game: Path):
    da = catalog_path(game, "da")
    da.chmod(0o640)
    import_and_write(game, exported(game))
    assert sorted(p.name for p in da.parent.iterdir()) == ["da.yaml", "en.yaml"]
    assert da.stat().st_mode & 0o777 == 0o640


def test_a_failed_write_keeps_the_old_file(game: Path, monkeypatch: pytest.MonkeyPatch):
    da = catalog_path(game, "da")
    before = da.read_bytes()

    def fail(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OutputError, match="disk full"):
        import_and_write(game, exported(game))
    assert da.read_bytes() == before
    assert sorted(p.name for p in da.parent.iterdir()) == ["da.yaml", "en.yaml"]


def test_importing_into_a_new_language_creates_its_file(game: Path):
    catalogs = load_catalogs(game, ("de",))
    text = export_po(catalogs, "de", "tiny").replace('msgctxt "rules.title"\nmsgid "Tiny Game"\nmsgstr ""', 'msgctxt "rules.title"\nmsgid "Tiny Game"\nmsgstr "Kleines Spiel"')
    result = import_po(text, catalogs, "de")
    write_catalog(catalog_path(game, "de"), result.entries, catalogs["en"].entries)
    de = load_catalogs(game, ("de",))["de"].entries
    assert {k: (e.text, e.source) for k, e in de.items()} == {"rules.title": ("Kleines Spiel", fingerprint("Tiny Game"))}
