"""Translation status of a fixture game: exact missing, stale, unused and undefined keys."""

from pathlib import Path

from tiny_game import ENGLISH, USED, line_of

from pnp.i18n.catalog import Catalogs, fingerprint, load_catalogs
from pnp.i18n.status import NO_SOURCE, KeyIssue, format_status, game_status, translation_status
from pnp.model.problems import Location


def keys(issues) -> list[str]:
    return [issue.key for issue in issues]


def test_translation_status_lists_exactly_what_danish_needs(game: Path):
    catalogs = load_catalogs(game, ("da",))
    da_file = str(game / "text" / "da.yaml")
    en_file = str(game / "text" / "en.yaml")

    status = translation_status(catalogs, USED, "da")

    assert status.missing == (KeyIssue("rules.pass",
                                       Location(en_file, line_of(game / "text/en.yaml", "rules.pass"), 13)),)
    assert [(i.key, i.location.file, i.note) for i in status.stale] == [
        ("component.board.name", da_file, NO_SOURCE),
        ("rules.take", da_file, "source changed"),
    ]
    assert keys(status.unused) == ["rules.gone", "rules.old"]
    assert [i.note for i in status.unused] == ["not in text/en.yaml", ""]
    assert status.undefined == ()
    assert not status.ok
    assert (status.total, status.up_to_date) == (len(ENGLISH), len(ENGLISH) - 3)


def test_flow_entries_are_located_on_their_key_line(game: Path):
    catalogs = load_catalogs(game, ("da",))
    status = translation_status(catalogs, USED, "da")
    da = game / "text" / "da.yaml"
    assert [i.location.line for i in status.unused] == [line_of(da, "rules.gone"), line_of(da, "rules.old")]


def test_english_status_lists_unused_and_undefined(game: Path):
    catalogs = load_catalogs(game, ("da",))
    en = game / "text" / "en.yaml"
    used_at = Location("content/tiny/rulebook.yaml", 7, 5)

    status = translation_status(catalogs, USED, "en", where_used={"rules.undefined": used_at})

    assert status.unused == (KeyIssue("rules.old", Location(str(en), line_of(en, "rules.old"), 12)),)
    assert status.undefined == (KeyIssue("rules.undefined", used_at),)
    assert (status.missing, status.stale) == ((), ())


def test_undefined_key_without_a_known_use_points_at_english(game: Path):
    catalogs = load_catalogs(game, ("da",))
    status = translation_status(catalogs, USED, "en")
    assert status.undefined == (KeyIssue("rules.undefined", Location(str(game / "text" / "en.yaml"))),)


def test_a_complete_translation_is_ok(game: Path):
    lines = [f"{k}: {{text: '{v.upper()}', source: {fingerprint(v)}}}" for k, v in ENGLISH.items()]
    (game / "text" / "da.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    catalogs = load_catalogs(game, ("da",))
    used = set(ENGLISH)

    statuses = game_status(catalogs, used)

    assert [s.language for s in statuses] == ["en", "da"]
    assert all(s.ok for s in statuses)
    assert statuses[1].up_to_date == len(ENGLISH)


def test_without_a_translation_file_everything_is_missing(game: Path):
    (game / "text" / "da.yaml").unlink()
    catalogs = load_catalogs(game, ("da",))
    status = translation_status(catalogs, USED, "da")
    assert keys(status.missing) == sorted(ENGLISH)
    assert (status.stale, status.unused) == ((), ())


def test_format_status_counts_then_lists_keys_with_file_and_line(game: Path):
    catalogs = load_catalogs(game, ("da",))
    en = game / "text" / "en.yaml"
    da = game / "text" / "da.yaml"

    report = format_status("tiny", game_status(catalogs, USED))

    assert report == (
        "tiny en: 10 texts (the source); 1 unused, 1 undefined\n"
        "tiny da: 7 of 10 translated; 1 missing, 2 stale, 2 unused\n"
        "en unused:\n"
        f"  content/tiny/text/en.yaml:{line_of(en, 'rules.old')}: rules.old\n"
        "en undefined:\n"
        "  content/tiny/text/en.yaml: rules.undefined\n"
        "da missing:\n"
        f"  content/tiny/text/en.yaml:{line_of(en, 'rules.pass')}: rules.pass\n"
        "da stale:\n"
        f"  content/tiny/text/da.yaml:{line_of(da, 'component.board.name')}: component.board.name ({NO_SOURCE})\n"
        f"  content/tiny/text/da.yaml:{line_of(da, 'rules.take')}: rules.take (source changed)\n"
        "da unused:\n"
        f"  content/tiny/text/da.yaml:{line_of(da, 'rules.gone')}: rules.gone (not in text/en.yaml)\n"
        f"  content/tiny/text/da.yaml:{line_of(da, 'rules.old')}: rules.old\n"
    )


def test_format_status_of_a_finished_game_is_one_line_per_language(game: Path):
    catalogs = load_catalogs(game, ("da",))
    english_only = Catalogs({"en": catalogs["en"]})
    report = format_status("tiny", game_status(english_only, set(ENGLISH)))
    assert report == "tiny en: 10 texts (the source), all in order\n"
