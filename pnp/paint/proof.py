"""A game's translations → their full status, with what only the fonts can tell: a character
no font of the text's style can draw, and a text too long for its fixed box on a component.

Status should find these before a build does, so every text is measured here the way it
will be set: face texts with `pnp.text.wrap.fit` in their box and font, rulebook and
diagram texts against the rulebook's styles (regular, bold, italic, each with its
fallback) in its body font, and headings in its headings font too (game.yaml's
`rulebook-fonts:`, pnp's own where it names none). `game_statuses` is what
`pnp translate status` and a --strict build report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.i18n.catalog import Catalogs
from pnp.i18n.glossary import Glossary, load_glossary
from pnp.i18n.markup import strip_markup
from pnp.i18n.status import KeyIssue, LanguageStatus, translation_status
from pnp.i18n.usage import Use, text_uses
from pnp.model.game import Game
from pnp.model.icons import IconBook
from pnp.model.problems import Problems
from pnp.model.units import to_mm
from pnp.paint.vector import aspect
from pnp.text import rich
from pnp.text.fonts import describe, font_name, missing_glyphs

# Rulebook text may be set upright, bold or italic (a term, the second voice of the bilingual edition).
RULEBOOK_STYLES = ("regular", "bold", "italic")


def game_statuses(game: Game, catalogs: Catalogs, languages: Sequence[str] | None = None,
                  used_only: bool = False) -> tuple[LanguageStatus, ...]:
    """The status of every catalog of the game, the source first (or of `languages`), findings of
    print included; with used_only, of the texts the game's outputs read alone (what a build reports)."""
    uses = text_uses(game, catalogs.source.texts)
    where = {key: found[0].location for key, found in uses.items() if found}
    glossaries = glossaries_of(game, catalogs)
    wanted = [lang for lang in (catalogs.source_language, *catalogs.translations)
              if languages is None or lang in languages]
    icons = IconBook(game.folder, game.templates_folders)
    return tuple(_complete(translation_status(catalogs, set(uses), lang, where, glossaries.get(lang)), catalogs, uses,
                           used_only, game, icons) for lang in wanted)


def _complete(status: LanguageStatus, catalogs: Catalogs, uses: Mapping[str, Sequence[Use]], used_only: bool,
              game: Game, icons: IconBook) -> LanguageStatus:
    status = status.with_findings(print_findings(catalogs, status.language, uses, game, icons))
    return status.of_keys(set(uses)) if used_only else status


def print_findings(catalogs: Catalogs, language: str, uses: Mapping[str, Sequence[Use]], game: Game,
                   icons: IconBook) -> list[KeyIssue]:
    """The glyphs missing and the boxes overflowing in a language's own texts."""
    catalog = catalogs.get(language)
    if catalog is None:
        return []
    findings = []
    for key, entry in catalog.entries.items():
        for use in uses.get(key, ()) if key in catalogs.source.entries else ():
            findings += [KeyIssue(key, entry.location, note) for note in _use_findings(entry.text, use, game, icons)]
    return list(dict.fromkeys(findings))


def _use_findings(text: str, use: Use, game: Game, icons: IconBook) -> list[str]:
    element = use.element
    if element is None:
        plain = strip_markup(text)
        return [f"has {' '.join(chars)}, which the {describe(font)} cannot draw" for font in _rulebook_fonts(game, use)
                if (chars := missing_glyphs(plain, font, fallback=True))]
    findings = []
    font = font_name(element.font.style, element.font.family)
    for lacking, chars in rich.missing(text, font).items():
        findings.append(f"has {' '.join(chars)}, which the {describe(lacking)} cannot draw ({use.note})")
    _, overflow = rich.fit(text, element.w, element.h, element.size, font, _aspects(icons))
    if overflow is not None:
        direction = "width" if overflow.dimension == "wide" else "height"
        findings.append(f"does not fit its box ({use.note}): needs {to_mm(overflow.needed):.1f} mm of {direction}, "
                        f"the box has {to_mm(overflow.available):.1f} mm")
    return findings


def _rulebook_fonts(game: Game, use: Use) -> list[str]:
    """The fonts a text outside the components is set in: the rulebook's body, and its headings for a heading."""
    families = [game.rulebook_fonts.body, *([game.rulebook_fonts.headings] if use.heading else [])]
    return list(dict.fromkeys(font_name(style, family) for family in families for style in RULEBOOK_STYLES))


def _aspects(icons: IconBook):
    def aspect_of(name: str) -> float | None:
        path, _ = icons.find(name)
        return aspect(path) if path is not None else None  # an icon that cannot be had is the build's to report

    return aspect_of


def glossaries_of(game: Game, catalogs: Catalogs) -> dict[str, Glossary]:
    """The glossary of every translation the game has (empty where it has none); ContentError if one is malformed."""
    problems = Problems()
    found = {language: load_glossary(game.folder, language, problems, game.proper_names, game.source_language)
             for language in catalogs.translations}
    problems.raise_if_any()
    return found
