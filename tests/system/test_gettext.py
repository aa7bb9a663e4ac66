"""The PO files pnp writes, read by GNU gettext as translators' tools read them: msgfmt -c
finds nothing wrong, and a round trip through msgmerge after the English changed shows the
previous English (#|) and comes back with nothing lost and nothing else rewritten."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest
from programs import run

from pnp.i18n.catalog import catalog_path, fingerprint, load_game_catalogs
from pnp.i18n.importing import import_po, write_import
from pnp.i18n.po import export_po, export_pot, po_project
from pnp.i18n.status import translation_status
from pnp.model.game import load_game

pytestmark = pytest.mark.system
ROOT = Path(__file__).resolve().parents[2]
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")


def exports(folder: Path) -> tuple[str, str]:
    """The Danish PO file and the POT template of the game in folder, as pnp translate export writes them."""
    game = load_game(folder)
    catalogs = load_game_catalogs(game)
    project = po_project(game, catalogs)
    return export_po(catalogs, "da", project), export_pot(catalogs, project)


def copy_game(name: str, tmp_path: Path) -> Path:
    return Path(shutil.copytree(ROOT / "content" / name, tmp_path / "content" / name))


@pytest.mark.parametrize("name", GAMES)
def test_msgfmt_checks_each_danish_po_file_and_counts_every_text(name: str, tmp_path: Path):
    po, pot = exports(ROOT / "content" / name)
    (tmp_path / "da.po").write_text(po, encoding="utf-8")
    (tmp_path / "game.pot").write_text(pot, encoding="utf-8")

    checked = run("msgfmt", "-c", "--statistics", "-o", "/dev/null", "da.po", cwd=tmp_path)

    assert checked.returncode == 0, checked.stderr
    assert "warning" not in checked.stderr, checked.stderr
    texts = len(polib.pofile(pot))
    assert re.fullmatch(rf"{texts} translated messages?\.\n", checked.stderr), checked.stderr
    template = run("msgfmt", "-c", "-o", "/dev/null", "game.pot", cwd=tmp_path)  # a template checks as well
    assert template.returncode == 0, template.stderr


def test_msgfmt_counts_translated_fuzzy_and_untranslated_as_pnp_does(tmp_path: Path):
    folder = copy_game("folio", tmp_path)
    catalogs_file = catalog_path(folder, "da")
    text = catalogs_file.read_text(encoding="utf-8")
    text = text.replace("rules.tips.title:\n  text: Gode råd\n", "rules.tips.title:\n  text: Gode råd\n  fuzzy: true\n")
    text = re.sub(r"rules\.credits\.edition:\n(  .*\n)+", "", text)
    catalogs_file.write_text(text, encoding="utf-8")
    po, _ = exports(folder)
    (tmp_path / "da.po").write_text(po, encoding="utf-8")

    checked = run("msgfmt", "-c", "--statistics", "-o", "/dev/null", "da.po", cwd=tmp_path)

    counts = {kind: int(n) for n, kind in re.findall(r"(\d+) (translated|fuzzy|untranslated)", checked.stderr)}
    status = translation_status(load_game_catalogs(load_game(folder)), set(), "da")
    assert counts == {"translated": status.up_to_date, "fuzzy": len(status.stale),
                      "untranslated": len(status.missing)} \
        == {"translated": 42, "fuzzy": 1, "untranslated": 1}


def test_a_round_trip_through_msgmerge_shows_the_old_english_and_loses_nothing(tmp_path: Path):
    folder = copy_game("boardless-quarto", tmp_path)
    translators_po, _ = exports(folder)  # what the translator has
    (tmp_path / "da.po").write_text(translators_po, encoding="utf-8")
    en = folder / "text" / "en.yaml"
    old, new = "Round pieces, no two alike.", "Round pieces, each one different."
    en.write_text(en.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    ours, pot = exports(folder)
    (tmp_path / "game.pot").write_text(pot, encoding="utf-8")
    da = catalog_path(folder, "da")
    before = da.read_bytes()

    merged = run("msgmerge", "--previous", "--quiet", "-o", "merged.po", "da.po", "game.pot", cwd=tmp_path)

    assert merged.returncode == 0, merged.stderr
    merged_text = (tmp_path / "merged.po").read_text(encoding="utf-8")
    entry = polib.pofile(merged_text).find("component.pieces.description", by="msgctxt")
    assert entry.fuzzy and (entry.previous_msgid, entry.msgid) == (old, new)
    assert f'#| msgid "{old}"' in merged_text
    # pnp's own export of the changed English says the same, from the English it kept.
    assert polib.pofile(ours).find("component.pieces.description", by="msgctxt").previous_msgid == old

    def imported(text: str) -> list[str]:
        game = load_game(folder)
        catalogs = load_game_catalogs(game)
        return write_import(game, catalogs, import_po(text, catalogs, "da", game.id, file="merged.po"))

    assert imported(merged_text) == [f"nothing to change: {da} is as it was"]
    assert da.read_bytes() == before  # the fuzzy message, unedited, changes nothing

    entry_po = polib.pofile(merged_text)
    confirmed = entry_po.find("component.pieces.description", by="msgctxt")
    confirmed.msgstr, confirmed.flags = "Runde brikker, hver af dem forskellig.", []
    report = imported(entry_po.__unicode__())

    assert report[-1].startswith("1 text changed in")
    assert "component.pieces.description: translation changed" in report[0]
    game = load_game(folder)
    catalogs = load_game_catalogs(game)
    entries = catalogs["da"].entries
    assert entries["component.pieces.description"].source == fingerprint(new)
    status = translation_status(catalogs, set(catalogs.source.entries), "da")
    assert (status.missing, status.stale) == ((), ())
    after = da.read_text(encoding="utf-8").splitlines()
    changed = [line for line in after if line not in before.decode("utf-8").splitlines()]
    assert changed == ["  text: Runde brikker, hver af dem forskellig.", f'  source: "{fingerprint(new)}"',
                       f"  source-text: {new}"]
    assert len(after) == len(before.decode("utf-8").splitlines())  # the entry's three lines replaced, nothing else


def test_msgfmt_reads_one_message_per_text_whatever_the_folder_and_version_hold(tmp_path: Path):
    """A line break in the game folder's name (in every reference) or in its version (in the
    header) starts no entry and no header field of its own: msgfmt finds no duplicate."""
    folder = Path(shutil.copytree(ROOT / "content" / "folio", tmp_path / "content" / 'fo\nmsgid "lio"\n'))
    game_yaml = folder / "game.yaml"
    text = re.sub(r"(?m)^version: .*$", r'version: "1.0\\nX-Pnp-Game: other\\nLanguage: fr"',
                  game_yaml.read_text(encoding="utf-8"))
    game_yaml.write_text("id: folio\n" + text, encoding="utf-8")
    po, _ = exports(folder)
    assert 'content/fo\\nmsgid\u00a0"lio"\\n/text/en.yaml' in po
    (tmp_path / "da.po").write_text(po, encoding="utf-8")
    checked = run("msgfmt", "-c", "--statistics", "-o", "/dev/null", "da.po", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    header = po.split("\n\n")[0]
    assert [line.split(":")[0] for line in header.splitlines() if line.startswith('"')].count('"Language') == 1
