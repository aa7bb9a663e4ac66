"""What pnp wrote under --out, from its manifest: each game's outputs and which are stale, and `clean`.

An output is stale when its inputs changed since it was made: a build marks the outputs of
other requests it keeps (another format, language, paper or shop) by planning their
request again; and a game whose files changed since its last build has every output it
has not checked since counted as possibly stale. `clean` removes outputs pnp wrote (all,
a game's, or only the stale ones) in one transaction, as a build removes what it no
longer makes: a file changed by hand since is left where it is, and said.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.output.transaction import STATE_FOLDER, in_pnp_folder
from pnp.targets import digest as digests
from pnp.targets.manifest import MANIFEST, Manifest, sources_of


@dataclass
class GameOutputs:
    """A game's outputs under --out: every file pnp wrote for it, those known to be stale, and
    by command (build, diagrams) the others made or checked before the game last changed."""

    files: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    unchecked: dict[str, list[str]] = field(default_factory=dict)


def game_outputs(out: Path, folder: Path) -> GameOutputs:
    """What the manifest under out records for the game in folder (builds and diagrams)."""
    manifest = Manifest.load(out)
    resolved = str(Path(folder).resolve())
    scopes = {scope for scope in manifest.units if scope.split(":", 1)[1] == resolved}
    scopes |= {f.unit for f in manifest.files.values() if f.unit.split(":", 1)[1] == resolved}
    result = GameOutputs()
    if not scopes:
        return result
    digests.remember_in(Path(out) / STATE_FOLDER)
    sources = sources_of(Path(folder))
    changed = {scope for scope in scopes if scope not in manifest.units or manifest.units[scope].sources != sources}
    for path, output in sorted(manifest.files.items()):
        if output.unit in scopes and not in_pnp_folder(path):
            result.files.append(path)
            if output.stale:
                result.stale.append(path)
            elif output.unit in changed:
                result.unchecked.setdefault(output.unit.split(":", 1)[0], []).append(path)
    return result


@dataclass
class Cleaned:
    removed: list[Path] = field(default_factory=list)
    left: list[str] = field(default_factory=list)  # files changed by hand since pnp wrote them


def clean(out: Path, games: Iterable[str] | None, stale_only: bool = False) -> Cleaned:
    """Remove the outputs pnp wrote under out: of the games named (by folder, resolved, or by id;
    None: every one, the calibration sheet too), or only those marked stale."""
    from pnp.output.transaction import Transaction

    result = Cleaned()
    if not (Path(out) / MANIFEST).is_file():
        return result
    wanted = None if games is None else set(games)
    with Transaction(out) as transaction:
        manifest = Manifest.load(out)
        chosen = [path for path, output in sorted(manifest.files.items())
                  if _chosen(manifest, output.unit, wanted) and (output.stale or not stale_only)]
        if not chosen:
            return result
        for path in chosen:
            output = manifest.files.pop(path)
            unit = manifest.units.get(output.unit)
            if unit is not None:  # the unit's next run checks every output again
                manifest.units[output.unit] = replace(unit, key="")
            if output.stamp.matches(Path(out) / path):
                transaction.remove(path)
                if not in_pnp_folder(path):
                    result.removed.append(Path(out) / path)
            elif (Path(out) / path).exists():
                result.left.append(f"left {path}: changed since pnp wrote it")
        transaction.stage(MANIFEST, manifest.dumps())
        transaction.commit()
    return result


def _chosen(manifest: Manifest, scope: str, wanted: set[str] | None) -> bool:
    if wanted is None:
        return True
    unit = manifest.units.get(scope)
    folder = scope.split(":", 1)[1]
    return folder in wanted or (unit is not None and unit.game in wanted)
