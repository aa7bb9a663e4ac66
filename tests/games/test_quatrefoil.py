"""Quatrefoil engine against the rules text and against arithmetic on 120 arrangements."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games.base import Engine, IllegalMove, NotationError
from pnp.games.quatrefoil import (
    ENGINE,
    MOVES,
    PUSHES,
    STACK,
    TWISTS,
    Push,
    Twist,
    all_states,
    apply,
    correct_colours,
    distance,
    distances_to,
    engine_with_target,
    format_move,
    format_state,
    is_solved,
    legal_moves,
    parse_move,
    parse_state,
    parse_target,
    shortest_solution,
)

START = parse_state("bg/pr+y")  # blue NW, green NE, purple SW, red SE, yellow free

states = st.sampled_from(all_states())
moves = st.sampled_from(PUSHES + TWISTS)


# Each expected state written by hand: the free token (y) enters at the named square,
# the line slides one step, and the token at the far end becomes the free token.
@pytest.mark.parametrize(
    "push, expected",
    [
        ("NW>", "yb/pr+g"),  # top row pushed east: green falls out at NE
        ("NE<", "gy/pr+b"),  # top row pushed west: blue falls out at NW
        ("SW>", "bg/yp+r"),  # bottom row pushed east: red falls out at SE
        ("SE<", "bg/ry+p"),  # bottom row pushed west: purple falls out at SW
        ("NWv", "yg/br+p"),  # west column pushed south: purple falls out at SW
        ("SW^", "pg/yr+b"),  # west column pushed north: blue falls out at NW
        ("NEv", "by/pg+r"),  # east column pushed south: red falls out at SE
        ("SE^", "br/py+g"),  # east column pushed north: green falls out at NE
    ],
)
def test_each_push_slides_its_line_and_ejects_the_far_token(push, expected):
    assert format_state(apply(START, parse_move(push))) == expected


def test_eight_distinct_pushes():
    assert len(set(PUSHES)) == 8
    assert len({apply(START, p) for p in PUSHES}) == 8


def test_twist_clockwise_moves_each_token_a_quarter_turn():
    # bg/pr clockwise: blue NW->NE, green NE->SE, red SE->SW, purple SW->NW.
    assert format_state(apply(START, parse_move("cw"))) == "pb/rg+y"
    assert format_state(apply(START, parse_move("ccw"))) == "gr/bp+y"


def test_twist_then_untwist_and_four_twists_are_identity():
    cw, ccw = Twist(True), Twist(False)
    for state in all_states():
        assert apply(apply(state, cw), ccw) == state
        four = state
        for _ in range(4):
            four = apply(four, cw)
        assert four == state
        assert apply(state, cw) != state


def test_every_push_is_undone_by_pushing_back_from_the_other_end():
    for push in PUSHES:
        entry, far = push.line
        back = next(p for p in PUSHES if p.line == (far, entry))
        for state in all_states():
            assert apply(apply(state, push), back) == state


def test_stack_ends_the_game():
    stacked = apply(START, STACK)
    assert stacked.stacked and format_state(stacked) == "bg/pr+y!"
    assert legal_moves(stacked) == ()
    with pytest.raises(IllegalMove) as caught:
        apply(stacked, parse_move("cw"))
    assert caught.value.move == "cw"
    assert "stacked" in caught.value.rule


def test_winner_needs_a_stack_and_a_target():
    target = parse_target("bg/pr+y")
    engine = engine_with_target(target)
    assert engine.winner(START) is None
    assert engine.winner(apply(START, STACK)) == "everyone"
    assert engine.winner(apply(apply(START, Twist(True)), STACK)) == "nobody"
    assert ENGINE.winner(apply(START, STACK)) is None


def test_engine_satisfies_protocol():
    engine: Engine = ENGINE
    assert engine.name == "quatrefoil"
    assert engine.legal_moves(START) == MOVES and len(MOVES) == 11


def test_120_states_all_reachable_from_any_start():
    assert len(set(all_states())) == 120
    seen, frontier = {START}, [START]
    while frontier:
        frontier = [n for s in frontier for m in PUSHES + TWISTS if (n := apply(s, m)) not in seen]
        seen.update(frontier)
    assert seen == set(all_states())


def test_solutions_replay_to_the_target_in_exactly_distance_moves():
    target = parse_target("gb/ry+p")
    for state in all_states():
        solution = shortest_solution(state, target)
        assert len(solution) == distance(state, target)
        end = state
        for move in solution:
            end = apply(end, move)
        assert is_solved(end, target)


def test_distances_are_consistent_with_single_moves():
    target = parse_target("yr/gb+p")
    table = distances_to(target)
    for state in all_states():
        after = [table[apply(state, m)] for m in PUSHES + TWISTS]
        assert all(abs(table[state] - d) <= 1 for d in after)
        assert table[state] == 0 or min(after) == table[state] - 1
    assert [s for s, d in table.items() if d == 0] == [target]


def test_longest_shortest_solution_is_four_moves_for_every_target():
    for target in all_states()[::7]:
        profile = Counter(distances_to(target).values())
        assert profile == {0: 1, 1: 10, 2: 53, 3: 54, 4: 2}


def test_solution_is_deterministic_and_prefers_earlier_moves():
    target = apply(START, parse_move("SE^"))
    assert shortest_solution(START, target) == [Push("SE", "^")]
    assert shortest_solution(START, START) == []
    # Checked by hand: NW> gives yb/pr+g, SW> gives yb/gp+r, SW^ gives gb/rp+y.
    # Of the first moves that get closer, NW> comes first in MOVES order.
    solution = shortest_solution(START, parse_target("gb/rp+y"))
    assert [format_move(m) for m in solution] == ["NW>", "SW>", "SW^"]


def test_correct_colours_lists_thumbs_up():
    target = parse_target("bg/rp+y")
    assert correct_colours(START, target) == {"b", "g", "y"}


@given(states, moves)
def test_distance_changes_by_at_most_one_per_move(state, move):
    target = parse_target("pr/yb+g")
    assert abs(distance(state, target) - distance(apply(state, move), target)) <= 1


def test_state_notation_round_trips_all_arrangements():
    for state in all_states():
        for shown in (state, apply(state, STACK)):
            assert parse_state(format_state(shown)) == shown


def test_move_notation_round_trips():
    for move in MOVES:
        assert parse_move(format_move(move)) == move
    assert parse_move("nwv") == Push("NW", "v")
    assert parse_move(" CCW ") == Twist(False)


@pytest.mark.parametrize(
    "text", ["bg/pr", "bgp/r+y", "bg/pr+x", "bg/pb+y", "bgpr+y", "bg/pr+yy", ""]
)
def test_bad_state_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_state(text)


@pytest.mark.parametrize("text", ["NW<", "SEv", "push", "NW", "cw2", "XX>"])
def test_bad_move_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_move(text)


def test_target_cannot_be_stacked():
    with pytest.raises(NotationError):
        parse_target("bg/pr+y!")
