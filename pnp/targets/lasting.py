"""What a run keeps until it ends (its loaded games, their laid-out kits), made out of the
cyclic garbage collector's reach.

Loading and layout make objects that live as long as the build, and make them faster than
the collector's thresholds expect: each full collection walked them all again. A
10,000-card deck leaves some 370,000 tracked objects from loading, whose collections took
half the loading time; its layout spent 0.2–0.3 s of its 0.9–1.4 s in collections, in every
worker, and the collections while painting walked the layout again. Made with the
collector paused and then frozen, they are never walked; worker processes forked
afterwards also leave their pages shared instead of copying them to update the collector's
counts.

Only a run freezes (`freezing_run`): `pnp translate` and `pnp new` load games outside one,
and tests lay kits out outside one, and keep the collector as it is. The run unfreezes
everything when it ends, so a process that builds again (pnp watch, the tests) lets the
old games go. Worker processes forked by the run inherit its state.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

_in_run = False


@contextmanager
def freezing_run():
    """The span of one run: `kept` freezes what it makes, and everything is unfrozen at the end."""
    global _in_run
    outer, _in_run = _in_run, True
    try:
        yield
    finally:
        _in_run = outer
        if not outer:
            gc.unfreeze()


def kept(make: Callable[[], T]) -> T:
    """make(), with the collector paused and what it made frozen when inside a run; else just make()."""
    if not _in_run:
        return make()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return make()
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
