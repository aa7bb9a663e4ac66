"""What each command asks for, checked before anything is read or written.

Every options class has `out`, `jobs` and `force`, which the runner reads; the rest is
the kinds' business. `key_fields` are the options that can change some output's bytes
or the set of outputs (not where they go, how many processes, or --force). `covers`
says whether an output (by its target's facets and its path) is one the options ask
about: a build removes only outputs it was asked about and no longer makes.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from pathlib import Path

from pnp.layout.paper import FLIPS, PAPERS
from pnp.model.names import id_problem, language_problem

# The --format tokens pnp's own kinds make (each kind declares its own; tests check the two agree).
FORMATS = ("pdf", "png", "tts", "pod", "html", "faces")
DEFAULT_FORMATS = ("pdf", "png")
DIAGRAM_FORMATS = ("pdf", "png", "svg")
MAX_BACK_OFFSET_MM = 20
MAX_DPI = 1200
RUN_FIELDS = ("out", "jobs", "force")


class BadOption(ValueError):
    """An option value no output can be made with (the CLI turns it into a usage error)."""


def default_jobs() -> int:
    return os.cpu_count() or 1


@dataclass(frozen=True)
class RunOptions:
    out: Path = Path("output")
    jobs: int = 0  # 0: one process per core
    force: bool = False
    # Only these target kinds (and what they need): a partial run, which removes nothing.
    kinds: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.jobs < 0:
            raise BadOption(f"-j expects a number of processes of 1 or more, got {self.jobs}")

    @property
    def processes(self) -> int:
        return self.jobs or default_jobs()

    def key_fields(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in RUN_FIELDS}

    def covers(self, facets, path: str) -> bool:
        """Whether an output with these facets at path is one these options ask for."""
        return True

    @classmethod
    def from_fields(cls, values: dict, **run) -> RunOptions:
        """Options from key_fields() as a manifest keeps them (lists for tuples); BadOption if
        they no longer make sense."""
        names = {f.name for f in fields(cls)}
        kept = {name: tupled(value) for name, value in values.items() if name in names and name not in RUN_FIELDS}
        try:
            return cls(**kept, **run)
        except TypeError as error:
            raise BadOption(str(error)) from None


@dataclass(frozen=True)
class BuildOptions(RunOptions):
    papers: tuple[str, ...] = ("a4", "letter")
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    dpi: int = 300
    formats: tuple[str, ...] = DEFAULT_FORMATS
    languages: tuple[str, ...] | None = None
    strict: bool = False
    # The print-on-demand shop (a profile in templates/shops/) that --format pod is for.
    shop: str | None = None
    # A CMYK output profile (an ICC file) for a shop that prints CMYK; None: the one pnp ships (FOGRA39).
    icc: str | None = None
    # Where the Tabletop Simulator images will be hosted; None: named relative to the saved object.
    tts_base_url: str | None = None
    layout: str | None = None  # over every set's own sheet layout, where its shape allows

    def __post_init__(self) -> None:
        super().__post_init__()
        check_sheet_options(self)
        _check_choices("format", self.formats, known_formats(self.formats))
        check_shop(self.shop, self.formats)
        if self.tts_base_url is not None:
            check_base_url(self.tts_base_url)

    def covers(self, facets, path: str) -> bool:
        return (facets.format_of(path) in self.formats and _has_languages(self.languages, facets.languages)
                and (facets.paper is None or facets.paper in self.papers)
                and (facets.shop is None or facets.shop == self.shop))


@dataclass(frozen=True)
class DiagramOptions(RunOptions):
    formats: tuple[str, ...] = DIAGRAM_FORMATS
    languages: tuple[str, ...] | None = None
    transparent: bool = False
    dpi: int = 300

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_choices("format", self.formats, DIAGRAM_FORMATS)
        check_dpi(self.dpi)
        check_language_tags(self.languages)

    def covers(self, facets, path: str) -> bool:
        return facets.format_of(path) in self.formats and _has_languages(self.languages, facets.languages)


@dataclass(frozen=True)
class CalibrationOptions(RunOptions):
    name: str = "calibration.pdf"
    paper: str = "a4"
    flip: str = "long"
    language: str = "en"

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_choices("paper", (self.paper,), tuple(PAPERS))
        _check_choices("duplex", (self.flip,), FLIPS)
        if language_problem(self.language):
            raise BadOption(f"--lang: {language_problem(self.language)}")


@dataclass(frozen=True)
class Before:
    """What pnp diff compares a game with: `kind` "revision" (the game at a git revision of
    `repository`, checked out for the run: `root` is the checkout, `folder` the game in it, None
    if it was not there) or "build" (an earlier build: `folder` holds its sheets of the game).
    `identity` decides what the comparison makes (the commit and the game's place in it, or the
    digest of the files read); `label` names it in reports. The folders are the run's own, not
    part of any key."""

    ref: str
    kind: str
    identity: str
    label: str
    root: Path | None = None
    folder: Path | None = None
    repository: Path | None = None

    def key_fields(self) -> list[str]:
        return [self.ref, self.kind, self.identity, self.label]


@dataclass(frozen=True)
class DiffOptions(RunOptions):
    """pnp diff: the comparison with `before`, and the reprint kit laid out with the sheets' settings."""

    before: Before | None = None
    papers: tuple[str, ...] = ("a4", "letter")
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    layout: str | None = None
    languages: tuple[str, ...] | None = None
    dpi: int = 300  # what the reprint prints raster art at, as the sheets do

    def __post_init__(self) -> None:
        super().__post_init__()
        check_sheet_options(self)

    @classmethod
    def like(cls, build: BuildOptions, before: Before | None = None) -> DiffOptions:
        """A diff with a build's run options and sheet settings (a game's settings: pnp.targets.settings)."""
        return cls(out=build.out, jobs=build.jobs, force=build.force, before=before, papers=build.papers,
                   flip=build.flip, back_offset_mm=build.back_offset_mm, layout=build.layout, languages=build.languages,
                   dpi=build.dpi)

    def key_fields(self) -> dict:
        known = super().key_fields()
        known["before"] = self.before.key_fields() if self.before is not None else None
        return known

    @classmethod
    def from_fields(cls, values: dict, **run) -> RunOptions:
        before = values.get("before")
        made = super().from_fields({k: v for k, v in values.items() if k != "before"}, **run)
        assert isinstance(made, DiffOptions)
        return replace(made, before=Before(*before) if isinstance(before, list) and len(before) == 4 else None)

    def covers(self, facets, path: str) -> bool:
        return _has_languages(self.languages, facets.languages) and facets.paper in (None, *self.papers)


def check_sheet_options(options: BuildOptions | DiffOptions) -> None:
    """The sheet settings a build and a reprint share: back offset, layout, papers, duplex, resolution and languages."""
    check_back_offset(options.back_offset_mm)
    if options.layout is not None:
        from pnp.model.sheets import LAYOUTS  # with the model's readers: only when a layout is chosen

        _check_choices("layout", (options.layout,), LAYOUTS)
    _check_choices("paper", options.papers, tuple(PAPERS))
    _check_choices("duplex", (options.flip,), FLIPS)
    check_dpi(options.dpi)
    check_language_tags(options.languages)


def known_formats(asked: Iterable[str] = ()) -> tuple[str, ...]:
    """The --format tokens there are, as far as asked needs to know: pnp's own, and the installed
    plugins' when asked holds a token pnp's own kinds do not make (only then is any read)."""
    if set(asked) <= set(FORMATS):
        return FORMATS
    from pnp.targets.kinds import plugin_formats

    return tuple(dict.fromkeys([*FORMATS, *plugin_formats()]))


def _has_languages(asked: tuple[str, ...] | None, languages: tuple[str, ...]) -> bool:
    """Whether outputs in languages are asked for (None: every language the game has)."""
    return asked is None or all(language in asked for language in languages)


def listed(value):
    """An option's value as JSON keeps it: tuples as lists."""
    return [listed(v) for v in value] if isinstance(value, (tuple, list)) else value


def tupled(value):
    """An option's value from JSON: lists as the tuples options hold."""
    return tuple(tupled(v) for v in value) if isinstance(value, list) else value


OPTIONS_FOR: dict[str, type[RunOptions]] = {"build": BuildOptions, "diagrams": DiagramOptions,
                                            "calibrate": CalibrationOptions, "diff": DiffOptions}


def check_back_offset(offset: tuple[float, float]) -> None:
    if len(offset) != 2 or not all(isinstance(v, (int, float)) and math.isfinite(v) for v in offset):
        raise BadOption(f"expected X,Y in millimetres such as 0.5,-1, got {offset!r}")
    if max(abs(v) for v in offset) > MAX_BACK_OFFSET_MM:
        raise BadOption("a back offset over 20 mm is not a printer's misregistration; check the calibration sheet")


def check_language_tags(languages: tuple[str, ...] | None) -> None:
    """Each language asked for is a BCP 47 tag (which games have it, the command checks)."""
    for language in languages or ():
        problem = language_problem(language)
        if problem:
            raise BadOption(f"--lang: {problem}")


def check_shop(shop: str | None, formats: tuple[str, ...]) -> None:
    """--format pod and --shop come together, and the shop is named by an id."""
    if "pod" in formats and shop is None:
        raise BadOption("--format pod needs --shop NAME, a profile in templates/shops/ (such as thegamecrafter)")
    if shop is not None and "pod" not in formats:
        raise BadOption("--shop is for print-on-demand files: add pod to --format")
    if shop is not None and id_problem(shop, "a shop name"):
        raise BadOption(id_problem(shop, "a shop name"))


def check_base_url(url: str) -> None:
    """A URL the images will be found under: http(s) or file, ending in '/', nothing to escape."""
    if not re.fullmatch(r"(https?|file)://[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]*/", url):
        raise BadOption(f"expected a base URL such as https://example.org/mygame/ (http, https or file, ending in /), "
                        f"got {url!r}")


def check_dpi(dpi: int) -> None:
    if not isinstance(dpi, int) or not 1 <= dpi <= MAX_DPI:
        raise BadOption(f"expected a resolution up to {MAX_DPI} dpi, got {dpi!r}")


def _check_choices(what: str, values: tuple[str, ...], allowed: tuple[str, ...]) -> None:
    wrong = [v for v in values if v not in allowed]
    if wrong or not values:
        raise BadOption(f"{what}: expected {', '.join(allowed)}, got {', '.join(map(str, values)) or 'nothing'}")
