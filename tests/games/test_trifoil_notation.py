"""Trifoil notation: written examples, bad text, and round trips along random games."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.base import NotationError
from pnp.games.trifoil import ENGINE, MAP_IDS, End, Place, Push, Rules, Spin, initial_state


@pytest.mark.parametrize(
    "text",
    [
        "6 red 1 | -",
        "6 blue 2 | a1:2r",
        "6 blue 1 | a1:2r b1:3b",
        "8 red 0 | a1:2r c3:0b",
        "12 blue 2 no-tile-limit | d2:5b",
        "10 red 2 | a1:0r a4:3b",
        "9 red 2 no-tile-limit | -",
    ],
)
def test_states_print_back_unchanged(text):
    assert ENGINE.format_state(ENGINE.parse_state(text)) == text


def test_state_fields():
    position = ENGINE.parse_state("6 blue 1 | b1:3b a1:2r")
    assert (position.map_id, position.to_move, position.actions_left) == (6, "blue", 1)
    assert [(k.tile, k.face, k.colour) for k in position.sorted_links()] == [
        ("a1", 2, "red"),
        ("b1", 3, "blue"),
    ]
    assert position.supply("red") == 8 and position.supply("blue") == 8
    assert ENGINE.format_state(position) == "6 blue 1 | a1:2r b1:3b"


def test_initial_state_text():
    assert ENGINE.format_state(initial_state(6)) == "6 red 1 | -"
    assert (
        ENGINE.format_state(initial_state(12, Rules(two_per_tile=False)))
        == "12 red 1 no-tile-limit | -"
    )


@pytest.mark.parametrize(
    "text, move",
    [
        ("place a1:2", Place("a1", 2)),
        ("push b1:5", Push("b1", 5)),
        ("spin delta cw", Spin("delta", True)),
        ("spin omega ccw", Spin("omega", False)),
        ("spin beta cw", Spin("beta", True)),
        ("end", End()),
    ],
)
def test_moves(text, move):
    assert ENGINE.parse_move(text) == move
    assert ENGINE.format_move(move) == text


def test_greek_letters_name_triangles():
    assert ENGINE.parse_move("spin Δ cw") == Spin("delta", True)
    assert ENGINE.parse_move("spin θ ccw") == Spin("theta", False)
    assert ENGINE.parse_move("spin Ω cw") == Spin("omega", True)


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("6 red 1", "expected"),
        ("6 blue 1 | a1:2r b1:3b | a1:2r", "expected"),  # one board: no rule needs the turn's start
        ("7 red 1 | -", "no Trifoil map with 7"),
        ("6 green 1 | -", "red or blue"),
        ("6 red 3 | -", "at most 2"),
        ("6 red x | -", "expected"),
        ("6 red 1 fast | -", "unknown variant"),
        ("6 red 1 | a1:2", "tile:face colour"),
        ("6 red 1 | a1:2g", "tile:face colour"),
        ("6 red 1 | a1:9r", "tile:face colour"),
        ("6 red 1 | d1:2r", "tiles a1 a2 a3 b1 b2 c1"),
        ("6 red 1 edge-links | -", "unknown variant"),
        ("6 red 1 | a1:2r a1:2b", "holds one link"),
        ("6 red 1 | a1:2r a1:3r a2:0r a2:1r a2:2r a2:3r a3:0r a3:1r b1:2r b1:3r", "only 9"),
        ("6 red 1 | ", "write '-'"),
    ],
)
def test_bad_states(text, complaint):
    with pytest.raises(NotationError, match=complaint):
        ENGINE.parse_state(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place a1",
        "place a1:6",
        "push a1-2",
        "spin delta",
        "spin gamma cw",
        "spin delta left",
        "end now",
        "pass",
    ],
)
def test_bad_moves(text):
    with pytest.raises(NotationError):
        ENGINE.parse_move(text)


def test_unknown_tile_in_a_move_is_an_illegal_move():
    from pnp.games.base import IllegalMove

    with pytest.raises(IllegalMove, match="no such tile"):
        ENGINE.apply(initial_state(6), "place d1:2")
    with pytest.raises(IllegalMove, match="no such triangle"):
        ENGINE.apply(ENGINE.parse_state("6 red 2 | a1:2b"), "spin beta cw")


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(MAP_IDS),
    st.booleans(),
    st.lists(st.integers(min_value=0, max_value=10_000), max_size=60),
)
def test_random_games_round_trip_and_keep_the_invariants(map_id, two_per_tile, choices):
    position = initial_state(map_id, Rules(two_per_tile=two_per_tile))
    for choice in choices:
        moves = ENGINE.legal_moves(position)
        if not moves:
            assert ENGINE.winner(position) is not None
            break
        move = moves[choice % len(moves)]
        assert ENGINE.parse_move(ENGINE.format_move(move)) == move
        before = {c: position.on_board(c) for c in ("red", "blue")}
        position = ENGINE.apply(position, move)
        assert ENGINE.parse_state(ENGINE.format_state(position)) == position
        # Only a place adds a link, and only one; nothing ever removes one.
        added = {c: position.on_board(c) - before[c] for c in before}
        assert sum(added.values()) == (1 if isinstance(move, Place) else 0)
        assert min(position.supply(c) for c in before) >= 0
        # A placed link always faces a neighbouring tile.
        if isinstance(move, Place):
            assert position.game_map.is_inward(move.tile, move.face)
