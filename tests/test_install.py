"""pnp installed with `pip install .` outside a clone: `pnp new x && pnp build x` works, with pnp's own templates.

A fresh virtual environment gets pnp from a copy of the repository's files (what a clone
holds), by a real pip install (offline: the build backend and pnp's dependencies are
those of the test environment, reached through a .pth file, so no network is needed).
The game is then started and built in a folder that has nothing of the repository.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

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


def test_pip_install_then_new_and_build_outside_a_clone(tmp_path):
    clone = tmp_path / "clone"
    for name in tracked_files():
        (clone / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, clone / name)
    venv = fresh_environment(tmp_path)
    python = str(venv / "bin" / "python")
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index",
                    "--no-build-isolation", str(clone)], check=True, capture_output=True)
    shutil.rmtree(clone)  # the installed pnp must need nothing of it
    where = subprocess.run([python, "-c", "import pnp, pnp.model.folders as f; print(pnp.__file__); "
                                          "print(f.default_templates_folder())"],
                           capture_output=True, text=True, check=True, cwd=tmp_path).stdout.split()
    assert all(Path(p).is_relative_to(venv) for p in where), where
    assert (Path(where[1]) / "cards.yaml").is_file()

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
