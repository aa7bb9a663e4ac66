"""Boardless Quarto engine against the rules text and positions worked out by hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.base import Engine, IllegalMove, NotationError
from pnp.games.boardless_quarto import (
    ALL_PIECES,
    CLAIM,
    DRAW,
    ENGINE,
    START,
    FixedAxes,
    Give,
    Place,
    Start,
    apply,
    claimable_rows,
    fixed_axes,
    format_move,
    format_state,
    legal_moves,
    legal_placements,
    lines_within,
    losing_gifts,
    parse_move,
    parse_piece,
    parse_state,
    windows,
    winner,
    winner_rows,
)


def play(state, *moves):
    for text in moves:
        state = apply(state, parse_move(text))
    return state


def codes(pieces):
    return sorted(p.code for p in pieces)


# Three blue pieces in the top row that share nothing else (S C S, F H H, L D L).
THREE_BLUE = "SBFL@0,0 CBHD@1,0 SBHL@2,0*"


def test_sixteen_pieces_every_combination_once():
    assert len(set(ALL_PIECES)) == 16
    assert len({p.code for p in ALL_PIECES}) == 16
    piece = parse_piece("sbhd")
    assert (piece.shape, piece.colour, piece.hole, piece.background) == (
        "star", "blue", "holed", "dark",
    )


def test_a_4x4_grid_has_exactly_10_lines():
    window = [(x, y) for x in range(4) for y in range(4)]
    lines = lines_within(window)
    assert len(lines) == 10
    rows = {tuple((x, y) for x in range(4)) for y in range(4)}
    columns = {tuple((x, y) for y in range(4)) for x in range(4)}
    diagonals = {((0, 0), (1, 1), (2, 2), (3, 3)), ((0, 3), (1, 2), (2, 1), (3, 0))}
    assert set(lines) == rows | columns | diagonals


def test_start_lays_two_touching_pieces_and_b_gives_first():
    state = play(START, "start SBFL@0,0 COFL@1,0")
    assert format_state(state) == "SBFL@0,0 COFL@1,0; B gives"
    assert legal_placements(state) == {(-1, 0), (2, 0), (0, -1), (1, -1), (0, 1), (1, 1)}
    with pytest.raises(IllegalMove) as caught:
        play(START, "start SBFL@0,0 COFL@1,1")
    assert "touch" in caught.value.rule


def test_start_offers_every_ordered_pair_in_both_orientations():
    assert len(legal_moves(START)) == 16 * 15 * 2


def test_placement_must_touch_side_by_side():
    state = play(START, "start SBFL@0,0 COFL@1,0", "give CBHD")
    assert format_state(state) == "SBFL@0,0 COFL@1,0; A places CBHD"
    for far_or_diagonal in ("CBHD@2,1", "CBHD@3,0", "CBHD@-1,-1"):
        with pytest.raises(IllegalMove) as caught:
            play(state, far_or_diagonal)
        assert caught.value.rule == "a piece must touch another piece side by side"
    with pytest.raises(IllegalMove, match="already holds"):
        play(state, "CBHD@1,0")
    with pytest.raises(IllegalMove, match="you were given"):
        play(state, "SOHL@2,0")


def test_a_group_four_wide_forbids_a_fifth_column():
    state = parse_state("SBFL@0,0 COFL@1,0 CBHD@2,0 SOHL@3,0*; B gives")
    assert fixed_axes(state) == FixedAxes(rows=False, columns=True)
    assert windows(state) == [(0, -3), (0, -2), (0, -1), (0, 0)]
    expected = {(x, -1) for x in range(4)} | {(x, 1) for x in range(4)}
    assert legal_placements(state) == expected
    placing = play(state, "give CBFL")
    with pytest.raises(IllegalMove) as caught:
        play(placing, "CBFL@4,0")
    assert caught.value.rule == "all pieces must fit in a 4×4 grid"


def test_rows_are_fixed_once_the_group_is_four_tall():
    state = parse_state("SBFL@0,0 COFL@0,1 CBHD@0,2 SOHL@1,2 SBHD@1,3*; A gives")
    assert fixed_axes(state) == FixedAxes(rows=True, columns=False)
    assert (0, -1) not in legal_placements(state) and (1, 4) not in legal_placements(state)
    assert (2, 2) in legal_placements(state) and (-1, 0) in legal_placements(state)


def test_winner_row_claimed_at_once_wins():
    state = play(parse_state(THREE_BLUE + "; A gives"), "give CBFD", "CBFD@3,0")
    rows = claimable_rows(state)
    assert [r.cells for r in rows] == [((0, 0), (1, 0), (2, 0), (3, 0))]
    assert rows[0].shared == (("colour", "blue"),)
    assert legal_moves(state)[0] == CLAIM
    won = play(state, "quarto")
    assert winner(won) == "B" and format_state(won).endswith("; B wins")
    assert legal_moves(won) == []


def test_overlooked_row_can_be_claimed_by_the_opponent_next_turn():
    made = play(parse_state(THREE_BLUE + "; A gives"), "give CBFD", "CBFD@3,0")
    overlooked = play(made, "give SOHD")  # B gives instead of claiming
    assert overlooked.to_move == "A" and CLAIM in legal_moves(overlooked)
    assert winner(play(overlooked, "quarto")) == "A"


def test_overlooked_row_cannot_be_claimed_later():
    made = play(parse_state(THREE_BLUE + "; A gives"), "give CBFD", "CBFD@3,0")
    passed = play(made, "give SOHD", "SOHD@0,1")  # A places instead of claiming
    assert winner_rows(passed) and not claimable_rows(passed)
    for later in (passed, play(passed, "give COFL")):
        with pytest.raises(IllegalMove) as caught:
            play(later, "quarto")
        assert "last piece placed" in caught.value.rule


def test_no_claim_without_a_row():
    state = play(START, "start SBFL@0,0 COFL@1,0")
    with pytest.raises(IllegalMove):
        play(state, "quarto")


# A full 4×4 found by search where no line of four shares a letter; checked below by
# comparing letters, without the engine.
NO_ROW = [
    ["COFL", "CBFL", "SBHL", "SOHD"],
    ["SOFD", "SBFL", "CBHL", "SOFL"],
    ["CBHD", "COHL", "CBFD", "SBHD"],
    ["SBFD", "COFD", "SOHL", "COHD"],
]


def test_draw_when_the_pool_empties_without_a_row():
    lines = lines_within([(x, y) for x in range(4) for y in range(4)])
    for line in lines:
        letters = [NO_ROW[y][x] for x, y in line]
        assert all(len({code[i] for code in letters}) == 2 for i in range(4))
    cells = [(x, y) for y in range(4) for x in range(4) if (x, y) != (3, 3)]
    placed = " ".join(f"{NO_ROW[y][x]}@{x},{y}" for x, y in cells)
    before = parse_state(f"{placed}; B places COHD")
    assert before.pool == () and winner(before) is None
    after = play(before, "COHD@3,3")
    assert winner(after) == DRAW and legal_moves(after) == []
    with pytest.raises(IllegalMove, match="draw"):
        play(after, "quarto")


def test_last_piece_making_a_row_can_still_be_claimed():
    grid = [
        ["COFD", "CBFD", "COHL", "SBFD"],
        ["SOHL", "COHD", "SOFL", "CBHD"],
        ["CBFL", "CBHL", "COFL", "SOFD"],
        ["SBHL", "SBFL", "SBHD", "SOHD"],
    ]
    cells = [(x, y) for y in range(4) for x in range(4) if (x, y) != (3, 3)]
    placed = " ".join(f"{grid[y][x]}@{x},{y}" for x, y in cells)
    after = play(parse_state(f"{placed}; A places SOHD"), "SOHD@3,3")
    # The last piece closes the orange diagonal, the dark column and the star row.
    shared = sorted(row.shared for row in claimable_rows(after))
    assert shared == [(("background", "dark"),), (("colour", "orange"),), (("shape", "star"),)]
    assert winner(after) is None and legal_moves(after) == [CLAIM]
    assert winner(play(after, "quarto")) == "A"


def test_losing_gifts_are_the_blue_pieces_left():
    state = parse_state(THREE_BLUE + "; A gives")
    assert codes(losing_gifts(state)) == ["CBFD", "CBFL", "CBHL", "SBFD", "SBHD"]


def test_no_losing_gift_when_the_fourth_cell_is_outside_the_grid():
    # The orange circle closes the row at x=3, and x=-1 would make the group 5 wide.
    state = parse_state("SBFL@0,0 CBHD@1,0 SBHL@2,0 COFD@3,0*; B gives")
    assert winner_rows(state) == []
    assert losing_gifts(state) == ()


def test_give_rules():
    state = play(START, "start SBFL@0,0 COFL@1,0")
    with pytest.raises(IllegalMove, match="not in the pool"):
        play(state, "give SBFL")
    placing = play(state, "give SOHD")
    with pytest.raises(IllegalMove, match="before giving"):
        play(placing, "give CBHD")
    with pytest.raises(IllegalMove, match="first draw two pieces"):
        play(START, "give SOHD")


def test_state_notation_round_trips():
    texts = [
        "start",
        "SBFL@0,0 COFL@1,0; B gives",
        "SBFL@0,-1 COFL@0,0 CBHD@1,0*; A places SOHL",
        THREE_BLUE + "; B wins",
    ]
    for text in texts:
        assert format_state(parse_state(text)) == text
    assert format_state(parse_state("COFL@1,0 sbfl@0,0 ; b gives")) == texts[1]


def test_move_notation_round_trips():
    for text in ("start SBFL@0,0 COFL@1,0", "give COHD", "COHD@-2,3", "quarto"):
        assert format_move(parse_move(text)) == text
    assert parse_move("place cohd@(2, 0)") == Place(parse_piece("COHD"), (2, 0))
    assert parse_move("give sbfl") == Give(parse_piece("SBFL"))


@pytest.mark.parametrize(
    "text",
    [
        "SBFL@0,0 COFL@1,0",  # no phase
        "SBFL@0,0 COFL@1,0; C gives",
        "SBFL@0,0 SBFL@1,0; B gives",  # piece twice
        "SBFL@0,0 COFL@2,0; B gives",  # not touching
        "SBFL@0,0 COFL@1,0 CBHD@2,0 SOHL@3,0 SBHD@4,0; A gives",  # 5 wide
        "SBFL@0,0 COFL@1,0; A places SBFL",  # given piece already placed
        "SBFL@0,0* COFL@1,0*; B gives",
        "SBXL@0,0 COFL@1,0; B gives",
    ],
)
def test_bad_state_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_state(text)


@pytest.mark.parametrize("text", ["", "give", "give SBF", "SBFL@1", "start SBFL@0,0", "hello"])
def test_bad_move_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_move(text)


def test_engine_satisfies_protocol():
    engine: Engine = ENGINE
    assert engine.name == "boardless_quarto"
    state = engine.apply(START, engine.parse_move("start SBFL@0,0 COFL@1,0"))
    assert engine.format_state(state) == "SBFL@0,0 COFL@1,0; B gives"
    assert isinstance(engine.legal_moves(START)[0], Start)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_games_stay_legal_and_end(rng):
    state = START
    while winner(state) is None:
        moves = legal_moves(state)
        # Claims are optional, so random play also overlooks some rows.
        move = rng.choice(moves)
        state = apply(state, move)
        assert parse_state(format_state(state)) == state
        cells = state.cells
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        assert max(xs) - min(xs) < 4 and max(ys) - min(ys) < 4
    assert winner(state) in ("A", "B", DRAW)
    assert len(state.board) + len(state.pool) == 16
