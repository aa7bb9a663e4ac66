"""`pnp watch`: build, then rebuild the games whose files change, for as long as it runs.

Changes are reported by watchfiles (the operating system's file events through the
Rust `notify` crate, debounced, with a polling fallback it chooses itself). What pnp
writes is never a change: the output folder (wherever --out is, inside a game folder
too), any folder holding pnp's state and editors' backups and autosaves are left out.

A change is built once the save looks finished: the changed files are there (an
editor's save-by-rename leaves a moment with none) and have kept their size and time
for a little while. A build that fails while files are still changing is not reported:
the save was read half-done, and the change it makes next builds again. Then the
affected games are built in passes: by default first the component sheets and their PNG
pages on the first paper size, so a changed card is on screen first, then everything else
(other papers, rulebooks that picture the card, booklets). Every pass is incremental
and follows a build's rule: only outputs of what is watched are made or removed. An
error in content, or a file that goes while it is read, is printed in the usual located
form and the watch goes on. Another watcher (`pnp serve`) may ask for passes of its own,
for each game built apart, and to hear what each pass came to.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import click

from pnp.model.folders import find_templates_folders
from pnp.output.files import display
from pnp.output.transaction import STATE_FOLDER
from pnp.targets.digest import ignored_name, source_files
from pnp.targets.options import BuildOptions, RunOptions
from pnp.targets.runner import run

if TYPE_CHECKING:
    from pnp.targets.runner import RunResult

FIRST = ("sheet-part", "sheets", "png-page")  # a long kit's sheets are painted in parts
SETTLE_S = 0.08  # how long a changed file keeps its size and time before it is read
SETTLE_LIMIT_S = 2.0  # how long a file missing mid-save is waited for before it counts as deleted
RECHECK_S = 0.3  # after a failed build: how long to look for a save still under way
# What a game is made of (YAML, tables, images, fonts): the files a save-by-rename may leave missing for a moment.
CONTENT_SUFFIXES = (".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".png", ".jpg", ".jpeg", ".svg", ".ttf", ".otf")


Requests = Callable[[list[Path]], dict[Path, BuildOptions]]


@dataclass(frozen=True)
class Pass:
    """One run of a rebuild: `command` on the changed games, each with the options `asked` makes
    of its build options (and the run's own from the watch's options)."""

    name: str
    command: str
    asked: Callable[[BuildOptions], RunOptions]


def _first_paper_sheets(options: BuildOptions) -> BuildOptions:
    return replace(options, kinds=FIRST, papers=options.papers[:1])


SHEETS_FIRST = (Pass("sheets", "build", _first_paper_sheets), Pass("all", "build", lambda options: options))


@dataclass(frozen=True)
class Built:
    """What one pass came to for some games: its result, or the located error that stopped it
    (and the games' later passes); neither if it was given up for a save still under way (the
    save's next change builds again)."""

    step: str
    folders: tuple[Path, ...]
    result: RunResult | None = None
    error: str | None = None


class Listener(Protocol):
    """Who hears each pass of a rebuild begin and end (pnp serve's page)."""

    def started(self, step: str, folders: tuple[Path, ...]) -> None: ...

    def built(self, outcome: Built) -> None: ...


@dataclass(frozen=True)
class Rebuilds:
    """How a watch rebuilds: its passes; whether each game runs apart (one game's error then holds
    no other back); who hears each pass begin and end."""

    passes: tuple[Pass, ...] = SHEETS_FIRST
    apart: bool = False
    listener: Listener | None = None


def watch(folders: list[Path], options: BuildOptions, say: Callable[[str], None], stop_event=None,
          requests: Requests | None = None, rebuilds: Rebuilds = Rebuilds()) -> None:
    """Build folders now and again after every change, until stop_event is set (or Ctrl-C).

    `requests(folders)` gives the options each game is built with, read again for every
    build (pnp.targets.settings: a game's settings may change while it is watched); by
    default every game takes options as they are."""
    import watchfiles

    templates = {layer for f in folders for layer in find_templates_folders(f)}
    wanted = Wanted(Path(options.out))
    started = False
    # The first (empty) batch comes once the watcher listens: build then, so that no save
    # made during the first build is missed.
    for changes in watchfiles.watch(*folders, *templates, watch_filter=wanted, stop_event=stop_event, debounce=200,
                                    step=20, rust_timeout=500, yield_on_timeout=True, raise_interrupt=False):
        if not started:
            started = True
            rebuild(folders, options, say, templates, requests, rebuilds)
            say("watching for changes")
        if not changes:
            continue
        changed = sorted({Path(path) for _, path in changes})
        settle(changed)
        say("changed: " + ", ".join(display(p) for p in changed))
        rebuild(affected(folders, templates, changed), options, say, templates, requests, rebuilds)


class Wanted:
    """The filter of file events: content, not what pnp writes nor what editors keep aside."""

    def __init__(self, out: Path):
        self.out = out.resolve()

    def __call__(self, change, path: str) -> bool:
        name = Path(path).name
        if ignored_name(name) or name.endswith(".swp") or STATE_FOLDER in Path(path).parts:
            return False
        return not _resolved(path).is_relative_to(self.out)


def _resolved(path: str) -> Path:
    try:
        return Path(path).resolve()
    except OSError:
        return Path(os.path.abspath(path))


def settle(paths: list[Path], pause: float = SETTLE_S, limit: float = SETTLE_LIMIT_S) -> None:
    """Wait until the changed files look saved: each present and unchanged for `pause` seconds. Only
    content files are waited for (an editor's or sed's temporary goes for good); one still missing
    after `limit` seconds was deleted, not saved by rename."""
    watched = [path for path in paths if path.suffix.lower() in CONTENT_SUFFIXES]
    deadline = time.monotonic() + limit
    before = _stats(watched)
    while watched and time.monotonic() < deadline:
        time.sleep(pause)
        now = _stats(watched)
        if now == before and all(stat is not None for stat in now):
            return
        before = now


def _stats(paths: Iterable[Path]) -> tuple:
    return tuple(_signature(path) for path in paths)


def _signature(path: Path) -> tuple | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_size, stat.st_mtime_ns, stat.st_ino)


def affected(folders: list[Path], templates: Iterable[Path], changed: list[Path]) -> list[Path]:
    """The game folders a change can touch: its own, or all of them for a template."""
    resolved = [_resolved(str(p)) for p in changed]
    if any(p.is_relative_to(t.resolve()) for p in resolved for t in templates):
        return folders
    return [f for f in folders if any(p.is_relative_to(f.resolve()) for p in resolved)]


def rebuild(folders: list[Path], options: BuildOptions, say: Callable[[str], None], templates: Iterable[Path] = (),
            requests: Requests | None = None, rebuilds: Rebuilds = Rebuilds()) -> None:
    """Each pass in turn (by default the sheets on the first paper, then the rest); every error is
    said and none ends the watch, except one that a save still under way explains (its next change
    builds again). A game whose pass failed takes no later pass."""
    if not folders:
        return
    watched = [*folders, *templates]
    before = content_state(watched)
    groups = [[folder] for folder in folders] if rebuilds.apart else [folders]
    hear = rebuilds.listener
    for step in rebuilds.passes:
        for group in list(groups):
            if hear:
                hear.started(step.name, tuple(group))
            start = time.perf_counter()
            try:
                asked = requests(group) if requests else {folder: options for folder in group}
                result = run(step.command, group, step.asked(options),
                             requests={f: step.asked(o) for f, o in asked.items()})
            except (click.ClickException, OSError) as error:
                if _still_saving(watched, before):
                    if hear:
                        hear.built(Built(step.name, tuple(group)))
                    return
                say(f"error: {_message(error)}")
                groups.remove(group)
                if hear:
                    hear.built(Built(step.name, tuple(group), error=_message(error)))
                continue
            for path in sorted(result.written):
                say(f"wrote {display(path)}")
            for path in sorted(result.removed):
                say(f"removed {display(path)}")
            for warning in result.warnings:
                say(f"warning: {warning}")
            if result.written or result.removed:
                say(f"{step.name} done in {time.perf_counter() - start:.2f} s")
            if hear:
                hear.built(Built(step.name, tuple(group), result))


def _message(error: click.ClickException | OSError) -> str:
    if isinstance(error, click.ClickException):
        return error.format_message()
    where = f"{display(Path(error.filename))}: " if error.filename else ""
    return f"{where}{(error.strerror or str(error)).lower()}"


def content_state(folders: Iterable[Path]) -> dict[str, tuple | None]:
    """Every content file under folders with its size, time and inode."""
    state = {}
    for folder in folders:
        for relative in source_files(folder):
            path = Path(folder) / relative
            state[str(path)] = _signature(path)
    return state


def _still_saving(folders: list[Path], before: dict) -> bool:
    """Whether files changed since the build began, or change within a moment: a save under way."""
    if content_state(folders) != before:
        return True
    time.sleep(RECHECK_S)
    return content_state(folders) != before
