"""PNG pages: every printed page of a sheet PDF rasterized at --dpi, one target per page.

The page is the PDF's own page rendered by PDFium at exactly paper × dpi pixels, so PNG
and PDF print alike; the stored DPI makes it print at true size. Pages are planned
from the sheet layout, so each renders in its own process. A two-sided kit's pages are
`-sheetNN-front.png` and `-sheetNN-back.png` (a blank back has none: there is nothing
to print); a one-sided kit's (no backs, or fold-over sheets) are `-sheetNN.png`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.targets.facets import Facets
from pnp.targets.kinds import sheets
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.targets.games import LoadedGame

NAME = "png-page"


@dataclass(frozen=True)
class PageParams:
    """Page `page` (from 0) of a sheet PDF planned to have `pages`, at dpi."""

    page: int
    pages: int
    dpi: int


def plan(loaded: LoadedGame, options: BuildOptions):
    if "png" not in options.formats or not loaded.game.sets:
        return
    from pnp.layout.geometry import DoesNotFit
    from pnp.paint.sheets import page_sides

    for paper in options.papers:
        try:
            kit = sheets.kit_of(loaded, paper, options)
        except DoesNotFit:
            continue  # the sheet target reports it
        pages = page_sides(kit)
        for language in sheets.languages_of(loaded, options):
            sheet = sheets.sheet_id(loaded, language, paper)
            name = sheets.stem(loaded, language, paper)
            for index, (number, side) in enumerate(pages):
                if side == "blank":
                    continue
                path = png_path(loaded.id, name, number, side if kit.two_sided else None)
                yield Target(id=path, kind=NAME, unit="", paths=(path,),
                             params=PageParams(index, len(pages), options.dpi), depends=(sheet,),
                             facets=Facets("png", (language,), paper))


def png_path(game_id: str, name: str, sheet: int, side: str | None) -> str:
    suffix = f"-{side}" if side else ""
    return f"{game_id}/png/{name}-sheet{sheet:02d}{suffix}.png"


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.output.raster import page_count, page_png

    params: PageParams = target.params
    [pdf] = upstream
    if page_count(pdf) != params.pages:
        raise RuntimeError(f"the sheet PDF has {page_count(pdf)} pages where its layout planned {params.pages}")
    return Rendered({target.paths[0]: page_png(pdf, params.page, params.dpi)})


KIND = TargetKind(NAME, "build", 1, plan, render, formats=("png",), settings=sheets.SETTINGS, section="png-pages")
