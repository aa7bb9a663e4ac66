"""PNG pages: every page of a sheet PDF rasterized at --dpi, one target per page.

The page is the PDF's own page rendered by PDFium, so PNG and PDF print alike; the
stored DPI makes it print at true size. Pages are planned from the sheet layout
(fronts, and backs where the set has them), so each page renders in its own process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.build.kinds import sheets
from pnp.build.options import BuildOptions
from pnp.build.target import Rendered, Target, TargetKind
from pnp.layout.paper import PAPERS

if TYPE_CHECKING:
    from pnp.build.games import LoadedGame

NAME = "png-page"


def plan(loaded: LoadedGame, options: BuildOptions):
    if "png" not in options.formats:
        return
    from pnp.layout.geometry import DoesNotFit
    from pnp.paint.sheets import sheet_pages

    for component_set in loaded.game.sets:
        languages = sheets.languages_of(loaded, options) if component_set.text_keys else (None,)
        for language in languages:
            for paper in options.papers:
                try:
                    pages = sheet_pages(component_set, PAPERS[paper])
                except DoesNotFit:
                    continue  # the sheet target reports it
                sheet = sheets.sheet_id(loaded, component_set, language, paper)
                name = sheets.stem(loaded, component_set, language, paper)
                for page in range(pages):
                    path = png_path(loaded.id, name, page, component_set.has_backs)
                    yield Target(id=path, kind=NAME, unit="", paths=(path,), params=(page, pages, options.dpi),
                                 depends=(sheet,))


def png_path(game_id: str, name: str, page: int, has_backs: bool) -> str:
    sheet, side = divmod(page, 2) if has_backs else (page, 0)
    return f"{game_id}/png/{name}-sheet{sheet + 1:02d}-{('front', 'back')[side]}.png"


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.output.raster import page_count, png_bytes, render_page

    page, pages, dpi = target.params
    [pdf] = upstream
    if page_count(pdf) != pages:
        raise RuntimeError(f"the sheet PDF has {page_count(pdf)} pages where its layout planned {pages}")
    return Rendered({target.paths[0]: png_bytes(render_page(pdf, page, dpi), dpi)})


KIND = TargetKind(NAME, "build", 1, plan, render)
