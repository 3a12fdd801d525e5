# Set-up happens here: `make play` and `make test` work on a fresh machine with Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench soak strength strength-full clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/phoenixgames play schatz --players 4

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

bench: $(STAMP)
	for script in benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

soak: $(STAMP)
	for script in benchmarks/soak_*.py; do $(BIN)/python $$script --workers 2 || exit 1; done

# The games, and the setting each game's search is played with in the strength tables: Phoenix's needs
# the bias toward the heuristic's move (docs/strength.md). The games are kept in strength-results/, so a
# stopped run resumes where it stopped.
GAMES = $$($(BIN)/python -c 'import phoenixgames as pg; print(*pg.games())')
BIAS = $$(if [ $$game = phoenix ]; then echo ,bias=1; fi)

strength: $(STAMP)
	for game in $(GAMES); do \
		$(BIN)/phoenixgames strength $$game --games 400 --agents random,greedy,ismcts:iterations=1000$(BIAS) \
			--pairings adjacent --workers 2 --results strength-results || exit 1; \
	done

strength-full: $(STAMP)
	for game in $(GAMES); do \
		bias=$(BIAS); $(BIN)/phoenixgames strength $$game --games 40 \
			--agents random,greedy,ismcts:iterations=200$$bias,ismcts:iterations=1000$$bias \
			--workers 2 --results strength-results || exit 1; \
	done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
