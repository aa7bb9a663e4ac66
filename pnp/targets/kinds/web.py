"""`--format html`: the web edition of the rulebook, one self-contained HTML page per language.

`<game>/<game>-rules-<lang>.html`, beside the PDF of the same name, for a game with a
rulebook.yaml. Like a rulebook PDF it may picture anything of the game, so its inputs
are every file of the game folder and the templates; the languages it links to are
part of its key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.targets.facets import Facets
from pnp.targets.kinds.rulebooks import rulebook_languages
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.targets.games import LoadedGame

NAME = "web-edition"


@dataclass(frozen=True)
class WebParams:
    """One language's page, and the languages its switch links to."""

    language: str
    languages: tuple[str, ...]


def web_languages(loaded: LoadedGame | None, options: BuildOptions) -> tuple[str, ...]:
    """The languages of the web edition: none without a rulebook or without --format html."""
    return rulebook_languages(loaded, options, "html")


def plan(loaded: LoadedGame, options: BuildOptions):
    languages = web_languages(loaded, options)
    if not languages:
        return  # without --format html the web edition's modules need not load
    from pnp.export.web.edition import edition_file

    for language in languages:
        path = f"{loaded.id}/{edition_file(loaded.id, language)}"
        yield Target(id=path, kind=NAME, unit="", paths=(path,), params=WebParams(language, languages),
                     inputs=(loaded.folder_digest(),), facets=Facets("html", (language,)))


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.export.web.edition import edition_file, edition_html
    from pnp.export.web.page import Language
    from pnp.i18n.labels import label
    from pnp.paint.rulebook.style import lacking_styles

    params: WebParams = target.params
    switch = [Language(tag, label("language-name", tag), edition_file(loaded.id, tag)) for tag in params.languages]
    html = edition_html(loaded.game, loaded.catalogs, loaded.printed_rulebook(), loaded.book, params.language, switch)
    return Rendered({target.paths[0]: html}, warnings=lacking_styles(loaded.game.rulebook_fonts))


KIND = TargetKind(NAME, "build", 3, plan, render, formats=("html",), section="web-edition")
