"""Back classes by numbers: which backs may share a cut (the sliver a misregistered back shows)."""

from __future__ import annotations

from pnp.layout.backs import SLIVER, back_class
from pnp.model import faces as model
from pnp.model.affine import rotation_about
from pnp.model.colours import parse_colour
from pnp.model.problems import Location
from pnp.model.units import mm

W, H = mm(63.5), mm(88.9)
HERE = Location("test")


def face(background: str, *elements) -> model.Face:
    return model.Face(W, H, parse_colour(background), tuple(elements), HERE)


def circle(x: float, y: float, r: float) -> model.Circle:
    return model.Circle(x, y, r, model.Style(fill=parse_colour("#ffffff")))


def test_plain_backs_of_one_colour_share_a_class_and_other_colours_do_not():
    assert back_class(face("#7A2631", circle(W / 2, H / 2, mm(10)))) == back_class(face("#7A2631"))
    assert back_class(face("#7A2631")) != back_class(face("#1E4E79"))
    assert back_class(None) is None


def test_art_within_the_sliver_of_an_edge_makes_a_back_its_own_class():
    near = face("#7A2631", circle(SLIVER + mm(2), H / 2, mm(2.2)))  # reaches 1.3 mm from the edge
    clear = face("#7A2631", circle(SLIVER + mm(2), H / 2, mm(1.7)))  # its stroke too stays 1.5 mm in
    assert back_class(near) != back_class(face("#7A2631"))
    assert back_class(clear) == back_class(face("#7A2631"))
    assert back_class(near) == back_class(face("#7A2631", circle(SLIVER + mm(2), H / 2, mm(2.2))))  # the same face


def test_a_turned_element_is_measured_where_it_lands():
    bar = model.Rect(W / 2 - mm(40), H / 2 - mm(2), mm(80), mm(4), 0.0, model.Style(fill=parse_colour("#ffffff")))
    upright = model.Group((bar,), rotation_about(0, W / 2, H / 2), HERE)  # 80 mm wide: past both sides
    turned = model.Group((bar,), rotation_about(90, W / 2, H / 2), HERE)  # 80 mm tall: inside 88.9
    assert back_class(face("#000000", upright))[0] == "face"
    assert back_class(face("#000000", turned))[0] == "plain"
