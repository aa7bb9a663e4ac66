"""The build: game folders and options → targets → the files under --out, in one transaction.

Each output is a target (pnp.build.target) of a registered kind (pnp.build.kinds, which
says how to add one). A run (pnp.build.runner) loads each changed game once, plans its
targets, skips those whose key (a digest of everything that can change their bytes) is
in the manifest with their files intact, renders the rest in a pool of processes,
stages every changed file and commits them all at once: on any error nothing under
--out changes. `build`, `build_diagrams` and `calibrate` are the three commands' entries.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

from dataclasses import replace

from pnp.build.options import FORMATS, BadOption, BuildOptions, CalibrationOptions, DiagramOptions
from pnp.build.runner import RunResult, TargetFailed, dry_run, run

BuildResult = RunResult
RASTER_KINDS = ("png-page",)  # they rasterize PDFs already checked, and find no content problem
Progress = Callable[[str], None]

__all__ = ["FORMATS", "BadOption", "BuildOptions", "BuildResult", "CalibrationOptions", "DiagramOptions", "LoadedGame",
           "RunResult", "TargetFailed", "build", "check", "build_diagrams", "calibrate", "load_games"]


def __getattr__(name: str):
    # Loading games needs the model and the diagram engines; a no-op build needs neither.
    if name in ("LoadedGame", "load_games"):
        from pnp.build import games

        return getattr(games, name)
    raise AttributeError(f"module 'pnp.build' has no attribute {name!r}")


def build(folders: Iterable[Path], options: BuildOptions, progress: Progress = lambda _: None,
          on_plan: Callable[[int], None] = lambda _: None) -> RunResult:
    """Component sheets (PDF, PNG) and rulebooks of every game folder."""
    return run("build", list(folders), options, progress, on_plan)


def check(folders: Iterable[Path], options: BuildOptions, progress: Progress = lambda _: None,
          on_plan: Callable[[int], None] = lambda _: None) -> RunResult:
    """Everything `build` renders, rendered and checked, with nothing written: component sheets
    (their faces), rulebooks, booklets and the translation report; not the PNG pages, which
    only rasterize the sheets' PDF."""
    from pnp.build.kinds import kinds_for

    kinds = tuple(kind for kind in kinds_for("build") if kind not in RASTER_KINDS)
    return dry_run("build", list(folders), replace(options, kinds=kinds), progress, on_plan)


def build_diagrams(folders: Iterable[Path], options: DiagramOptions, progress: Progress = lambda _: None,
                   on_plan: Callable[[int], None] = lambda _: None) -> RunResult:
    """Every diagram and example step of every game folder, alone."""
    return run("diagrams", list(folders), options, progress, on_plan)


def calibrate(options: CalibrationOptions) -> RunResult:
    """The duplex calibration sheet, as options.out / options.name."""
    return run("calibrate", None, options)
