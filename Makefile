# Set-up happens here: `make play` and `make test` work on a fresh machine with Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/phoenixgames play schatz --players 4 --seats human,greedy,greedy,greedy

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_schatz.py

soak: $(STAMP)
	$(BIN)/python benchmarks/soak_schatz.py --games 10000

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
