"""Trifoil moves against positions worked out by hand from the rules text (seed 002).

The 6-tile map, for reading the positions: column a holds a1 a2 a3 top to bottom,
column b holds b1 (between a1 and a2) and b2 (between a2 and a3), and c1 sits between
b1 and b2. Faces go clockwise from the top: 0 top, 1 upper right, 2 lower right,
3 bottom, 4 lower left, 5 upper left.
"""

import math

import pytest

from pnp.games.base import IllegalMove
from pnp.games.trifoil import (
    ENGINE,
    MAP_IDS,
    End,
    Place,
    Push,
    Spin,
    get_map,
    initial_state,
    links_on_triangle,
    spin_link,
)
from pnp.games.trifoil.rules import (
    EDGE_PLACE,
    GAME_OVER,
    MINORITY,
    NO_ACTIONS,
    NOT_YOURS,
    NOTHING_TO_PUSH,
    OFF_BOARD,
    TAKEN,
)
from pnp.games.trifoil.state import Link


def state(text):
    return ENGINE.parse_state(text)


def play(text, *moves):
    position = state(text)
    for move in moves:
        position = ENGINE.apply(position, move)
    return position


def links(position):
    return ENGINE.format_state(position).split(" | ")[1]


def refused(text, move):
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state(text), move)
    return caught.value.rule


def test_engine_shape():
    assert ENGINE.name == "trifoil"
    for method in (
        "parse_state",
        "format_state",
        "parse_move",
        "format_move",
        "legal_moves",
        "apply",
        "winner",
    ):
        assert callable(getattr(ENGINE, method))


# --- Turns ---


def test_red_starts_with_one_action_and_only_placements():
    start = initial_state(6)
    assert (start.to_move, start.actions_left) == ("red", 1)
    moves = ENGINE.legal_moves(start)
    # 9 touching pairs, two faces each: 18 places (no link to push, every triangle tied
    # 0-0), and ending the turn at once, which "up to" one action allows.
    assert len(moves) == 19
    assert all(isinstance(m, Place) for m in moves[:-1]) and moves[-1] == End()


def test_first_turn_one_action_then_two():
    after_first = play("6 red 1 | -", "place a1:2")
    assert after_first.actions_left == 0
    assert ENGINE.legal_moves(after_first) == [End()]
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(after_first, "place a1:3")
    assert caught.value.rule == NO_ACTIONS
    blue = ENGINE.apply(after_first, "end")
    assert (blue.to_move, blue.actions_left) == ("blue", 2)
    after_two = play(ENGINE.format_state(blue), "place b1:3", "place b2:0")
    assert after_two.actions_left == 0
    assert refused(ENGINE.format_state(after_two), "place a2:0") == NO_ACTIONS
    red = ENGINE.apply(after_two, "end")
    assert (red.to_move, red.actions_left) == ("red", 2)


def test_a_turn_may_end_after_one_of_two_actions():
    position = play("6 blue 2 | a1:2r", "place b1:3")
    assert End() in ENGINE.legal_moves(position)
    assert ENGINE.apply(position, "end").to_move == "red"


# Seed 002 sets no rule on how a turn leaves the board: "up to 2 actions", and the original
# lets a player undo back to the start of the turn before committing it.


def test_a_turn_may_take_no_action():
    passed = play("6 blue 2 | a1:2r", "end")
    assert (passed.to_move, passed.actions_left, links(passed)) == ("red", 2, "a1:2r")


def test_a_symmetric_spin_and_the_spin_back_make_a_turn():
    # Red on a1:2, b1:4, a2:0: one link on each tile of delta, each a third of a turn
    # from the next, so a spin gives the same board. Blue (0 links there) may spin it.
    text = "6 blue 2 | a1:2r a2:0r b1:4r"
    spun = play(text, "spin delta cw")
    assert links(spun) == "a1:2r a2:0r b1:4r"
    assert End() in ENGINE.legal_moves(spun)
    back = ENGINE.apply(spun, "spin delta ccw")
    assert links(back) == "a1:2r a2:0r b1:4r" and ENGINE.legal_moves(back) == [End()]
    assert ENGINE.apply(back, "end").to_move == "red"


def test_a_push_and_the_push_back_leave_the_board_as_it_began_and_end_the_turn():
    pushed = play("6 red 2 | a1:2r", "push a1:2")
    assert links(pushed) == "b1:5r"
    back = ENGINE.apply(pushed, "push b1:5")
    assert links(back) == "a1:2r"
    after = ENGINE.apply(back, "end")
    assert (after.to_move, after.actions_left, links(after)) == ("blue", 2, "a1:2r")


# --- Place ---


def test_place_a_link():
    position = play("6 red 1 | -", "place b1:3")
    assert links(position) == "b1:3r"
    assert position.supply("red") == 8 and position.supply("blue") == 9


def test_place_on_an_outward_face_is_refused():
    assert refused("6 red 1 | -", "place a1:0") == EDGE_PLACE
    assert refused("6 red 1 | -", "place c1:2") == EDGE_PLACE
    assert "edge" in EDGE_PLACE


def test_place_on_a_taken_face_is_refused():
    assert refused("6 red 2 | b1:3b", "place b1:3") == TAKEN


def test_there_is_always_a_free_inward_face_while_the_game_goes_on():
    # While both supplies hold a link there are at most 2 * (links each - 1) links on the
    # board, fewer than the inward faces, so a player can always place: no turn is stuck.
    for map_id in MAP_IDS:
        game_map = get_map(map_id)
        assert 2 * (game_map.links_each - 1) < len(game_map.inward_faces)


# --- Push ---


def test_push_moves_a_link_across_into_the_next_tile():
    assert links(play("6 red 2 | a1:2r", "push a1:2")) == "b1:5r"


def test_push_shoves_several_links_along_a_line():
    # The line from a1 through face 2 (lower right): a1:2, b1:5, b1:2, c1:5, then the edge.
    position = play("6 red 2 | a1:2r b1:2r b1:5b", "push a1:2")
    assert links(position) == "b1:2b b1:5r c1:5r"


def test_push_down_a_column():
    # a1:3 -> a2:0 -> a2:3 -> a3:0; a3's bottom face is the edge.
    position = play("6 red 2 | a1:3r a2:0b a2:3r", "push a1:3")
    assert links(position) == "a2:0r a2:3b a3:0r"


def test_push_may_leave_a_link_on_an_outer_face():
    # Seed: only a push that deletes a link off the edge is invalid. The line from a1
    # through face 2 is a1:2, b1:5, b1:2, c1:5, c1:2; c1:2 faces the edge but is on the
    # board, so the last link stops there.
    position = play("6 red 2 | a1:2r b1:2r b1:5b c1:5b", "push a1:2")
    assert links(position) == "b1:2b b1:5r c1:2b c1:5r"
    # Down column a: a2:3 pushes a3:0 onto a3's bottom face.
    assert links(play("6 red 2 | a2:3r a3:0r", "push a2:3")) == "a3:0r a3:3r"


def test_push_that_would_go_off_the_board_is_refused_and_changes_nothing():
    # Seed: "If your push would result in a link being deleted off of the edge of the
    # board, it is considered invalid and will do nothing." Every place of the line is
    # taken, outer face included, so the last link would fall off.
    text = "6 red 2 | a1:2r b1:2r b1:5b c1:2r c1:5b"
    before = state(text)
    assert refused(text, "push a1:2") == OFF_BOARD
    assert ENGINE.format_state(before) == text
    assert Push("a1", 2) not in ENGINE.legal_moves(before)
    assert refused("6 red 2 | a2:3r a3:0r a3:3b", "push a2:3") == OFF_BOARD


def test_a_link_on_an_outer_face_cannot_be_pushed_outwards():
    assert refused("6 red 2 | a3:3r a1:2b", "push a3:3") == OFF_BOARD


def test_push_stops_at_the_first_gap():
    # a1:2, b1:5 full, b1:2 empty: only two links move, c1:5 stays empty.
    assert links(play("6 red 2 | a1:2r b1:5r", "push a1:2")) == "b1:2r b1:5r"


def test_push_of_the_opponents_link_is_refused():
    assert refused("6 red 2 | a1:2b", "push a1:2") == NOT_YOURS


def test_push_of_an_empty_face_is_refused():
    assert refused("6 red 2 | a1:2r", "push a1:3") == NOTHING_TO_PUSH


# --- Spin ---


def test_spin_with_fewer_links_is_allowed_and_links_travel():
    # Delta is a1 a2 b1. Clockwise (y down) the tile at a1 goes to b1's place, b1's to
    # a2's, a2's to a1's; each link's face turns by 2.
    #   a1:3 blue -> b1:5     a2:1 blue -> a1:3     b1:5 red -> a2:1
    # c1 is not in delta: its link stays.
    spun = play("6 red 2 | a1:3b a2:1b b1:5r c1:4r", "spin delta cw")
    assert links(spun) == "a1:3b a2:1r b1:5b c1:4r"


def test_spin_anticlockwise():
    #   a1:3 blue -> a2:1     a2:1 blue -> b1:5     b1:5 red -> a1:3
    spun = play("6 red 2 | a1:3b a2:1b b1:5r", "spin delta ccw")
    assert links(spun) == "a1:3r a2:1b b1:5b"


def test_spin_with_a_tie_is_refused():
    assert refused("6 red 2 | a1:3b b1:5r", "spin delta cw") == MINORITY
    assert refused("6 red 2 | -", "spin delta cw") == MINORITY


def test_spin_with_more_links_is_refused():
    assert refused("6 red 2 | a1:3r b1:5r a2:1b", "spin delta ccw") == MINORITY


def test_minority_counts_links_facing_out_of_the_triangle():
    # b1:2 faces c1, outside delta, but lies on b1, so red has 1 on delta; blue has 1.
    assert refused("6 blue 2 | b1:2r a1:3b", "spin delta cw") == MINORITY


def test_spin_carries_a_link_to_face_the_edge():
    # Seed and the original's spin picture: the links travel with their tiles. b1:2
    # (facing c1) goes to a2's place as a2:4, which faces off the board; it stays there.
    spun = play("6 red 2 | a1:3b a2:1b b1:2r", "spin delta cw")
    assert links(spun) == "a1:3b a2:4r b1:5b"
    # From the edge a push has nowhere to go.
    after = play(ENGINE.format_state(spun), "end", "place b2:0", "end")
    assert refused(ENGINE.format_state(after), "push a2:4") == OFF_BOARD


def test_every_minority_spin_is_allowed_along_random_games():
    # The only rule that stops a spin is the minority rule.
    import random

    chooser = random.Random(9)
    checked = 0
    for _ in range(40):
        position = initial_state(6)
        for _ in range(chooser.randrange(4, 30)):
            moves = ENGINE.legal_moves(position)
            if not moves:
                break
            for triangle in position.game_map.triangles:
                mine = links_on_triangle(position, triangle, position.to_move)
                theirs = links_on_triangle(position, triangle, "blue" if position.to_move == "red" else "red")
                if position.actions_left > 0 and mine < theirs:
                    assert Spin(triangle.id, True) in moves
                    checked += 1
            position = ENGINE.apply(position, chooser.choice(moves))
    assert checked > 20


def rotate(point, centre, degrees):
    angle = math.radians(degrees)
    x, y = point[0] - centre[0], point[1] - centre[1]
    return (
        centre[0] + x * math.cos(angle) - y * math.sin(angle),
        centre[1] + x * math.sin(angle) + y * math.cos(angle),
    )


@pytest.mark.parametrize("map_id", MAP_IDS)
@pytest.mark.parametrize("clockwise", [True, False])
def test_spin_is_a_third_of_a_turn_in_the_plane(map_id, clockwise):
    # With y downward a clockwise turn on the page is a positive angle.
    game_map = get_map(map_id)
    degrees = 120 if clockwise else -120
    for triangle in game_map.triangles:
        centre = game_map.spin_centre(triangle.id)
        for tile in triangle.tiles:
            for face in range(6):
                moved = spin_link(triangle, clockwise, Link(tile, face, "red"))
                expected = rotate(game_map.face_midpoint(tile, face), centre, degrees)
                actual = game_map.face_midpoint(moved.tile, moved.face)
                assert math.dist(expected, actual) < 1e-9


# --- End of the game ---


CHAIN_OF_FOUR = "a1:2r b1:3r b1:5r b2:0r"  # a1:2-b1:5, b1:5-b1:3 (same tile), b1:3-b2:0


def test_completing_a_chain_of_five_wins_at_once():
    position = state(f"6 red 2 | {CHAIN_OF_FOUR} a2:0b a3:1b")
    assert ENGINE.winner(position) is None
    won = ENGINE.apply(position, "place b2:1")
    assert ENGINE.winner(won) == "red"
    assert ENGINE.legal_moves(won) == []
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(won, "end")
    assert caught.value.rule == GAME_OVER


def test_an_opponents_push_can_win_for_you():
    # Red: a3:0-a3:1 (same tile), a3:1-b2:4 (touching faces), b2:4-b2:5: 4 long, and a
    # lone a2:0. Blue pushes its a1:3 down the line a1:3, a2:0, a2:3: red's a2:0 moves
    # to a2:3, which touches a3:0, and red's chain a2:3 ... b2:5 is 5 long.
    position = state("6 blue 2 | a1:3b a2:0r a3:0r a3:1r b2:4r b2:5r")
    assert ENGINE.winner(position) is None
    pushed = ENGINE.apply(position, "push a1:3")
    assert links(pushed) == "a2:0b a2:3r a3:0r a3:1r b2:4r b2:5r"
    assert ENGINE.winner(pushed) == "red"


# A full 6-tile board has 18 faces: 9 links each. The 9 touching pairs are
# a1:2-b1:5 a1:3-a2:0 a2:1-b1:4 a2:2-b2:5 a2:3-a3:0 a3:1-b2:4 b1:2-c1:5 b1:3-b2:0
# b2:1-c1:4.
#
# Red on every face of the corner tiles a1 a3 c1 (three pairs) and on one face of
# each inner touching pair (a2:1, b2:5, b1:3); blue on the rest. No touching pair is
# one colour, so every chain stays on its tile: 2 each, a draw.
DRAW_RED = "a1:2r a1:3r a2:1r a3:0r a3:1r b1:3r b2:5r c1:4r c1:5r"
DRAW_BLUE = "a2:0b a2:2b a2:3b b1:2b b1:4b b1:5b b2:0b b2:1b b2:4b"


def test_the_game_ends_when_either_player_has_placed_all_links_equal_chains_draw():
    # Seed: "The game also ends when either player has placed 9 links, in which case the
    # player with the longest chain wins." Red places its ninth while blue still has one.
    before = state(f"6 red 2 | {DRAW_RED.replace('b1:3r ', '')} {DRAW_BLUE.replace(' b2:4b', '')}")
    assert (before.supply("red"), before.supply("blue")) == (1, 1)
    assert ENGINE.winner(before) is None
    ended = ENGINE.apply(before, "place b1:3")
    assert ended.supply("blue") == 1
    assert ENGINE.winner(ended) == "draw"
    assert ENGINE.legal_moves(ended) == []


# Red pairs b1:2-c1:5 and b1:3-b2:0 make c1:5, b1:2, b1:3, b2:0 (b1 has a third red
# link, b1:4, which the chain cannot use): 4. Blue pairs a1:2-b1:5 (2 long) and
# b2:1-c1:4 with b2's other blue links: c1:4, b2:1, one more of b2: 3.
RED_LONGER = "a1:3r a2:2r a3:0r a3:1r b1:2r b1:3r b1:4r b2:0r c1:5r"
BLUE_SHORTER = "a1:2b a2:0b a2:1b a2:3b b1:5b b2:1b b2:4b b2:5b c1:4b"


def test_last_link_placed_longer_chain_wins():
    # Blue places its ninth link; red, with one still in hand, has the longer chain.
    before = state(f"6 blue 1 | {RED_LONGER.replace('a2:2r ', '')} {BLUE_SHORTER.replace('a2:3b ', '')}")
    assert ENGINE.winner(before) is None
    ended = ENGINE.apply(before, "place a2:3")
    assert ended.supply("red") == 1
    assert ENGINE.winner(ended) == "red"
    assert ENGINE.legal_moves(ended) == []


def test_a_full_supply_on_one_side_ends_the_game_even_before_the_other_runs_out():
    position = state(f"6 red 2 | {DRAW_RED} a2:0b")
    assert position.supply("red") == 0 and position.supply("blue") == 8
    assert ENGINE.winner(position) == "red"  # red's chain of 2 beats blue's lone link
    assert ENGINE.legal_moves(position) == []
    assert refused(ENGINE.format_state(position), "place b2:0") == GAME_OVER
