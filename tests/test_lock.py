"""requirements.lock: what `make kit` and `make test` install, and what they installed.

The lock pins every release (pnp's dependencies, the test tools, pip and the build
backend) with hashes, within pyproject's ranges; the environment the tests run in, made
by the Makefile, holds exactly those releases for this Python (`make test-latest` runs
the suite elsewhere on purpose and leaves the `locked` test out).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"


def locked_requirements() -> list[Requirement]:
    """Each pin of the lock with its environment marker (hash lines and comments left out)."""
    pins = []
    for line in LOCK.read_text().splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            pins.append(Requirement(line.rstrip(" \\")))
    return pins


def pinned_version(requirement: Requirement) -> str:
    (specifier,) = requirement.specifier
    assert specifier.operator == "==", requirement
    return specifier.version


def locked_here() -> dict[str, str]:
    """name → version the lock pins for this interpreter and platform."""
    pins = {}
    for requirement in locked_requirements():
        if requirement.marker is None or requirement.marker.evaluate():
            pins[canonicalize_name(requirement.name)] = pinned_version(requirement)
    return pins


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = project["project"]["dependencies"] + project["project"]["optional-dependencies"]["test"]
    return [Requirement(text) for text in listed + project["build-system"]["requires"]]


def test_every_pin_has_hashes_and_the_lock_names_what_a_fresh_venv_needs() -> None:
    hashes: dict[str, int] = {}
    pin = None
    for line in LOCK.read_text().splitlines():
        if line.startswith("    --hash=sha256:"):
            hashes[pin] += 1
        elif line and not line[0].isspace() and not line.startswith("#"):
            pin = line
            hashes[pin] = 0
    assert hashes and all(hashes.values()), [pin for pin, count in hashes.items() if not count]
    names = {canonicalize_name(requirement.name) for requirement in locked_requirements()}
    assert {"pip", "setuptools", "wheel"} <= names


def test_the_lock_pins_every_declared_dependency_within_its_range() -> None:
    pins: dict[str, list[str]] = {}
    for requirement in locked_requirements():
        pins.setdefault(canonicalize_name(requirement.name), []).append(pinned_version(requirement))
    for requirement in declared():
        versions = pins.get(canonicalize_name(requirement.name))
        assert versions, f"{requirement.name} is declared in pyproject.toml but not locked: run make lock"
        for version in versions:
            assert requirement.specifier.contains(version, prereleases=True), \
                f"{requirement.name}=={version} is locked, outside pyproject's {requirement.specifier}: run make lock"


@pytest.mark.locked
def test_the_environment_holds_exactly_the_locked_releases() -> None:
    frozen = subprocess.run([sys.executable, "-m", "pip", "freeze", "--all", "--exclude-editable"],
                            capture_output=True, text=True, check=True).stdout
    installed = {}
    for line in frozen.splitlines():
        name, _, version = line.partition("==")
        installed[canonicalize_name(name)] = version
    assert installed == locked_here(), "this environment is not the locked one: `make test` makes it anew"
