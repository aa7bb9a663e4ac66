"""Quatrefoil states → frames: the 2×2 of tokens, the free token beside it, moves as three frames.

A push shows the free token lined up at the entry, then the line half-way along, then
the ejected token at the far end; a twist passes through a diamond; a stack lifts the
free token onto the centre. A solution view replays the solver's shortest solution,
one frame per move. A deal view shows the cards that name a position (each player's
colour card over the position card dealt with it, and the north card face down) and
then the position they name, north up, the north card's colour as the free token.
Every state comes from the engine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.diagrams import scene as sc
from pnp.diagrams.adapter import Context, Request
from pnp.diagrams.replay import Played
from pnp.games import quatrefoil as q
from pnp.model.source import Node

TOKENS = "tokens"
CENTRES = {"NW": (0.5, 0.5), "NE": (1.5, 0.5), "SW": (0.5, 1.5), "SE": (1.5, 1.5)}
MIDDLE = (1.0, 1.0)
FREE = (2.9, 1.0)
STEPS = {">": (1, 0), "<": (-1, 0), "v": (0, 1), "^": (0, -1)}
COLOUR_CARDS, POSITION_CARDS = "colour-cards", "position-cards"
CORNERS = {"NW": "northwest", "NE": "northeast", "SW": "southwest", "SE": "southeast"}
CARD = 0.95  # a card's width, in cells
PAIR = 1.2  # from one player's pair of cards to the next


class QuatrefoilAdapter:
    engine = q.ENGINE
    views = ("position", "moves", "solution", "deal")
    default_position = None  # a diagram gives its position

    def frames(self, request: Request, context: Context) -> tuple[sc.Frame, ...]:
        view = request.spec.view or ("moves" if request.played else "position")
        target = request.options.text("target", default=None)
        if view == "solution":
            return self._solution(request.start, target, request, context)
        if view == "deal":
            return deal_frames(request.start)
        if view == "moves":
            return tuple(f for p in request.played for f in move_frames(p))
        return (position_frame(request.start),)

    def _solution(self, start: q.State, target: str | None, request: Request, context: Context) -> tuple[sc.Frame, ...]:
        if target is None:
            request.options.report(request.options.node, "a solution view needs 'target:', the deal, e.g. 'bg/pr+y'")
            return (position_frame(start),)
        try:
            goal = q.parse_target(target)
        except ValueError as error:
            request.options.report(request.options.values["target"], str(error), "target")
            return (position_frame(start),)
        return solution_frames(start, goal)

    def step(self, played: Sequence[Played], last: bool, context: Context) -> sc.Frame:
        return position_frame(played[-1].after)

    def check(self, claim: str, value: Node, played: Sequence[Played]) -> str | None:
        return f"Quatrefoil example steps make no '{claim}' claims"


def _token(letter: str, at: tuple[float, float], turn: float = 0.0, size: float = 0.86) -> sc.Piece:
    return sc.Piece(TOKENS, q.COLOURS[letter], at[0], at[1], size=size, turn=turn)


def _board() -> list[sc.Item]:
    return [sc.Cell(x, y) for x, y in CENTRES.values()]


def position_frame(state: q.State, free_at: tuple[float, float] = FREE, extra: Sequence[sc.Item] = (),
                   label: str | None = None) -> sc.Frame:
    items: list[sc.Item] = _board() + [_token(state.at(p), CENTRES[p]) for p in q.POSITIONS]
    if state.stacked:
        items.append(_token(state.free, MIDDLE, size=0.95))
    else:
        items.append(_token(state.free, free_at))
    return sc.Frame(tuple(items) + tuple(extra), label=label, bounds=sc.cover(_bounds(free_at), extra))


def _bounds(*points) -> tuple[float, float, float, float]:
    xs = [0.0, 2.0] + [p[0] - 0.55 for p in points] + [p[0] + 0.55 for p in points]
    ys = [0.0, 2.0] + [p[1] - 0.55 for p in points] + [p[1] + 0.55 for p in points]
    return (min(xs) - 0.1, min(ys) - 0.1, max(xs) + 0.1, max(ys) + 0.1)


def move_frames(played: Played) -> tuple[sc.Frame, ...]:
    if isinstance(played.move, q.Push):
        return push_frames(played.before, played.move, played.after)
    if isinstance(played.move, q.Twist):
        return twist_frames(played.before, played.move.clockwise, played.after)
    return stack_frames(played.before, played.after)


def _shift(point, step, k: float) -> tuple[float, float]:
    return (point[0] + step[0] * k, point[1] + step[1] * k)


def push_frames(before: q.State, push: q.Push, after: q.State) -> tuple[sc.Frame, ...]:
    entry, far = push.line
    step = STEPS[push.heading]
    start = _shift(CENTRES[entry], step, -1)
    out = _outward(entry, far)
    arrow = sc.Stroke((_shift(_shift(start, out, 0.7), step, -0.3), _shift(CENTRES[far], out, 0.7)), arrow=True)
    first = position_frame(before, start, (arrow,))
    ejected_at = _shift(CENTRES[far], step, 1)
    return (first, _half_push(before, push, start, ejected_at), position_frame(after, ejected_at))


def _outward(entry: str, far: str) -> tuple[int, int]:
    """The side of the pushed line away from the other line: where its arrow goes."""
    (x1, y1), (_, y2) = CENTRES[entry], CENTRES[far]
    if y1 == y2:
        return (0, -1) if y1 < 1 else (0, 1)
    return (-1, 0) if x1 < 1 else (1, 0)


def _half_push(before: q.State, push: q.Push, start, ejected_at) -> sc.Frame:
    entry, far = push.line
    step = STEPS[push.heading]
    items: list[sc.Item] = _board()
    for position in q.POSITIONS:
        centre = CENTRES[position]
        moving = position in push.line
        items.append(_token(before.at(position), _shift(centre, step, 0.5) if moving else centre))
    items.append(_token(before.free, _shift(start, step, 0.5)))
    return sc.Frame(tuple(items), bounds=_bounds(start, ejected_at))


def _rotated(point, angle: float) -> tuple[float, float]:
    # y grows downwards, so a positive angle turns clockwise on the page.
    dx, dy = point[0] - MIDDLE[0], point[1] - MIDDLE[1]
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return (MIDDLE[0] + dx * c - dy * s, MIDDLE[1] + dx * s + dy * c)


def twist_arrow(clockwise: bool) -> sc.Stroke:
    """A quarter turn drawn round the outside of the north-west corner, clear of its token."""
    ends = ((-0.55, 1.0), (1.0, -0.55))
    start, end = ends if clockwise else ends[::-1]
    return sc.Stroke((start, end), arrow=True, bend=1.5 if clockwise else -1.5)


def stack_arrow() -> sc.Stroke:
    """From the free token to the middle of the quatrefoil, through the gap between two tokens."""
    return sc.Stroke(((FREE[0] - 0.5, FREE[1]), (MIDDLE[0] + 0.12, MIDDLE[1])), arrow=True)


def twist_frames(before: q.State, clockwise: bool, after: q.State) -> tuple[sc.Frame, ...]:
    arrow = twist_arrow(clockwise)
    angle = 45 if clockwise else -45
    tokens = [_token(before.at(p), _rotated(CENTRES[p], angle), turn=angle) for p in q.POSITIONS]
    middle = sc.Frame(tuple(_diamond_cells(angle) + tokens + [_token(before.free, FREE)]),
                      bounds=_bounds(FREE, (1, -0.25), (1, 2.25)))
    return (position_frame(before, extra=(arrow,)), middle, position_frame(after))


def _diamond_cells(angle: float) -> list[sc.Item]:
    corners = [(0, 0), (2, 0), (2, 2), (0, 2)]
    return [sc.Outline(tuple(_rotated(c, angle) for c in corners), "board-line", width=0.8)]


def stack_frames(before: q.State, after: q.State) -> tuple[sc.Frame, ...]:
    arrow = stack_arrow()
    lifted = list(position_frame(before).items[:-1]) + [_token(before.free, (1.95, 0.55), size=0.95)]
    return (position_frame(before, extra=(arrow,)), sc.Frame(tuple(lifted), bounds=_bounds(FREE)),
            position_frame(after))


def deal_frames(solved: q.State, north: str = "N") -> tuple[sc.Frame, ...]:
    """The cards of a deal, then the quatrefoil they describe when every token is in place."""
    cards: list[sc.Item] = []
    for index, corner in enumerate(q.POSITIONS):
        x = index * PAIR
        cards.append(sc.Piece(COLOUR_CARDS, q.COLOURS[solved.at(corner)], x, 0.0, size=CARD))
        cards.append(sc.Piece(POSITION_CARDS, CORNERS[corner], x, 1.42, size=CARD))
    north_x = len(q.POSITIONS) * PAIR + 0.25
    cards += [sc.Piece(COLOUR_CARDS, q.COLOURS[solved.free], north_x, 0.0, size=CARD, face="back"),
              sc.Label(north_x, 1.1, north)]
    marked = (sc.Piece(COLOUR_CARDS, q.COLOURS[solved.free], 0.62, -0.78, size=0.5, face="back", turn=90),
              sc.Label(1.38, -0.78, north))
    return (sc.Frame(tuple(cards)), position_frame(solved, extra=marked))


def solution_frames(start: q.State, goal: q.State) -> tuple[sc.Frame, ...]:
    """One frame per move of the solver's shortest solution, then the stack; each shows its move."""
    moves = q.shortest_solution(start, goal) + [q.STACK]
    state, frames = start, []
    for number, move in enumerate(moves, 1):
        frames.append(position_frame(state, extra=_hint(move), label=str(number)))
        state = q.apply(state, move)
    return tuple(frames)


def _hint(move: q.Move) -> tuple[sc.Item, ...]:
    """A small arrow saying which move comes next."""
    if isinstance(move, q.Push):
        entry, far = move.line
        step, out = STEPS[move.heading], _outward(entry, far)
        return (sc.Stroke((_shift(_shift(CENTRES[entry], out, 0.7), step, -0.5), _shift(CENTRES[far], out, 0.7)),
                          arrow=True),)
    if isinstance(move, q.Twist):
        return (twist_arrow(move.clockwise),)
    return (stack_arrow(),)
