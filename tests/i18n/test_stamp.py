"""Stamping checked translations with the current English fingerprint, and the English itself."""

from pathlib import Path

import pytest
from tiny_game import ENGLISH, USED

from pnp.i18n.catalog import catalog_path, fingerprint, load_catalogs
from pnp.i18n.stamp import Stamped, stamp
from pnp.i18n.status import translation_status
from pnp.model.problems import ContentError


def test_stamping_everything_clears_stale_and_keeps_texts(game: Path):
    before = load_catalogs(game, ("da",))["da"].entries

    stamped = stamp(load_catalogs(game, ("da",)), "da")

    catalogs = load_catalogs(game, ("da",))
    after = catalogs["da"].entries
    assert stamped.confirmed == ("rules.take", "component.board.name")  # English order
    assert set(stamped.recorded) == {"rules.title", "rules.intro", "rules.setup", "rules.note", "rules.count",
                                     "rules.path", "rules.old"}
    assert after["rules.take"].source == fingerprint(ENGLISH["rules.take"])
    assert {k: e.source_text for k, e in after.items() if k in ENGLISH} == {k: ENGLISH[k] for k in after
                                                                            if k in ENGLISH}
    assert after["component.board.name"].source == fingerprint("Board")
    assert {k: e.text for k, e in after.items()} == {k: e.text for k, e in before.items()}
    assert translation_status(catalogs, USED, "da").stale == ()


def test_stamping_chosen_keys_leaves_the_others_stale(game: Path):
    stamped = stamp(load_catalogs(game, ("da",)), "da", ["rules.take", "rules.title"])
    assert (stamped.confirmed, stamped.recorded) == (("rules.take",), ("rules.title",))
    stale = translation_status(load_catalogs(game, ("da",)), USED, "da").stale
    assert [i.key for i in stale] == ["component.board.name"]


def test_nothing_to_stamp_writes_nothing(game: Path):
    stamp(load_catalogs(game, ("da",)), "da")
    da = catalog_path(game, "da")
    written = da.stat().st_mtime_ns, da.read_bytes()
    assert stamp(load_catalogs(game, ("da",)), "da") == Stamped((), ())
    assert (da.stat().st_mtime_ns, da.read_bytes()) == written


def test_unknown_or_untranslated_keys_are_errors_and_nothing_is_written(game: Path):
    before = catalog_path(game, "da").read_bytes()
    with pytest.raises(ContentError) as error:
        stamp(load_catalogs(game, ("da",)), "da", ["rules.take", "rules.nonsense", "rules.pass"])
    assert [(p.location.file, p.key) for p in error.value.problems] == [
        (str(game / "text" / "da.yaml"), "rules.pass"),
        (str(game / "text" / "en.yaml"), "rules.nonsense"),
    ]
    assert catalog_path(game, "da").read_bytes() == before


def test_english_cannot_be_stamped(game: Path):
    with pytest.raises(ContentError, match="en is the source language"):
        stamp(load_catalogs(game, ("da",)), "en")


def test_stamping_rewrites_only_the_stamped_entries(game: Path):
    da = catalog_path(game, "da")
    before = da.read_text(encoding="utf-8").splitlines()
    stamp(load_catalogs(game, ("da",)), "da", ["rules.take"])
    after = da.read_text(encoding="utf-8").splitlines()
    take = before.index(next(line for line in before if line.startswith("rules.take:")))
    assert after[:take] == before[:take]
    assert after[take + 4:] == before[take + 1:]
    assert after[take:take + 4] == ["rules.take:", "  text: Tag en sten.",
                                    f'  source: "{fingerprint(ENGLISH["rules.take"])}"',
                                    f"  source-text: {ENGLISH['rules.take']}"]
