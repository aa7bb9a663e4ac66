"""pnp installed with `pip install .` outside a clone: `pnp new x && pnp build x` works, with pnp's own
templates; and plugins from examples/, installed with pip beside it, work with no change to pnp.

A fresh virtual environment gets pnp from a copy of the repository's files (what a clone
holds), by a real pip install (offline: the build backend and pnp's dependencies are
those of the test environment, reached through a .pth file, so no network is needed).
The game is then started and built in a folder that has nothing of the repository.
The plugins (a rules engine with its game, an output kind) are installed from copies of
their folders, run their own tests, and are used by the installed pnp as a user would.
"""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import sysconfig
import xml.etree.ElementTree as ET
from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]


def tracked_files() -> list[str]:
    done = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                          capture_output=True, check=True)
    return [name for name in done.stdout.decode().split("\0") if name]


def fresh_environment(tmp_path: Path) -> Path:
    """A venv without pnp that sees the test environment's packages (not its editable pnp)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv


def installed_pnp(tmp_path: Path) -> Path:
    """A fresh venv with pnp installed by pip from a copy of the repository's files, the copy gone."""
    clone = tmp_path / "clone"
    for name in tracked_files():
        (clone / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, clone / name)
    venv = fresh_environment(tmp_path)
    pip_install(venv, clone)
    shutil.rmtree(clone)  # the installed pnp must need nothing of it
    return venv


def pip_install(venv: Path, *what: str | Path) -> None:
    """pip install, offline: no index, no build isolation (the test environment's setuptools builds)."""
    offline = ["--no-deps", "--no-index", "--no-build-isolation"]
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet"]
    subprocess.run([*pip, *offline, *map(str, what)], check=True, capture_output=True)


def test_pip_install_then_new_and_build_outside_a_clone(tmp_path):
    venv = installed_pnp(tmp_path)
    python = str(venv / "bin" / "python")
    where = subprocess.run([python, "-c", "import pnp, pnp.model.folders as f; print(pnp.__file__); "
                                          "print(f.default_templates_folder())"],
                           capture_output=True, text=True, check=True, cwd=tmp_path).stdout.split()
    assert all(Path(p).is_relative_to(venv) for p in where), where
    assert (Path(where[1]) / "cards.yaml").is_file()
    installed = {path.name for path in Path(where[0]).parents[1].iterdir()}
    assert not {"examples", "pnp_nim", "pnp_inventory"} & installed  # the example plugins are their own packages

    elsewhere = tmp_path / "somewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}"}
    pnp = str(venv / "bin" / "pnp")
    new = subprocess.run([pnp, "new", "x"], cwd=elsewhere, capture_output=True, text=True, env=env)
    assert new.returncode == 0, new.stderr
    assert "pnp build x" in new.stderr
    build = subprocess.run([pnp, "build", "x", "--strict", "--format", "pdf", "--paper", "a4"], cwd=elsewhere,
                           capture_output=True, text=True, env=env)
    assert build.returncode == 0, build.stderr
    assert "warning" not in build.stderr
    made = sorted(p.name for p in (elsewhere / "output" / "x").glob("*.pdf"))
    assert made == ["x-booklet-da-a4.pdf", "x-booklet-en-a4.pdf", "x-rules-bilingual.pdf", "x-rules-da.pdf",
                    "x-rules-en.pdf", "x-sheets-da-a4.pdf", "x-sheets-en-a4.pdf"]
    listed = subprocess.run([pnp, "list", "x"], cwd=elsewhere, capture_output=True, text=True, env=env)
    assert listed.stdout.startswith("x\tX 0.1\ten, da\tcards (9), tokens (3)"), listed.stdout


def plugin_copy(name: str, tmp_path: Path) -> Path:
    """A copy of examples/<name> (a user's checkout of the plugin), without what a build or test left."""
    return shutil.copytree(ROOT / "examples" / name, tmp_path / name,
                           ignore=shutil.ignore_patterns("build", "output", "*.egg-info", ".*", "__pycache__"))


def run(venv: Path, args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env)


def svg_marks(path: Path) -> tuple[int, int, int]:
    """(counters, crossing strokes, dashed rings) of a Nim diagram's SVG, told apart by their style."""
    styles = [(element.tag.rsplit("}", 1)[-1], element.get("style", "")) for element in ET.parse(path).iter()]
    counters = sum(tag == "circle" and "fill: rgb(90%,78%,58%)" in style for tag, style in styles)  # wood, #e8c996
    crosses = sum(tag == "path" and "stroke-linecap: round" in style for tag, style in styles)
    rings = sum(tag == "circle" and "stroke-dasharray" in style for tag, style in styles)
    return counters, crosses, rings


def test_an_engine_plugin_installed_with_pip_gives_its_game_engine_checked_diagrams_and_an_example(tmp_path):
    venv = installed_pnp(tmp_path)
    plugin = plugin_copy("nim", tmp_path)
    pip_install(venv, "--editable", plugin)  # editable: its code is hashed into every key, as pnp's own
    python, pnp = str(venv / "bin" / "python"), str(venv / "bin" / "pnp")
    own_tests = run(venv, [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], plugin)
    assert own_tests.returncode == 0, own_tests.stdout + own_tests.stderr

    listed = run(venv, [pnp, "list", "--plugins"], plugin)
    assert listed.returncode == 0, listed.stderr
    assert f"  nim               pnp-nim 1.0.0, from {plugin}" in listed.stdout

    build = run(venv, [pnp, "build", "--format", "pdf", "--paper", "a4", "--strict"], plugin)
    assert build.returncode == 0 and "warning" not in build.stderr, build.stderr
    rulebook = plugin / "output" / "nim" / "nim-rules-en.pdf"
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(rulebook).pages)
    for caption in ("The first player takes three counters from row d.", "Taking the four ringed counters leaves 1, 2",
                    "Step 1. Ann (A) takes two from row a.", "Step 7. Ann takes the last counter and wins."):
        assert caption in text

    diagrams = run(venv, [pnp, "diagrams", "--format", "svg", "--lang", "en"], plugin)
    assert diagrams.returncode == 0, diagrams.stderr
    drawn = plugin / "output" / "nim" / "diagrams"
    assert svg_marks(drawn / "nim-start-en.svg") == (16, 0, 0)
    assert svg_marks(drawn / "nim-a-turn-en.svg") == (16, 6, 0)  # d3: three counters crossed, two strokes each
    assert svg_marks(drawn / "nim-best-en.svg") == (10, 0, 4)  # rows 1, 2, 7: the engine's winning move takes four
    assert svg_marks(drawn / "nim-example-play-step07-en.svg") == (1, 2, 0)

    examples = plugin / "content" / "nim" / "examples.yaml"
    good, kept = examples.read_text(encoding="utf-8"), rulebook.read_bytes()
    examples.write_text(good.replace("moves: [b1]", "moves: [b9]"), encoding="utf-8")
    refused = run(venv, [pnp, "build", "--format", "pdf", "--paper", "a4"], plugin)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert refused.stderr.startswith("Error: content/nim/examples.yaml:12:17 examples.play.steps[2]: step 3, move 'b9' "
                                     "is illegal: row b has 4 counters left"), refused.stderr
    assert rulebook.read_bytes() == kept  # the last good output stays

    examples.write_text(good, encoding="utf-8")
    scenes = plugin / "src" / "pnp_nim" / "scenes.py"
    scenes.write_text(scenes.read_text(encoding="utf-8").replace("r=0.44", "r=0.4"), encoding="utf-8")
    again = run(venv, [pnp, "build", "--format", "pdf", "--paper", "a4"], plugin)
    assert again.returncode == 0, again.stderr
    # The plugin's code changed: nothing is up to date; the rulebook and booklet, whose rings it draws, change.
    assert again.stderr.strip() == "wrote 2 files under output/; 0 outputs up to date, 1 rebuilt unchanged"
    assert rulebook.read_bytes() != kept


def test_an_output_kind_plugin_installed_with_pip_builds_with_its_format_token(tmp_path):
    venv = installed_pnp(tmp_path)
    plugin = plugin_copy("inventory", tmp_path)
    pip_install(venv, plugin)  # by path: its installed folder is hashed into every key
    python, pnp = str(venv / "bin" / "python"), str(venv / "bin" / "pnp")
    own_tests = run(venv, [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], plugin)
    assert own_tests.returncode == 0, own_tests.stdout + own_tests.stderr

    game = tmp_path / "game"
    game.mkdir()
    assert run(venv, [pnp, "new", "lantern"], game).returncode == 0
    built = run(venv, [pnp, "build", "lantern", "--format", "pdf,inventory", "--paper", "a4"], game)
    assert built.returncode == 0, built.stderr
    with open(game / "output" / "lantern" / "lantern-inventory.csv", newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert rows[-1] == {"set": "total", "item": "", "count": "12", "kind": "", "shape": "", "width_mm": "",
                        "height_mm": "", "back": ""}
    assert (game / "output" / "lantern" / "lantern-sheets-en-a4.pdf").is_file()
    again = run(venv, [pnp, "build", "lantern", "--format", "pdf,inventory", "--paper", "a4"], game)
    assert "wrote 0 files" in again.stderr, again.stderr
    wrong = run(venv, [pnp, "build", "lantern", "--format", "inventry"], game)
    assert wrong.returncode == 2 and "pdf, png, tts, pod, html, faces, inventory, got 'inventry'" in wrong.stderr
