# Set-up happens here: `make play` and `make test` work on a fresh machine with Python 3.11+ and make.
# `make play` installs only what playing needs; `make test` adds the extras (reports, Ray, RL, test tools).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
PIP := $(BIN)/python -m pip install --disable-pip-version-check --progress-bar on

.PHONY: play test lint bench soak strength strength-full clean

$(BIN)/python:
	@echo "Setting up $(VENV) (the first time only)..."
	$(PYTHON) -m venv $(VENV)

$(PLAY_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(PIP) -e .
	touch $(PLAY_STAMP)

$(TEST_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(PIP) -e '.[dev,ray,report,rl,postgres]'
	touch $(PLAY_STAMP) $(TEST_STAMP)

# The game server on 127.0.0.1 (port 8000, or a free one if it is taken) with its embedded database: open
# the address it prints in a browser. Ctrl-C stops it, and is no error of make's. At the terminal, play
# with `phoenixgames play schatz --players 4`.
play: $(PLAY_STAMP)
	@$(BIN)/phoenixgames serve

test: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -n 2

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

bench: $(TEST_STAMP)
	for script in benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

soak: $(TEST_STAMP)
	for script in benchmarks/soak_*.py; do $(BIN)/python $$script --workers 2 || exit 1; done

# The games of the strength tables. Each game's search plays with that game's own ISMCTS defaults
# (GameSpec.ismcts_defaults: Phoenix's bias toward the heuristic's move, docs/strength.md). The games are
# kept in strength-results/, so a stopped run resumes where it stopped; the tables go into docs/strength.md.
GAMES = $$($(BIN)/python -c 'import phoenixgames as pg; print(*pg.games())')
STRENGTH = $(BIN)/phoenixgames strength $$game --seed 1 --workers 2 --results strength-results --out docs/strength.md

strength: $(TEST_STAMP)
	for game in $(GAMES); do \
		$(STRENGTH) --games 400 --agents random,greedy,ismcts:iterations=1000 --pairings adjacent || exit 1; \
	done

strength-full: $(TEST_STAMP)
	for game in $(GAMES); do \
		$(STRENGTH) --games 40 --agents random,greedy,ismcts:iterations=200,ismcts:iterations=1000 || exit 1; \
	done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
