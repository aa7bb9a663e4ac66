"""Nim's engine against facts worked out by hand from the rules and Bouton's theorem."""

from __future__ import annotations

import pytest
from pnp.games.base import IllegalMove, NotationError

from pnp_nim import rules
from pnp_nim.rules import Move, Position


@pytest.mark.parametrize("text", ["A 1 3 5 7", "B 0 2", "A 15", "B 0 0 0"])
def test_positions_print_back_as_written(text):
    assert rules.format_position(rules.parse_position(text)) == text


@pytest.mark.parametrize("text", ["a1", "d7", "h15"])
def test_moves_print_back_as_written(text):
    assert rules.format_move(rules.parse_move(text)) == text


@pytest.mark.parametrize("text", ["1 3 5", "C 1 3", "A", "A 1 x", "A 16", "A 1 1 1 1 1 1 1 1 1"])
def test_text_that_is_no_position_is_a_notation_error(text):
    with pytest.raises(NotationError):
        rules.parse_position(text)


@pytest.mark.parametrize("text", ["b0", "i1", "B2", "b", "2b", "b100"])
def test_text_that_is_no_move_is_a_notation_error(text):
    with pytest.raises(NotationError):
        rules.parse_move(text)


def test_a_turn_takes_one_or_more_counters_from_one_row():
    start = rules.parse_position("A 1 3 5 7")
    assert len(rules.legal_moves(start)) == 1 + 3 + 5 + 7
    assert rules.apply(start, Move(3, 3)) == Position((1, 3, 5, 4), "B")
    assert rules.apply(start, Move(0, 1)) == Position((0, 3, 5, 7), "B")


@pytest.mark.parametrize("position, move, rule", [
    ("A 1 3 5 7", "b4", "row b has 3 counters left, and a turn takes only counters that are there"),
    ("A 0 3", "a1", "row a has 0 counters left"),
    ("A 1 3", "c1", "there is no row c: the rows are a to b"),
    ("B 0 0", "a1", "the game is over: A took the last counter"),
])
def test_a_move_the_rules_forbid_names_the_rule(position, move, rule):
    with pytest.raises(IllegalMove) as refused:
        rules.apply(rules.parse_position(position), rules.parse_move(move))
    assert refused.value.rule.startswith(rule)


def test_whoever_takes_the_last_counter_wins():
    assert rules.winner(rules.parse_position("A 0 1")) is None
    last = rules.apply(rules.parse_position("A 0 1"), Move(1, 1))
    assert rules.winner(last) == "A" and rules.legal_moves(last) == []


@pytest.mark.parametrize("rows", [(1, 2, 3), (1, 4, 5), (2, 4, 6), (1, 3, 5, 7), (3, 5, 6)])
def test_the_known_losing_positions_have_a_nim_sum_of_zero_and_no_winning_move(rows):
    position = Position(rows)
    assert rules.nim_sum(position) == 0 and rules.winning_moves(position) == []


def test_the_one_winning_move_from_three_four_five_takes_two_from_the_three():
    assert [rules.format_move(m) for m in rules.winning_moves(rules.parse_position("A 3 4 5"))] == ["a2"]
    assert [rules.format_move(m) for m in rules.winning_moves(rules.parse_position("A 1 2 7"))] == ["c4"]
