"""`pnp calibrate`: the duplex sheet that tells which --back-offset a printer needs, in the language asked for."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.targets.options import CalibrationOptions
from pnp.targets.target import Rendered, Target, TargetKind

NAME = "calibration"


@dataclass(frozen=True)
class CalibrationParams:
    paper: str
    flip: str
    language: str


def plan(loaded: None, options: CalibrationOptions):
    yield Target(id=options.name, kind=NAME, unit="", paths=(options.name,),
                 params=CalibrationParams(options.paper, options.flip, options.language))


def render(target: Target, loaded: None, options: CalibrationOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.layout.paper import PAPERS
    from pnp.paint.calibration import calibration_sheet

    params: CalibrationParams = target.params
    return Rendered({target.paths[0]: calibration_sheet(PAPERS[params.paper], params.flip, params.language)})


KIND = TargetKind(NAME, "calibrate", 0, plan, render)
