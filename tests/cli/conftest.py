"""Shared helpers for the command-line tests: finished or started games (the `run` fixture is in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.cli.files import write_save
from phoenixgames.sim import agent_seed


def played(game: str, seats: list[str], seed: int, actions: int) -> pg.GameState:
    """A game after ``actions`` actions chosen by bots (fewer if it ends first)."""
    state = pg.new_game(game, players=len(seats), seed=seed)
    agents = [make_agent(spec, agent_seed(seed, seat)) for seat, spec in enumerate(seats)]
    for _ in range(actions):
        if state.is_over:
            break
        seat = state.current_player
        state.apply(agents[seat].choose(state.copy(perspective=seat)), player=seat)
    return state


@pytest.fixture
def saved_game(tmp_path: Path) -> tuple[Path, pg.GameState]:
    """A save file of a 2-player game ten actions in, seat 0 a person and seat 1 the greedy bot."""
    state = played("schatz", ["greedy", "greedy"], seed=11, actions=10)
    path = tmp_path / "game.json"
    write_save(path, state, ["human", "greedy"])
    return path, state
