"""The kit planner: game folders and options → targets → the files under --out, in one transaction.

Each output is a target (pnp.targets.target) of a registered kind (pnp.targets.kinds, which
says how to add one). A run (pnp.targets.runner) loads each changed game once, plans its
targets, skips those whose key (a digest of everything that can change their bytes) is
in the manifest with their files intact, renders the rest in a pool of processes,
stages every changed file and commits them all at once: on any error nothing under
--out changes. `build`, `build_diagrams` and `calibrate` are the three commands' entries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.targets.options import BadOption, BuildOptions, CalibrationOptions, DiagramOptions, DiffOptions

if TYPE_CHECKING:
    from pnp.targets.runner import RunResult

RASTER_KINDS = ("png-page",)  # they rasterize PDFs already checked, and find no content problem
Progress = Callable[[str], None]

__all__ = ["BadOption", "BuildOptions", "BuildResult", "CalibrationOptions", "DiagramOptions", "DiffOptions",
           "LoadedGame", "RunResult", "TargetFailed", "build", "check", "build_diagrams", "calibrate", "diff",
           "load_games"]


def __getattr__(name: str):
    # Loading games needs the model and the diagram engines; a no-op build needs neither. The
    # runner comes with the commands that run: `pnp list` reads settings and the manifest without it.
    if name in ("LoadedGame", "load_games"):
        from pnp.targets import games

        return getattr(games, name)
    if name in ("RunResult", "BuildResult", "TargetFailed", "run", "dry_run"):
        from pnp.targets import runner

        return getattr(runner, "RunResult" if name == "BuildResult" else name)
    raise AttributeError(f"module 'pnp.targets' has no attribute {name!r}")


def build(folders: Iterable[Path], options: BuildOptions, progress: Progress = lambda _: None,
          on_plan: Callable[[int], None] = lambda _: None,
          requests: Mapping[Path, BuildOptions] | None = None) -> RunResult:
    """Component sheets (PDF, PNG) and rulebooks of every game folder, each game with its own
    options where requests gives them (pnp.targets.settings)."""
    from pnp.targets.runner import run

    return run("build", list(folders), options, progress, on_plan, requests)


def check(folders: Iterable[Path], options: BuildOptions, progress: Progress = lambda _: None,
          on_plan: Callable[[int], None] = lambda _: None,
          requests: Mapping[Path, BuildOptions] | None = None) -> RunResult:
    """Everything `build` renders, rendered and checked, with nothing written: component sheets
    (their faces), rulebooks, booklets and the translation report; not the PNG pages, which
    only rasterize the sheets' PDF."""
    from pnp.targets.kinds import kinds_for
    from pnp.targets.runner import dry_run

    folders = list(folders)
    asked = {folder: (requests or {}).get(folder, options) for folder in folders}
    formats = {token for request in asked.values() for token in request.formats}
    kinds = tuple(kind for kind in kinds_for("build", formats) if kind not in RASTER_KINDS)
    asked = {folder: replace(request, kinds=kinds) for folder, request in asked.items()}
    return dry_run("build", folders, replace(options, kinds=kinds), progress, on_plan, asked)


def build_diagrams(folders: Iterable[Path], options: DiagramOptions, progress: Progress = lambda _: None,
                   on_plan: Callable[[int], None] = lambda _: None) -> RunResult:
    """Every diagram and example step of every game folder, alone."""
    from pnp.targets.runner import run

    return run("diagrams", list(folders), options, progress, on_plan)


def diff(ref: str, folders: Iterable[Path], options: DiffOptions, progress: Progress = lambda _: None,
         on_plan: Callable[[int], None] = lambda _: None,
         requests: Mapping[Path, DiffOptions] | None = None) -> RunResult:
    """What changed in every game folder since ref, a git revision or an earlier build's folder
    (pnp.targets.before): each game's changes PDF and reprint kit, with options of its own where
    requests gives them. The game at a revision is read first, so its problems are said before
    anything is made, where they are at that revision."""
    from pnp.model.game import game_outline
    from pnp.targets.before import REVISION, befores, game_at_revision
    from pnp.targets.runner import run

    folders = list(folders)
    ids = {folder: game_outline(folder).id for folder in folders}
    with befores(ref, folders, ids) as found:
        asked = {folder: replace((requests or {}).get(folder, options), before=found[folder]) for folder in folders}
        for folder, before in found.items():
            if before.kind == REVISION:
                game_at_revision(before, folder)
        return run("diff", folders, options, progress, on_plan, asked)


def calibrate(options: CalibrationOptions) -> RunResult:
    """The duplex calibration sheet, as options.out / options.name."""
    from pnp.targets.runner import run

    return run("calibrate", None, options)
