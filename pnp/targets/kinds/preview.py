"""`--format html`: the kit pages, `<game>/index.html` and `index-<lang>.html`, and their thumbnails.

The pages are planned after every other kind of the build and ask each for its targets,
so they list every file this build makes for the game (but pnp's own, in `.pnp` folders);
as a `listing` kind they are then told the game's other outputs already under --out (made
by builds of other formats, languages, papers or shops, or by `pnp diagrams`), each marked
stale as this build marks it, and list those too. The first page is in the first of the kit's languages: those the
build asks for and those of the outputs listed. The pages depend on this build's targets
whose first file is a PDF or PNG and draw their thumbnails from those bytes; the other
outputs' thumbnails are drawn from their files under --out. Every thumbnail is a file of
this target, so they come and go with the pages; the pages are made again whenever what
they list changes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.export.web.listing import FOLDER, PICTURED, KitFile, entries
from pnp.output.transaction import in_pnp_folder
from pnp.targets.facets import Facets
from pnp.targets.kinds import kinds_for
from pnp.targets.kinds.sheets import languages_of
from pnp.targets.options import BuildOptions
from pnp.targets.target import Listed, Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.export.web.preview import CutLine, Picture
    from pnp.targets.games import LoadedGame

NAME = "preview"
PRIORITY = 4


@dataclass(frozen=True)
class KitParams:
    """The files the pages list, the languages the game has words in (`known`), the pages' languages
    (the first's page is index.html), and the diagrams and example plays its rulebook shows."""

    files: tuple[KitFile, ...]
    known: tuple[str, ...]
    languages: tuple[str, ...]
    pictures: tuple[tuple[str, str], ...]

    def page(self, language: str) -> str:
        """A page's file name within the game's folder."""
        return "index.html" if language == self.languages[0] else f"index-{language}.html"

    def picture_languages(self, game_id: str) -> tuple[str, ...]:
        """The pages' languages whose web edition is listed: their pages show the rulebook's pictures."""
        from pnp.export.web.edition import edition_file

        listed = {file.path for file in self.files}
        return tuple(lang for lang in self.languages if f"{game_id}/{edition_file(game_id, lang)}" in listed)


def plan(loaded: LoadedGame, options: BuildOptions):
    if loaded is None or "html" not in options.formats:
        return
    files: list[KitFile] = []
    depends: list[str] = []
    for kind in sorted(kinds_for("build", options.formats).values(), key=lambda k: (k.priority, k.name)):
        if kind.priority >= PRIORITY:
            continue
        for target in kind.plan(loaded, options):
            paths = tuple(path for path in target.paths if not in_pnp_folder(path))
            pictured = bool(paths) and paths[0].endswith(PICTURED)
            for index, path in enumerate(paths):
                made = len(depends) if pictured and index == 0 else None
                files.append(KitFile(path, kind.name, kind.section, target.facets.languages, target.facets.paper,
                                     made=made))
            if pictured:
                depends.append(target.id)
    known = tuple(lang for lang in loaded.game.languages if lang in loaded.catalogs)
    asked = tuple(lang for lang in languages_of(loaded, options) if lang in known) or known[:1] or ("en",)
    pictures: tuple[tuple[str, str], ...] = ()
    if loaded.rulebook is not None:  # a diagram or example block names its picture (pnp.model.rulebook)
        pictures = tuple(dict.fromkeys((b.kind, b.ref) for s in loaded.rulebook.sections for b in s.body
                                       if b.kind in ("diagram", "example") and b.ref is not None))
    params = KitParams(tuple(files), known, asked, pictures)
    yield Target(id=f"{loaded.id}/index.html", kind=NAME, unit="", paths=_paths(loaded.id, params), params=params,
                 inputs=(loaded.folder_digest(),), depends=tuple(depends), facets=Facets("html"))


def listing(target: Target, listed: tuple[Listed, ...]) -> Target:
    """The pages also listing the game's other outputs under --out (in their languages' pages)."""
    from pnp.targets.digest import key_of

    params: KitParams = target.params
    kept = tuple(KitFile(o.path, o.kind, _section_of(o.kind), o.facets.languages, o.facets.paper, o.stale, kept=True)
                 for o in listed if not in_pnp_folder(o.path))
    shown = {lang for file in kept for lang in file.languages}
    more = tuple(lang for lang in params.known if lang in shown and lang not in params.languages)
    languages = params.languages + more
    params = replace(params, files=params.files + kept, languages=languages)
    game_id = target.id.split("/", 1)[0]
    # What each listed file was made from, so the pages are made again when one of them changes.
    made_from = key_of([(o.path, o.key) for o in listed])
    return replace(target, params=params, paths=_paths(game_id, params), inputs=(*target.inputs, made_from))


def _section_of(kind: str) -> str:
    """The kit page's section for files made by kind: its own if it is one of pnp's (a plugin's
    kind is loaded only by the builds asking for its format: its earlier files are other files)."""
    from pnp.targets.kinds import own_kinds

    known = own_kinds().get(kind)
    return known.section if known is not None else "files"


def _paths(game_id: str, params: KitParams) -> tuple[str, ...]:
    """The pages, every entry's thumbnail, and the thumbnails of the rulebook's pictures on each page."""
    pages = [f"{game_id}/{params.page(lang)}" for lang in params.languages]
    thumbnails = [f"{game_id}/{entry.thumbnail}" for entry in entries(params.files) if entry.thumbnail]
    pictures = [f"{game_id}/{_picture_thumbnail(kind, ref, lang)}" for lang in params.picture_languages(game_id)
                for kind, ref in params.pictures]
    return (*pages, *thumbnails, *pictures)


def _picture_thumbnail(kind: str, ref: str, language: str) -> str:
    return f"{FOLDER}/rulebook/{kind}-{ref}-{language}.webp"


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.export.web.page import Language
    from pnp.export.web.preview import Kit, kit_page, kit_thumbnails
    from pnp.i18n import credits
    from pnp.i18n.catalog import Texts
    from pnp.i18n.labels import label

    params: KitParams = target.params
    out = Path(options.out)

    def read(file: KitFile) -> bytes | None:
        if file.made is not None:
            return upstream[file.made]
        return (out / file.path).read_bytes() if file.kept else None

    listed = entries(params.files)
    thumbnails, shown, printed = kit_thumbnails(listed, read)
    files = {f"{loaded.id}/{path}": data for path, data in thumbnails.items()}
    switch = tuple(Language(lang, label("language-name", lang), params.page(lang)) for lang in params.languages)
    booklet = loaded.rulebook.booklet if loaded.rulebook is not None else None
    with_pictures = params.picture_languages(loaded.id)
    for language in params.languages:
        pictures = _pictures(loaded, params, language, files) if language in with_pictures else ()
        has_sheets = any(f.kind == "sheets" and language in f.languages for f in params.files)
        kit = Kit(language, loaded.game.title_in(Texts(loaded.catalogs, language)),
                  f"{label('kit', language)} · {credits.version(loaded.game, [language])}", tuple(listed), shown,
                  printed, _cut_lines(loaded, language) if has_sheets else (), booklet, pictures, switch)
        files[f"{loaded.id}/{params.page(language)}"] = kit_page(kit)
    return Rendered(files)


def _cut_lines(loaded: LoadedGame, language: str) -> tuple[CutLine, ...]:
    """Each component set to cut out: its name in language, its count and its items' sizes in mm."""
    from pnp.export.web.preview import CutLine
    from pnp.model.units import to_mm
    from pnp.targets.exports import set_words

    lines = []
    for component_set in loaded.game.sets:
        sizes = tuple(dict.fromkeys((round(to_mm(item.width), 1), round(to_mm(item.height), 1))
                                    for item in component_set.items))
        lines.append(CutLine(set_words(loaded, component_set, language)[0], sum(i.count for i in component_set.items),
                             component_set.shape.name, sizes, component_set.kind == "board"))
    return tuple(lines)


def _pictures(loaded: LoadedGame, params: KitParams, language: str, files: dict[str, bytes]) -> tuple[Picture, ...]:
    """The rulebook's diagrams and example plays, each a thumbnail (added to files) linking to its
    place in the web edition in language."""
    from pnp.export.web.edition import anchor, edition_file
    from pnp.export.web.preview import Picture, Thumbnail, thumbnail_webp
    from pnp.i18n.catalog import Texts
    from pnp.model.problems import Problems
    from pnp.paint.diagrams import diagram_picture, example_pictures
    from pnp.paint.diagrams.output import drawing_pdf
    from pnp.paint.outlined import outlined
    from pnp.paint.rulebook.markup import plain_text

    texts, problems, shown = Texts(loaded.catalogs, language), Problems(), []
    for kind, ref in params.pictures:
        if kind == "diagram":
            drawing = diagram_picture(loaded.game, loaded.catalogs, loaded.book, ref, language, problems).drawing()
            key = f"diagram.{ref}.caption"
        else:
            steps = example_pictures(loaded.game, loaded.catalogs, loaded.book, ref, language, problems)
            drawing, key = (steps[0][0].drawing() if steps else None), f"example.{ref}.intro"
        path = _picture_thumbnail(kind, ref, language)
        if drawing is None:  # an example without steps: a problem already said
            continue
        data, width, height = thumbnail_webp(".pdf", drawing_pdf(outlined(drawing), ref))
        files[f"{loaded.id}/{path}"] = data
        caption = plain_text(texts(key), language) if texts.has(key) else ref
        shown.append(Picture(f"{edition_file(loaded.id, language)}#{anchor(kind, ref)}", caption,
                             Thumbnail(path, width, height)))
    problems.raise_if_any()
    return tuple(shown)


KIND = TargetKind(NAME, "build", PRIORITY, plan, render, formats=("html",), listing=listing)
