"""The peer figure: 90 poker cards to 300-dpi PNG sheets by pnp and by board-game-factory.

Both make the synthetic deck of bench/synthetic.py (suit colour, frame, title, rules
text, circle; one shared back) into A4 PNG sheets at 300 dpi, fronts and backs, each as
a whole command timed from start to exit: pnp as `pnp build DIR --format png --paper a4
--lang en` into a fresh folder, board-game-factory as its README shows (a card class
built from its components, then `ff.make_printable_sheets(cards, dpi=300,
out_dir_path=...)`, once for the fronts and once for the backs).

board-game-factory is installed into its own virtual environment under bench/.cache/
(ignored by git), so pnp's dependencies are never touched. It draws with cairo and
pango through cffi: pip builds its pangocffi and pangocairocffi from source (pure
Python, no compiler) and they open the system's libcairo and libpango at run time.
When it cannot be installed or run, the figure says so and why instead of a number.

Run as `python bench/board_game_factory.py OUT` inside that environment, this file is
the board-game-factory side: it writes the sheets under OUT.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.processes import run_timed  # noqa: E402
from bench.synthetic import card_values, write_deck  # noqa: E402

PEER = "board-game-factory==0.3.0"
PEER_ENV = ROOT / "bench" / ".cache" / "board-game-factory-0.3.0"
CARDS = 90
RUNS = 3


@dataclass(frozen=True)
class PeerFigures:
    pnp_seconds: float = 0.0
    peer_seconds: float = 0.0
    pnp_cpu: float = 0.0
    peer_cpu: float = 0.0
    pnp_sheets: int = 0
    peer_sheets: int = 0
    skipped: str = ""  # why board-game-factory could not be measured


def peer_figures(work: Path) -> PeerFigures:
    """The best of RUNS wall times (with its CPU seconds) of each tool on the same deck."""
    python, problem = peer_python()
    if python is None:
        return PeerFigures(skipped=problem)
    folder = write_deck(work / "peer", CARDS)
    pnp_runs, peer_runs = [], []
    for n in range(RUNS):  # taking turns, so a busy moment on the shared machine slows both
        pnp_runs.append(run_timed([sys.executable, "-m", "pnp", "build", str(folder), "--format", "png", "--paper",
                                   "a4", "--lang", "en", "-q", "--out", str(work / f"peer-pnp{n}")], ROOT))
        peer_runs.append(run_timed([str(python), __file__, str(work / f"peer-bgf{n}")], ROOT))
    failed = next((run.error for run in peer_runs if run.error), None)
    if failed is not None:
        return PeerFigures(skipped=f"board-game-factory failed to make the sheets: {' | '.join(failed.splitlines())}")
    failed = next((run.error for run in pnp_runs if run.error), None)
    if failed is not None:
        raise SystemExit(f"pnp failed on the peer deck: {failed}")
    pnp, peer = min(pnp_runs, key=lambda run: run.seconds), min(peer_runs, key=lambda run: run.seconds)
    return PeerFigures(pnp.seconds, peer.seconds, pnp.cpu, peer.cpu, _pngs(work / "peer-pnp0"),
                       _pngs(work / "peer-bgf0"))


def peer_python() -> tuple[Path | None, str]:
    """The Python of board-game-factory's own environment, made on first use; else (None, why)."""
    python = PEER_ENV / "bin" / "python"
    ready = PEER_ENV / ".ready"
    if ready.exists():
        return python, ""
    shutil.rmtree(PEER_ENV, ignore_errors=True)
    steps = {f"making a venv in {PEER_ENV}": [sys.executable, "-m", "venv", str(PEER_ENV)],
             f"pip install {PEER}": [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                                     PEER],
             "importing bgfactory (it loads the system's cairo and pango)": [str(python), "-c",
                                                                             "from bgfactory import ff"]}
    for label, step in steps.items():
        process = subprocess.run(step, capture_output=True, text=True)
        if process.returncode != 0:
            error = [line for line in (process.stderr or process.stdout).splitlines() if line.strip()]
            return None, f"{label} failed: " + " | ".join(error[-2:])
    ready.touch()
    return python, ""


def _pngs(out: Path) -> int:
    return sum(1 for _ in out.rglob("*.png"))


# --- the board-game-factory side (run in its own environment) -----------------------------

def make_peer_sheets(out: Path) -> None:
    """The deck's fronts and backs as 300-dpi A4 PNG sheets, the way board-game-factory's README does it."""
    from bgfactory import ff

    fronts = [_front(ff, card_values(index)) for index in range(CARDS)]
    backs = [_back(ff) for _ in range(CARDS)]
    ff.make_printable_sheets(fronts, dpi=300, out_dir_path=out / "fronts")
    ff.make_printable_sheets(backs, dpi=300, out_dir_path=out / "backs")


DPI = 300
WIDTH_MM, HEIGHT_MM = 63.5, 88.9  # templates/cards.yaml's poker card


def _px(mm: float) -> float:
    return mm / 25.4 * DPI


def _pt(points: float) -> float:
    return points / 72 * DPI


def _front(ff, values: dict):
    import pangocffi as pango

    w, h = _px(WIDTH_MM), _px(HEIGHT_MM)
    ink = ff.hex_color_to_rgba("#111111")
    card = ff.Rectangle(0, 0, w, h, stroke_width=0, fill_src=ff.hex_color_to_rgba(values["suit"]))
    card.add(
        ff.RoundedRectangle(0.05 * w, 0.04 * h, 0.9 * w, 0.92 * h, radius=_px(2), stroke_width=_pt(0.5), stroke_src=ink,
                            fill_src=ff.COLOR_TRANSPARENT),
        ff.TextUniform(0.08 * w, 0.06 * h, 0.84 * w, 0.1 * h, values["name"], fill_src=ink,
                       font_description=ff.FontDescription(family="Sans", size=_pt(12), weight=pango.Weight.BOLD),
                       halign=ff.HALIGN_CENTER, valign=ff.VALIGN_MIDDLE),
        ff.TextUniform(0.1 * w, 0.35 * h, 0.8 * w, 0.4 * h, values["rules"], fill_src=ink,
                       font_description=ff.FontDescription(family="Sans", size=_pt(8)),
                       halign=ff.HALIGN_CENTER, valign=ff.VALIGN_MIDDLE),
        ff.Circle(0.42 * w, 0.85 * h - 0.08 * w, 0.08 * w, stroke_width=_pt(0.5), stroke_src=ink,
                  fill_src=ff.COLOR_TRANSPARENT),
    )
    return card


def _back(ff):
    import pangocffi as pango

    w, h = _px(WIDTH_MM), _px(HEIGHT_MM)
    card = ff.Rectangle(0, 0, w, h, stroke_width=0, fill_src=ff.hex_color_to_rgba("#2b2d42"))
    card.add(ff.TextUniform(0, 0.45 * h, w, 0.1 * h, "SYNTHETIC", fill_src=ff.COLOR_WHITE,
                            font_description=ff.FontDescription(family="Sans", size=_pt(14), weight=pango.Weight.BOLD),
                            halign=ff.HALIGN_CENTER, valign=ff.VALIGN_MIDDLE))
    return card


if __name__ == "__main__":
    make_peer_sheets(Path(sys.argv[1]))
