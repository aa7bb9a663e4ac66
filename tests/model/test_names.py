"""Ids and language tags are checked as names, never paths; values in messages are short and escaped."""

from __future__ import annotations

import pytest

from pnp.model.names import id_problem, language_problem, slug
from pnp.model.problems import Location, Problem, listing, quote


@pytest.mark.parametrize("value", ["tiny", "colour-cards", "red-1-3-2", "a" * 64, "x9"])
def test_ids_that_are_names(value):
    assert id_problem(value) is None


@pytest.mark.parametrize("value", ["x/../../../escaped", "/tmp/x", "..", ".", "", "a\0b", "a" * 65, "Tiny", "t\u0456ny",
                                   "a\nb", "tiny\n", "-a", "a-", "a--b", "a_b", "a b", 7, None, "ｔｉｎｙ"])
def test_ids_that_are_not(value):
    assert id_problem(value) is not None


def test_a_look_alike_letter_is_named():
    assert "character 2 is U+0456" in id_problem("t\u0456ny")


@pytest.mark.parametrize("value", ["da", "en", "pt-BR", "sr-Latn-RS", "es-419", "de-CH-1996"])
def test_language_tags(value):
    assert language_problem(value) is None


@pytest.mark.parametrize("value", ["DA", "pt_BR", "pt-br", "d", "da/../x", "da\n", "d\u0430", "", "english", None])
def test_not_language_tags(value):
    assert language_problem(value) is not None


def test_slug_makes_an_id_of_any_text():
    assert slug("Red-1-3") == "red-1-3"
    assert slug("Grøn Æble / 2") == "gron-aeble-2"
    assert slug("True-False") == "true-false"
    assert id_problem(slug("x/../../../Escaped")) is None


def test_quote_cuts_and_escapes():
    long = "x" * 5_000
    assert quote(long) == "'" + "x" * 40 + "…' (5000 characters)"
    assert quote("a\0b\x1b[31m") == repr("a\0b\x1b[31m")
    assert len(quote(["y" * 1000] * 1000)) < 200
    assert quote({"k": "v"}) == "{'k': 'v'}"


def test_listing_shows_a_few_names():
    assert listing(["a", "b"]) == "a, b"
    assert listing([f"n{i}" for i in range(20)]).endswith("n11 and 8 more")
    assert listing(["x" * 100]) == quote("x" * 100)


def test_a_problem_never_prints_a_long_or_control_character_key():
    problem = Problem(Location("f.yaml", 1, 1), "sets." + "k\n" * 200, "bad")
    assert "\n" not in str(problem) and len(str(problem)) < 200
