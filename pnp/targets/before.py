"""pnp diff's REF → what each game is compared with: the game at a git revision, or an earlier build.

A REF that names a folder is an earlier build: an --out folder (whose `<game>/` holds the
game's sheets) or a game's own output folder, with the record of where each face prints
that `pnp build` keeps beside the sheets (pnp.layout.face_places). Any other REF is a
revision of the git repository that holds the game folder (`HEAD~1`, a tag, a commit). The
repository is checked out at that revision with `git worktree add` into a temporary folder
for the run (hooks off: the checkout is pnp's, not the designer's) and removed at its end.
The game there is loaded with today's pnp: files inside the repository are as they were,
templates kept outside it as they are. A problem in it is said where it is at that revision,
as git names it: `HEAD~1:content/market/components.yaml:12:7 sets.cards: …`.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.model.files import is_game_folder
from pnp.model.problems import ContentError, Location, Problem, Problems, display_path, quote
from pnp.output.transaction import STATE_FOLDER
from pnp.targets.digest import file_digest, key_of
from pnp.targets.kinds.sheets import record_name
from pnp.targets.options import Before

if TYPE_CHECKING:
    from pnp.playtest.versions import Version
    from pnp.targets.games import LoadedGame

REVISION, BUILD = "revision", "build"


class GitFailed(click.ClickException):
    exit_code = 1


@contextmanager
def befores(ref: str, folders: list[Path], game_ids: dict[Path, str]) -> Iterator[dict[Path, Before]]:
    """What each game folder is compared with, for the length of the run (checkouts are removed after)."""
    if Path(ref).is_dir():
        yield {folder: earlier_build(ref, game_ids[folder]) for folder in folders}
        return
    with ExitStack() as stack:
        checkouts: dict[Path, Path] = {}
        made = {}
        for folder in folders:
            repository, prefix = _repository(ref, folder)
            commit = _commit(ref, repository)
            if repository not in checkouts:
                checkouts[repository] = stack.enter_context(_checkout(repository, commit))
            there = checkouts[repository] / prefix
            made[folder] = Before(ref, REVISION, f"{commit}:{prefix}", f"{ref} ({commit[:7]})", checkouts[repository],
                                  there if is_game_folder(there) else None, repository)
        yield made


def earlier_build(ref: str, game_id: str) -> Before:
    """An earlier build of the game under the folder ref: its output folder, with the records of its sheets."""
    for folder in (Path(ref) / game_id, Path(ref)):
        records = sorted((folder / STATE_FOLDER).glob(f"{game_id}-sheets-*.json")) if folder.is_dir() else []
        if records:
            read = [(p.name, file_digest(p)) for p in records]
            read += [(p.name, file_digest(p)) for p in sorted(folder.glob(f"{game_id}-sheets-*.pdf"))]
            return Before(ref, BUILD, key_of(read), display_path(str(folder)), None, folder.resolve())
    raise click.BadParameter(f"{quote(ref)} holds no sheets of {game_id} that pnp can compare: an earlier build "
                             f"keeps, beside {game_id}/{game_id}-sheets-*.pdf, the record "
                             f"{game_id}/{record_name(game_id + '-sheets-*')} of where each face prints (builds by pnp "
                             "before it have none; compare with a git revision instead)", param_hint="'REF'")


# --- git ------------------------------------------------------------------------------

def _git(where: Path, *args: str) -> subprocess.CompletedProcess:
    """git in folder where (hooks off, no prompts); GitFailed if there is no git to run."""
    environment = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
    try:
        return subprocess.run(["git", "-c", "core.hooksPath=/dev/null", *args], cwd=where, capture_output=True,
                              text=True, env=environment)
    except FileNotFoundError:
        raise GitFailed("pnp diff needs git to read a revision (install git, or name an earlier build's folder "
                        "as REF)") from None


def _repository(ref: str, folder: Path) -> tuple[Path, str]:
    """The repository holding folder and folder's place in it (`content/market/`)."""
    done = _git(folder, "rev-parse", "--show-toplevel", "--show-prefix")
    if done.returncode != 0:
        raise click.BadParameter(f"{quote(ref)} is not a folder, and {display_path(str(folder))} is not in a git "
                                 "repository: name an earlier build's folder, or keep the game in git",
                                 param_hint="'REF'")
    top, prefix = (done.stdout.splitlines() + ["", ""])[:2]
    return Path(top), prefix


def _commit(ref: str, repository: Path) -> str:
    done = _git(repository, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}")
    if done.returncode != 0:
        raise click.BadParameter(f"{quote(ref)} is neither a folder nor a revision of the git repository "
                                 f"{display_path(str(repository))}", param_hint="'REF'")
    return done.stdout.strip()


@contextmanager
def _checkout(repository: Path, commit: str) -> Iterator[Path]:
    """The repository at commit, in a temporary worktree that goes when the run ends."""
    with tempfile.TemporaryDirectory(prefix="pnp-diff-") as temporary:
        where = Path(temporary) / "checkout"
        done = _git(repository, "worktree", "add", "--detach", "--quiet", str(where), commit)
        if done.returncode != 0:
            raise GitFailed(f"git could not check out {commit[:7]}: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
        try:
            yield where
        finally:
            if _git(repository, "worktree", "remove", "--force", str(where)).returncode != 0:
                _git(repository, "worktree", "prune")  # the folder goes with the temporary one


# --- the game at a revision -------------------------------------------------------------

def located_at_revision(error: ContentError, before: Before) -> ContentError:
    """The problems of the game at a revision, each said where it is in the repository at that revision."""
    root = str(before.root)

    def at(file: str) -> str:
        path = os.path.abspath(file)
        if not path.startswith(root + os.sep):
            return file
        return f"{before.ref}:{Path(os.path.relpath(path, root)).as_posix()}"

    def moved(problem: Problem) -> Problem:
        place = problem.location
        via = (at(place.via[0]), *place.via[1:]) if place.via else ()
        message = problem.message.replace(root + os.sep, f"{before.ref}:")
        return replace(problem, location=place._replace(file=at(place.file), via=via), message=message)

    return ContentError([moved(p) for p in error.problems])


def templates_at_revision(now: tuple[Path, ...], before: Before) -> tuple[Path, ...]:
    """The game's template layers at the revision: those in the repository as they were there (a
    layer it did not have then left out), the others as they are; the game's own first if it had one."""
    repository, root, folder = _checked_out(before)
    layers = []
    own = folder / "templates"
    if own.is_dir():
        layers.append(own)
    for layer in now:
        resolved = Path(layer).resolve()
        if resolved.is_relative_to(repository):
            layer = root / resolved.relative_to(repository)
            if not layer.is_dir():
                continue
        if layer not in layers:
            layers.append(layer)
    return tuple(layers)


def _checked_out(before: Before) -> tuple[Path, Path, Path]:
    """The repository, its checkout and the game's folder in it, of a revision the game was in."""
    if before.repository is None or before.root is None or before.folder is None:
        raise ValueError(f"{before.ref} is not a revision checked out with the game in it")
    return before.repository.resolve(), before.root, before.folder


_READ: dict[tuple[str, str], object] = {}  # what a process has read of the earlier versions, by identity


def game_at_revision(before: Before, folder_now: Path) -> LoadedGame | None:
    """The game as it was at the revision (its model and texts), read once per process; None if it was
    not there. A problem in it is a ContentError said where it is at that revision."""
    if before.folder is None:
        return None
    key = (REVISION, before.identity)
    if key not in _READ:
        from pnp.i18n.catalog import load_game_catalogs
        from pnp.model import load_game
        from pnp.model.diagrams import DiagramBook
        from pnp.model.folders import find_templates_folders
        from pnp.targets.games import LoadedGame

        try:
            game = load_game(before.folder, templates_at_revision(find_templates_folders(folder_now), before))
            _READ[key] = LoadedGame(game, load_game_catalogs(game), None, DiagramBook({}, {}))
        except ContentError as error:
            raise located_at_revision(error, before) from None
    return _READ[key]  # type: ignore[return-value]


def before_version(before: Before, now: LoadedGame, language: str, papers: tuple[str, ...]) -> Version:
    """The game's components in language as they were: painted from the revision, or cut out of the
    earlier build's sheets (on the paper asked first, else any: a face is the same on every paper)."""
    from pnp.playtest.versions import Absent

    if before.kind == REVISION:
        old = game_at_revision(before, now.game.folder)
        if old is None or language not in old.game.languages:
            return Absent()
        return painted_version(old, language, Problems())
    from pnp.layout.paper import PAPERS

    folder = before.folder
    if folder is None:
        raise ValueError(f"{before.ref} is not an earlier build's folder")
    for paper in dict.fromkeys((*papers, *PAPERS)):
        stem = f"{now.id}-sheets-{language}-{paper}"
        record, pdf = folder / record_name(stem), folder / f"{stem}.pdf"
        if record.is_file() and pdf.is_file():
            return _printed(record, pdf)
    return Absent()


def painted_version(loaded: LoadedGame, language: str, problems: Problems) -> Version:
    """A loaded game's components in language, painted (their problems collected in problems)."""
    from pnp.i18n.catalog import Texts
    from pnp.paint.faces import FacePainter
    from pnp.playtest.versions import PaintedVersion

    painter = FacePainter(Texts(loaded.catalogs, language), language, problems, icons=loaded.icons)
    return PaintedVersion(loaded.game.sets, painter)


def _printed(record: Path, pdf: Path) -> Version:
    from pnp.layout.face_places import FacePlaces
    from pnp.playtest.faces import OpenPdf
    from pnp.playtest.versions import PrintedVersion

    key = (BUILD, str(record))
    if key not in _READ:
        try:
            places = FacePlaces.from_json(record.read_bytes())
        except ValueError as error:
            raise ContentError([Problem(Location(str(record)), "", f"cannot be read as where the sheets' faces print: "
                                                                   f"{error}")]) from None
        _READ[key] = PrintedVersion(places, OpenPdf.of_file(pdf))
    return _READ[key]  # type: ignore[return-value]
