"""Click commands only: parse options, call the builders, print, and exit 0, 1 or 2.

User errors (bad content, unknown game) are ClickExceptions: one message on stderr,
exit 1, no traceback. Usage errors exit 2, Click's default.
"""

from __future__ import annotations

import functools
import logging
import sys
from pathlib import Path

import click

from pnp import __version__
from pnp.build import FORMATS, BuildOptions, NoSuchLanguage, build, check_languages, load_games
from pnp.layout.paper import PAPERS
from pnp.layout.sheet import FLIPS
from pnp.model.files import is_game_folder
from pnp.model.game import Game
from pnp.model.names import language_problem
from pnp.model.problems import quote

log = logging.getLogger("pnp")


class GameNotFound(click.ClickException):
    exit_code = 1


def content_root() -> Path:
    return Path("content")


def resolve_games(names: tuple[str, ...]) -> list[Path]:
    """Game folders for names (a name under content/ or a path); all games for none."""
    root = content_root()
    if not names:
        games = sorted(p for p in root.iterdir() if is_game_folder(p)) if root.is_dir() else []
        if not games:
            raise GameNotFound(f"no games found under {root}/ (run pnp in a folder that has content/<game>/game.yaml)")
        return games
    folders = []
    for name in names:
        candidate = Path(name) if is_game_folder(Path(name)) else root / name
        if not is_game_folder(candidate):
            known = ", ".join(p.name for p in sorted(root.iterdir()) if is_game_folder(p)) if root.is_dir() else "none"
            raise GameNotFound(f"no game {quote(name)}: expected a name under {root}/ ({known}) or a folder with a game.yaml")
        folders.append(candidate)
    return folders


def comma_list(allowed: tuple[str, ...]):
    """A Click callback for 'a,b' options whose parts must come from allowed."""

    def parse(ctx, param, value):
        if value is None:
            return None
        parts = tuple(dict.fromkeys(p.strip() for p in value.split(",") if p.strip()))
        wrong = [p for p in parts if p not in allowed]
        if wrong or not parts:
            raise click.BadParameter(f"expected a comma-separated list of {', '.join(allowed)}, got {value!r}")
        return parts

    return parse


def language_list(ctx, param, value):
    """A Click callback for 'da,pt-BR': each part a language tag (which games have it is checked later)."""
    if value is None:
        return None
    parts = tuple(dict.fromkeys(p.strip() for p in value.split(",") if p.strip()))
    wrong = [problem for p in parts if (problem := language_problem(p))]
    if wrong or not parts:
        raise click.BadParameter(wrong[0] if wrong else f"expected a comma-separated list of language tags, got {value!r}")
    return parts


def language_tag(ctx, param, value):
    if value is not None and language_problem(value):
        raise click.BadParameter(language_problem(value))
    return value


def parse_offset(ctx, param, value):
    try:
        dx, dy = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected X,Y in millimetres such as 0.5,-1, got {value!r}") from None
    if max(abs(dx), abs(dy)) > 20:
        raise click.BadParameter("a back offset over 20 mm is not a printer's misregistration; check the calibration sheet")
    return (dx, dy)


def verbosity_options(command):
    @click.option("-v", "--verbose", count=True, help="Say more (repeat for debug output).")
    @click.option("-q", "--quiet", is_flag=True, help="Only errors; no progress bar.")
    @functools.wraps(command)
    def wrapper(*args, verbose: int, quiet: bool, **kwargs):
        level = logging.ERROR if quiet else (logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING)
        logging.basicConfig(level=level, format="%(message)s", stream=sys.stderr, force=True)
        return command(*args, quiet=quiet, **kwargs)

    return wrapper


def print_options(command):
    options = [
        click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True, help="Folder for the outputs."),
        click.option("--paper", default="a4,letter", show_default=True, callback=comma_list(tuple(PAPERS)), help="Paper sizes: a4, letter or both."),
        click.option("--duplex", type=click.Choice(FLIPS), default="long", show_default=True, help="How the printer turns the sheet for the back."),
        click.option("--back-offset", default="0,0", show_default=True, callback=parse_offset, metavar="X,Y", help="Move back pages by X,Y mm (from pnp calibrate)."),
        click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="Resolution of PNG sheets."),
        click.option("--format", "formats", default="pdf,png", show_default=True, callback=comma_list(FORMATS), help="Outputs: pdf, png or both."),
        click.option("--lang", "languages", default=None, callback=language_list, help="Languages to build, such as en,da (default: all the game has)."),
        click.option("--strict", is_flag=True, help="Treat warnings (missing translations) as errors."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """pnp turns a tabletop game kept as YAML into a print-and-play kit."""


@main.command("build")
@click.argument("games", nargs=-1)
@print_options
@verbosity_options
def build_command(games, out, paper, duplex, back_offset, dpi, formats, languages, strict, quiet) -> None:
    """Build component sheets and rulebooks for GAMES (names under content/ or folders; default: all)."""
    options = BuildOptions(out=out, papers=paper, flip=duplex, back_offset_mm=back_offset, dpi=dpi,
                           formats=formats, languages=languages, strict=strict)
    folders = resolve_games(games)
    with _Progress(quiet) as progress:
        result = build(folders, options, progress=progress.step, on_plan=progress.start)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    if not quiet:
        click.echo(f"wrote {len(result.written)} files under {out}/", err=True)


@main.command("check")
@click.argument("games", nargs=-1)
@verbosity_options
def check_command(games, quiet) -> None:
    """Check GAMES' content without drawing anything (default: all games)."""
    loaded = load_games(resolve_games(games))
    if not quiet:
        for game, _ in loaded:
            click.echo(f"{game.id}: ok ({len(game.sets)} component sets, {sum(s.count for s in game.sets)} components)")


@main.command("diagrams")
@click.argument("games", nargs=-1)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True, help="Output root; files go to <out>/<game>/diagrams/.")
@click.option("--format", "formats", default="png,svg,pdf", show_default=True, callback=comma_list(("png", "svg", "pdf")), help="png, svg, pdf or several.")
@click.option("--lang", "languages", default=None, callback=language_list, help="Languages (default: all the game has).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True)
@click.option("--transparent", is_flag=True, help="PNG with a transparent background.")
@verbosity_options
def diagrams_command(games, out, formats, languages, dpi, transparent, quiet) -> None:
    """Write every rule diagram and example-play step of GAMES alone, for a README or web page."""
    from pnp.paint.diagrams.output import write_diagrams

    folders = resolve_games(games)
    loaded = [game for game, _ in load_games(folders)]
    check_languages(languages, loaded)
    written = []
    for folder, game in zip(folders, loaded):
        wanted = tuple(lang for lang in languages if lang in game.languages) if languages else None
        written += write_diagrams(folder, out, formats, wanted, transparent, dpi)
    if not quiet:
        click.echo(f"wrote {len(written)} files under {out}/", err=True)


@main.command("list")
def list_command() -> None:
    """List the games under content/."""
    for folder in resolve_games(()):
        for game, _ in load_games([folder]):
            sets = ", ".join(f"{s.id} ({s.count})" for s in game.sets)
            click.echo(f"{game.id}\t{game.title} {game.version}\t{', '.join(game.languages)}\t{sets}")


@main.command("calibrate")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("output/calibration.pdf"), show_default=True, help="Where to write the calibration sheet.")
@click.option("--paper", type=click.Choice(tuple(PAPERS)), default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(FLIPS), default="long", show_default=True)
@click.option("--lang", "language", default="en", show_default=True, callback=language_tag, help="Language of the sheet's words.")
def calibrate_command(out, paper, duplex, language) -> None:
    """Write a duplex calibration sheet that tells which --back-offset a printer needs."""
    from pnp.i18n.labels import label_warning
    from pnp.output.files import write_bytes
    from pnp.paint.calibration import calibration_sheet

    if label_warning(language):
        click.echo(f"warning: {label_warning(language)}", err=True)
    write_bytes(out, calibration_sheet(PAPERS[paper], duplex, language))
    click.echo(f"wrote {out}: print it duplex ({duplex} edge) at 100 %, hold it to the light, read the offset", err=True)


class _Progress:
    """A progress bar on an interactive terminal; silent when piped or quiet."""

    def __init__(self, quiet: bool):
        self.enabled = not quiet and sys.stderr.isatty()
        self.bar = None

    def __enter__(self) -> "_Progress":
        return self

    def start(self, total: int) -> None:
        if self.enabled:
            self.bar = click.progressbar(length=total, label="building", file=sys.stderr, item_show_func=lambda s: s)
            self.bar.__enter__()

    def step(self, label: str) -> None:
        log.info("built %s", label)
        if self.bar is not None:
            self.bar.update(1, label)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


@main.group("translate")
def translate_group() -> None:
    """Translation status and PO files for translators (Poedit, Weblate)."""


@translate_group.command("status")
@click.argument("games", nargs=-1)
@click.option("--strict", is_flag=True, help="Exit 1 if any key is missing, stale or unused, or any text is flagged.")
def translate_status_command(games, strict) -> None:
    """Per game and language: missing, stale and unused texts, and texts to check again."""
    from pnp.i18n.status import format_status
    from pnp.paint.proof import game_statuses

    clean = True
    for game, catalogs in load_games(resolve_games(games)):
        statuses = game_statuses(game, catalogs)
        clean = clean and all(status.ok for status in statuses)
        click.echo(format_status(game.id, statuses))
    if strict and not clean:
        raise TranslationIncomplete("translations are incomplete (--strict)")


@translate_group.command("init")
@click.argument("game")
@click.argument("language", callback=language_tag)
def translate_init_command(game, language) -> None:
    """Start translating GAME into LANGUAGE (a tag such as de or pt-BR): creates its text/<lang>.yaml."""
    from pnp.i18n.start import start_language

    [(loaded, catalogs)] = load_games(resolve_games((game,)))
    for line in start_language(loaded, catalogs, language):
        click.echo(line, err=True)


@translate_group.command("export")
@click.argument("game")
@click.option("--lang", "language", default=None, callback=language_tag, help="The translation (default: the game's only one).")
@click.option("--pot", is_flag=True, help="Write the template (POT) to start a new language from, instead of a translation.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="The PO (or POT) file to write.")
def translate_export_command(game, language, pot, output) -> None:
    """Write GAME's texts as a PO file: context = key, msgid = source text, msgstr = translation."""
    from pnp.i18n.po import export_po, export_pot, po_project
    from pnp.output.files import write_text

    [(loaded, catalogs)] = load_games(resolve_games((game,)))
    project = po_project(loaded, catalogs)
    if pot:
        write_text(output, export_pot(catalogs, project))
    else:
        write_text(output, export_po(catalogs, translation_language(loaded, language), project))
    click.echo(f"wrote {output}", err=True)


@translate_group.command("import")
@click.argument("game")
@click.argument("po_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--lang", "language", default=None, callback=language_tag, help="The translation (default: the PO file's Language).")
def translate_import_command(game, po_file, language) -> None:
    """Bring a translator's PO file back into GAME's text/<lang>.yaml, changing only what it changes."""
    from pnp.i18n.importing import import_po, po_language, write_import
    from pnp.i18n.po import read_po_file

    [(loaded, catalogs)] = load_games(resolve_games((game,)))
    text = read_po_file(po_file)
    language = translation_language(loaded, language or po_language(text, loaded, str(po_file)))
    result = import_po(text, catalogs, language, loaded.id, file=str(po_file))
    for line in write_import(loaded, catalogs, result):
        click.echo(line, err=True)


@translate_group.command("stamp")
@click.argument("game")
@click.argument("keys", nargs=-1)
@click.option("--lang", "language", default=None, callback=language_tag, help="The translation (default: the game's only one).")
def translate_stamp_command(game, keys, language) -> None:
    """Confirm translations against the current source text (all of them if no KEYS)."""
    from pnp.i18n.stamp import stamp

    [(loaded, catalogs)] = load_games(resolve_games((game,)))
    stamped = stamp(catalogs, translation_language(loaded, language), keys or None)
    click.echo(f"stamped {len(stamped.confirmed)} texts as current"
               + (f"; kept the source text beside {len(stamped.recorded)} more" if stamped.recorded else ""), err=True)


def translation_language(game: Game, language: str | None) -> str:
    """The translation a command works on: the one named (da for a PO file's da-DK, if the game
    has da but not da-DK), else the game's only translation."""
    translations = [lang for lang in game.languages if lang != game.source_language]
    if language is not None and language not in game.languages and language.split("-")[0] in game.languages:
        language = language.split("-")[0]
    if language is None and len(translations) == 1:
        return translations[0]
    if language is None:
        raise click.UsageError(f"{game.id} has {len(translations)} translations ({', '.join(translations) or 'none'}); "
                               "name one with --lang")
    if language == game.source_language:
        raise click.UsageError(f"{language} is {game.id}'s source language; name a translation with --lang")
    if language not in game.languages:
        raise NoSuchLanguage(f"{game.id} has no language {quote(language)} ({', '.join(game.languages)}); "
                             f"start it with: pnp translate init {game.id} {language}")
    return language


class TranslationIncomplete(click.ClickException):
    exit_code = 1
