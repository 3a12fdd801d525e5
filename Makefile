# Set-up happens here: `make play` and `make test` work on a fresh machine with Python 3.11+ and make.
# `make play` installs only what playing needs; `make test` adds the extras (reports, Ray, RL, test tools).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
PIP := $(BIN)/python -m pip install --disable-pip-version-check --progress-bar on

.PHONY: play test lint bench soak screenshots strength strength-more strength-full clean

$(BIN)/python:
	@echo "Setting up $(VENV) (the first time only)..."
	$(PYTHON) -m venv $(VENV)

$(PLAY_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(PIP) -e .
	touch $(PLAY_STAMP)

$(TEST_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(PIP) -e '.[dev,ray,report,rl,postgres,study]'
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
	$(BIN)/mypy tests
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/contract/test_layers.py

# The pictures of docs/screenshots/ (the lobby, and each game in play in the browser): needs Chromium.
screenshots: $(TEST_STAMP)
	$(BIN)/python -m tests.web.screenshots --out docs/screenshots

bench: $(TEST_STAMP)
	for script in benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

soak: $(TEST_STAMP)
	for script in benchmarks/soak_*.py; do $(BIN)/python $$script --workers 2 || exit 1; done

# The strength tables: the ladder of the difficulty levels (random < easy < medium < hard, docs/strength.md)
# in every game at 2, 3 and 4 players, the first agent of a pairing in one seat and the one below it in the
# others, rotated through every seat; strength-more adds 5 and 6 players where a game allows them, and
# strength-full every pairing of the levels (expert too) at two players. Each level stands for a setting of
# its own in each game (agents.level_spec), the search with the game's own ISMCTS defaults. The games are
# kept in strength-results/, so a stopped run resumes where it stopped; the tables go into docs/strength.md
# and docs/strength.json.
GAMES = $$($(BIN)/python -c 'import phoenixgames as pg; print(*pg.games())')
STRENGTH = $(BIN)/phoenixgames strength $$game --seed 1 --workers 2 --results strength-results --out docs/strength.md --json docs/strength.json
LADDER = --agents random,easy,medium,hard --pairings adjacent
ALLOWS = $(BIN)/python -c 'import sys, phoenixgames as pg; sys.exit(pg.get_spec(sys.argv[1]).max_players < int(sys.argv[2]))'

strength: $(TEST_STAMP)
	for game in $(GAMES); do for players in 2 3 4; do \
		$(STRENGTH) --players $$players --games 48 $(LADDER) || exit 1; \
	done; done

strength-more: $(TEST_STAMP)
	for game in $(GAMES); do for players in 5 6; do \
		if $(ALLOWS) $$game $$players; then \
			$(STRENGTH) --players $$players --games $$((players * 10)) $(LADDER) || exit 1; \
		fi; \
	done; done

strength-full: $(TEST_STAMP)
	for game in $(GAMES); do \
		$(STRENGTH) --games 40 --agents random,easy,medium,hard,expert || exit 1; \
	done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
