"""Runs a command's targets: skip what is up to date, render the rest in parallel, commit once.

A run works on units (one game folder each, or none for the calibration sheet):
1. a unit whose key (its files, the templates, pnp's code, the options) is the one in
   the manifest and whose files are as pnp wrote them is carried over without loading;
2. the other games are loaded and checked once, their targets planned and keyed;
3. stale targets (and the in-memory steps they need) are rendered, highest priority
   first, in a pool of processes that inherit the loaded games;
4. every new file is staged; files whose bytes did not change are left alone; outputs
   the run no longer makes are removed; the manifest is staged last; one commit.
Any problem, failure or OS fault ends the run before the commit: --out is untouched.
"""

from __future__ import annotations

import hashlib
import heapq
import os
import time
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

import click

from pnp.build import digest as digests
from pnp.build.digest import code_digest, folder_digest, key_of
from pnp.build.lasting import freezing_run, kept
from pnp.build.manifest import MANIFEST, Manifest, Record, stamp_of
from pnp.build.options import RunOptions
from pnp.model.folders import find_templates_folders
from pnp.model.problems import ContentError, Problem
from pnp.output.files import OutputError, OutsideRoot, inside, os_faults, write_file
from pnp.output.transaction import STATE_FOLDER, Transaction

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from pnp.build.games import LoadedGame
    from pnp.build.target import Rendered, Target, TargetKind

Progress = Callable[[str], None]


class TargetFailed(click.ClickException):
    """A target that could not be rendered for a reason validation did not foresee."""

    exit_code = 1


@dataclass
class RunResult:
    written: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    unchanged: int = 0
    rendered: int = 0
    skipped: int = 0


@dataclass(frozen=True)
class Unit:
    """A command's work on one game folder (folder None: work that reads no game)."""

    scope: str
    folder: Path | None
    key: str


@dataclass
class Outcome:
    target: str
    rendered: Rendered | None = None
    problems: list[Problem] = field(default_factory=list)
    failure: str | None = None
    trace: str = ""


def run(command: str, folders: Iterable[Path] | None, options: RunOptions,
        progress: Progress = lambda _: None, on_plan: Callable[[int], None] = lambda _: None) -> RunResult:
    """Make the outputs of command for folders (None: a command without games) under options.out."""
    state = Path(options.out) / STATE_FOLDER
    remembered = digests.remember_in(state)
    units = [_unit(command, folder, options) for folder in folders] if folders is not None else [_unit(command, None, options)]
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


def _keep(state: Path, remembered: digests.DigestMemory) -> None:
    try:
        write_file(state, digests.MEMORY_FILE, remembered.dumps())
    except OutputError:
        pass  # the outputs are in place; the next run reads the files again instead


def dry_run(command: str, folders: Iterable[Path], options: RunOptions,
            progress: Progress = lambda _: None, on_plan: Callable[[int], None] = lambda _: None) -> RunResult:
    """Render every target of command that options.kinds selects, as a run would, and write nothing:
    no manifest is read, nothing is up to date, nothing is staged. Problems raise as in a run;
    the result holds the warnings."""
    units = [_unit(command, folder, options) for folder in folders]
    with freezing_run():
        work = _Run(command, units, options, None)
        work.plan()
        on_plan(len(work.wanted_stale))
        work.render(progress)
    work.result.warnings = sorted(set(work.result.warnings))
    return work.result


def _load_frozen(folders: list[Path]) -> list[LoadedGame]:
    """The games, loaded out of the garbage collector's reach (pnp.build.lasting)."""
    from pnp.build.games import load_games  # the model and the engines, only when needed

    return kept(lambda: load_games(folders))


def _unit(command: str, folder: Path | None, options: RunOptions) -> Unit:
    if folder is None:
        # Work that reads no game is known by the files it makes: `calibrate --out a.pdf`
        # and `--out b.pdf` are two units, so the second does not remove the first's file.
        from pnp.build.kinds import kinds_for

        paths = sorted(p for kind in kinds_for(command).values() for t in kind.plan(None, options) for p in t.paths)
        return Unit(f"{command}:{'|'.join(paths)}", None, key_of(code_digest(), command, options.key_fields(), options.kinds))
    folder = Path(folder)
    with os_faults(folder):
        files = key_of(folder_digest(folder), *(folder_digest(layer) for layer in find_templates_folders(folder)))
    key = key_of(code_digest(), command, options.key_fields(), options.kinds, files)
    return Unit(f"{command}:{folder.resolve()}", folder, key)


class _Run:
    def __init__(self, command: str, units: list[Unit], options: RunOptions, transaction: Transaction | None):
        self.command, self.units, self.options, self.tx = command, units, options, transaction
        self.out = Path(options.out)
        self.manifest = Manifest.load(self.out) if transaction is not None else Manifest()
        self.targets: dict[str, Target] = {}
        self.keys: dict[str, str] = {}
        self.fresh: set[str] = set()
        self.carried_units: list[Unit] = []
        self.games: dict[str, LoadedGame] = {}
        self.result = RunResult()
        self.records: dict[str, Record] = {}
        self.old_stamps = {p: s for r in self.manifest.targets.values() for p, s in r.files.items()}

    @cached_property
    def kinds(self) -> dict[str, TargetKind]:
        """The command's kinds, imported when a unit is to be planned: a no-op build needs none."""
        from pnp.build.kinds import kinds_for

        return kinds_for(self.command)

    def selects(self, kind: str) -> bool:
        """Whether targets of kind are asked for (all of the command's unless options.kinds says)."""
        return not self.options.kinds or kind in self.options.kinds

    # --- planning ------------------------------------------------------------------

    def plan(self) -> None:
        stale_units = []
        for unit in self.units:
            (self.carried_units if self._unit_fresh(unit) else stale_units).append(unit)
        with_games = [u for u in stale_units if u.folder is not None]
        if with_games:
            self.games = dict(zip((u.scope for u in with_games), _load_frozen([u.folder for u in with_games])))
        for unit in stale_units:
            for kind in sorted(self.kinds.values(), key=lambda k: k.priority):
                for target in kind.plan(self.games.get(unit.scope), self.options):
                    self._add(target, unit)
        self._check_paths()
        self.wanted_stale = [t for t in self.targets.values() if self.selects(t.kind) and t.id not in self.fresh]
        self.result.skipped = sum(1 for t in self.targets.values() if self.selects(t.kind) and t.id in self.fresh)
        self.result.skipped += sum(1 for u in self.carried_units for r in self.manifest.in_unit(u.scope).values()
                                   if self.selects(r.kind) and r.files)

    def _unit_fresh(self, unit: Unit) -> bool:
        if self.options.force or self.manifest.units.get(unit.scope) != unit.key:
            return False
        records = self.manifest.in_unit(unit.scope)
        return all(self._record_usable(r) for r in records.values())

    def _record_usable(self, record: Record) -> bool:
        if getattr(self.options, "strict", False) and record.warnings:
            return False  # --strict must report what a relaxed build only warned about
        return self.manifest.intact(record, self.out)

    def _add(self, target: Target, unit: Unit) -> None:
        target = replace(target, unit=unit.scope)
        if target.id in self.targets:
            raise TargetFailed(f"two outputs of {unit.folder or unit.scope} are both named {target.id}")
        self.targets[target.id] = target
        key = key_of(code_digest(), target.kind, target.id, target.params, target.inputs,
                     [self.keys[d] for d in target.depends])
        self.keys[target.id] = key
        record = self.manifest.targets.get(target.id)
        if (not self.options.force and record is not None and record.key == key
                and set(record.files) == set(target.paths) and self._record_usable(record)):
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
        elif outcome.failure:
            self._failed(target, outcome)
        elif self.selects(target.kind):
            self.result.rendered += 1
            if self.tx is None:
                self.result.warnings += outcome.rendered.warnings
            else:
                self._stage(target, outcome.rendered)

    def _failed(self, target: Target, outcome: Outcome) -> None:
        game = self.games.get(target.unit)
        where = f"{game.id}: " if game else ""
        self.failures.append(f"{where}cannot make {target.name}: {outcome.failure} (run with -vv for details)")
        import logging  # on failure only: a no-op build does without it

        logging.getLogger("pnp").debug("%s", outcome.trace)

    def _stage(self, target: Target, rendered: Rendered) -> None:
        stamps = {}
        for path in target.paths:
            data = rendered.files[path]
            old = self.old_stamps.get(path)
            if old is not None and old.sha256 == hashlib.sha256(data).hexdigest() and old.matches(self.out / path):
                stamps[path] = old
                self.result.unchanged += 1
                continue
            self.tx.stage(path, data)
            stamps[path] = stamp_of(data, self.tx.staging / "new" / path)
            self.result.written.append(self.out / path)
        self.records[target.id] = Record(self.keys[target.id], target.unit, target.kind, stamps, list(rendered.warnings))

    # --- commit --------------------------------------------------------------------

    def commit(self) -> RunResult:
        manifest = self._next_manifest()
        self.result.warnings = sorted(set(w for r in manifest.targets.values() if self._shown(r) for w in r.warnings))
        self._remove_outdated(manifest)
        if self.tx.keep_state and (manifest != self.manifest or not (self.out / MANIFEST).is_file()):
            self.tx.stage(MANIFEST, manifest.dumps())
        self.tx.commit()
        return self.result

    def _shown(self, record: Record) -> bool:
        return any(record.unit == u.scope for u in self.units) and self.selects(record.kind)

    def _next_manifest(self) -> Manifest:
        scopes = {u.scope for u in self.units}
        old = self.manifest
        if self.options.kinds is not None:
            # A partial run (some kinds only) adds what it made and forgets the units' keys,
            # so the next full run checks every target of these games.
            return Manifest({s: k for s, k in old.units.items() if s not in scopes}, {**old.targets, **self.records})
        stale_scopes = scopes - {u.scope for u in self.carried_units}
        targets = {tid: r for tid, r in old.targets.items() if r.unit not in stale_scopes or tid in self.fresh}
        targets.update(self.records)
        units = {s: k for s, k in old.units.items() if s not in scopes}
        units.update({u.scope: u.key for u in self.units})
        return Manifest(units, targets)

    def _remove_outdated(self, manifest: Manifest) -> None:
        """Files pnp wrote for these units that the run no longer makes (unless edited by hand)."""
        if self.options.kinds is not None:
            return  # a partial run does not know what the whole build makes
        kept = {p for r in manifest.targets.values() for p in r.files}
        for record in self.manifest.targets.values():
            for path, stamp in record.files.items():
                if path in kept or not any(record.unit == u.scope for u in self.units):
                    continue
                if stamp.matches(self.out / path):
                    self.tx.remove(path)
                    self.result.removed.append(self.out / path)
                elif (self.out / path).exists():
                    self.result.warnings.append(f"left {path}: changed since pnp wrote it")


# --- processes ------------------------------------------------------------------------

_WORKER: dict = {}


def _start_worker(games: dict[str, LoadedGame], options: RunOptions, parent: int | None = None) -> None:
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
        return Outcome(target.id, rendered=kind.render(target, game, _WORKER["options"], upstream))
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
        _start_worker(self.work.games, self.work.options)
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
                                 initargs=(self.work.games, self.work.options, os.getpid())) as pool:
            self._pump(pool, processes)

    def _pump(self, pool: ProcessPoolExecutor, processes: int) -> None:
        from concurrent.futures import FIRST_COMPLETED, wait

        running = set()
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
        self.data[target.id] = rendered.data if rendered.data is not None else rendered.files[target.paths[0]]
        if self.work.selects(target.kind):
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
