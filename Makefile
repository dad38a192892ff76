# The two commands of the README: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# what playing needs (`make play`, `make serve`): claim with its terminal and web apps, and the
# compile extra (mypy, setuptools) that compiles its core; about 200 MB
PLAY_STAMP := $(VENV)/.installed-play
# the developer stack on top (`make test`, `lint`, `typecheck`): the dev extra (pytest, ruff,
# Playwright, and the research extras that CI tests: torch, Ray, OpenSpiel, ...), about 2 GB.
# `claim[dev]` adds the extra to the claim installed for playing without building it again
STAMP := $(VENV)/.installed
# no bytecode written at install time: Python writes it for each module the first time it is
# imported, and most of the 2 GB are never imported by the tests (pip's compiling everything cost
# a fresh clone's `make test` a minute of CPU)
PIP_INSTALL := $(BIN)/pip install --quiet --no-compile
# the rules core compiled with mypyc (scripts/build_core.py; pure Python where it cannot be)
COMPILED := $(VENV)/.compiled
CORE_SOURCES := $(shell find src/claim/core -name '*.py')
# what the pure-Python core is tested on too (CLAIM_PURE_PYTHON=1): the invariant tests, the
# examples, the scenario modules, the records and positions that must replay the same on both
# builds, the record classes and the core's doctests. The long sweeps (marked compiled_only:
# the 2,000-game ones and the games of every faction, hero and artifact, five minutes there)
# run on the compiled core only: tests/test_native.py plays the per-component sweeps' games on
# both builds and compares their moves, views, reports, clones and determinizations step by
# step, so a build that strayed from the other fails there
PURE_TESTS := tests/test_native.py tests/test_fields.py tests/test_invariants.py \
	tests/test_examples.py tests/test_power_*.py tests/test_records.py tests/test_old_records.py \
	tests/test_saved_positions.py tests/test_bot_heuristic_golden.py src/claim/core

# pytest's parallel workers (pytest-xdist): one a CPU; `make unit PYTEST_JOBS=0` runs in one
# process (the long invariant sweeps are cut into chunks, so the workers share them)
PYTEST_JOBS ?= auto

.PHONY: play serve test test-long lint typecheck unit unit-pure browser services build bench clean

$(PLAY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e '.[compile]'
	touch $(PLAY_STAMP)

$(STAMP): $(PLAY_STAMP)
	$(PIP_INSTALL) 'claim[dev]'
	touch $(STAMP)

# the venv is an order-only prerequisite: a new venv (.venv removed) has no $(COMPILED) and
# builds it, but reinstalling the venv for a changed pyproject.toml does not rebuild an
# unchanged core (the compiled modules live in src/, beside their sources)
$(COMPILED): $(CORE_SOURCES) scripts/build_core.py | $(PLAY_STAMP)
	$(BIN)/python scripts/build_core.py
	touch $(COMPILED)

build: $(COMPILED)

play: $(COMPILED)
	$(BIN)/claim play

serve: $(COMPILED)
	$(BIN)/claim serve

test: lint typecheck unit unit-pure

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts examples conftest.py hatch_build.py
	$(BIN)/ruff format --check src tests scripts examples conftest.py hatch_build.py

typecheck: $(STAMP)
	$(BIN)/mypy

browser:
	scripts/ensure_chromium.sh

# PostgreSQL and Redis for the scale-out tests (tests/test_web_scale.py), which start their own
services:
	scripts/ensure_services.sh

unit: $(STAMP) $(COMPILED) browser services
	$(BIN)/pytest -n $(PYTEST_JOBS)

unit-pure: $(STAMP)
	CLAIM_PURE_PYTHON=1 $(BIN)/pytest -n $(PYTEST_JOBS) $(PURE_TESTS) -m "not compiled_only and not long"

# the long tier (tests/tiers.py): the long sweeps' further blocks, about five more minutes of CPU;
# run it after `make test` for a change to the rules core, the views or the events
test-long: $(STAMP) $(COMPILED)
	$(BIN)/pytest -n $(PYTEST_JOBS) -m long

# `make bench` runs the benchmark for the default build, then for the pure-Python one
# (CLAIM_PURE_PYTHON=1), beside OpenSpiel's Hearts and Skat (the 'bench' extra, installed once);
# `make bench QUICK=1` is a short run (and leaves out bench_search.py's seconds per move)
BENCH_STAMP := $(VENV)/.bench-installed
BENCH_ARGS := $(if $(QUICK),--quick)

$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP) $(COMPILED)
	$(BIN)/python scripts/benchmark.py $(BENCH_ARGS)
	CLAIM_PURE_PYTHON=1 $(BIN)/python scripts/benchmark.py $(BENCH_ARGS)
	$(if $(QUICK),,$(BIN)/python scripts/bench_search.py --quick)

clean:
	$(PYTHON) scripts/build_core.py --clean
	rm -rf $(VENV) build .mypy_cache .ruff_cache .pytest_cache .hypothesis
