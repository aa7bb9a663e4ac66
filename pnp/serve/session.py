"""`pnp serve`'s live state: the games it shows, how each one's last rebuild went, a version that
every open page waits on, and the passes its watch rebuilds in.

A save rebuilds the game in three passes (pnp.targets.watch), each incremental and each
committed into --out as a build is: first each component alone and the sheets on the first
paper, so the card just edited is on the page first; then everything else the game's settings
ask for (other papers, rulebooks, booklets, the web edition); then the diagrams alone. Each
game is built apart, so one game's error holds no other back. A pass that fails leaves its
located error on the game's page in place of the pictures that pass makes and of those of the
passes it kept from running; the pass's next success clears it.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.layout.paper import PAPERS
from pnp.model.game import game_title_and_languages
from pnp.output.files import write_file
from pnp.output.transaction import STATE_FOLDER, check_state_folder, read_state_file
from pnp.serve.kit import Documents, Manifests, Section, file_items, kit_files
from pnp.targets.kinds import booklets, diagrams, faces, rulebooks, sheets, web
from pnp.targets.manifest import unit_scope
from pnp.targets.options import BuildOptions, DiagramOptions
from pnp.targets.watch import Built, Pass

# What the page pictures, added to what a game's settings build.
PREVIEW_FORMATS = ("pdf", "faces", "html")
CARDS_FIRST = ("sheet-part", "sheets", "faces")  # a long kit's sheets are painted in parts
CALIBRATION_FILE = "serve.json"
PX_PER_MM_RANGE = (1.0, 40.0)  # what a screen's calibration may be: 25 to 1,000 pixels per inch
HISTORY = 64  # versions whose changed games a page may still ask about


def preview_options(options: BuildOptions) -> BuildOptions:
    """A game's build options with the formats the page pictures added to those it asks for."""
    return replace(options, formats=tuple(dict.fromkeys((*options.formats, *PREVIEW_FORMATS))))


def _cards_and_sheets(options: BuildOptions) -> BuildOptions:
    return replace(options, kinds=CARDS_FIRST, papers=options.papers[:1])


def _diagrams(options: BuildOptions) -> DiagramOptions:
    return DiagramOptions(out=options.out, jobs=options.jobs, force=options.force, formats=("pdf",),
                          languages=options.languages)


CARDS, REST, DIAGRAMS = "cards and sheets", "the rest", "diagrams"
PASSES = (Pass(CARDS, "build", _cards_and_sheets), Pass(REST, "build", lambda options: options),
          Pass(DIAGRAMS, "diagrams", _diagrams))
STEPS = tuple(step.name for step in PASSES)
SECTIONS = (
    Section("faces", "Cards and tokens", (faces.NAME,), CARDS),
    Section("sheets", "Sheets", (sheets.NAME,), CARDS),
    Section("rulebook", "Rulebooks", (rulebooks.NAME,), REST),
    Section("booklet", "Booklets", (booklets.BOOKLET,), REST),
    Section("web", "Web edition", (web.NAME,), REST, pictured=False),  # shown as the page it is
    Section("diagram", "Diagrams", (diagrams.NAME,), DIAGRAMS),
    Section("files", "Other files", (), REST, pictured=False),  # PNG pages, TTS and print-on-demand files
)


@dataclass
class GameState:
    """A game the page shows, and how its builds are going: the pass under way, and the located
    error of the pass that failed last (with the pass's name)."""

    folder: Path
    slug: str
    building: str | None = None
    error: tuple[str, str] | None = None
    built_at: float | None = None


class Session:
    """The games and their state, shared by the watch's thread (a Listener of its passes) and the
    server's (each page's view and its wait for the next version)."""

    def __init__(self, folders: list[Path], out: Path):
        self.out = Path(out)
        self.games: dict[str, GameState] = {}
        for folder in folders:
            slug = _unique(Path(folder).resolve().name, self.games)
            self.games[slug] = GameState(Path(folder), slug)
        self.manifests = Manifests(self.out)
        self.documents = Documents(self.out)
        self.version = 0
        self.closed = False
        self._changed = threading.Condition()
        self._history: deque[tuple[int, frozenset[str]]] = deque(maxlen=HISTORY)

    # --- what the watch says -------------------------------------------------------

    def started(self, step: str, folders: tuple[Path, ...]) -> None:
        with self._changed:
            for game in self._games_of(folders):
                game.building = step
            self._publish(folders)

    def built(self, outcome: Built) -> None:
        """A pass ended: the game is still building until its last pass, unless this one failed or was
        given up (its later passes do not run)."""
        step = STEPS.index(outcome.step)
        with self._changed:
            for game in self._games_of(outcome.folders):
                game.building = None
                if outcome.error is not None:
                    game.error = (outcome.step, outcome.error)
                elif outcome.result is not None:
                    if game.error is not None and STEPS.index(game.error[0]) <= step:
                        game.error = None
                    if step + 1 < len(STEPS):
                        game.building = STEPS[step + 1]
                    else:
                        game.built_at = time.time()
            self._publish(outcome.folders)

    def _games_of(self, folders: tuple[Path, ...]) -> list[GameState]:
        wanted = {Path(f).resolve() for f in folders}
        return [game for game in self.games.values() if game.folder.resolve() in wanted]

    def _publish(self, folders: tuple[Path, ...]) -> None:
        self.version += 1
        self._history.append((self.version, frozenset(g.slug for g in self._games_of(folders))))
        self._changed.notify_all()

    # --- what pages wait for -------------------------------------------------------

    def wait(self, seen: int, timeout: float) -> tuple[int, list[str]]:
        """(the version after `seen`, the games changed since) once there is one, or (seen, []) after
        timeout; every game if `seen` is too old to tell."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self.closed, timeout)
            if self.version == seen:
                return seen, []
            changed = [(v, slugs) for v, slugs in self._history if v > seen]
            if len(changed) < self.version - seen:
                return self.version, sorted(self.games)
            return self.version, sorted(set().union(*(slugs for _, slugs in changed)))

    def close(self) -> None:
        """Wake every waiting page: the server is stopping."""
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    # --- what pages show -----------------------------------------------------------

    def view(self, slug: str) -> dict:
        """What the page of a game shows: its pictures and links by section, the languages and papers
        they come in, its build's state and error, and the screen's calibration."""
        game = self.games[slug]
        manifest = self.manifests.current()
        unit = manifest.units.get(unit_scope("build", game.folder))
        game_id = unit.game if unit is not None and unit.game else slug
        files = kit_files(manifest, game.folder, SECTIONS)
        sections = []
        for section in SECTIONS:
            items = [item for f in files if f.section == section
                     for item in file_items(f, self.documents.pages(f) if section.pictured else None, game_id)]
            sections.append({"id": section.id, "title": section.title, "step": STEPS.index(section.step),
                             "items": items})
        title, own = game_title_and_languages(game.folder)
        languages = list(dict.fromkeys([*own, *(lang for f in files for lang in f.languages)]))
        papers = [paper for paper in PAPERS if any(f.paper == paper for f in files)]
        with self._changed:
            state = {"building": game.building, "built_at": game.built_at, "version": self.version,
                     "error": None if game.error is None else
                     {"message": game.error[1], "step": STEPS.index(game.error[0]), "pass": game.error[0]}}
        return {"game": slug, "id": game_id, "title": title, "games": sorted(self.games), "languages": languages,
                "papers": papers, "sections": sections, "calibration": self.calibration(), **state}

    # --- the screen's calibration --------------------------------------------------

    def calibration(self) -> float | None:
        """Screen pixels (CSS) per millimetre, as the user last calibrated them (None: never)."""
        data = read_state_file(self.out / STATE_FOLDER, CALIBRATION_FILE)
        try:
            value = json.loads(data)["px_per_mm"] if data else None
        except (ValueError, KeyError, TypeError):
            return None
        return value if _valid_calibration(value) else None

    def calibrate(self, px_per_mm: object) -> None:
        """Remember the calibration in the state folder; ValueError if it is no screen's."""
        if not _valid_calibration(px_per_mm):
            low, high = PX_PER_MM_RANGE
            raise ValueError(f"expected screen pixels per millimetre from {low:g} to {high:g}, got {px_per_mm!r}")
        state = self.out / STATE_FOLDER
        check_state_folder(state)
        write_file(state, CALIBRATION_FILE, json.dumps({"px_per_mm": px_per_mm}).encode("utf-8"))


def _valid_calibration(value: object) -> bool:
    low, high = PX_PER_MM_RANGE
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high


def _unique(name: str, taken: dict) -> str:
    slug, number = name, 1
    while slug in taken:
        number += 1
        slug = f"{name}-{number}"
    return slug
