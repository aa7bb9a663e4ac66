"""Component sheets: one PDF per game × language × paper holding every set's sheets in print order.

The game's components are packed onto as few sheets as the layout finds (pnp.layout.kit).
Beside each PDF, in the game's hidden `.pnp/` folder, goes the record of where it prints
each face (pnp.layout.face_places), from which `pnp diff` can cut the faces out of it later.
Every language gets its own PDF, even when no face shows a text: the footers, glue tabs
and scale bar are words too, so each names the game and the sets as players of that
language know them and speaks pnp's own words in it (sets without text print alike in
every language's PDF). Each distinct face is painted once, as the sheets draw it, and
freed; a text that does not fit, a missing glyph or key, or a component larger than the
paper is collected meanwhile and stops the build (nothing written) with every such
problem located. Which texts a language lacks is said once per language, by the
translation report (pnp.targets.kinds.translations). With `--format png` alone the PDF is
an in-memory step that the PNG pages take.

A long kit (twice PART_CELLS cells or more) is painted in parts, in-memory steps the
process pool runs side by side, each a run of whole sheets, and joined into the one PDF.
How many parts depends on the content alone, never on -j, so a build makes the same bytes
on any number of cores; a shorter kit is one part, painted straight into its PDF.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pnp.layout.geometry import DoesNotFit
from pnp.layout.paper import PAPERS
from pnp.model.game import TITLE_KEY
from pnp.model.problems import ContentError, Location, Problems, quote
from pnp.output.transaction import STATE_FOLDER
from pnp.targets.facets import Facets
from pnp.targets.lasting import kept
from pnp.targets.options import BuildOptions, DiffOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.i18n.catalog import Texts
    from pnp.layout.kit import Kit
    from pnp.targets.games import LoadedGame

NAME, PART = "sheets", "sheet-part"
PART_CELLS = 500  # cells (printed copies of faces) per part of a long kit
MAX_PARTS = 16


@dataclass(frozen=True)
class SheetParams:
    """One edition of the sheets (or one part of a long one: the k-th of n runs of its sheets)."""

    language: str
    paper: str
    flip: str
    back_offset_mm: tuple[float, float]
    layout: str | None
    dpi: int  # what the sheets print at: raster art is embedded at it (and PNG pages are drawn at it)
    part: tuple[int, int] = (0, 1)


def languages_of(loaded: LoadedGame, options) -> tuple[str, ...]:
    """The game's languages that the options ask for (all of them by default)."""
    if options.languages is None:
        return loaded.game.languages
    return tuple(lang for lang in options.languages if lang in loaded.game.languages)


def stem(loaded: LoadedGame, language: str, paper: str) -> str:
    return f"{loaded.id}-sheets-{language}-{paper}"


def sheet_id(loaded: LoadedGame, language: str, paper: str) -> str:
    return f"{loaded.id}/{stem(loaded, language, paper)}.pdf"


def plan(loaded: LoadedGame, options: BuildOptions):
    """Each edition's sheets, after their parts where the kit is long (the whole is keyed by them)."""
    parts = parts_of(loaded)
    for language, paper in editions(loaded, options):
        whole = edition_target(loaded, language, paper, options)
        if parts > 1:
            pieces = [replace(whole, id=_part_id(whole, index, parts), kind=PART, paths=(),
                              params=replace(whole.params, part=(index, parts)),
                              label=f"{whole.label} part {index + 1} of {parts}")
                      for index in range(parts)]
            yield from pieces
            whole = replace(whole, depends=tuple(piece.id for piece in pieces))
        yield whole


def _no_targets(loaded: LoadedGame, options: BuildOptions):
    return ()


def parts_of(loaded: LoadedGame) -> int:
    """How many parts the game's sheets are painted in."""
    return part_count(sum(item.count * len(item.faces) for s in loaded.game.sets for item in s.items))


def part_count(cells: int) -> int:
    """One part per PART_CELLS cells (copies of faces printed), at most MAX_PARTS."""
    return max(1, min(MAX_PARTS, cells // PART_CELLS))


def _part_id(whole: Target, index: int, parts: int) -> str:
    return f"{whole.id}#part-{index + 1}-of-{parts}"


def editions(loaded: LoadedGame, options: BuildOptions):
    """(language, paper) of every edition of the sheets the options ask for."""
    if loaded.game.sets:
        for language in languages_of(loaded, options):
            for paper in options.papers:
                yield language, paper


def record_name(sheets_stem: str) -> str:
    """Where, in a game's output folder, the record of where a sheets PDF prints each face is
    (pnp.layout.face_places): in pnp's own hidden folder, beside the PDF."""
    return f"{STATE_FOLDER}/{sheets_stem}.json"


def edition_target(loaded: LoadedGame, language: str, paper: str, options: BuildOptions) -> Target:
    """An edition's sheets: the PDF and, beside it, its record of where each face prints (none without pdf)."""
    target_id = sheet_id(loaded, language, paper)
    paths = (target_id, f"{loaded.id}/{record_name(stem(loaded, language, paper))}") if "pdf" in options.formats else ()
    return Target(id=target_id, kind=NAME, unit="", paths=paths, params=sheet_params(language, paper, options),
                  inputs=edition_inputs(loaded, language), label=stem(loaded, language, paper),
                  facets=Facets("pdf", (language,), paper))


def sheet_params(language: str, paper: str, options: BuildOptions | DiffOptions) -> SheetParams:
    """The parameters of an edition of sheets (or of a reprint laid out and painted as they are)."""
    return SheetParams(language, paper, options.flip, (*options.back_offset_mm,), options.layout, options.dpi)


def edition_inputs(loaded: LoadedGame, language: str) -> tuple[str, ...]:
    """What decides the game's sheets in a language: game.yaml, the components, templates, images and the
    texts they show."""
    sets = loaded.game.sets
    faces = [f for s in sets for item in s.items for _, f in item.faces]
    keys = [*(k for s in sets for k in s.text_keys), *footer_keys(loaded)]
    return (loaded.digest("game.yaml"), loaded.components_digest(), loaded.templates_digest(),
            loaded.images_digest(faces), loaded.texts_digest(keys, language))


def footer_keys(loaded: LoadedGame) -> tuple[str, ...]:
    """The texts the sheets' footers show: the game's title and every set's name."""
    from pnp.model.game import TITLE_KEY  # the model loads only when a game does

    return (TITLE_KEY, *(set_name_key(s.id) for s in loaded.game.sets))


def set_name_key(set_id: str) -> str:
    return f"component.{set_id}.name"


def kit_of(loaded: LoadedGame, paper: str, options: BuildOptions) -> Kit:
    """The game's sheets on paper as laid out for these options (laid out once per process, and
    kept out of the garbage collector's reach: pnp.targets.lasting)."""
    from pnp.layout.kit import lay_out

    key = ("kit", paper, options.flip, tuple(options.back_offset_mm), options.layout)
    if key not in loaded.layouts:
        settings = settings_of(loaded, options)
        loaded.layouts[key] = kept(lambda: lay_out(loaded.game.sets, loaded.game.sheets, PAPERS[paper], settings))
    return loaded.layouts[key]


def settings_of(loaded: LoadedGame, options: BuildOptions | DiffOptions):
    """The sheet settings of the game as the options ask (pnp.layout.sheet.SheetSettings)."""
    from pnp.layout.sheet import settings_for
    from pnp.model.units import mm

    offset = (mm(options.back_offset_mm[0]), mm(options.back_offset_mm[1]))
    return settings_for(loaded.game.sheets, options.layout, options.flip, offset)


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    warnings: list[str]
    if upstream:
        from pnp.paint.sheets import join_parts

        pdf, warnings = join_parts(upstream), []  # the parts said their own warnings
    else:
        pdf, warnings = _paint(target, loaded, options, (0, 1))
    files = {}
    if target.paths:
        from pnp.layout.face_places import face_places

        record = face_places(kit_of(loaded, target.params.paper, options), loaded.game.sets)
        files = {target.paths[0]: pdf, target.paths[1]: record.to_json()}
    return Rendered(files, pdf, warnings=warnings)


def render_part(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    pdf, warnings = _paint(target, loaded, options, target.params.part)
    return Rendered({}, pdf, warnings=warnings)


def _paint(target: Target, loaded: LoadedGame, options: BuildOptions, part: tuple[int, int]) -> tuple[bytes, list[str]]:
    """The sheets' PDF (or one part of it) and its warnings; every problem its faces have stops it."""
    problems = Problems()
    kit = _kit_or_problem(loaded, target.params.paper, options, problems)
    return paint_sets(loaded, loaded.game.sets, kit, target.params, options, part, problems)


def paint_sets(loaded: LoadedGame, sets, kit: Kit | None, params: SheetParams, options: BuildOptions | DiffOptions,
               part: tuple[int, int] = (0, 1), problems: Problems | None = None) -> tuple[bytes, list[str]]:
    """The PDF of sets laid out as kit (None: it could not be, a problem said so) in params' language,
    paper and resolution, or one part of it, and its warnings; every problem of their faces stops it
    (the PDF is dropped: a failing target writes nothing)."""
    from pnp.i18n.catalog import Texts
    from pnp.paint.faces import FacePainter
    from pnp.paint.sheets import check_faces, paint_kit

    language, paper = params.language, params.paper
    texts = Texts(loaded.catalogs, language)
    problems = problems if problems is not None else Problems()
    # No face cache: each face is painted as it is drawn and freed, its problems collected here.
    painter = FacePainter(texts, texts.language, problems, icons=loaded.icons)
    if kit is None:
        check_faces(sets, painter)  # so the failure lists the faces' problems too
        raise ContentError(problems.items)  # with the one that says why there is no kit
    words = sheet_words(loaded, texts)
    try:
        pdf = paint_kit(kit, sets, painter, settings_of(loaded, options), words, part, params.dpi)
    except DoesNotFit as error:
        check_faces(sets, painter)
        where, key = _title_place(loaded, texts)
        problems.add(where, key, f"{loaded.id} ({language}, {paper}): {error}, even in two lines: the title "
                                 f"{quote(words.game)} (or a set's name) is too long for it; "
                                 "shorten it, or give the sheets a narrower margin")
        problems.raise_if_any()
    problems.raise_if_any()  # the PDF is dropped: a failing target writes nothing
    return pdf, list(painter.warnings)


def _kit_or_problem(loaded: LoadedGame, paper: str, options: BuildOptions, problems: Problems) -> Kit | None:
    try:
        return kit_of(loaded, paper, options)
    except DoesNotFit as error:
        where = next((s for s in loaded.game.sets if s.id == error.set_id), None)
        problems.add(where.location if where else loaded.game.location, f"sets.{where.id}" if where else "sets",
                     str(error))
        return None


def _title_place(loaded: LoadedGame, texts: Texts) -> tuple[Location, str]:
    """(location, key) of the title the sheets' footers show: its translation, else game.yaml's."""
    translated = loaded.catalogs[texts.language].get(TITLE_KEY) if texts.language in loaded.catalogs else None
    if translated is not None and texts.language != loaded.game.source_language:
        return translated.location, TITLE_KEY
    return loaded.game.text_locations.get(TITLE_KEY, loaded.game.location), "title"


def sheet_words(loaded: LoadedGame, texts: Texts):
    """What the sheets' footers say: the game's title and version and the sets' names, in texts' language."""
    from pnp.i18n.markup import strip_markup
    from pnp.layout.footer import Words

    game = loaded.game
    names = {s.id: strip_markup(texts.get(set_name_key(s.id), s.id)) for s in game.sets}
    return Words(game.title_in(texts), game.version, names, texts.language, game.proper_names)


# The sheets' plan makes the parts too, from the same digests of the game.
SETTINGS = ("paper", "duplex", "back-offset", "layout", "dpi")
KINDS = (TargetKind(PART, "build", 0, _no_targets, render_part, settings=SETTINGS),
         TargetKind(NAME, "build", 0, plan, render, formats=("pdf",), settings=SETTINGS, section="sheets"))
