"""Stamping checked translations with the current English fingerprint."""

from pathlib import Path

import pytest
from tiny_game import ENGLISH, USED

from pnp.i18n.catalog import catalog_path, fingerprint, load_catalogs
from pnp.i18n.stamp import stamp
from pnp.i18n.status import translation_status
from pnp.model.problems import ContentError


def test_stamping_everything_clears_stale_and_keeps_texts(game: Path):
    before = load_catalogs(game, ("da",))["da"].entries

    stamped = stamp(load_catalogs(game, ("da",)), "da")

    catalogs = load_catalogs(game, ("da",))
    after = catalogs["da"].entries
    assert stamped == ("rules.take", "component.board.name")  # English order
    assert after["rules.take"].source == fingerprint(ENGLISH["rules.take"])
    assert after["component.board.name"].source == fingerprint("Board")
    assert {k: e.text for k, e in after.items()} == {k: e.text for k, e in before.items()}
    assert translation_status(catalogs, USED, "da").stale == ()


def test_stamping_chosen_keys_leaves_the_others_stale(game: Path):
    assert stamp(load_catalogs(game, ("da",)), "da", ["rules.take", "rules.title"]) == ("rules.take",)
    stale = translation_status(load_catalogs(game, ("da",)), USED, "da").stale
    assert [i.key for i in stale] == ["component.board.name"]


def test_nothing_to_stamp_writes_nothing(game: Path):
    stamp(load_catalogs(game, ("da",)), "da")
    da = catalog_path(game, "da")
    written = da.stat().st_mtime_ns, da.read_bytes()
    assert stamp(load_catalogs(game, ("da",)), "da") == ()
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
    with pytest.raises(ContentError, match="English is the source"):
        stamp(load_catalogs(game, ("da",)), "en")
