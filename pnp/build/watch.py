"""`pnp watch`: build, then rebuild the games whose files change, for as long as it runs.

Changes are reported by watchfiles (the operating system's file events through the
Rust `notify` crate, debounced, with a polling fallback it chooses itself). After a
change the affected games are built in two runs: first the component sheets and their
PNG pages on the first paper size, so a changed card is on screen first, then everything
else (other papers, rulebooks that picture the card, booklets). Both runs are
incremental; an error is printed in the usual located form and the watch goes on.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable

import click

from pnp.build.options import BuildOptions
from pnp.build.runner import run
from pnp.model.folders import find_templates_folders
from pnp.output.files import display

FIRST = ("sheet-part", "sheets", "png-page")  # a long kit's sheets are painted in parts


def watch(folders: list[Path], options: BuildOptions, say: Callable[[str], None], stop_event=None) -> None:
    """Build folders now and again after every change, until stop_event is set (or Ctrl-C)."""
    import watchfiles

    templates = {layer for f in folders for layer in find_templates_folders(f)}
    started = False
    # The first (empty) batch comes once the watcher listens: build then, so that no save
    # made during the first build is missed.
    for changes in watchfiles.watch(*folders, *templates, watch_filter=_wanted, stop_event=stop_event, debounce=200,
                                    step=20, rust_timeout=500, yield_on_timeout=True, raise_interrupt=False):
        if not started:
            started = True
            rebuild(folders, options, say)
            say("watching for changes")
        if not changes:
            continue
        changed = sorted({Path(path) for _, path in changes})
        say("changed: " + ", ".join(display(p) for p in changed))
        rebuild(affected(folders, templates, changed), options, say)


def affected(folders: list[Path], templates: Iterable[Path], changed: list[Path]) -> list[Path]:
    """The game folders a change can touch: its own, or all of them for a template."""
    resolved = [p.resolve() for p in changed]
    if any(p.is_relative_to(t.resolve()) for p in resolved for t in templates):
        return folders
    return [f for f in folders if any(p.is_relative_to(f.resolve()) for p in resolved)]


def rebuild(folders: list[Path], options: BuildOptions, say: Callable[[str], None]) -> None:
    """The sheets on the first paper first, then the rest; every error is said, none ends the watch."""
    if not folders:
        return
    first = replace(options, kinds=FIRST, papers=options.papers[:1])
    for step in (first, options):
        start = time.perf_counter()
        try:
            result = run("build", folders, step)
        except click.ClickException as error:
            say(f"error: {error.format_message()}")
            return
        for path in sorted(result.written):
            say(f"wrote {display(path)}")
        for path in sorted(result.removed):
            say(f"removed {display(path)}")
        for warning in result.warnings:
            say(f"warning: {warning}")
        if result.written or result.removed:
            say(f"{'sheets' if step.kinds else 'all'} done in {time.perf_counter() - start:.2f} s")


def _wanted(change, path: str) -> bool:
    name = Path(path).name
    return not (name.startswith(".") or name.endswith("~") or name.endswith(".swp"))
