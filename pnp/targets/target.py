"""Targets as data: one output (or an in-memory step towards outputs) and how to make it.

A `Target` names the files it makes (paths relative to --out), the facts that decide
their bytes (`params`, a frozen dataclass of its kind's, and `inputs`, digested into its key), the targets whose bytes
it takes (`depends`) and the part of a request its files answer (`facets`: format,
languages, paper, shop), by which a build knows which earlier outputs it was asked
about. A `TargetKind` plans the targets of one kind for a game and renders one target
to bytes; it never writes a file. The runner decides what is stale, renders in
parallel and writes through one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pnp.targets.facets import Facets


@dataclass(frozen=True)
class Target:
    """One thing to render: `paths` are the files it makes; none for an in-memory step.

    `id` is unique in a run (the path of its file where it has one); `unit` is filled in
    by the runner (kinds leave it empty); `label` names it in progress and errors.
    """

    id: str
    kind: str
    unit: str
    paths: tuple[str, ...]
    params: Any = None  # a frozen dataclass of the kind's own: what, besides inputs, decides the bytes
    inputs: tuple[str, ...] = ()
    depends: tuple[str, ...] = ()
    label: str = ""
    facets: Facets = Facets()

    @property
    def name(self) -> str:
        """How progress and errors name the target."""
        return self.label or (self.paths[0] if self.paths else self.id)


@dataclass(frozen=True)
class InLanguage:
    """The parameters of a target made once per language."""

    language: str


@dataclass(frozen=True)
class OnPaper:
    """The parameters of a target made once per language and paper."""

    language: str
    paper: str


@dataclass
class Rendered:
    """A target's bytes: `files` by path (a planned file it has nothing to put in, such as a
    reprint of nothing, is left out: it is not written, and an earlier one goes); `data` is what
    dependent targets receive; `notes`, what the command says of it (not a warning: pnp diff's
    summary), kept in the manifest and said again while the target is up to date."""

    files: dict[str, bytes] = field(default_factory=dict)
    data: bytes | None = None
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# plan(game, options) → targets;  render(target, game, options, upstream bytes) → Rendered
Plan = Callable[[Any, Any], Iterable[Target]]
Render = Callable[[Target, Any, Any, tuple[bytes, ...]], Rendered]


@dataclass(frozen=True)
class TargetKind:
    """A kind of output: which command makes it, how urgent it is, how to plan and render it.

    `priority` orders work (lower first): what a designer looks at first after a save,
    such as a card's sheet, comes before the rulebooks that picture it. `formats` are the
    --format values it makes files for (none: it is made for every format, or in memory),
    and `settings` the settings it takes (pnp.targets.settings), so `pnp list` can say
    which of the settings in force the formats in force use. `section` is where the kit
    preview (--format html) lists its files: one of pnp.export.web.preview.SECTIONS (any
    other: among the other files).
    """

    name: str
    command: str
    priority: int
    plan: Plan
    render: Render
    formats: tuple[str, ...] = ()
    settings: tuple[str, ...] = ()
    section: str = "files"
