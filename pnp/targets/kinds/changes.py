"""pnp diff: per game and language, what changed since REF, the changes PDF and a reprint kit.

Per language, an in-memory step compares every face of the game now with the same face then
(pnp.targets.before, pnp.playtest) and passes what changed to two kinds of file under
`<game>/diff/`:
- `<game>-changes-<lang>.pdf`: each set's changes, then every changed face before | after,
  said in words (pnp.playtest.report), on the first paper asked for;
- `<game>-reprint-<lang>-<paper>.pdf`: the changed and added items, all their copies, and the
  copies an item gained, laid out and painted as the sheets are (pnp.layout.kit, pnp.paint.sheets):
  as few sheets as they fit on, duplex as usual. None when nothing is to be printed again.
The step also says what changed, per set, for the command to print.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pnp.targets.digest import key_of
from pnp.targets.facets import Facets
from pnp.targets.kinds.sheets import edition_inputs, languages_of, paint_sets, settings_of, sheet_params, sheet_words
from pnp.targets.options import Before, DiffOptions
from pnp.targets.target import InLanguage, OnPaper, Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.playtest.changes import Changes
    from pnp.targets.games import LoadedGame

STEP, REPORT, REPRINT = "changes-found", "changes", "reprint"


def folder(loaded: LoadedGame) -> str:
    return f"{loaded.id}/diff"


def plan(loaded: LoadedGame, options: DiffOptions):
    # What REF is decides every target's bytes, as the game's own files do.
    before = key_of(options.before.key_fields() if options.before else None)
    for language in languages_of(loaded, options):
        inputs = (*edition_inputs(loaded, language), before)
        step = Target(id=f"{folder(loaded)}#{language}", kind=STEP, unit="", paths=(), params=InLanguage(language),
                      inputs=inputs, label=f"{loaded.id} ({language}): what changed")
        yield step
        report = f"{folder(loaded)}/{loaded.id}-changes-{language}.pdf"
        yield Target(id=report, kind=REPORT, unit="", paths=(report,), params=OnPaper(language, options.papers[0]),
                     inputs=inputs, depends=(step.id,), facets=Facets("pdf", (language,)))
        for paper in options.papers:
            reprint = f"{folder(loaded)}/{loaded.id}-reprint-{language}-{paper}.pdf"
            yield Target(id=reprint, kind=REPRINT, unit="", paths=(reprint,), inputs=inputs, depends=(step.id,),
                         params=sheet_params(language, paper, options), facets=Facets("pdf", (language,), paper))


def render_step(target: Target, loaded: LoadedGame, options: DiffOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.model.problems import Problems
    from pnp.playtest.changes import compare_versions
    from pnp.targets.before import before_version, painted_version

    language, before = target.params.language, compared_with(options)
    problems = Problems()
    now = painted_version(loaded, language, problems)
    changes = compare_versions(before_version(before, loaded, language, options.papers), now, language)
    problems.raise_if_any()  # a face of the game now that cannot be painted stops it, as it stops the sheets
    return Rendered(data=changes.to_json(), notes=[summary(loaded, changes, before.label)])


def compared_with(options: DiffOptions) -> Before:
    if options.before is None:
        raise ValueError("pnp diff renders only what it was told to compare with")
    return options.before


def summary(loaded: LoadedGame, changes: Changes, before: str) -> str:
    """One line: per set, how many items changed in each way; and how many copies to print again."""
    sets = []
    for tally in changes.sets:
        counts = [(tally.changed, "changed"), (tally.added, "added"), (tally.removed, "removed"),
                  (tally.count, "recounted"), (tally.unchanged, "unchanged")]
        sets.append(f"{tally.set_id}: " + ", ".join(f"{n} {what}" for n, what in counts if n))
    copies = sum(t.reprint for t in changes.sets)
    to_print = f"{copies} {'copy' if copies == 1 else 'copies'} to print again" if copies else "nothing to print again"
    return f"{loaded.id} ({changes.language}) since {before}: {'; '.join(sets) or 'no components'} — {to_print}"


def render_report(target: Target, loaded: LoadedGame, options: DiffOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.i18n.catalog import Texts
    from pnp.layout.paper import PAPERS
    from pnp.playtest.changes import Changes
    from pnp.playtest.report import ReportWords, changes_pdf

    language = target.params.language
    names = sheet_words(loaded, Texts(loaded.catalogs, language))
    words = ReportWords(names.game, loaded.game.version, compared_with(options).label, names.set_names, language)
    return Rendered({target.paths[0]: changes_pdf(Changes.from_json(upstream[0]), words, PAPERS[target.params.paper])})


def render_reprint(target: Target, loaded: LoadedGame, options: DiffOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.layout.kit import lay_out
    from pnp.layout.paper import PAPERS
    from pnp.playtest.changes import Changes

    params = target.params
    sets = reprint_sets(loaded.game.sets, Changes.from_json(upstream[0]).reprint())
    if not sets:
        return Rendered()
    kit = lay_out(sets, loaded.game.sheets, PAPERS[params.paper], settings_of(loaded, options))
    pdf, warnings = paint_sets(loaded, sets, kit, params, options)
    copies = sum(item.count for s in sets for item in s.items)
    note = (f"{loaded.id} ({params.language}, {params.paper}): {copies} {'copy' if copies == 1 else 'copies'} to print "
            f"again, on {len(kit.sheets)} {'sheet' if len(kit.sheets) == 1 else 'sheets'}")
    return Rendered({target.paths[0]: pdf}, warnings=warnings, notes=[note])


def reprint_sets(sets, copies: dict[str, dict[str, int]]) -> tuple:
    """The sets with only the items to print again, each with the copies to print (sets left empty go)."""
    from pnp.playtest.versions import item_keys

    kept = []
    for component_set in sets:
        asked = copies.get(component_set.id, {})
        items = tuple(replace(item, count=asked[key]) for key, item in zip(item_keys(i.id for i in component_set.items),
                                                                            component_set.items) if asked.get(key))
        if items:
            kept.append(replace(component_set, items=items))
    return tuple(kept)


def _planned_with_the_report(loaded: LoadedGame, options: DiffOptions):
    return ()


# The report's plan makes the step and the reprints too, from the same inputs.
KINDS = (TargetKind(STEP, "diff", 0, _planned_with_the_report, render_step),
         TargetKind(REPORT, "diff", 1, plan, render_report, formats=("pdf",)),
         TargetKind(REPRINT, "diff", 1, _planned_with_the_report, render_reprint, formats=("pdf",)))
