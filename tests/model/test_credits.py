"""game.yaml's credits and cover facts: optional, read as written, never filled in; and the
lines pnp makes of them (pnp.i18n.credits) for a cover and a credits page."""

from __future__ import annotations

import pytest

from pnp.i18n.credits import cover_credit, credit_lines
from pnp.model.game import BasedOn, load_game
from pnp.model.problems import ContentError

BARE = "title: Tiny\nversion: '1'\nlanguages: [en, da]\npalette: {ink: '#222222', gold: '#E69F00'}\n"


def test_a_game_may_state_no_author_licence_players_time_or_age(make_game):
    game = load_game(make_game({"game.yaml": BARE}))
    assert ((game.authors, game.licence, game.based_on, game.players, game.minutes, game.age)
            == ((), "", None, "", "", ""))
    assert cover_credit(game, ["en"]) == "Version 1"
    assert credit_lines(game, "en") == []


@pytest.mark.parametrize("based_on, expected", [
    ("based-on: {title: Quarto, authors: [Blaise Müller]}", BasedOn("Quarto", ("Blaise Müller",))),
    ("based-on:\n  title: Quarto\n", BasedOn("Quarto")),
    ("based-on: Quarto", BasedOn("Quarto")),
])
def test_based_on_names_a_work_and_its_authors(make_game, based_on, expected):
    game = load_game(make_game({"game.yaml": BARE + based_on + "\n"}))
    assert game.based_on == expected


def test_credits_in_each_language_say_only_what_game_yaml_states(make_game):
    game = load_game(make_game({"game.yaml": BARE + "based-on: {title: Quarto, authors: [Blaise Müller]}\n"}))
    assert cover_credit(game, ["en"]) == "based on Quarto by Blaise Müller · Version 1"
    # One word where both agree.
    assert cover_credit(game, ["da", "en"]) == "baseret på Quarto af Blaise Müller · Version 1"
    assert credit_lines(game, "da") == ["Baseret på Quarto af Blaise Müller"]
    assert credit_lines(game, "de") == ["Nach Quarto von Blaise Müller"]

    game = load_game(make_game({"game.yaml": BARE + "authors: [A. Designer, B. Designer]\nlicence: CC BY 4.0\n"}))
    assert cover_credit(game, ["en"]) == "by A. Designer, B. Designer · Version 1 · CC BY 4.0"
    assert credit_lines(game, "en") == ["Game design: A. Designer, B. Designer", "Licence: CC BY 4.0"]
    assert credit_lines(game, "da") == ["Spildesign: A. Designer, B. Designer", "Licens: CC BY 4.0"]


@pytest.mark.parametrize("based_on, message", [
    ("based-on: [Quarto]", "game.yaml:5:11 based-on: expected the title of the work the game is based on, or a mapping "
                           "such as {title: Quarto, authors: [Blaise Müller]}, got ['Quarto']"),
    ("based-on: {authors: [Blaise Müller]}", "game.yaml:5:11 based-on: missing required key 'title'"),
    ("based-on: {title: Quarto, year: 1991}", "game.yaml:5:27 based-on.year: unknown key 'year'"),
    ("based-on: {title: Quarto, authors: Blaise Müller}",
     "game.yaml:5:36 based-on.authors: expected a list, got 'Blaise Müller'"),
])
def test_a_bad_based_on_is_located(make_game, based_on, message):
    with pytest.raises(ContentError) as caught:
        load_game(make_game({"game.yaml": BARE + based_on + "\n"}))
    assert message in str(caught.value)
