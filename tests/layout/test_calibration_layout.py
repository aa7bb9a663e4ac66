"""The calibration sheet by numbers: 40 mm scales in 0.5 mm steps, pointers behind the zeros."""

from __future__ import annotations

import pytest

from pnp.layout.calibration import calibration
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import mirror_of
from pnp.model.units import mm


@pytest.mark.parametrize("flip", ["long", "short"])
def test_scales_span_forty_millimetres_in_half_millimetre_steps(flip):
    layout = calibration(PAPERS["a4"], flip)
    for scale in layout.scales:
        assert scale.span == pytest.approx(mm(40))
        along = [t.line.x0 if scale.axis == 0 else t.line.y0 for t in scale.ticks]
        steps = {round(b - a, 6) for a, b in zip(along, along[1:])}
        assert steps == {round(mm(0.5), 6)} and len(scale.ticks) == 81
        labelled = [t.value for t in scale.ticks if t.labelled]
        assert sorted(abs(v) for v in labelled) == sorted(abs(v) for v in range(-20, 21, 5))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_pointer_lies_behind_its_scales_zero(flip):
    paper = PAPERS["a4"]
    layout = calibration(paper, flip)
    mirror = mirror_of(paper, flip)
    for scale, pointer in zip(layout.scales, layout.pointers):
        zero = next(t for t in scale.ticks if t.value == 0).line
        seen = mirror.line(pointer)  # the pointer as seen through the paper from the front
        if scale.axis == 0:
            assert seen.x0 == pytest.approx(zero.x0) and seen.x1 == pytest.approx(zero.x0)
        else:
            assert seen.y0 == pytest.approx(zero.y0) and seen.y1 == pytest.approx(zero.y0)
