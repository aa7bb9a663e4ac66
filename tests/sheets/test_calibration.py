"""The calibration scale reads the correction: derived through the same back placement as sheets."""

from pnp.layout.paper import PAPERS
from pnp.paint.calibration import correction_sign


def test_long_edge_mirrors_x_so_x_reads_directly_and_y_inverted():
    # A back shifted right by the printer shows, through the paper, left of centre;
    # the offset that cancels it is negative, so the scale left of zero reads negative.
    assert correction_sign(PAPERS["a4"], "long", 0) == 1
    assert correction_sign(PAPERS["a4"], "long", 1) == -1


def test_short_edge_is_the_other_way_round():
    assert correction_sign(PAPERS["a4"], "short", 0) == -1
    assert correction_sign(PAPERS["a4"], "short", 1) == 1
