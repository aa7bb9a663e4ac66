"""`pnp diagrams`: every rule diagram and example-play step alone, as PDF, PNG and SVG.

Files are `<game>/diagrams/<game>-<diagram>-<lang>.<ext>` and
`<game>/diagrams/<game>-example-<id>-step<NN>-<lang>.<ext>`. One target per diagram or
example and language: an example's steps are drawn together, at one cell size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.targets.facets import Facets
from pnp.targets.options import DiagramOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.targets.games import LoadedGame

NAME = "diagram"


@dataclass(frozen=True)
class DiagramParams:
    """One diagram, or an example's steps, in one language: the files' stems, formats and pixels."""

    what: str  # "diagram" or "example"
    ref: str
    language: str
    stems: tuple[str, ...]
    formats: tuple[str, ...]
    transparent: bool
    dpi: int


def plan(loaded: LoadedGame, options: DiagramOptions):
    languages = loaded.game.languages
    for language in [lang for lang in options.languages if lang in languages] if options.languages else languages:
        for diagram_id in loaded.book.diagrams:
            yield _target(loaded, options, "diagram", diagram_id, language, [f"{loaded.id}-{diagram_id}-{language}"])
        for example_id, example in loaded.book.examples.items():
            stems = [f"{loaded.id}-example-{example_id}-step{n:02d}-{language}"
                     for n in range(1, len(example.steps) + 1)]
            yield _target(loaded, options, "example", example_id, language, stems)


def _target(loaded: LoadedGame, options: DiagramOptions, what: str, ref: str, language: str,
            stems: list[str]) -> Target:
    paths = tuple(f"{loaded.id}/diagrams/{stem}.{ext}" for stem in stems for ext in options.formats)
    return Target(id=f"{loaded.id}/diagrams/{what}-{ref}-{language}", kind=NAME, unit="", paths=paths,
                  params=DiagramParams(what, ref, language, tuple(stems), options.formats, options.transparent,
                                       options.dpi),
                  inputs=(loaded.folder_digest(),), label=f"{loaded.id} {what} {ref} ({language})",
                  facets=Facets(None, (language,)))  # each file's format is its extension


def render(target: Target, loaded: LoadedGame, options: DiagramOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.model.problems import Problems
    from pnp.paint.diagrams import diagram_drawing, example_steps
    from pnp.paint.diagrams.output import picture_files

    params: DiagramParams = target.params
    problems = Problems()
    args = (loaded.game, loaded.catalogs, loaded.book, params.ref, params.language, problems)
    if params.what == "diagram":
        drawings = [diagram_drawing(*args, caption=True)]
    else:
        drawings = [drawing for drawing, _ in example_steps(*args, caption=True)]
    problems.raise_if_any()
    if len(drawings) != len(params.stems):
        raise RuntimeError(f"{len(drawings)} pictures where {len(params.stems)} were planned")
    files = {}
    for stem, drawing in zip(params.stems, drawings):
        for extension, data in picture_files(drawing, stem, params.formats, params.transparent, params.dpi).items():
            files[f"{loaded.id}/diagrams/{stem}.{extension}"] = data
    return Rendered(files)


KIND = TargetKind(NAME, "diagrams", 0, plan, render, formats=("pdf", "png", "svg"))
