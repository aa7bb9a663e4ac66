# The two set-up commands: `make kit` builds every game, `make test` runs the suite.
# Each creates .venv/ if it is missing and installs pnp into it; only Python is needed.
# `make system-test` runs the checks that need Debian programs (.ci/debian-packages).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: kit test system-test bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

kit: $(VENV)/.installed
	$(BIN)/pnp build

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q

# Tests marked `system` (left out of `make test` by pyproject's addopts): they fail,
# never skip, when a program they need is missing.
system-test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q -m system

# The pictures of docs/ from the examples on its pages (tests/docs checks they are current).
docs: $(VENV)/.installed
	$(BIN)/python docs/pictures.py

bench: $(VENV)/.installed
	$(BIN)/python bench/build_all.py

clean:
	rm -rf output
