"""Languages as data: any BCP 47 tag a game lists or has a catalog for, its source language,
its bilingual pair; and pnp's own words, from label catalogs shipped inside the package."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pnp.i18n import labels
from pnp.i18n.catalog import load_game_catalogs
from pnp.i18n.labels import label, label_warning, missing_labels, placeholders, shipped_languages
from pnp.model.game import load_game
from pnp.model.problems import ContentError

GAME_YAML = """\
title: Tiny
authors: [A. Designer]
version: "1"
licence: CC0
players: "2"
"""


def game_folder(tmp_path: Path, extra: str = "", texts: dict[str, str] | None = None) -> Path:
    folder = tmp_path / "content" / "tiny"
    (folder / "text").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML + textwrap.dedent(extra), encoding="utf-8")
    for name, text in (texts or {"en.yaml": "a: A\n"}).items():
        (folder / "text" / name).write_text(text, encoding="utf-8")
    return folder


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as error:
        load_game(folder)
    return [str(problem) for problem in error.value.problems]


# --- a game's languages ----------------------------------------------------------------


def test_any_language_tag_the_game_lists(tmp_path: Path):
    game = load_game(game_folder(tmp_path, "languages: [en, pt-BR, sr-Latn-RS, de]\n"))
    assert game.languages == ("en", "pt-BR", "sr-Latn-RS", "de")
    assert (game.source_language, game.bilingual) == ("en", ("en", "pt-BR"))


def test_a_catalog_file_makes_its_language_one_of_the_games(tmp_path: Path):
    folder = game_folder(tmp_path, "languages: [en, da]\n", {"en.yaml": "a: A\n", "fr.yaml": "", "de.yaml": "",
                                                           "da.glossary.yaml": "piece: brik\n", "notes.txt": "x"})
    assert load_game(folder).languages == ("en", "da", "de", "fr")
    assert list(load_game_catalogs(load_game(folder))) == ["en", "da", "de", "fr"]


def test_without_a_list_the_source_and_the_catalogs_are_the_languages(tmp_path: Path):
    folder = game_folder(tmp_path, texts={"en.yaml": "a: A\n", "de.yaml": ""})
    game = load_game(folder)
    assert (game.languages, game.bilingual) == (("en", "de"), ("en", "de"))


def test_another_source_language(tmp_path: Path):
    folder = game_folder(tmp_path, "languages: [da, en]\nsource-language: da\n",
                         {"da.yaml": "a: Sten\n", "en.yaml": 'a: {text: Stone, source: "0"}\n'})
    catalogs = load_game_catalogs(load_game(folder))
    assert catalogs.source_language == "da" and catalogs.source.entries["a"].text == "Sten"
    assert catalogs.source.entries["game.title"].text == "Tiny"
    assert catalogs["en"].entries["a"].text == "Stone"


def test_the_bilingual_pair_is_the_games_to_name(tmp_path: Path):
    assert load_game(game_folder(tmp_path / "a",
                                 "languages: [en, da, de]\nbilingual: [da, de]\n")).bilingual == ("da", "de")
    assert load_game(game_folder(tmp_path / "b", "languages: [en, da]\nbilingual: false\n")).bilingual is None
    assert load_game(game_folder(tmp_path / "c", "languages: [en]\n")).bilingual is None
    [problem] = problems(game_folder(tmp_path / "d", "languages: [en, da]\nbilingual: [da, da]\n"))
    assert "bilingual: expected two of the game's languages (en, da) such as [en, da], or false" in problem


@pytest.mark.parametrize("extra, expected", [
    ("languages: [en, da, da]\n", "languages[2]: 'da' is listed twice"),
    ("languages: [da]\n", "languages: lists no 'en', the source language every other is translated from"),
    ("languages: [en, Dansk]\n", "languages[1]: expected a language tag such as 'da' or 'pt-BR', got 'Dansk'"),
    ("source-language: ../x\n", "source-language: expected a language tag such as 'da' or 'pt-BR', got '../x'"),
])
def test_language_mistakes_are_located(tmp_path: Path, extra: str, expected: str):
    assert any(expected in problem for problem in problems(game_folder(tmp_path, extra)))


def test_a_catalog_not_named_by_a_tag_is_an_error(tmp_path: Path):
    [problem] = problems(game_folder(tmp_path, texts={"en.yaml": "a: A\n", "Danish.yaml": "a: {text: A}\n"}))
    assert problem.endswith("text/Danish.yaml: expected a catalog named after a language tag (da.yaml, pt-BR.yaml) "
                            "or a glossary (da.glossary.yaml), got 'Danish.yaml'")


def test_the_title_lives_in_game_yaml_alone(tmp_path: Path):
    folder = game_folder(tmp_path, texts={"en.yaml": "game.title: Other\n"})
    with pytest.raises(ContentError, match=r"game.title: the game's title is written in game.yaml"):
        load_game_catalogs(load_game(folder))


# --- pnp's own words -------------------------------------------------------------------


def test_pnp_ships_its_words_in_english_danish_and_german():
    assert {"en", "da", "de"} <= set(shipped_languages())
    assert label("page", "de") == "Seite" and label("page", "da") == "Side" and label("page", "en") == "Page"


@pytest.mark.parametrize("language", shipped_languages())
def test_every_label_catalog_has_the_english_labels_with_the_same_placeholders(language: str):
    english, own = labels._catalog("en"), labels._catalog(language)
    assert set(own) == set(english)
    assert {name: placeholders(text) for name, text in own.items()} == {name: placeholders(text)
                                                                        for name, text in english.items()}
    assert len(own["quotes"]) == 4
    assert missing_labels(language) == () and label_warning(language) is None


def test_a_language_without_labels_falls_back_to_english_and_says_so():
    assert label("page", "fr") == "Page"
    assert missing_labels("fr") == tuple(labels._catalog("en"))
    assert label_warning("fr").startswith("pnp has no fr words of its own")
    assert label("page", "de-AT") == "Seite"  # a region falls back to its language first
    assert label_warning("de-AT") is None


def test_an_unknown_label_is_a_key_error():
    with pytest.raises(KeyError):
        label("no-such-label", "da")


def test_norwegian_in_quotes_is_a_language_and_unquoted_says_how_to_quote_it(tmp_path: Path):
    quoted = load_game(game_folder(tmp_path / "quoted", "languages: [en, 'no', nb]\n"))
    assert quoted.languages == ("en", "no", "nb")
    with pytest.raises(ContentError) as caught:
        load_game(game_folder(tmp_path / "plain", "languages: [en, no]\n"))
    [problem] = caught.value.problems
    assert problem.message.endswith("got false: YAML reads a plain no, off or false as false; write the tag in quotes, "
                                    "such as 'no' for Norwegian")
