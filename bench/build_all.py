"""How fast pnp builds, as ratios against floors measured in the same run (`make bench`).

The machine is shared and noisy, so every figure is paired with a floor timed minutes
apart at most, each the best of a few runs, and the ratio is what counts:

- start-up: `pnp --help` and `pnp list` against `python -c "import click"`;
- the full kit (all games, en+da, PDF+PNG at 300 dpi, A4+Letter, all cores) against a
  bare script that rasterizes the same sheet pages with pypdfium2 and encodes them with
  Pillow at the same compress level on all cores (and once more rasterizing and encoding
  them as pnp does, see bench/floors.py); the CPU time and size of encoding those pages at compress levels 1,
  3 and 6, with Pillow's row filters and without;
- a rebuild with nothing changed against the clean build, from the command line;
- one changed card text: the files rewritten against those whose bytes changed;
- synthetic 1,000- and 10,000-card decks (PDF) against a bare reportlab canvas drawing
  the same cards on the same grid with the same fonts; peak memory of the 10k build;
- 200-card decks with a unique raster illustration per card (PNG, then JPEG; see
  bench/illustrated.py), PDF and 300-dpi PNG sheets, against a canvas placing the same
  images once each plus rasterizing its pages; PDF sizes and pnp's peak memory;
- `pnp watch`: save → the changed card's sheet rewritten, against that sheet alone;
- `pnp diff` on a 1,000-card deck with one card's rule changed, since a git revision and
  since an earlier build, against building the same deck;
- 90 poker cards to 300-dpi PNG sheets against the peer board-game-factory doing the same
  (installed by bench/board_game_factory.py into its own environment under bench/.cache/).

Every process runs as on a user's machine, with Python's bytecode cache (kept in the
run's temporary folder; see bench/processes.py).

Run from the repository root: `python bench/build_all.py` (`--quick` skips the 10k deck).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import floors  # noqa: E402
from bench.processes import ENV, peak_mb, run_timed  # noqa: E402
from bench.synthetic import write_deck  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
CORES = os.cpu_count() or 1


def digests(out: Path) -> dict[str, str]:
    """Every output file under out (pnp's .pnp folder left out) → its SHA-256."""
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and ".pnp" not in p.relative_to(out).parts}


def timed(command: list[str], cwd: Path, env: dict | None = None) -> tuple[float, float]:
    """(wall seconds, peak resident MB of the process and the children it waited for, counted
    from the bench's own size: processes.peak_mb measures a peak alone)."""
    run = run_timed(command, cwd, env)
    if run.error:
        raise SystemExit(f"{' '.join(command)} failed:\n{run.error}")
    return run.seconds, run.peak_mb


def best_time(command: list[str], cwd: Path, runs: int = 7) -> float:
    """The fastest of several runs: on a shared machine the others measure the neighbours."""
    return min(timed(command, cwd)[0] for _ in range(runs))


def line(label: str, value: str, target: str = "") -> None:
    print(f"{label:<52} {value:>24}  {target}")


def interleaved_best(commands: dict[str, list[str]], cwd: Path, runs: int = 9) -> dict[str, float]:
    """The fastest run of each command, the commands taking turns: a busy moment on the shared
    machine then slows a floor and what is measured against it alike."""
    best = dict.fromkeys(commands, float("inf"))
    for _ in range(runs):
        for label, command in commands.items():
            best[label] = min(best[label], timed(command, cwd)[0])
    return best


def startup() -> None:
    timed([PYTHON, "-m", "pnp", "list"], ROOT)  # fills the bytecode cache, as a first run does
    commands = {"click": [PYTHON, "-c", "import click"],
                **{args: [PYTHON, "-m", "pnp", args] for args in ("--help", "list")}}
    best = interleaved_best(commands, ROOT)
    click = best.pop("click")
    for args, seconds in best.items():
        line(f"pnp {args} / import click", f"{seconds:.3f} / {click:.3f} s = {seconds / click:.2f}×", "target ≤ 3×")


def kit(work: Path) -> None:
    runs = [timed([PYTHON, "-m", "pnp", "build", "--out", str(work / f"kit{n}"), "-q"], ROOT) for n in range(2)]
    clean, peak = min(runs)
    out = work / "kit0"
    pages = floors.sheet_pages(out)
    floor = min(floors.raster_encode(pages, 300, floors.COMPRESS_LEVEL, CORES).seconds for _ in range(2))
    line(f"full kit, {len(digests(out))} files / raster+encode floor",
         f"{clean:.2f} / {floor:.2f} s = {clean / floor:.2f}×", "target ≤ 1.25×")
    line("  (floor: pages, cores; kit peak memory)", f"{len(pages)} pages, {CORES} cores, {peak:.0f} MB")
    # The same pages rasterized and encoded as pnp does them: what is left is pnp's other work.
    as_pnp = min(floors.raster_encode(pages, 300, floors.COMPRESS_LEVEL, CORES, as_pnp=True).seconds for _ in range(2))
    line("  full kit / its pages rasterized+encoded as pnp does",
         f"{clean:.2f} / {as_pnp:.2f} s = {clean / as_pnp:.2f}×")
    for (no_filter, level), result in floors.encode_levels(pages, 300, (1, 3, 6)).items():
        how = "unfiltered" if no_filter else "Pillow's filters"
        line(f"  PNG level {level}, {how}: encoding CPU, size", f"{result.seconds:.2f} s, {result.bytes / 1e6:.1f} MB")
    noop = best_time([PYTHON, "-m", "pnp", "build", "--out", str(out), "-q"], ROOT)
    line("no-op rebuild / clean build", f"{noop:.2f} / {clean:.2f} s = {100 * noop / clean:.1f} %", "target ≤ 3 %")


def one_changed_text(work: Path) -> None:
    project = work / "project"
    shutil.copytree(ROOT / "content", project / "content")
    shutil.copytree(ROOT / "templates", project / "templates")
    command = [PYTHON, "-m", "pnp", "build", "--out", "output", "-q"]
    env = {**ENV, "PYTHONPATH": str(ROOT)}
    timed(command, project, env)
    before = digests(project / "output")
    english = project / "content" / "quatrefoil" / "text" / "en.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("colour.red: Red", "colour.red: Scarlet"),
                       encoding="utf-8")
    times = {p: p.stat().st_mtime_ns for p in (project / "output").rglob("*") if p.is_file()}
    seconds, _ = timed(command, project, env)
    after = digests(project / "output")
    rewritten = {p for p, t in times.items() if p.exists() and p.stat().st_mtime_ns != t and ".pnp" not in p.parts}
    changed = {path for path in after if after[path] != before.get(path)}
    timed(command + ["--out", "clean"], project, env)
    same = digests(project / "clean") == after
    line("one card text changed: files rewritten / changed", f"{len(rewritten)} / {len(changed)} in {seconds:.2f} s",
         f"identical to a clean build: {same}")


def decks(work: Path, sizes: tuple[int, ...]) -> None:
    per_card = {}
    for cards in sizes:
        folder = write_deck(work / f"deck{cards}", cards)
        seconds = floor = float("inf")

        def build(out: str, folder: Path = folder) -> list[str]:
            return [PYTHON, "-m", "pnp", "build", str(folder), "--out", str(work / out), "--format", "pdf",
                    "--paper", "a4", "--lang", "en", "-q"]

        # Taking turns, the best of a few runs each (fewer for the long decks), each into a new folder.
        for run in range(3 if cards <= 1000 else 2):
            seconds = min(seconds, timed(build(f"deck{cards}-out{run}"), work)[0])
            floor = min(floor, timed([PYTHON, str(ROOT / "bench" / "floors.py"), "canvas", str(cards),
                                      str(work / f"floor{cards}.pdf")], ROOT)[0])
        peak = peak_mb(build(f"deck{cards}-peak"), work)  # one run more, untimed: see peak_mb
        per_card[cards] = seconds
        line(f"{cards} cards PDF / canvas floor (per card)",
             f"{1e3 * seconds / cards:.2f} / {1e3 * floor / cards:.2f} ms = {seconds / floor:.2f}×",
             f"target ≤ 2×; peak {peak:.0f} MB")
    if len(per_card) == 2:
        small, large = sorted(per_card)
        line(f"{large} cards / {small} cards", f"{per_card[large] / per_card[small]:.1f}×", "target ≤ 11×")


def playtest_diff(work: Path, cards: int = 1000) -> None:
    """pnp diff with one card of a deck changed, since its git revision (every face painted twice)
    and since an earlier build (every face cut out of its sheets), against building the deck."""
    folder = write_deck(work / "playtest", cards)
    project = folder.parents[1]
    git = ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.org", "-c", "commit.gpgsign=false"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "a playtest"]):
        subprocess.run([*git, *args], cwd=project, check=True, capture_output=True)
    sheets = [str(folder), "--paper", "a4", "--lang", "en", "--force", "-q"]
    timed([PYTHON, "-m", "pnp", "build", "--format", "pdf", "--out", "earlier", *sheets], project)
    components = folder / "components.yaml"
    text = components.read_text(encoding="utf-8")
    rules = text.index('rules: "', text.index(f"c{cards // 2:05d}")) + len('rules: "')
    components.write_text(text[:rules] + "A rule changed after the playtest. " + text[rules:], encoding="utf-8")
    pnp = [PYTHON, "-m", "pnp"]
    best = interleaved_best({"build": [*pnp, "build", "--format", "pdf", "--out", "built", *sheets],
                             "git revision": [*pnp, "diff", "HEAD", "--out", "since-git", *sheets],
                             "earlier build": [*pnp, "diff", "earlier", "--out", "since-built", *sheets]},
                            project, runs=3)
    # A revision's faces are painted and told apart by what they draw, most without a PDF or a pixel;
    # an earlier build's are each drawn from its sheets and painted again, at 150 dpi.
    for since, article, target in (("git revision", "a", 1.5), ("earlier build", "an", 8)):
        ratio = best[since] / best["build"]
        line(f"diff since {article} {since}, {cards} cards / building them",
             f"{best[since]:.2f} / {best['build']:.2f} s = {ratio:.2f}×", f"target ≤ {target}×")


def illustrated(work: Path, cards: int = 200) -> None:
    """Decks with a unique raster illustration per card (PNG, then JPEG) and a shared back image:
    PDF and 300-dpi PNG sheets against the canvas floor placing the same images once each,
    its pages rasterized and encoded; the PDFs' sizes; pnp's peak memory."""
    from bench import illustrated as art

    for kind in ("png", "jpg"):
        folder = art.write_deck(work / f"illustrated-{kind}", cards, kind)
        seconds = floor = float("inf")
        floor_pdf = work / f"illustrated-floor-{kind}.pdf"
        for run in range(2):
            out = work / f"illustrated-{kind}-out{run}"
            seconds = min(seconds, timed([PYTHON, "-m", "pnp", "build", str(folder), "--out", str(out), "--format",
                                          "pdf,png", "--paper", "a4", "--lang", "en", "-q"], work)[0])
            drawn = timed([PYTHON, str(ROOT / "bench" / "illustrated.py"), "canvas", str(folder), str(cards),
                           str(floor_pdf)], ROOT)[0]
            pages = [(str(floor_pdf), page) for page in range(floors_page_count(floor_pdf))]
            floor = min(floor, drawn + floors.raster_encode(pages, 300, floors.COMPRESS_LEVEL, CORES).seconds)
        peak = peak_mb([PYTHON, "-m", "pnp", "build", str(folder), "--out", str(work / f"illustrated-{kind}-peak"),
                        "--format", "pdf,png", "--paper", "a4", "--lang", "en", "-q"], work)
        pdf = next((work / f"illustrated-{kind}-out0").rglob("*-sheets-en-a4.pdf"))
        size, floor_size = pdf.stat().st_size, floor_pdf.stat().st_size
        line(f"{cards} illustrated cards ({kind.upper()}), PDF+PNG / floor",
             f"{seconds:.2f} / {floor:.2f} s = {seconds / floor:.2f}×", "target ≤ 2×")
        line("  PDF size / floor's; peak memory",
             f"{size / 1e6:.1f} / {floor_size / 1e6:.1f} MB = {size / floor_size:.2f}×; {peak:.0f} MB",
             "targets ≤ 1.5×, < 1000 MB")


def floors_page_count(pdf: Path) -> int:
    from pnp.output.raster import page_count

    return page_count(pdf.read_bytes())


def watch(work: Path) -> None:
    from bench.watching import watch_figures

    saved, alone = watch_figures(work)
    line("watch: save → sheet rewritten / that sheet alone", f"{saved:.2f} / {alone:.2f} s = {saved / alone:.2f}×",
         "target ≤ 2×")


def peer(work: Path) -> None:
    from bench.board_game_factory import CARDS, peer_figures

    figures = peer_figures(work)
    label = f"{CARDS} poker cards to PNG: board-game-factory / pnp"
    if figures.skipped:
        line(label, "SKIPPED", "target ≥ 3×: NOT MEASURED")
        print(f"  !!! board-game-factory was not measured: {figures.skipped}")
        return
    ratio = figures.peer_seconds / figures.pnp_seconds
    line(label, f"{figures.peer_seconds:.2f} / {figures.pnp_seconds:.2f} s = {ratio:.2f}×", "target ≥ 3×")
    line("  (CPU seconds; PNG sheets written, fronts and backs)",
         f"{figures.peer_cpu:.2f} / {figures.pnp_cpu:.2f} s; {figures.peer_sheets} / {figures.pnp_sheets}")


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"pnp build benchmarks, {CORES} cores (ratios are against floors timed in this run)")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        ENV["PYTHONPYCACHEPREFIX"] = str(work / "bytecode")
        startup()
        kit(work)
        one_changed_text(work)
        decks(work, (1000,) if quick else (1000, 10000))
        illustrated(work)
        watch(work)
        playtest_diff(work)
        peer(work)


if __name__ == "__main__":
    main()
