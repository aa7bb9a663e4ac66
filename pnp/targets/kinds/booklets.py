"""Booklets for folding: the pages laid out once per language, then imposed on each paper.

The laid-out pages are an in-memory step (`booklet-pages`, no file) that the imposed
booklets of every paper size take, so a language's booklet is laid out once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.targets.facets import Facets
from pnp.targets.kinds.rulebooks import rulebook_languages
from pnp.targets.options import BuildOptions
from pnp.targets.target import InLanguage, OnPaper, Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.targets.games import LoadedGame

PAGES, BOOKLET = "booklet-pages", "booklet"


def plan_pages(loaded: LoadedGame, options: BuildOptions):
    for language in rulebook_languages(loaded, options):
        yield Target(id=_pages_id(loaded, language), kind=PAGES, unit="", paths=(), params=InLanguage(language),
                     inputs=(loaded.folder_digest(),), label=f"{loaded.id} booklet pages ({language})")


def _pages_id(loaded: LoadedGame, language: str) -> str:
    return f"{loaded.id}/booklet-pages-{language}"


def render_pages(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.paint.rulebook import booklet_pages
    from pnp.paint.rulebook.style import lacking_styles

    language = target.params.language
    return Rendered(data=booklet_pages(loaded.game, loaded.catalogs, loaded.printed_rulebook(), loaded.book, language,
                                       loaded.pictures), warnings=lacking_styles(loaded.game.rulebook_fonts))


def plan_booklets(loaded: LoadedGame, options: BuildOptions):
    for language in rulebook_languages(loaded, options):
        for paper in options.papers:
            path = f"{loaded.id}/{loaded.id}-booklet-{language}-{paper}.pdf"
            yield Target(id=path, kind=BOOKLET, unit="", paths=(path,), params=OnPaper(language, paper),
                         depends=(_pages_id(loaded, language),), facets=Facets("pdf", (language,), paper))


def render_booklet(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.paint.rulebook import booklet_pdf

    params: OnPaper = target.params
    [pages] = upstream
    return Rendered({target.paths[0]: booklet_pdf(loaded.game, loaded.catalogs, loaded.printed_rulebook(), pages,
                                                  params.language, params.paper)})


KINDS = (TargetKind(PAGES, "build", 2, plan_pages, render_pages),
         TargetKind(BOOKLET, "build", 3, plan_booklets, render_booklet, formats=("pdf",), settings=("paper",),
                    section="rulebooks"))
