# The two set-up commands: `make kit` builds every game, `make test` runs the suite.
# Each creates .venv/ if it is missing and installs into it exactly what requirements.lock
# pins (pnp's dependencies, the test tools, pip and the build backend, each checked by its
# hash), then pnp itself; only Python is needed. A changed lock makes .venv/ anew.
# `make system-test` runs the checks that need Debian programs (.ci/debian-packages).
# `make lock` refreshes the lock to the newest releases pyproject's ranges allow;
# `make test-latest` runs the suite against them without touching the lock or .venv/.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LOCK := requirements.lock
# The lock is written by uv (`uv pip compile`): one universal resolution for every Python
# pnp supports, with the hash of every file of every pinned release.
UV_VERSION := 0.13.9
TOOLS := .venv-tools
LATEST := .venv-latest

.PHONY: kit test system-test lint test-latest lock bench docs clean

$(VENV)/.locked: $(LOCK)
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)
	touch $@

# pnp itself, editable, built by the locked setuptools (no build isolation: nothing unpinned).
$(VENV)/.installed: pyproject.toml setup.py $(VENV)/.locked
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

kit: $(VENV)/.installed
	$(BIN)/pnp build

test: $(VENV)/.installed
	$(BIN)/python -m pytest -q

# Tests marked `system` (left out of `make test` by pyproject's addopts): they fail,
# never skip, when a program they need is missing.
system-test: $(VENV)/.installed
	$(BIN)/python -m pytest -q -m system

# The lint and type gate CI runs: ruff (style, bugs, imports) and mypy (types), as pyproject configures them.
lint: $(VENV)/.installed
	$(BIN)/ruff check pnp tests bench docs examples
	$(BIN)/mypy

# Drift found on purpose: the newest releases pyproject allows, in an environment of their
# own. A library that changed an internal pnp relies on fails in tests/contracts, by name.
test-latest:
	rm -rf $(LATEST)
	$(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip setuptools wheel
	$(LATEST)/bin/python -m pip install --quiet --upgrade --upgrade-strategy eager -e '.[test]'
	$(LATEST)/bin/python -m pip list --format freeze --exclude-editable
	$(LATEST)/bin/python -m pytest -q -m 'not system and not locked'

$(TOOLS)/bin/uv:
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/python -m pip install --quiet uv==$(UV_VERSION)

lock: $(TOOLS)/bin/uv
	printf 'pip\n' | $(TOOLS)/bin/uv pip compile pyproject.toml - --extra test --universal \
		--python-version 3.10 --generate-hashes --upgrade --quiet --custom-compile-command 'make lock' \
		--output-file $(LOCK)

# The pictures of docs/ from the examples on its pages (tests/docs checks they are current),
# and the README's pictures of the four games' sheets.
docs: $(VENV)/.installed
	$(BIN)/python docs/pictures.py
	$(BIN)/python docs/readme_sheets.py

bench: $(VENV)/.installed
	$(BIN)/python bench/build_all.py

clean:
	rm -rf output
