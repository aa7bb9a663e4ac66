"""`--format html`: the kit preview page, `<game>/index.html`, listing every output of the build.

It is planned after every other kind of the build and asks each for its targets, so it
lists exactly the files this build makes for the game (but pnp's own, in `.pnp` folders).
It depends on the targets whose first file is a PDF or PNG, and makes their thumbnails from
those bytes; so it is made again whenever any of them is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.output.transaction import in_pnp_folder
from pnp.targets.facets import Facets
from pnp.targets.kinds import kinds_for
from pnp.targets.kinds.sheets import languages_of
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.export.web.preview import Picture
    from pnp.export.web.svg import ImageSymbols
    from pnp.targets.games import LoadedGame

NAME = "preview"
PRIORITY = 4
PAGES_SHOWN = {"rulebook": 4}



@dataclass(frozen=True)
class PreviewParams:
    """The outputs the page lists (kind, its section, paths, whether it has a thumbnail) and its language."""

    entries: tuple[tuple[str, str, tuple[str, ...], bool], ...]
    language: str

def plan(loaded: LoadedGame, options: BuildOptions):
    if loaded is None or "html" not in options.formats:
        return
    entries, depends = [], []
    for kind in sorted(kinds_for("build", options.formats).values(), key=lambda k: (k.priority, k.name)):
        if kind.priority >= PRIORITY:
            continue
        for target in kind.plan(loaded, options):
            paths = tuple(path for path in target.paths if not in_pnp_folder(path))
            if not paths:
                continue
            pictured = paths[0].endswith((".pdf", ".png"))
            entries.append((kind.name, kind.section, paths, pictured))
            if pictured:
                depends.append(target.id)
    path = f"{loaded.id}/index.html"
    yield Target(id=path, kind=NAME, unit="", paths=(path,),
                 params=PreviewParams(tuple(entries), _language(loaded, options)), inputs=(loaded.folder_digest(),),
                 depends=tuple(depends), facets=Facets("html"))


def _language(loaded: LoadedGame, options: BuildOptions) -> str:
    languages = [lang for lang in languages_of(loaded, options) if lang in loaded.catalogs]
    return languages[0] if languages else "en"


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.export.web.preview import SECTIONS as HEADINGS
    from pnp.export.web.preview import Output, preview_html, thumbnails
    from pnp.export.web.svg import ImageSymbols
    from pnp.i18n import credits
    from pnp.i18n.catalog import Texts
    from pnp.i18n.labels import label

    params: PreviewParams = target.params
    language = params.language
    data = iter(upstream)
    outputs = []
    for kind, section, paths, pictured in params.entries:
        relative = [p.split("/", 1)[1] for p in paths]
        pictures = thumbnails(relative[0], next(data), PAGES_SHOWN.get(kind, 1)) if pictured else ()
        outputs.append(Output(section if section in HEADINGS else "files", relative[0], tuple(relative[1:]), pictures))
    headings = {section: label(f"kit-{section}", language) for section in HEADINGS}
    title = loaded.game.title_in(Texts(loaded.catalogs, language))
    images = ImageSymbols()
    diagrams = _diagrams(loaded, options, language, images)
    html = preview_html(title, f"{label('kit', language)} · {credits.version(loaded.game, [language])}",
                        language, headings, outputs, diagrams, images.html())
    return Rendered({target.paths[0]: html})


def _diagrams(loaded: LoadedGame, options: BuildOptions, language: str, images: ImageSymbols) -> list[Picture]:
    """The rulebook's diagrams and example plays, each linking to its place in the web edition
    (their raster images written once, into `images`)."""
    from pnp.export.web.edition import anchor, edition_file
    from pnp.export.web.preview import THUMBNAIL, Picture
    from pnp.export.web.svg import PX_PER_POINT, inline_svg
    from pnp.i18n.catalog import Texts
    from pnp.model.problems import Problems
    from pnp.paint.diagrams import diagram_picture, example_pictures
    from pnp.paint.rulebook.markup import plain_text
    from pnp.targets.kinds.web import web_languages

    if language not in web_languages(loaded, options):
        return []
    texts, problems, shown = Texts(loaded.catalogs, language), Problems(), []
    # A diagram or example block names its picture (pnp.model.rulebook).
    pictured = [(b.kind, b.ref) for s in loaded.printed_rulebook().sections for b in s.body
                if b.kind in ("diagram", "example") and b.ref is not None]
    for kind, ref in dict.fromkeys(pictured):
        if kind == "diagram":
            drawing = diagram_picture(loaded.game, loaded.catalogs, loaded.book, ref, language, problems).drawing()
            key = f"diagram.{ref}.caption"
        else:
            steps = example_pictures(loaded.game, loaded.catalogs, loaded.book, ref, language, problems)
            if not steps:
                continue
            drawing, key = steps[0][0].drawing(), f"example.{ref}.intro"
        caption = plain_text(texts(key), language) if texts.has(key) else ref
        scale = min(1.0, THUMBNAIL / (drawing.width * PX_PER_POINT))
        svg = inline_svg(drawing, f"{kind}-{ref}", None, "thumbnail", scale, images)
        shown.append(Picture(f"{edition_file(loaded.id, language)}#{anchor(kind, ref)}", svg, caption))
    problems.raise_if_any()
    return shown


KIND = TargetKind(NAME, "build", PRIORITY, plan, render, formats=("html",))
