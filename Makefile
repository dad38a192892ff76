# The two commands of the README: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test lint typecheck unit browser bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/claim play

serve: $(STAMP)
	$(BIN)/claim serve

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy

browser:
	scripts/ensure_chromium.sh

unit: $(STAMP) browser
	$(BIN)/pytest

# `make bench` runs the benchmark for the default build, then for the pure-Python one
# (CLAIM_PURE_PYTHON=1), beside OpenSpiel's Hearts and Skat (the 'bench' extra, installed once);
# `make bench QUICK=1` is a short run (and leaves out bench_search.py's seconds per move)
BENCH_STAMP := $(VENV)/.bench-installed
BENCH_ARGS := $(if $(QUICK),--quick)

$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python scripts/benchmark.py $(BENCH_ARGS)
	CLAIM_PURE_PYTHON=1 $(BIN)/python scripts/benchmark.py $(BENCH_ARGS)
	$(if $(QUICK),,$(BIN)/python scripts/bench_search.py --quick)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
