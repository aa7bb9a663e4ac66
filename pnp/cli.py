"""Click commands only: parse options, call the build, print, and exit 0, 1 or 2.

User errors (bad content, unknown game, a file that cannot be written) are
ClickExceptions: one message on stderr, exit 1, no traceback (`-vv` logs it). Usage
errors exit 2, Click's default. Libraries that draw are imported inside the commands
that need them, so `pnp --help` and `pnp list` start at once.
"""

from __future__ import annotations

import functools
import logging
import sys
import traceback
from pathlib import Path

import click

from pnp import __version__
from pnp.model.files import is_game_folder
from pnp.model.problems import quote

log = logging.getLogger("pnp")


class GameNotFound(click.ClickException):
    exit_code = 1


class TranslationIncomplete(click.ClickException):
    exit_code = 1


def content_root() -> Path:
    return Path("content")


def game_folders(root: Path) -> list[Path]:
    return sorted(p for p in root.iterdir() if is_game_folder(p)) if root.is_dir() else []


def resolve_games(names: tuple[str, ...]) -> list[Path]:
    """Game folders for names (a name under content/ or a path); all games for none."""
    root = content_root()
    if not names:
        games = game_folders(root)
        if not games:
            raise GameNotFound(f"no games found under {root}/ (run pnp in a folder that has content/<game>/game.yaml)")
        return games
    folders = []
    for name in names:
        candidate = Path(name) if is_game_folder(Path(name)) else root / name
        if not is_game_folder(candidate):
            known = ", ".join(p.name for p in game_folders(root)) or "none"
            raise GameNotFound(f"no game {quote(name)}: expected a name under {root}/ ({known}) or a folder with a game.yaml")
        folders.append(candidate)
    return folders


# --- option parsing (choices are read when a command runs, keeping --help light) ---------

def _papers() -> tuple[str, ...]:
    from pnp.layout.paper import PAPERS

    return tuple(PAPERS)


def _flips() -> tuple[str, ...]:
    from pnp.layout.sheet import FLIPS

    return tuple(FLIPS)


def _formats() -> tuple[str, ...]:
    from pnp.build.options import FORMATS

    return FORMATS


def _languages() -> tuple[str, ...]:
    from pnp.model.game import LANGUAGES

    return LANGUAGES


def comma_list(allowed):
    """A Click callback for 'a,b' options whose parts must come from allowed() (a function)."""

    def parse(ctx, param, value):
        if value is None:
            return None
        choices = allowed()
        parts = tuple(dict.fromkeys(p.strip() for p in value.split(",") if p.strip()))
        wrong = [p for p in parts if p not in choices]
        if wrong or not parts:
            raise click.BadParameter(f"expected a comma-separated list of {', '.join(choices)}, got {value!r}")
        return parts

    return parse


def one_of(allowed):
    def parse(ctx, param, value):
        if value not in allowed():
            raise click.BadParameter(f"expected one of {', '.join(allowed())}, got {value!r}")
        return value

    return parse


def parse_offset(ctx, param, value):
    from pnp.build.options import BadOption, check_back_offset

    try:
        offset = tuple(float(part) for part in value.split(","))
        check_back_offset(offset)
    except ValueError as error:
        message = str(error) if isinstance(error, BadOption) else f"expected X,Y in millimetres such as 0.5,-1, got {value!r}"
        raise click.BadParameter(message) from None
    return offset


def verbosity_options(command):
    @click.option("-v", "--verbose", count=True, help="Say more (-vv: debug output and tracebacks).")
    @click.option("-q", "--quiet", is_flag=True, help="Only errors; no progress bar.")
    @functools.wraps(command)
    def wrapper(*args, verbose: int, quiet: bool, **kwargs):
        level = logging.ERROR if quiet else (logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING)
        logging.basicConfig(level=level, format="%(message)s", stream=sys.stderr, force=True)
        return command(*args, quiet=quiet, **kwargs)

    return wrapper


def run_options(command):
    """--out, -j and --force: where outputs go and how the build runs."""
    options = [
        click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True, help="Folder for the outputs."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Processes to render with (default: one per core)."),
        click.option("--force", is_flag=True, help="Rebuild every output, even those that are up to date."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def print_options(command):
    options = [
        click.option("--paper", default="a4,letter", show_default=True, callback=comma_list(_papers), help="Paper sizes: a4, letter or both."),
        click.option("--duplex", default="long", show_default=True, callback=one_of(_flips), help="How the printer turns the sheet for the back: long or short."),
        click.option("--back-offset", default="0,0", show_default=True, callback=parse_offset, metavar="X,Y", help="Move back pages by X,Y mm (from pnp calibrate)."),
        click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="Resolution of PNG sheets."),
        click.option("--format", "formats", default="pdf,png", show_default=True, callback=comma_list(_formats),
                     help="Outputs: pdf and png (sheets, rulebooks), tts (Tabletop Simulator), pod (print-on-demand files, "
                          "with --shop), html (web rulebook and kit preview)."),
        click.option("--shop", default=None, metavar="NAME", help="The print-on-demand shop for --format pod "
                     "(a profile in templates/shops/, such as thegamecrafter)."),
        click.option("--tts-base-url", default=None, metavar="URL", help="Where you will host the Tabletop Simulator "
                     "images (default: named relative to the saved object)."),
        click.option("--lang", "languages", default=None, callback=comma_list(_languages), help="Languages to build (default: all the game has)."),
        click.option("--strict", is_flag=True, help="Treat warnings (missing translations) as errors."),
    ]
    for option in reversed(options):
        command = option(command)
    return run_options(command)


def build_options(out, jobs, force, paper, duplex, back_offset, dpi, formats, languages, strict, shop, tts_base_url,
                  folders=()):
    """The build's options, checked; a value no output can be made with is a usage error (exit 2)."""
    from pnp.build import BadOption, BuildOptions

    try:
        options = BuildOptions(out=out, jobs=jobs or 0, force=force, papers=paper, flip=duplex, back_offset_mm=back_offset,
                               dpi=dpi, formats=formats, languages=languages, strict=strict, shop=shop,
                               tts_base_url=tts_base_url)
    except BadOption as error:
        raise click.UsageError(str(error)) from None
    if shop is not None:
        _check_shop_profile(shop, folders)
    return options


def _check_shop_profile(shop: str, folders) -> None:
    """--shop names a profile in the templates of every game built."""
    from pnp.model.folders import find_templates_folder
    from pnp.model.shops import shop_names

    for folder in folders:
        known = shop_names(find_templates_folder(Path(folder)))
        if shop not in known:
            raise click.BadParameter(f"no shop profile {quote(shop)} in templates/shops/ (there are: "
                                     f"{', '.join(known) or 'none'})", param_hint="'--shop'")


class _Group(click.Group):
    """Turns an operating-system fault that escaped the commands into one line, exit 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OSError as error:
            if isinstance(error, BrokenPipeError):
                raise  # Click ends quietly when the reader of our output went away
            from pnp.output.files import OutputError, display

            log.debug("%s", traceback.format_exc())
            where = f"{display(Path(error.filename))}: " if error.filename else ""
            raise OutputError(f"{where}{(error.strerror or str(error)).lower()}") from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """pnp turns a tabletop game kept as YAML into a print-and-play kit."""


@main.command("build")
@click.argument("games", nargs=-1)
@print_options
@verbosity_options
def build_command(games, quiet, **options) -> None:
    """Build component sheets and rulebooks for GAMES (names under content/ or folders; default: all).

    Only outputs whose inputs changed since the last build are made again (the
    manifest is kept in OUT/.pnp/); --force makes everything.
    """
    from pnp.build import build

    folders = resolve_games(games)
    build_with = build_options(**options, folders=folders)
    with _Progress(quiet) as progress:
        result = build(folders, build_with, progress=progress.step, on_plan=progress.start)
    report(result, options["out"], quiet)


def report(result, out: Path, quiet: bool) -> None:
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    if quiet:
        return
    parts = [f"wrote {len(result.written)} files under {out}/"]
    if result.unchanged or result.skipped:
        parts.append(f"{result.skipped} outputs up to date, {result.unchanged} rebuilt unchanged")
    if result.removed:
        parts.append(f"removed {len(result.removed)} no longer made")
    click.echo("; ".join(parts), err=True)


@main.command("watch")
@click.argument("games", nargs=-1)
@print_options
@verbosity_options
def watch_command(games, quiet, **options) -> None:
    """Rebuild GAMES on every save: a changed card's sheet first, then the rest (Ctrl-C stops)."""
    from pnp.build.watch import watch

    folders = resolve_games(games)
    click.echo(f"watching {', '.join(str(f) for f in folders)} (Ctrl-C to stop)", err=True)
    try:
        watch(folders, build_options(**options, folders=folders), lambda line: click.echo(line, err=True))
    except KeyboardInterrupt:
        click.echo("stopped", err=True)


@main.command("check")
@click.argument("games", nargs=-1)
@verbosity_options
def check_command(games, quiet) -> None:
    """Check GAMES' content without drawing anything (default: all games)."""
    from pnp.build import load_games

    loaded = load_games(resolve_games(games))
    if not quiet:
        for one in loaded:
            game = one.game
            click.echo(f"{game.id}: ok ({len(game.sets)} component sets, {sum(s.count for s in game.sets)} components)")


@main.command("diagrams")
@click.argument("games", nargs=-1)
@run_options
@click.option("--format", "formats", default="png,svg,pdf", show_default=True, callback=comma_list(lambda: ("png", "svg", "pdf")), help="png, svg, pdf or several.")
@click.option("--lang", "languages", default=None, callback=comma_list(_languages), help="Languages (default: all the game has).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True)
@click.option("--transparent", is_flag=True, help="PNG with a transparent background.")
@verbosity_options
def diagrams_command(games, out, jobs, force, formats, languages, dpi, transparent, quiet) -> None:
    """Write every rule diagram and example-play step of GAMES alone (to OUT/<game>/diagrams/)."""
    from pnp.build import DiagramOptions, build_diagrams

    options = DiagramOptions(out=out, jobs=jobs or 0, force=force, formats=formats, languages=languages,
                             transparent=transparent, dpi=dpi)
    with _Progress(quiet) as progress:
        result = build_diagrams(resolve_games(games), options, progress=progress.step, on_plan=progress.start)
    report(result, out, quiet)


@main.command("list")
def list_command() -> None:
    """List the games under content/ (read from game.yaml and components.yaml only)."""
    from pnp.model import load_game

    for folder in resolve_games(()):
        game = load_game(folder)
        sets = ", ".join(f"{s.id} ({s.count})" for s in game.sets)
        click.echo(f"{game.id}\t{game.title} {game.version}\t{', '.join(game.languages)}\t{sets}")


@main.command("calibrate")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("output/calibration.pdf"), show_default=True, help="Where to write the calibration sheet.")
@click.option("--paper", default="a4", show_default=True, callback=one_of(_papers), help="a4 or letter.")
@click.option("--duplex", default="long", show_default=True, callback=one_of(_flips), help="long or short.")
def calibrate_command(out, paper, duplex) -> None:
    """Write a duplex calibration sheet that tells which --back-offset a printer needs."""
    from pnp.build import CalibrationOptions, calibrate

    calibrate(CalibrationOptions(out=out.parent, name=out.name, paper=paper, flip=duplex, jobs=1))
    click.echo(f"wrote {out}: print it duplex ({duplex} edge) at 100 %, hold it to the light, read the offset", err=True)


class _Progress:
    """A progress bar on an interactive terminal; silent when piped or quiet."""

    def __init__(self, quiet: bool):
        self.enabled = not quiet and sys.stderr.isatty()
        self.bar = None

    def __enter__(self) -> "_Progress":
        return self

    def start(self, total: int) -> None:
        if self.enabled and total:
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
@click.option("--strict", is_flag=True, help="Exit 1 if any key is missing, stale or unused.")
def translate_status_command(games, strict) -> None:
    """Per game and language: missing, stale and unused text keys."""
    from pnp.build import load_games, used_text_keys
    from pnp.i18n.status import format_status, game_status

    clean = True
    for loaded in load_games(resolve_games(games)):
        used, where = used_text_keys(loaded)
        statuses = game_status(loaded.catalogs, used, where)
        clean = clean and all(status.ok for status in statuses)
        click.echo(format_status(loaded.id, statuses))
    if strict and not clean:
        raise TranslationIncomplete("translations are incomplete (--strict)")


def _translation_language(ctx, param, value):
    languages = _languages()[1:]
    if value not in languages:
        raise click.BadParameter(f"expected one of {', '.join(languages)}, got {value!r}")
    return value


def language_option(command):
    return click.option("--lang", "language", default="da", show_default=True, callback=_translation_language,
                        help="The translation's language.")(command)


def _one_game(game: str):
    from pnp.build import load_games

    [loaded] = load_games(resolve_games((game,)))
    return loaded


@translate_group.command("export")
@click.argument("game")
@language_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="The PO file to write.")
def translate_export_command(game, language, output) -> None:
    """Write GAME's texts as a PO file: context = key, msgid = English, msgstr = translation."""
    from pnp.i18n.po import export_po
    from pnp.output.files import write_text

    loaded = _one_game(game)
    write_text(output.parent, output.name, export_po(loaded.catalogs, language, loaded.id))
    click.echo(f"wrote {output}", err=True)


@translate_group.command("import")
@click.argument("game")
@click.argument("po_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@language_option
def translate_import_command(game, po_file, language) -> None:
    """Bring a translator's PO file back into GAME's text/<lang>.yaml."""
    from pnp.i18n.catalog import catalog_path
    from pnp.i18n.po import import_po, read_po_file, write_catalog

    loaded = _one_game(game)
    catalogs = loaded.catalogs
    result = import_po(read_po_file(po_file), catalogs, language, file=str(po_file))
    write_catalog(catalog_path(loaded.game.folder, language), result.entries, catalogs["en"].entries)
    click.echo(f"{len(result.changed)} texts changed in {catalog_path(loaded.game.folder, language)}", err=True)


@translate_group.command("stamp")
@click.argument("game")
@click.argument("keys", nargs=-1)
@language_option
def translate_stamp_command(game, keys, language) -> None:
    """Mark translations as checked against the current English (all stale ones if no KEYS)."""
    from pnp.i18n.stamp import stamp

    stamped = stamp(_one_game(game).catalogs, language, keys or None)
    click.echo(f"stamped {len(stamped)} texts", err=True)
