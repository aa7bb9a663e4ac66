"""Click commands only: parse options, call the build, print, and exit 0, 1 or 2.

User errors (bad content, unknown game, a file that cannot be written) are
ClickExceptions: one message on stderr, exit 1, no traceback (`-vv` logs it). Usage
errors exit 2, Click's default. Libraries that draw are imported inside the commands
that need them, so `pnp --help` and `pnp list` start at once.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp import __version__
from pnp.model.files import is_game_folder
from pnp.model.problems import quote

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

    from pnp.model.game import Game


_VERBOSITY = {"verbose": 0, "quiet": False}  # the running command's -v count and -q


def configure_logging() -> None:
    """Logging at the level -v and -q ask for, set up where a command starts work that may
    log (a build once it knows it has targets to render): a build with nothing to do never
    imports logging, a tenth of what it costs."""
    import logging

    verbose, quiet = _VERBOSITY["verbose"], _VERBOSITY["quiet"]
    level = logging.ERROR if quiet else (logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING)
    logging.basicConfig(level=level, format="%(message)s", stream=sys.stderr, force=True)


def _log():
    """pnp's logger: logging is imported by the commands that log, not by `pnp --help` or `pnp list`."""
    import logging

    return logging.getLogger("pnp")


class GameNotFound(click.ClickException):
    exit_code = 1


class TranslationIncomplete(click.ClickException):
    exit_code = 1


class NoSuchLanguage(click.ClickException):
    exit_code = 1


def content_root() -> Path:
    return Path("content")


def game_folders(root: Path) -> list[Path]:
    return sorted(p for p in root.iterdir() if is_game_folder(p)) if root.is_dir() else []


def resolve_games(names: tuple[str, ...]) -> list[Path]:
    """Game folders for names (a name under content/ or a path to a game folder anywhere); for
    none, every game under content/, else the game in the working folder or those in its folders."""
    root = content_root()
    if not names:
        here = Path(".")
        games = game_folders(root) or ([here] if is_game_folder(here) else game_folders(here))
        if not games:
            raise GameNotFound(f"no games found under {root}/ or here (run pnp in a folder that has "
                               "content/<game>/game.yaml, name a game folder, or start one with pnp new GAME)")
        return games
    folders = []
    for name in names:
        candidate = Path(name) if is_game_folder(Path(name)) else root / name
        if not is_game_folder(candidate):
            known = ", ".join(p.name for p in game_folders(root)) or "none"
            raise GameNotFound(f"no game {quote(name)}: expected a name under {root}/ ({known}) "
                               "or a folder with a game.yaml")
        folders.append(candidate)
    return folders


# --- option parsing (choices are read when a command runs, keeping --help light) ---------

def _papers() -> tuple[str, ...]:
    from pnp.layout.paper import PAPERS

    return tuple(PAPERS)


def _flips() -> tuple[str, ...]:
    from pnp.layout.paper import FLIPS

    return tuple(FLIPS)


def _formats(asked: tuple[str, ...]) -> tuple[str, ...]:
    """The --format tokens: pnp's own, and the installed plugins' when asked holds one pnp's own kinds do not make."""
    from pnp.targets.options import known_formats

    return known_formats(asked)


def _layouts() -> tuple[str, ...]:
    from pnp.model.sheets import LAYOUTS

    return LAYOUTS


def comma_list(allowed):
    """A Click callback for 'a,b' options whose parts must come from allowed(parts) (a function of
    what was asked: the choices it needs to know)."""

    def parse(ctx, param, value):
        if value is None:
            return None
        parts = tuple(dict.fromkeys(p.strip() for p in value.split(",") if p.strip()))
        choices = allowed(parts)
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


def optional(parse):
    """A callback that lets None (the option not given) through and checks anything else."""
    return lambda ctx, param, value: None if value is None else parse(ctx, param, value)


def language_list(ctx, param, value):
    """A Click callback for 'da,pt-BR': each part a language tag (which games have it is checked later)."""
    if value is None:
        return None
    parts = tuple(dict.fromkeys(p.strip() for p in value.split(",") if p.strip()))
    wrong = [problem for p in parts if (problem := _language_problem(p))]
    if wrong or not parts:
        raise click.BadParameter(wrong[0] if wrong
                                 else f"expected a comma-separated list of language tags, got {value!r}")
    return parts


def language_tag(ctx, param, value):
    """A Click callback for one language tag (None stays None)."""
    problem = _language_problem(value) if value is not None else None
    if problem:
        raise click.BadParameter(problem)
    return value


def _language_problem(value: str) -> str | None:
    from pnp.model.names import language_problem

    return language_problem(value)


def parse_offset(ctx, param, value):
    from pnp.targets.options import BadOption, check_back_offset

    try:
        offset = tuple(float(part) for part in value.split(","))
        check_back_offset(offset)
    except ValueError as error:
        message = (str(error) if isinstance(error, BadOption)
                   else f"expected X,Y in millimetres such as 0.5,-1, got {value!r}")
        raise click.BadParameter(message) from None
    return offset


def verbosity_options(command):
    @click.option("-v", "--verbose", count=True, help="Say more (-vv: debug output and tracebacks).")
    @click.option("-q", "--quiet", is_flag=True, help="Only errors; no progress bar.")
    @functools.wraps(command)
    def wrapper(*args, verbose: int, quiet: bool, **kwargs):
        _VERBOSITY.update(verbose=verbose, quiet=quiet)
        from pnp.model.problems import ContentError

        ContentError.show_details = verbose > 0  # a summary's items, one by one
        if verbose:
            configure_logging()  # -vv shows what libraries log while the games load
        return command(*args, quiet=quiet, **kwargs)

    return wrapper


def run_options(command):
    """--out, -j and --force: where outputs go and how the build runs."""
    options = [
        click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
                     show_default=True, help="Folder for the outputs."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
                     help="Processes to render with (default: one per core)."),
        click.option("--force", is_flag=True, help="Rebuild every output, even those that are up to date."),
    ]
    return _with(options, command)


def _sheet_options() -> list:
    """The sheet settings a build and a diff's reprint kit share (pnp.targets.settings)."""
    return [
        click.option("--paper", default=None, show_default="a4,letter", callback=comma_list(lambda asked: _papers()),
                     help="Paper sizes: a4, letter or both."),
        click.option("--duplex", default=None, show_default="long", callback=optional(one_of(_flips)),
                     help="How the printer turns the sheet for the back: long or short."),
        click.option("--layout", default=None, callback=optional(one_of(_layouts)), metavar="NAME",
                     help="Sheet layout over every set's own: butted, gutter, honeycomb, or fold (fronts and backs "
                          "side by side, for printers without duplex)."),
        click.option("--back-offset", default=None, show_default="0,0", callback=optional(parse_offset), metavar="X,Y",
                     help="Move back pages by X,Y mm (from pnp calibrate)."),
    ]


def _languages_option():
    return click.option("--lang", "languages", default=None, callback=language_list,
                        help="Languages to build, such as en,de (default: all the game has).")


def _with(options: list, command):
    """command with the Click options, listed in --help in the order given."""
    for option in reversed(options):
        command = option(command)
    return command


def print_options(command):
    """The settings of a build (pnp.targets.settings): each given here goes over the game's
    build: in game.yaml and the project's pnp.yaml; one given nowhere takes its default."""
    options = [
        *_sheet_options(),
        click.option("--dpi", type=click.IntRange(72, 1200), default=None, show_default="300",
                     help="Resolution sheets print at: PNG pages, and raster art in PDF sheets."),
        click.option("--format", "formats", default=None, show_default="pdf,png", callback=comma_list(_formats),
                     help="Outputs: pdf and png (sheets, rulebooks), tts (Tabletop Simulator), pod (print-on-demand "
                          "files, with --shop), html (web rulebook and kit preview), faces (each card and token "
                          "alone), or an installed plugin's own (pnp list --plugins)."),
        click.option("--shop", default=None, metavar="NAME", help="The print-on-demand shop for --format pod "
                     "(a profile in templates/shops/, such as thegamecrafter)."),
        click.option("--icc", default=None, metavar="PATH",
                     type=click.Path(exists=True, dir_okay=False, path_type=Path),
                     help="A CMYK output profile (ICC) for a shop that prints CMYK, such as the shop's own SWOP "
                          "profile (default: ISO Coated v2 300 %, FOGRA39, which pnp ships)."),
        click.option("--tts-base-url", default=None, metavar="URL", help="Where you will host the Tabletop Simulator "
                     "images (default: named relative to the saved object)."),
        _languages_option(),
        click.option("--strict", is_flag=True, help="Treat warnings (missing translations) as errors."),
    ]
    return run_options(_with(options, command))


def given_settings(paper, duplex, layout, back_offset, dpi, formats, shop, tts_base_url, languages) -> dict:
    """The settings given on the command line, by their keys in the settings files (None: not given)."""
    return {"paper": paper, "duplex": duplex, "back-offset": back_offset, "dpi": dpi, "formats": formats,
            "languages": languages, "shop": shop, "tts-base-url": tts_base_url, "layout": layout}


def build_requests(folders: list[Path], out, jobs, force, strict, memory=None, **given) -> tuple:
    """(the run's options, each game's options): the command line over each game's settings. A
    command-line value no output can be made with is a usage error (exit 2); a bad value in a
    settings file, a located error (exit 1). `memory` keeps resolved settings for the next build."""
    run = run_request(folders, out, jobs, force, strict, given)
    return run, game_requests(folders, given_settings(**given), run, memory)


def run_request(folders: list[Path], out, jobs, force, strict, given: dict):
    """The run's own options, once the values given on the command line are checked (usage errors)."""
    from pnp.model.names import id_problem
    from pnp.targets import BadOption, BuildOptions
    from pnp.targets.options import check_base_url

    check_languages(given["languages"], folders)
    icc = given.pop("icc", None)
    if icc is not None:
        _check_icc(icc)
    try:
        if given["tts_base_url"] is not None:
            check_base_url(given["tts_base_url"])
        if given["shop"] is not None and id_problem(given["shop"], "a shop name"):
            raise BadOption(id_problem(given["shop"], "a shop name"))
    except BadOption as error:
        raise click.UsageError(str(error)) from None
    if given["shop"] is not None:
        _check_shop_profile(given["shop"], folders)
    own_profile = str(Path(icc).resolve()) if icc else None
    return BuildOptions(out=out, jobs=jobs or 0, force=force, strict=strict, icc=own_profile)


def _check_icc(path: Path) -> None:
    """--icc names a CMYK output profile little CMS can use."""
    from pnp.export.cmyk import ProfileError, Separation

    try:
        Separation(Path(path).read_bytes())
    except (OSError, ProfileError) as error:
        raise click.BadParameter(f"{path}: {error}", param_hint="'--icc'") from None


def game_requests(folders: list[Path], given: dict, run, memory=None) -> dict:
    """Each game's options (pnp.targets.settings.requests); a combination no output can be made with
    is a usage error."""
    from pnp.targets import BadOption
    from pnp.targets.settings import requests

    try:
        return requests(folders, given, run, memory)
    except BadOption as error:
        raise click.UsageError(str(error)) from None


def settings_memory(out: Path, keep: bool = True):
    """Where a build finds the settings it resolved before (pnp.targets.settings.Memory); keep: whether
    the command will keep what it resolves (a build does, pnp list does not)."""
    from pnp.output.transaction import STATE_FOLDER
    from pnp.targets.settings import Memory

    return Memory(Path(out) / STATE_FOLDER, keep)


def state_folder(out: Path) -> Path | None:
    """pnp's state folder under out, where a build keeps what it may reuse (None if there is none yet)."""
    from pnp.output.transaction import STATE_FOLDER

    state = Path(out) / STATE_FOLDER
    return state if state.is_dir() else None


def _check_shop_profile(shop: str, folders) -> None:
    """--shop names a profile in the templates of every game built."""
    from pnp.targets.settings import shop_names

    for folder in folders:
        known = shop_names(Path(folder))
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
            import traceback

            from pnp.output.files import OutputError, display

            _log().debug("%s", traceback.format_exc())
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
    """Build the kit of GAMES (names under content/ or folders; default: all): sheets and rulebooks, and with
    --format the web edition and kit preview, Tabletop Simulator and print-on-demand files.

    Settings come from the command line, else the game's build: in game.yaml, else the
    project's pnp.yaml beside content/ (pnp list shows them). Only outputs whose inputs
    changed since the last build are made again (the manifest is kept in OUT/.pnp/);
    --force makes everything. Only outputs this build was asked for and no longer makes are
    removed; outputs of other formats, languages, papers and shops stay (pnp clean removes them).
    """
    from pnp.targets import build

    folders = resolve_games(games)
    memory = settings_memory(options["out"])
    run, requests = build_requests(folders, memory=memory, **options)
    with _Progress(quiet) as progress:
        result = build(folders, run, progress=progress.step, on_plan=progress.start, requests=requests)
    memory.save()
    report(result, options["out"], quiet)


def check_languages(languages: tuple[str, ...] | None, folders: list[Path]) -> None:
    """Every language asked for is one that at least one of the games has (read from game.yaml and
    text/); one none of them has is a usage error."""
    if not languages:
        return
    from pnp.model.game import game_languages

    known = list(dict.fromkeys(lang for folder in folders for lang in game_languages(folder)))
    for language in languages:
        if language not in known:
            raise click.BadParameter(f"no game here has the language {quote(language)} (they have {', '.join(known)}); "
                                     f"start it with: pnp translate init GAME {language}", param_hint="'--lang'")


def report(result, out: Path, quiet: bool) -> None:
    if quiet:
        return
    for warning in result.warnings:
        click.echo(f"warning: {shown_warning(warning)}", err=True)
    parts = [f"wrote {len(result.written)} files under {out}/"]
    if result.unchanged or result.skipped:
        parts.append(f"{result.skipped} outputs up to date, {result.unchanged} rebuilt unchanged")
    if result.removed:
        parts.append(f"removed {len(result.removed)} no longer made")
    click.echo("; ".join(parts), err=True)
    if result.stale:
        click.echo(f"{len(result.stale)} outputs of other builds under {out}/ are out of date now; "
                   "pnp list names them, pnp clean --stale removes them", err=True)


def shown_warning(warning: str) -> str:
    """A warning as -v shows it (every line), or its summary, its first line."""
    return warning if _VERBOSITY["verbose"] else warning.split("\n", 1)[0]


@main.command("watch")
@click.argument("games", nargs=-1)
@print_options
@verbosity_options
def watch_command(games, quiet, **options) -> None:
    """Rebuild GAMES on every save: a changed card's sheet first, then the rest (Ctrl-C stops).

    What is written under --out is never taken for a save, wherever --out is (inside the game
    folder too). A file still being saved is waited for; an error is said and the watch goes on.
    """
    from pnp.targets.watch import watch

    folders, run, say, asked = watching(games, quiet, options)
    if not quiet:
        click.echo(f"watching {', '.join(str(f) for f in folders)} (Ctrl-C to stop)", err=True)
    try:
        watch(folders, run, say, requests=asked)
    except KeyboardInterrupt:
        click.echo("stopped", err=True)


@main.command("serve")
@click.argument("games", nargs=-1)
@click.option("--port", type=click.IntRange(0, 65535), default=8033, show_default=True,
              help="The port to serve on, at 127.0.0.1 (0: any free one).")
@click.option("--open", "open_page", is_flag=True, help="Open the page in your web browser.")
@print_options
@verbosity_options
def serve_command(games, port, open_page, quiet, **options) -> None:
    """Show every output of GAMES as pictures in your browser, redrawn on every save (Ctrl-C stops).

    Builds as pnp watch does (the game's own settings, plus each card and token alone, the PDFs
    and the web edition the page shows, and the diagrams), then serves a page per game at
    http://127.0.0.1:PORT/: each card and token, sheet, rulebook and booklet page and diagram,
    and the web edition, in any of the game's languages and papers, at true size once you have
    calibrated your screen. After a save the changed pictures are redrawn without a reload; a
    content error is shown on the page in place of the pictures it stops.
    """
    from pnp.serve.server import serve

    folders, run, say, asked = watching(games, quiet, options)

    def ready(server) -> None:
        click.echo(f"serving {', '.join(str(f) for f in folders)} at {server.url} (Ctrl-C to stop)", err=True)
        if open_page:
            import webbrowser

            webbrowser.open(server.url)

    try:
        serve(folders, run, say, asked, port, ready)
    except KeyboardInterrupt:
        click.echo("stopped", err=True)
    except OSError as error:
        import errno

        if error.errno != errno.EADDRINUSE:
            raise
        raise click.ClickException(f"port {port} is in use: choose another with --port (0: any free one)") from None


def watching(games: tuple[str, ...], quiet: bool, options: dict) -> tuple:
    """What pnp watch and pnp serve share: (the game folders, the run's options, the function that
    says a line of the watch on stderr as -q and -v ask, and each game's options, read again per build)."""
    folders = resolve_games(games)
    command_line = {k: v for k, v in options.items() if k not in ("out", "jobs", "force", "strict")}
    run = run_request(folders, options["out"], options["jobs"], options["force"], options["strict"], command_line)
    given = given_settings(**command_line)
    configure_logging()

    def say(line: str) -> None:
        if line.startswith("warning: "):
            if quiet:
                return
            line = "warning: " + shown_warning(line[len("warning: "):])
        if not quiet or line.startswith("error: "):
            click.echo(line, err=True)

    def asked(chosen: list[Path]) -> dict:
        # Read again for each build: the settings may be what changed; a problem in them is said and
        # the watch goes on, as for any content.
        return game_requests(chosen, given, run)

    return folders, run, say, asked


@main.command("check")
@click.argument("games", nargs=-1)
@click.option("--paper", default=None, show_default="a4,letter", callback=comma_list(lambda asked: _papers()),
              help="Paper sizes to check the sheets on.")
@click.option("--lang", "languages", default=None, callback=language_list,
              help="Languages to check (default: all the game has).")
@click.option("--strict", is_flag=True, help="Treat warnings (missing or stale translations) as errors.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Processes to render with (default: one per core).")
@verbosity_options
def check_command(games, paper, languages, strict, jobs, quiet) -> None:
    """Check GAMES as a build would, writing nothing (default: all games).

    Every face, sheet, rulebook, booklet and the translation report are made in memory,
    so a text too long for its box, a character no font has, a figure that does not fit
    and (with --strict) a missing translation are found; only the PNG pages, which
    rasterize the same PDFs, are left out. The games' settings (pnp list) say which
    papers, languages and formats a build makes, and so which are checked.
    """
    from pnp.model import load_game
    from pnp.targets import check

    folders = resolve_games(games)
    given = dict(paper=paper, duplex=None, layout=None, back_offset=None, dpi=None, formats=None, shop=None,
                 tts_base_url=None, languages=languages)
    run, requests = build_requests(folders, out=Path("output"), jobs=jobs, force=False, strict=strict, **given)
    with _Progress(quiet) as progress:
        result = check(folders, run, progress=progress.step, on_plan=progress.start, requests=requests)
    if not quiet:
        for warning in result.warnings:
            click.echo(f"warning: {shown_warning(warning)}", err=True)
        for folder in folders:
            game = load_game(folder)
            click.echo(f"{game.id}: ok ({len(game.sets)} component sets, {sum(s.count for s in game.sets)} components)")


@main.command("diff")
@click.argument("ref")
@click.argument("games", nargs=-1)
@functools.partial(_with, [*_sheet_options(), _languages_option()])
@run_options
@verbosity_options
def diff_command(ref, games, quiet, out, jobs, force, **sheets) -> None:
    """What changed in GAMES (default: all) since REF, and what to print again.

    REF is a git revision of the repository the game is in (HEAD~1, a tag, a commit: it is
    checked out into a temporary folder and painted by this pnp), or the folder of an earlier
    build (an --out folder, or a game's folder in one). Faces are compared by what they paint,
    never by their YAML. Writes OUT/<game>/diff/<game>-changes-<lang>.pdf (each changed face
    before and after, what changed said in words) and <game>-reprint-<lang>-<paper>.pdf (the
    changed and added components alone, as few sheets as they fit on, duplex as the sheets).
    """
    from pnp.targets import DiffOptions, diff

    folders = resolve_games(games)
    given = dict(dpi=None, formats=None, shop=None, tts_base_url=None, **sheets)
    run, requests = build_requests(folders, out=out, jobs=jobs, force=force, strict=False, **given)
    asked = {folder: DiffOptions.like(options) for folder, options in requests.items()}
    with _Progress(quiet) as progress:
        result = diff(ref, folders, DiffOptions.like(run), progress=progress.step, on_plan=progress.start,
                      requests=asked)
    if not quiet:
        for note in result.notes:
            click.echo(note)
    report(result, out, quiet)


@main.command("preflight")
@click.argument("games", nargs=-1)
@click.option("--shop", required=True, metavar="NAME",
              help="The shop whose profile (templates/shops/) the files are checked against.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              help="The folder the files were built into.")
def preflight_command(games, shop, out) -> None:
    """Check the print-shop files built for GAMES (default: all) against the shop's profile: what it would refuse.

    Reads OUT/<game>/pod/<shop>/ with independent readers and prints each violation with its
    file: a manifest row without a product of the shop or naming a missing file, a file no row
    names, an image not at the product's pixels and resolution, a PDF page not the product's
    trim plus bleed, a PDF/X-1a:2003 rule broken (for a shop that asks for PDF/X), a cut file
    not the slug's size or with cut lines too close. Exit 1 if anything would be refused.
    """
    from pnp.export.preflight import preflight
    from pnp.model import load_game
    from pnp.model.folders import layer_with
    from pnp.model.names import id_problem
    from pnp.model.shops import SHOPS_FOLDER, load_shop

    problem = id_problem(shop, "a shop name")
    if problem:
        raise click.BadParameter(problem, param_hint="'--shop'")
    folders = resolve_games(games)
    _check_shop_profile(shop, folders)
    refused = 0
    for folder in folders:
        game = load_game(folder)
        profile = load_shop(layer_with(game.templates_folders, f"{SHOPS_FOLDER}/{shop}.yaml"), shop)
        where = Path(out) / game.id / "pod" / profile.id
        report = preflight(where, profile)
        for violation in report.violations:
            click.echo(f"{where}/{violation}")
        for left_out in report.left_out:
            click.echo(f"{where}/{left_out.file}: not made for {profile.name}: {left_out.message}")
        refused += len(report.violations)
        verdict = "would refuse " + str(len(report.violations)) if report.violations else "would take every file"
        click.echo(f"{game.id}: {profile.name} {verdict} (files checked: {report.files})", err=True)
    if refused:
        raise SystemExit(1)


@main.command("diagrams")
@click.argument("games", nargs=-1)
@run_options
@click.option("--format", "formats", default="png,svg,pdf", show_default=True,
              callback=comma_list(lambda asked: ("png", "svg", "pdf")), help="png, svg, pdf or several.")
@click.option("--lang", "languages", default=None, callback=language_list,
              help="Languages (default: all the game has).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True)
@click.option("--transparent", is_flag=True, help="PNG with a transparent background.")
@verbosity_options
def diagrams_command(games, out, jobs, force, formats, languages, dpi, transparent, quiet) -> None:
    """Write every rule diagram and example-play step of GAMES alone (to OUT/<game>/diagrams/)."""
    from pnp.targets import DiagramOptions, build_diagrams

    options = DiagramOptions(out=out, jobs=jobs or 0, force=force, formats=formats, languages=languages,
                             transparent=transparent, dpi=dpi)
    folders = resolve_games(games)
    check_languages(languages, folders)
    with _Progress(quiet) as progress:
        result = build_diagrams(folders, options, progress=progress.step, on_plan=progress.start)
    report(result, out, quiet)


@main.command("list")
@click.argument("games", nargs=-1)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              help="The folder whose outputs to list.")
@click.option("--plugins", "plugins", is_flag=True, help="List the rules engines, output kinds and languages of pnp's "
              "words there are instead, pnp's own and the installed plugins', each loaded and checked.")
def list_command(games, out, plugins) -> None:
    """List GAMES (names under content/ or game folders anywhere; default: all), read from game.yaml and
    components.yaml: each game's languages and component sets, its settings (each value in force and where it
    comes from) and what pnp wrote for it under --out, naming the outputs that are out of date.

    Only what the list shows is read: a problem in a face, rulebook or diagram is found by pnp check.
    With --plugins, a plugin that cannot be loaded is said, and the exit code is 1.
    """
    from pnp.model.game import game_outline
    from pnp.targets.settings import resolve_all

    if plugins:
        if games:
            raise click.UsageError("--plugins lists what pnp has, not games: give no GAMES with it")
        list_plugins()
        return
    folders = resolve_games(games)
    outlines = {folder: game_outline(folder) for folder in folders}
    settings = resolve_all(folders, {}, settings_memory(out, keep=False))
    for folder in folders:
        game = outlines[folder]
        sets = ", ".join(f"{s.id} ({s.count})" for s in game.sets)
        click.echo(f"{game.id}\t{game.title} {game.version}\t{', '.join(game.languages)}\t{sets}")
        for line in settings_lines(settings[folder], game.languages):
            click.echo(f"  {line}")
        for line in outputs_lines(out, folder):
            click.echo(f"  {line}")


class BrokenPlugins(click.ClickException):
    exit_code = 1


def list_plugins() -> None:
    """A line per plugin of each group (pnp.plugins): its name, who gives it, what it makes; then the
    broken ones, each loaded and checked as a build would."""
    from pnp import plugins

    broken = []
    headings = {plugins.ENGINES: "rules engines", plugins.KINDS: "output kinds",
                plugins.LABELS: "pnp's words in a language"}
    for group, heading in headings.items():
        click.echo(f"{heading} ({group}):")
        for plugin in (*plugins.built_in(group), *plugins.installed(group)):
            try:
                made = _plugin_makes(plugin)
            except plugins.PluginError as error:
                made = "cannot be loaded"
                broken.append(error.message)
            where = plugin.distribution.local_source() if plugin.distribution else None
            provider = f"{plugin.provider}, from {where}" if where else plugin.provider
            click.echo(f"  {plugin.name:<18}{provider:<32} {made}".rstrip())
    if broken:
        raise BrokenPlugins("\n".join(broken))


def _plugin_makes(plugin) -> str:
    """What a plugin gives, in a few words, once loaded and checked; PluginError if it is broken."""
    from pnp import plugins

    chosen = plugins.find(plugin.group, plugin.name)
    if chosen is not None and chosen != plugin:
        return f"not used: {chosen.provider} has {plugin.name!r} first"
    if plugin.group == plugins.ENGINES:
        from pnp.diagrams.engines import adapter_of

        adapter = adapter_of(plugin)
        start = f"; starts from {adapter.default_position!r}" if adapter.default_position is not None else ""
        return f"views: {', '.join(adapter.views)}{start}"
    if plugin.group == plugins.KINDS:
        from pnp.targets.kinds import kinds_of

        kinds = kinds_of(plugin)
        tokens = ", ".join(dict.fromkeys(token for kind in kinds for token in kind.formats))
        return f"pnp {kinds[0].command}" + (f" --format {tokens}" if tokens else "")
    from pnp.i18n.labels import label_warning

    return label_warning(plugin.name) or "every label"


def settings_lines(resolved, languages: tuple[str, ...]) -> list[str]:
    """A line per setting: its value in force and where it comes from; those no output in force takes, said so."""
    from pnp.model.problems import display_path
    from pnp.targets.settings import DEFAULT, SETTINGS, settings_used

    used = settings_used(resolved["formats"].value)
    lines = []
    for setting in SETTINGS:
        value = resolved[setting.key]
        shown = _setting_text(setting.key, value.value)
        origin = f"{display_path(value.where.file)}:{value.where.line}" if value.where else value.origin
        if setting.key == "languages" and value.value is None:
            shown, origin = ", ".join(languages), f"{DEFAULT}: all the game has"
        unused = "" if setting.key in ("formats", "languages") or setting.key in used or value.value is None else \
            f"; not used by {', '.join(resolved['formats'].value)}"
        lines.append(f"{setting.key + ':':<14}{shown:<21} ({origin}{unused})")
    return lines


def _setting_text(key: str, value) -> str:
    if value is None:
        return "-"
    if key == "back-offset":
        return ",".join(f"{v:g}" for v in value) + " mm"
    if isinstance(value, tuple):
        return ", ".join(value)
    return str(value)


def outputs_lines(out: Path, folder: Path, shown: int = 12) -> list[str]:
    """What pnp wrote for the game under out, and which of it is stale."""
    from pnp.output.transaction import STATE_FOLDER

    if not (Path(out) / STATE_FOLDER).is_dir():  # nothing built there: the manifest's readers stay unloaded
        return [f"{'outputs:':<14}none under {out}/"]
    from pnp.targets.outputs import game_outputs

    outputs = game_outputs(out, folder)
    if not outputs.files:
        return [f"{'outputs:':<14}none under {out}/"]
    lines = [f"{'outputs:':<14}{len(outputs.files)} files under {out}/, {len(outputs.stale) or 'none'} of them stale"
             + (" (pnp clean --stale removes them):" if outputs.stale else "")]
    lines += [f"  {path}" for path in outputs.stale[:shown]]
    if len(outputs.stale) > shown:
        lines.append(f"  … and {len(outputs.stale) - shown} more")
    for command, paths in sorted(outputs.unchecked.items()):
        lines.append(f"{'':<14}{len(paths)} more may be stale: "
                     f"the game changed since pnp {command} last made or checked them")
    return lines


@main.command("clean")
@click.argument("games", nargs=-1)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              help="The folder to clean.")
@click.option("--stale", "stale_only", is_flag=True, help="Only the outputs whose inputs changed since they were made.")
@verbosity_options
def clean_command(games, out, stale_only, quiet) -> None:
    """Remove what pnp wrote under --out: the outputs of GAMES (names, folders or game ids; default: all),
    or with --stale only those that are out of date. Files pnp did not write, and files changed by hand
    since, stay."""
    from pnp.targets.outputs import clean

    chosen = None
    if games:
        chosen = set(games)
        for name in games:
            folder = Path(name) if is_game_folder(Path(name)) else content_root() / name
            if is_game_folder(folder):
                chosen.add(str(folder.resolve()))
    result = clean(out, chosen, stale_only)
    for line in result.left:
        click.echo(f"warning: {line}", err=True)
    if quiet:
        return
    for path in result.removed:
        click.echo(f"removed {path}", err=True)
    what = "stale outputs" if stale_only else "files"
    click.echo(f"removed {len(result.removed)} {what} under {out}/" if result.removed
               else f"nothing to remove under {out}/", err=True)


@main.command("new")
@click.argument("game")
@click.option("--title", default=None, help="The game's title (default: its name, capitalised).")
def new_command(game, title) -> None:
    """Start a new game GAME: a folder that builds at once in English and Danish.

    GAME is a name (made under content/ when there is one, else here) or a path. The
    folder holds a deck from a CSV table, tokens, a rulebook with a diagram and both
    languages' texts, every file commented.
    """
    from pnp.new import new_game

    is_name = "/" not in game and "\\" not in game
    folder = content_root() / game if is_name and content_root().is_dir() else Path(game)
    for line in new_game(folder, title):
        click.echo(line, err=True)


@main.command("calibrate")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("output/calibration.pdf"),
              show_default=True, help="Where to write the calibration sheet.")
@click.option("--paper", default="a4", show_default=True, callback=one_of(_papers), help="a4 or letter.")
@click.option("--duplex", default="long", show_default=True, callback=one_of(_flips), help="long or short.")
@click.option("--lang", "language", default="en", show_default=True, callback=language_tag,
              help="The language of the sheet's words.")
def calibrate_command(out, paper, duplex, language) -> None:
    """Write a duplex calibration sheet that tells which --back-offset a printer needs."""
    from pnp.i18n.labels import label_warning
    from pnp.targets import CalibrationOptions, calibrate

    if label_warning(language):
        click.echo(f"warning: {label_warning(language)}", err=True)
    calibrate(CalibrationOptions(out=out.parent, name=out.name, paper=paper, flip=duplex, language=language, jobs=1))
    click.echo(f"wrote {out}: print it duplex ({duplex} edge) at 100 %, hold it to the light, read the offset",
               err=True)


class _Progress:
    """A progress bar on an interactive terminal; silent when piped or quiet."""

    def __init__(self, quiet: bool):
        self.enabled = not quiet and sys.stderr.isatty()
        self.bar: ProgressBar[str | None] | None = None

    def __enter__(self) -> _Progress:
        return self

    def start(self, total: int) -> None:
        if total:
            configure_logging()
        if self.enabled and total:
            self.bar = click.progressbar(length=total, label="building", file=sys.stderr, item_show_func=lambda s: s)
            self.bar.__enter__()

    def step(self, label: str) -> None:
        if _VERBOSITY["verbose"]:
            _log().info("built %s", label)
        if self.bar is not None:
            self.bar.update(1, label)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


@main.group("translate")
def translate_group() -> None:
    """Translation status, glossary checks and PO files for translators (Poedit, Weblate)."""


@translate_group.command("status")
@click.argument("games", nargs=-1)
@click.option("--strict", is_flag=True, help="Exit 1 if any text is missing, stale, unused or flagged.")
def translate_status_command(games, strict) -> None:
    """Per game and language: missing, stale and unused texts, and texts to check again."""
    from pnp.i18n.status import format_status
    from pnp.paint.proof import game_statuses
    from pnp.targets import load_games

    clean = True
    for loaded in load_games(resolve_games(games)):
        statuses = game_statuses(loaded.game, loaded.catalogs)
        clean = clean and all(status.ok for status in statuses)
        click.echo(format_status(loaded.id, statuses))
    if strict and not clean:
        raise TranslationIncomplete("translations are incomplete (--strict)")


def _one_game(game: str):
    from pnp.targets import load_games

    [loaded] = load_games(resolve_games((game,)))
    return loaded


@translate_group.command("init")
@click.argument("game")
@click.argument("language", callback=language_tag)
def translate_init_command(game, language) -> None:
    """Start translating GAME into LANGUAGE (a tag such as de or pt-BR): writes its text/<lang>.yaml."""
    from pnp.i18n.start import start_language

    loaded = _one_game(game)
    for line in start_language(loaded.game, loaded.catalogs, language):
        click.echo(line, err=True)


@translate_group.command("export")
@click.argument("game")
@click.option("--lang", "language", default=None, callback=language_tag,
              help="The translation (default: the game's only one).")
@click.option("--pot", is_flag=True,
              help="Write the template (POT) a new language starts from, instead of a translation.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PO (or POT) file to write.")
def translate_export_command(game, language, pot, output) -> None:
    """Write GAME's texts as a PO file: context = key, msgid = source text, msgstr = translation."""
    from pnp.i18n.po import export_po, export_pot, po_project
    from pnp.output.files import write_text

    loaded = _one_game(game)
    project = po_project(loaded.game, loaded.catalogs)
    if pot:
        text = export_pot(loaded.catalogs, project)
    else:
        text = export_po(loaded.catalogs, translation_language(loaded.game, language), project)
    write_text(output.parent, output.name, text)
    click.echo(f"wrote {output}", err=True)


@translate_group.command("import")
@click.argument("game")
@click.argument("po_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--lang", "language", default=None, callback=language_tag,
              help="The translation (default: the PO file's Language).")
def translate_import_command(game, po_file, language) -> None:
    """Bring a translator's PO file back into GAME's text/<lang>.yaml, changing only what it changes."""
    from pnp.i18n.importing import import_po, po_language, write_import
    from pnp.i18n.po import read_po_file

    loaded = _one_game(game)
    text = read_po_file(po_file)
    language = translation_language(loaded.game, language or po_language(text, loaded.game, str(po_file)))
    result = import_po(text, loaded.catalogs, language, loaded.id, file=str(po_file))
    for line in write_import(loaded.game, loaded.catalogs, result):
        click.echo(line, err=True)


@translate_group.command("stamp")
@click.argument("game")
@click.argument("keys", nargs=-1)
@click.option("--lang", "language", default=None, callback=language_tag,
              help="The translation (default: the game's only one).")
def translate_stamp_command(game, keys, language) -> None:
    """Confirm translations against the current source text (all of them if no KEYS)."""
    from pnp.i18n.stamp import stamp

    loaded = _one_game(game)
    stamped = stamp(loaded.catalogs, translation_language(loaded.game, language), keys or None)
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


def run() -> None:
    """The `pnp` program: main, then an exit that does not take the interpreter apart.

    A build leaves a few hundred modules and their objects behind, and freeing them one by
    one at exit took 40 ms of a 1,000-card build's 0.8 s (type checkers with large heaps exit
    this way for the same reason). By the time main returns, every output is committed and
    closed; pnp registers no exit handlers, logs to stderr as it goes, and its process pool
    has been shut down; what is left is to flush what was printed.
    """
    import contextlib
    import os

    try:
        main()
        status: str | int | None = 0
    except SystemExit as done:
        status = done.code
    if status is None:
        code = 0
    elif isinstance(status, int):
        code = status
    else:
        print(status, file=sys.stderr)  # what Python itself does with a message as an exit code
        code = 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a reader that went away (pnp list | head) has all it wanted
            stream.flush()
    os._exit(code)
