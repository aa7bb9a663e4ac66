"""What each language a build sets lacks or gets wrong: one report per game and language, no file.

Texts set in the source language for want of a translation, stale translations, and what
translation status flags in them (markup, quotation marks, glossary terms, a glyph no font
has, a card text too long for its box), each kind said once with every key listed, rather
than by each sheet and edition that shows them; and pnp's own words a language lacks.
Under --strict each key is an error located where the fix belongs, and the build stops
before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.targets.kinds.sheets import languages_of
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.targets.games import LoadedGame

NAME = "translations"


@dataclass(frozen=True)
class ReportParams:
    language: str
    strict: bool  # missing translations are problems, not warnings


def plan(loaded: LoadedGame, options: BuildOptions):
    for language in languages_of(loaded, options):
        yield Target(id=f"{loaded.id}/translations-{language}", kind=NAME, unit="", paths=(),
                     params=ReportParams(language, options.strict), inputs=(loaded.folder_digest(),),
                     label=f"{loaded.id} translation report ({language})")


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.i18n.labels import label_warning
    from pnp.i18n.status import build_report
    from pnp.model.problems import ContentError
    from pnp.paint.proof import game_statuses

    params: ReportParams = target.params
    language = params.language
    [status] = game_statuses(loaded.game, loaded.catalogs, [language], used_only=True)
    warnings, problems = build_report(loaded.id, loaded.catalogs, status, params.strict)
    if problems:
        raise ContentError(problems)
    words = label_warning(language)
    warnings += [f"{loaded.id} ({language}): {words}"] if words else []
    return Rendered(data="\n".join(warnings).encode("utf-8"), warnings=warnings)  # no file: the warnings are the output


KIND = TargetKind(NAME, "build", 1, plan, render)
