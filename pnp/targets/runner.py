"""Runs a command's targets: skip what is up to date, render the rest in parallel, commit once.

A run works on units (one game folder each, or none for the calibration sheet):
1. a unit whose key (its files, the templates, pnp's code, the options) is the one in
   the manifest and whose files are as pnp wrote them is carried over without loading;
2. the other games are loaded and checked once, their targets planned and keyed;
3. stale targets (and the in-memory steps they need) are rendered, highest priority
   first, in a pool of processes that inherit the loaded games;
4. every new file is staged; files whose bytes did not change are left alone; outputs
   the run was asked about (same game, format, language, paper, shop) and no longer
   makes are removed; outputs of other requests stay, marked stale where their game
   changed under them; the manifest is staged last; one commit.
Any problem, failure or OS fault ends the run before the commit: --out is untouched.
Each game may be asked with options of its own (its settings, pnp.targets.settings).
"""

from __future__ import annotations

import hashlib
import heapq
import os
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.model.problems import ContentError, Problem
from pnp.output.files import OutputError, OutsideRoot, inside, os_faults, write_file
from pnp.output.transaction import STATE_FOLDER, Transaction, in_pnp_folder
from pnp.targets import digest as digests
from pnp.targets.digest import code_digest, key_of
from pnp.targets.lasting import freezing_run, kept
from pnp.targets.manifest import (
    MANIFEST,
    Manifest,
    Output,
    TargetRecord,
    UnitRecord,
    files_digest,
    request_id,
    stamp_of,
    unit_scope,
)
from pnp.targets.options import RunOptions, listed

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from pnp.targets.games import LoadedGame
    from pnp.targets.target import Rendered, Target, TargetKind

Progress = Callable[[str], None]


class TargetFailed(click.ClickException):
    """A target that could not be rendered for a reason validation did not foresee."""

    exit_code = 1


@dataclass
class RunResult:
    written: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the targets asked about say, in their ids' order
    unchanged: int = 0
    rendered: int = 0
    skipped: int = 0
    stale: list[Path] = field(default_factory=list)  # outputs of other requests, kept, whose inputs changed


@dataclass(frozen=True)
class Unit:
    """A command's work on one game folder (folder None: work that reads no game), with the
    options it is asked with and the id of that request."""

    scope: str
    folder: Path | None
    key: str
    sources: str
    options: RunOptions
    request: str


@dataclass
class Outcome:
    """What rendering a target came to: its files, or the problems found, or a failure."""

    target: str
    rendered: Rendered | None = None
    problems: list[Problem] = field(default_factory=list)
    failure: str | None = None
    trace: str = ""


def run(command: str, folders: Iterable[Path] | None, options: RunOptions,
        progress: Progress = lambda _: None, on_plan: Callable[[int], None] = lambda _: None,
        requests: Mapping[Path, RunOptions] | None = None) -> RunResult:
    """Make the outputs of command for folders (None: a command without games) under options.out.

    Each game is built with its own options where `requests` gives them (its settings:
    pnp.targets.settings), else with options; out, jobs and force are always options'."""
    state = Path(options.out) / STATE_FOLDER
    remembered = digests.remember_in(state)
    units = _units(command, folders, options, requests)
    # A sheet written alone into a folder pnp does not manage (`calibrate --out ~/x.pdf`)
    # leaves no state folder there; it costs a fraction of a second to make again.
    keep_state = folders is not None or state.is_dir()
    with freezing_run(), Transaction(options.out, keep_state) as transaction:
        work = _Run(command, units, options, transaction)
        work.plan()
        on_plan(len(work.wanted_stale))
        work.render(progress)
        result = work.commit()
        if keep_state and remembered.changed:
            _keep(state, remembered)
        return result


def _units(command: str, folders: Iterable[Path] | None, options: RunOptions,
           requests: Mapping[Path, RunOptions] | None) -> list[Unit]:
    if folders is None:
        return [_unit(command, None, options)]
    return [_unit(command, folder, (requests or {}).get(folder, options)) for folder in folders]


def _keep(state: Path, remembered: digests.DigestMemory) -> None:
    try:
        write_file(state, digests.MEMORY_FILE, remembered.dumps())
        remembered.changed = False
    except OutputError:
        pass  # the outputs are in place; the next run reads the files again instead


def dry_run(command: str, folders: Iterable[Path], options: RunOptions,
            progress: Progress = lambda _: None, on_plan: Callable[[int], None] = lambda _: None,
            requests: Mapping[Path, RunOptions] | None = None) -> RunResult:
    """Render every target of command that options.kinds selects, as a run would, and write nothing:
    no manifest is read, nothing is up to date, nothing is staged. Problems raise as in a run;
    the result holds the warnings."""
    units = _units(command, folders, options, requests)
    with freezing_run():
        work = _Run(command, units, options, None)
        work.plan()
        on_plan(len(work.wanted_stale))
        work.render(progress)
    work.result.warnings = sorted(set(work.result.warnings))
    return work.result


def _load_frozen(folders: list[Path]) -> list[LoadedGame]:
    """The games, loaded out of the garbage collector's reach (pnp.targets.lasting)."""
    from pnp.targets.games import load_games  # the model and the engines, only when needed

    return kept(lambda: load_games(folders))


def _unit(command: str, folder: Path | None, options: RunOptions) -> Unit:
    request = request_id(command, _request_fields(options))
    if folder is None:
        # Work that reads no game is known by the files it makes: `calibrate --out a.pdf`
        # and `--out b.pdf` are two units, so the second does not remove the first's file.
        from pnp.targets.kinds import kinds_for

        paths = sorted(p for kind in kinds_for(command).values() for t in kind.plan(None, options) for p in t.paths)
        key = key_of(code_digest(), command, options.key_fields(), options.kinds)
        return Unit(f"{command}:{'|'.join(paths)}", None, key, code_digest(), options, request)
    folder = Path(folder)
    with os_faults(folder):
        files = files_digest(folder)
    key = key_of(code_digest(), command, options.key_fields(), options.kinds, files)
    return Unit(unit_scope(command, folder), folder, key, key_of(code_digest(), files), options, request)


def _request_fields(options: RunOptions) -> dict:
    """What a request is known by, as the manifest keeps it: the options that decide its outputs,
    whichever kinds it renders (tuples as lists)."""
    return {name: listed(value) for name, value in options.key_fields().items() if name != "kinds"}


def target_key(target: Target, keys: Mapping[str, str]) -> str:
    """A target's key: its kind, id, params and inputs and the keys (in keys) of the targets it takes."""
    return key_of(code_digest(), target.kind, target.id, target.params, target.inputs,
                  [keys[d] for d in target.depends])


def _keys(targets: Iterable[Target]) -> dict[str, str]:
    """Each target's key; kinds yield a target after those it takes."""
    keys: dict[str, str] = {}
    for target in targets:
        keys[target.id] = target_key(target, keys)
    return keys


class _Run:
    def __init__(self, command: str, units: list[Unit], options: RunOptions, transaction: Transaction | None):
        self.command, self.units, self.options, self.tx = command, units, options, transaction
        self.out = Path(options.out)
        self.manifest = Manifest.load(self.out) if transaction is not None else Manifest()
        self.by_scope = {u.scope: u for u in units}
        self.unit_options = {u.scope: u.options for u in units}
        self.targets: dict[str, Target] = {}
        self.keys: dict[str, str] = {}
        self.fresh: set[str] = set()
        self.carried_units: list[Unit] = []
        self.games: dict[str, LoadedGame] = {}
        self.result = RunResult()
        self.made: dict[str, Output] = {}  # path → the output written or confirmed this run
        self.records: dict[str, TargetRecord] = {}

    @cached_property
    def kinds(self) -> dict[str, TargetKind]:
        """The kinds of the units' requests, imported when a unit is to be planned: a no-op build needs none."""
        return self.kinds_for(*(unit.options for unit in self.units))

    def kinds_for(self, *requests: RunOptions) -> dict[str, TargetKind]:
        """The command's kinds that requests need (a plugin's, for a --format token of its own)."""
        from pnp.targets.kinds import kinds_for

        return kinds_for(self.command, {token for options in requests for token in getattr(options, "formats", ())})

    def selects(self, kind: str, unit: str) -> bool:
        """Whether a unit's targets of kind are asked for (all of the command's unless its options.kinds says)."""
        asked = self.by_scope[unit].options.kinds
        return not asked or kind in asked

    # --- planning ------------------------------------------------------------------

    def plan(self) -> None:
        stale_units: list[Unit] = []
        for unit in self.units:
            (self.carried_units if self._unit_fresh(unit) else stale_units).append(unit)
        with_games = [(u.scope, u.folder) for u in stale_units if u.folder is not None]
        if with_games:
            loaded = _load_frozen([folder for _, folder in with_games])
            self.games = dict(zip((scope for scope, _ in with_games), loaded))
        for unit in stale_units:
            for target in self._planned(unit, unit.options):
                self._add(target, unit)
        self._check_paths()
        wanted = [t for t in self.targets.values() if self.selects(t.kind, t.unit)]
        self.wanted_stale = [t for t in wanted if t.id not in self.fresh]
        self.result.skipped = sum(1 for t in wanted if t.id in self.fresh)
        for unit in self.carried_units:
            made = {f.target for f in self.manifest.files_of(unit.scope).values() if f.request == unit.request}
            self.result.skipped += sum(1 for tid in made if tid in self.manifest.targets
                                       and self.selects(self.manifest.targets[tid].kind, unit.scope))

    def _planned(self, unit: Unit, options: RunOptions) -> list[Target]:
        """The unit's targets as options plan them, in priority order."""
        game = self.games.get(unit.scope)
        return [replace(target, unit=unit.scope)
                for kind in sorted(self.kinds_for(options).values(), key=lambda k: k.priority)
                for target in kind.plan(game, options)]

    def _unit_fresh(self, unit: Unit) -> bool:
        known = self.manifest.units.get(unit.scope)
        if self.options.force or known is None or known.key != unit.key:
            return False
        strict = getattr(unit.options, "strict", False)
        for record in self.manifest.targets_of(unit.scope).values():
            if record.request == unit.request and strict and record.warnings:
                return False  # --strict must report what a relaxed build only warned about
        return all(self.manifest.intact(path, self.out) for path, output in self.manifest.files_of(unit.scope).items()
                   if output.request == unit.request)

    def _add(self, target: Target, unit: Unit) -> None:
        if target.id in self.targets:
            raise TargetFailed(f"two outputs of {unit.folder or unit.scope} are both named {target.id}")
        self.targets[target.id] = target
        key = self.keys[target.id] = target_key(target, self.keys)
        record = self.manifest.targets.get(target.id)
        if self.options.force or record is None or record.key != key or record.unit != unit.scope:
            return
        if getattr(unit.options, "strict", False) and record.warnings:
            return
        made = self.manifest.made_by(target.id, key)
        if all(path in made and self.manifest.intact(path, self.out) for path in target.paths):
            self.fresh.add(target.id)

    def _check_paths(self) -> None:
        """Every path plain (no '..', no '.'), inside --out, and made by one target only."""
        seen: dict[str, str] = {}
        for target in self.targets.values():
            for path in target.paths:
                inside(self.out, path)
                if any(part in ("", ".", "..") for part in path.split("/")):
                    raise OutsideRoot(f"refusing to write {path}: an output name may not contain '.' or '..' parts")
                if seen.setdefault(path, target.id) != target.id:
                    raise TargetFailed(f"{target.id} and {seen[path]} would both write {path}")

    # --- rendering -----------------------------------------------------------------

    def render(self, progress: Progress) -> None:
        needed = self._needed()
        self.problems: list[Problem] = []
        self.failures: list[str] = []
        _Scheduler(self, needed, progress).run()
        if self.problems:
            raise ContentError(self.problems)
        if self.failures:
            raise TargetFailed("\n".join(sorted(self.failures)))

    def _needed(self) -> dict[str, Target]:
        """Stale wanted targets and every dependency that has no file to read its bytes from."""
        needed: dict[str, Target] = {}
        stack = list(self.wanted_stale)
        while stack:
            target = stack.pop()
            if target.id in needed:
                continue
            needed[target.id] = target
            for dependency in (self.targets[d] for d in target.depends):
                if dependency.id not in self.fresh or not dependency.paths:
                    stack.append(dependency)
        return needed

    def upstream(self, target: Target, data: dict[str, bytes]) -> tuple[bytes, ...]:
        """The bytes of target's dependencies: rendered this run, or read from their file."""
        result = []
        for dependency in target.depends:
            if dependency not in data:
                path = self.out / self.targets[dependency].paths[0]
                with os_faults(path):
                    data[dependency] = path.read_bytes()
            result.append(data[dependency])
        return tuple(result)

    def take(self, outcome: Outcome) -> None:
        """Record one rendered target: stage changed files, remember problems and failures."""
        target = self.targets[outcome.target]
        if outcome.problems:
            self.problems += outcome.problems
        elif outcome.failure or outcome.rendered is None:
            self._failed(target, outcome)
        elif self.selects(target.kind, target.unit):
            self.result.rendered += 1
            if self.tx is None:
                self.result.warnings += outcome.rendered.warnings
                self.result.notes += outcome.rendered.notes
            else:
                self._stage(target, outcome.rendered)

    def _failed(self, target: Target, outcome: Outcome) -> None:
        game = self.games.get(target.unit)
        where = f"{game.id}: " if game else ""
        self.failures.append(f"{where}cannot make {target.name}: {outcome.failure} (run with -vv for details)")
        import logging  # on failure only: a no-op build does without it

        logging.getLogger("pnp").debug("%s", outcome.trace)

    def _stage(self, target: Target, rendered: Rendered) -> None:
        tx = self._writing()
        unit = self.by_scope[target.unit]
        key = self.keys[target.id]
        for path in target.paths:
            if path not in rendered.files:
                continue  # left out: nothing to put in it this time
            data = rendered.files[path]
            old = self.manifest.files.get(path)
            said = not in_pnp_folder(path)
            if (old is not None and old.stamp.sha256 == hashlib.sha256(data).hexdigest()
                    and old.stamp.matches(self.out / path)):
                stamp = old.stamp
                self.result.unchanged += said
            else:
                tx.stage(path, data)
                stamp = stamp_of(data, tx.staging / "new" / path)
                if said:
                    self.result.written.append(self.out / path)
            self.made[path] = Output(target.id, target.unit, key, unit.request, target.facets, stamp)
        self.records[target.id] = TargetRecord(key, target.unit, target.kind, list(rendered.warnings), unit.request,
                                               list(rendered.notes))

    # --- commit --------------------------------------------------------------------

    def _writing(self) -> Transaction:
        """The transaction of a run that writes (a dry run has none: it stages, removes and commits nothing)."""
        if self.tx is None:
            raise AssertionError("a dry run writes nothing")
        return self.tx

    def commit(self) -> RunResult:
        tx = self._writing()
        manifest = self._next_manifest()
        self.result.warnings = sorted(set(w for r in manifest.targets.values() if self._shown(r) for w in r.warnings))
        self.result.warnings += self.left_warnings
        self.result.notes = [note for _, record in sorted(manifest.targets.items()) if self._shown(record)
                             for note in record.notes]
        if tx.keep_state and (manifest != self.manifest or not (self.out / MANIFEST).is_file()):
            tx.stage(MANIFEST, manifest.dumps())
        tx.commit()
        return self.result

    def _shown(self, record: TargetRecord) -> bool:
        unit = self.by_scope.get(record.unit)
        return unit is not None and record.request == unit.request and self.selects(record.kind, record.unit)

    def _next_manifest(self) -> Manifest:
        """The manifest after this run: what it made or confirmed, what other requests and games
        made as it was (earlier outputs of a changed game marked stale where they are), less
        what this run was asked about and no longer makes (removed at commit)."""
        old = self.manifest
        stale_scopes = {u.scope for u in self.units} - {u.scope for u in self.carried_units}
        partial = {u.scope for u in self.units if u.options.kinds is not None}
        files = {p: f for p, f in old.files.items() if f.unit not in stale_scopes}
        # A partial run keeps every record of its games: the next full run checks them all.
        targets = {tid: r for tid, r in old.targets.items() if r.unit not in stale_scopes - partial}
        requests = {**old.requests, **{u.request: {"command": self.command, "options": _request_fields(u.options)}
                                       for u in self.units}}
        self.left_warnings: list[str] = []
        for tid in self.fresh:
            target = self.targets[tid]
            unit = self.by_scope[target.unit]
            targets[tid] = replace(old.targets[tid], request=unit.request)
            for path in target.paths:
                self.made[path] = replace(old.files[path], request=unit.request, facets=target.facets, stale=False)
        targets.update(self.records)
        files.update(self.made)
        kept = self._sort_earlier({p: f for p, f in old.files.items() if f.unit in stale_scopes and p not in self.made})
        files.update(kept)
        for output in kept.values():
            if output.target not in targets and output.target in old.targets:
                targets[output.target] = old.targets[output.target]
        units = {s: u for s, u in old.units.items() if s not in {u.scope for u in self.units}}
        for unit in self.units:
            if unit.scope not in partial:  # a partial run forgets the unit's key: its next full run checks every target
                units[unit.scope] = UnitRecord(unit.key, unit.sources, self._game_id(unit))
        return Manifest(units, targets, files, requests)

    def _game_id(self, unit: Unit) -> str:
        game = self.games.get(unit.scope)
        if game is not None:
            return game.id
        known = self.manifest.units.get(unit.scope)
        return known.game if known is not None else ""

    def _sort_earlier(self, earlier: dict[str, Output]) -> dict[str, Output]:
        """Of the files of the changed units that this run did not make: those it was asked about
        are removed (if they are as pnp wrote them); the others are kept, marked stale where
        their inputs changed since they were made."""
        kept: dict[str, Output] = {}
        to_mark: dict[str, Output] = {}
        for path, output in earlier.items():
            unit = self.by_scope[output.unit]
            if unit.options.kinds is not None:
                kept[path] = output  # a partial run (pnp watch's first) is followed by the whole: it marks them
            elif not unit.options.covers(output.facets, path):
                to_mark[path] = output
            elif self.manifest.intact(path, self.out):
                self._writing().remove(path)
                if not in_pnp_folder(path):
                    self.result.removed.append(self.out / path)
            elif (self.out / path).exists():
                self.left_warnings.append(f"left {path}: changed since pnp wrote it")
        return {**kept, **self._marked(to_mark)}

    def _marked(self, kept: dict[str, Output]) -> dict[str, Output]:
        """kept, each marked stale or not by planning again the request that made it (for this game as it is now)."""
        by_request: dict[tuple[str, str], list[str]] = {}
        for path, output in kept.items():
            by_request.setdefault((output.unit, output.request), []).append(path)
        marked = dict(kept)
        for (scope, request), paths in by_request.items():
            keys = self._keys_for(scope, self.manifest.requests.get(request))
            for path in paths:
                output = kept[path]
                planned = keys.get(output.target) if keys is not None else None
                stale = planned is None or planned[0] != output.key or path not in planned[1]
                marked[path] = replace(output, stale=stale)
                if stale and not output.stale and not in_pnp_folder(path):
                    self.result.stale.append(self.out / path)  # what this run found out of date
        return marked

    def _keys_for(self, scope: str, request: dict | None) -> dict[str, tuple[str, tuple[str, ...]]] | None:
        """Each target's key and paths as an earlier request plans them now; None if it cannot be planned."""
        from pnp.targets.options import OPTIONS_FOR, BadOption

        unit = self.by_scope[scope]
        if request is None or (unit.folder is not None and scope not in self.games):
            return None
        try:
            options = OPTIONS_FOR[request["command"]].from_fields(request["options"], out=self.out)
            planned = self._planned(unit, replace(options, kinds=None))
        except (BadOption, ContentError, KeyError, TypeError, ValueError):
            return None
        keys = _keys(planned)
        return {target.id: (keys[target.id], target.paths) for target in planned}


# --- processes ------------------------------------------------------------------------

_WORKER: dict = {}


def _start_worker(games: dict[str, LoadedGame], options: dict[str, RunOptions], parent: int | None = None) -> None:
    _WORKER.update(games=games, options=options)
    if parent is not None:
        import threading

        threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: int) -> None:
    """A worker whose build process died (kill -9) ends too, instead of waiting for work forever."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _render_one(kind: TargetKind, target: Target, upstream: tuple[bytes, ...]) -> Outcome:
    """Render in whichever process runs this; every failure comes back as data."""
    try:
        game = _WORKER["games"].get(target.unit)
        return Outcome(target.id, rendered=kind.render(target, game, _WORKER["options"][target.unit], upstream))
    except ContentError as error:
        return Outcome(target.id, problems=list(error.problems))
    except Exception as error:  # a library refusing a value validation let through
        import traceback

        return Outcome(target.id, failure=f"{type(error).__name__}: {error}", trace=traceback.format_exc())


class _Scheduler:
    """Hands ready targets to the processes in priority order, a few at a time."""

    def __init__(self, work: _Run, needed: dict[str, Target], progress: Progress):
        self.work, self.needed, self.progress = work, needed, progress
        self.data: dict[str, bytes] = {}
        self.waiting = {tid: {d for d in t.depends if d in needed} for tid, t in needed.items()}
        self.order = {tid: index for index, tid in enumerate(needed)}
        self.ready: list = []
        for tid in needed:
            self._maybe_ready(tid)

    def _maybe_ready(self, tid: str) -> None:
        if not self.waiting[tid]:
            target = self.needed[tid]
            heapq.heappush(self.ready, (self.work.kinds[target.kind].priority, self.order[tid], tid))

    def run(self) -> None:
        if not self.needed:
            return
        _start_worker(self.work.games, self.work.unit_options)
        try:
            self._render()
        finally:
            # The games go when the run's last reference does, not when the process ends: a
            # collection at exit walked a 10,000-card deck's 0.3 s after the build was done.
            _WORKER.clear()

    def _render(self) -> None:
        processes = min(self.work.options.processes, len(self.needed))
        if processes <= 1:
            while self.ready:
                self._done(_render_one(*self._task(heapq.heappop(self.ready)[2])))
            return
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(processes, mp_context=_context(), initializer=_start_worker,
                                 initargs=(self.work.games, self.work.unit_options, os.getpid())) as pool:
            self._pump(pool, processes)

    def _pump(self, pool: ProcessPoolExecutor, processes: int) -> None:
        from concurrent.futures import FIRST_COMPLETED, wait

        running: set[Future[Outcome]] = set()
        while self.ready or running:
            while self.ready and len(running) < processes + 1:
                running.add(pool.submit(_render_one, *self._task(heapq.heappop(self.ready)[2])))
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                self._done(future.result())

    def _task(self, tid: str) -> tuple:
        target = self.needed[tid]
        return self.work.kinds[target.kind], target, self.work.upstream(target, self.data)

    def _done(self, outcome: Outcome) -> None:
        self.work.take(outcome)
        target = self.needed[outcome.target]
        if outcome.rendered is None:
            return  # its dependents cannot be made; the failure is reported
        rendered = outcome.rendered
        # A target's data, else its first file (b"" if it left that out: a reprint of nothing).
        self.data[target.id] = rendered.data if rendered.data is not None else rendered.files.get(target.paths[0], b"")
        if self.work.selects(target.kind, target.unit):
            self.progress(target.name)
        for tid, deps in self.waiting.items():
            if target.id in deps:
                deps.discard(target.id)
                self._maybe_ready(tid)


def _context():
    """fork where there is one: workers inherit the loaded games instead of unpickling them."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else methods[0])
