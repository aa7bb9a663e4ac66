"""Nets on sheets: a tuck box or standee is one block of its panels, its cut outline and its
folds, turned a quarter only where the upright net does not fit, and never cut by marks."""

from __future__ import annotations

import pytest

from pnp.layout.blocks import Component
from pnp.layout.geometry import Box, DoesNotFit
from pnp.layout.kit import lay_out
from pnp.layout.nets import net_block
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import settings_for
from pnp.model import load_game
from pnp.model.units import mm, to_mm
from pnp.shapes import standee, tuck_box

FACES = ("front", "back", "side", "top")


def tarot_box(cards: int) -> Component:
    """A box for tarot cards (70 × 120 mm) with the default play and paper, `cards` of 0.3 mm deep."""
    return Component("box", 0, mm(70 + 1.3), mm(120 + 1.3), tuck_box(mm(cards * 0.3 + 1.3), mm(10), mm(20)), 0.0,
                     mm(3), None)


def test_a_net_that_fits_only_turned_is_turned_a_quarter_with_everything_on_it():
    component = tarot_box(78)
    a4 = [Box(0, 0, mm(200), mm(270)), Box(0, 0, mm(287), mm(183))]  # the room a page leaves, either way round
    block = net_block(component, FACES, a4)
    width, height = to_mm(block.width), to_mm(block.height)
    net_w = 10 + 2 * 71.3 + 2 * (78 * 0.3 + 1.3)  # glue flap, front, back and two sides
    net_h = 10 + (78 * 0.3 + 1.3) + 121.3 + (78 * 0.3 + 1.3) + 15  # glue flap, bottom, body, lid, tuck flap
    assert net_w > 200 and (width, height) == pytest.approx((net_h, net_w))  # too wide upright: turned
    front = next(c for c in block.cells if c.face == "front")
    assert front.turn == 90 and (to_mm(front.trim.w), to_mm(front.trim.h)) == pytest.approx((121.3, 71.3))
    lid = next(c for c in block.cells if c.face == "top" and c.turn != 90)
    assert lid.turn == 270  # turned 180° on the net, and a quarter more
    # The body's folds, upright on the upright net, run across the turned one.
    across = [f for f in block.folds if abs(f.y0 - f.y1) < 1e-6]
    assert len(across) == 4 and all(to_mm(abs(f.x1 - f.x0)) == pytest.approx(121.3) for f in across)
    [outline] = block.guides
    assert max(x for x, _ in outline.cut.points) == pytest.approx(block.width)
    assert max(y for _, y in outline.cut.points) == pytest.approx(block.height)
    upright = net_block(tarot_box(20), FACES, a4)
    assert next(c for c in upright.cells if c.face == "front").turn == 0


def test_a_net_too_large_for_the_paper_is_one_error_naming_its_set():
    with pytest.raises(DoesNotFit, match=r"its \d+\.\d × \d+\.\d mm net \(a tuck-box 71\.3 × 121\.3 mm\) does not "
                                         r"fit inside the printer margin") as error:
        net_block(tarot_box(400), FACES, [Box(0, 0, mm(200), mm(270)), Box(0, 0, mm(287), mm(183))])
    assert error.value.set_id == "box"


def test_a_panel_shows_only_a_face_its_item_has():
    block = net_block(tarot_box(20), ("front",), [Box(0, 0, mm(300), mm(300))])
    assert [c.face for c in block.cells] == ["front"]
    assert len(block.folds) == 12 and len(block.guides) == 1  # the net is whole all the same


def test_a_standee_is_a_strip_of_front_and_back_and_its_base_beside_it():
    component = Component("hero", 0, mm(30), mm(50), standee(mm(10), mm(26)), 0.0, mm(3), None)
    block = net_block(component, ("front", "back"), [Box(0, 0, mm(200), mm(270))])
    front, back = block.cells
    assert (front.face, front.turn, back.face, back.turn) == ("front", 0, "back", 180)
    assert to_mm(back.trim.y - front.trim.y) == pytest.approx(50)  # back to back across the fold at the top
    assert [round(to_mm(f.y0), 6) for f in block.folds] == [10, 60, 110]
    # The front's art bleeds at its cut sides and onto its foot, never across the fold to the back.
    xs, ys = [p[0] for p in front.clip], [p[1] for p in front.clip]
    assert [to_mm(v) for v in (min(xs), max(xs), min(ys), max(ys))] == pytest.approx([-3, 33, 7, 60])
    assert (to_mm(block.width), to_mm(block.height)) == pytest.approx((30 + 3 + 4 + 26, 120))


def test_nets_share_pages_with_cards_and_take_no_marks(make_game):
    folder = make_game({"components.yaml": """\
        sets:
          deck:
            extends: cards/poker
            items: [{id: a, count: 6}]
            front: {background: gold}
            back: {background: ink}
          box:
            kind: tuck-box
            deck: deck
            items: [{}]
            front: {background: gold}
        """})
    game = load_game(folder)
    settings = settings_for(game.sheets)
    kit = lay_out(game.sets, game.sheets, PAPERS["a4"], settings)
    nets = [box for sheet in kit.sheets for box in sheet.front.nets]
    assert len(nets) == 1 and kit.two_sided
    first = kit.sheets[0]
    assert first.front.nets and any(c.component.set_id == "deck" for c in first.front.fronts)
    # The deck's backs print behind it; nothing prints behind a box, and no cut line runs along a net.
    assert all(c.component.set_id == "deck" for sheet in kit.sheets for c in sheet.back.backs)
    for sheet in kit.sheets:
        for line in sheet.lines:
            assert not any(net.x < line.start[0] < net.right and net.y < line.start[1] < net.top
                           for net in sheet.front.nets)


def test_a_net_that_fits_either_way_is_turned_where_only_that_fills_the_room_left(make_game):
    """Under a poker deck's box an A4 page has room for a standee lying down, not standing."""
    folder = make_game({"components.yaml": """\
        sets:
          deck:
            extends: cards/poker
            count: 54
            items: [{}]
            front: {background: gold}
          box:
            kind: tuck-box
            deck: deck
            items: [{}]
            front: {background: gold}
          hero:
            kind: standee
            width: 30mm
            height: 50mm
            items: [{id: knight}]
            front: {background: gold}
        """})
    game = load_game(folder)
    sets = [s for s in game.sets if s.id != "deck"]
    kit = lay_out(sets, game.sheets, PAPERS["a4"], settings_for(game.sheets))
    assert len(kit.sheets) == 1
    [box, hero] = sorted(kit.sheets[0].front.nets, key=lambda net: -net.w * net.h)
    assert to_mm(hero.w) > to_mm(hero.h) and hero.top <= box.y  # lying down, below the box
    [front] = [c for c in kit.sheets[0].front.fronts if c.component.set_id == "hero"]
    assert front.turn == 90
