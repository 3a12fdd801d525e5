"""What the contract tests share: every game at every player count, positions along random games, and
a pool of the game's actions gathered from random games through the public API."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest

import phoenixgames as pg

from .tables import CASES

#: every registered game at every player count it takes
SEATINGS = [
    pytest.param(game, players, id=f"{game}-{players}p")
    for game in pg.games()
    for players in pg.get_spec(game).player_counts
]

#: every registered game, at one player count: 3, or the nearest it takes
GAMES = [
    pytest.param(game, min(pg.get_spec(game).player_counts, key=lambda n: abs(n - 3)), id=game) for game in pg.games()
]


def cases_of(game: str):
    assert game in CASES, f"tests/contract/tables has no entry for {game}: add one"
    return CASES[game]


def game_length(game: str, players: int, seed: int, **options) -> int:
    state = pg.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return len(state.history)


def points(game: str, players: int, seed: int, count: int = 10, **options) -> Iterator[pg.GameState]:
    """About ``count`` positions spread along a random game (the same object, played on in between;
    random actions chosen with ``random.Random(seed)``), from the set-up to the last action's eve."""
    stride = max(1, game_length(game, players, seed, **options) // count)
    state = pg.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        for _ in range(stride):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))


def midgame(game: str, players: int, seed: int, fraction: float = 0.4) -> pg.GameState:
    """A position ``fraction`` of the way through a random game."""
    until = int(game_length(game, players, seed) * fraction)
    state = pg.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while len(state.history) < until:
        state.apply(rng.choice(state.legal_actions()))
    return state


@functools.cache
def action_pool(game: str, players: int) -> tuple[pg.Action, ...]:
    """Every action legal somewhere in two random games, in the order first met."""
    pool: dict[str, pg.Action] = {}
    for seed in range(2):
        state = pg.new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                pool.setdefault(str(action), action)
            state.apply(rng.choice(legal))
    return tuple(pool.values())
