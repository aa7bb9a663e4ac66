"""Rulebooks to read: one A5 PDF per language, and a bilingual edition of the two languages the
game names (by default its first two).

Made with `--format pdf` for a game that has a rulebook.yaml. A rulebook may picture
anything of the game (components, diagrams, example plays), so its inputs are every
file of the game folder and the templates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.targets.facets import Facets
from pnp.targets.kinds.sheets import languages_of
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.targets.games import LoadedGame

NAME = "rulebook"


@dataclass(frozen=True)
class RulebookParams:
    """The edition's languages: one, or the bilingual pair."""

    languages: tuple[str, ...]


def rulebook_languages(loaded: LoadedGame | None, options: BuildOptions, output: str = "pdf") -> tuple[str, ...]:
    """The languages to make rulebooks in; none without a rulebook or without the output format (PDF, or HTML)."""
    if loaded is None or loaded.rulebook is None or output not in options.formats:
        return ()
    return tuple(lang for lang in languages_of(loaded, options) if lang in loaded.catalogs)


def plan(loaded: LoadedGame, options: BuildOptions):
    languages = rulebook_languages(loaded, options)
    editions = [(lang,) for lang in languages]
    pair = loaded.game.bilingual
    if pair and all(lang in languages for lang in pair):
        editions.append(pair)
    for edition in editions:
        name = "bilingual" if len(edition) > 1 else edition[0]
        path = f"{loaded.id}/{loaded.id}-rules-{name}.pdf"
        yield Target(id=path, kind=NAME, unit="", paths=(path,), params=RulebookParams(tuple(edition)),
                     inputs=(loaded.folder_digest(),), facets=Facets("pdf", tuple(edition)))


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.paint.rulebook import edition_pdf
    from pnp.paint.rulebook.style import lacking_styles

    pdf = edition_pdf(loaded.game, loaded.catalogs, loaded.printed_rulebook(), loaded.book, target.params.languages,
                      loaded.pictures)
    return Rendered({target.paths[0]: pdf}, warnings=lacking_styles(loaded.game.rulebook_fonts))


KIND = TargetKind(NAME, "build", 2, plan, render, formats=("pdf",), section="rulebooks")
