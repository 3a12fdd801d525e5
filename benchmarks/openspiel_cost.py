"""What a random action costs through the OpenSpiel adapter beyond the engine's own, in processor time.

For each game (three players; Phoenix two): full games of random legal play, once through the engine
(``legal_actions``, a random choice, ``apply``) and once through ``pyspiel`` (``legal_actions``, a
random choice, ``apply_action``; the chance node of the deal answered with its first outcome, not
counted), the best of three runs of twenty games. Processor time, so that a busy machine does not
inflate it as it does the wall time.

    .venv/bin/python benchmarks/openspiel_cost.py        # about a minute
"""

from __future__ import annotations

import random
import time

import pyspiel

import phoenixgames as pg
from phoenixgames.rl.openspiel import short_name

GAMES = 20
REPEATS = 3


def engine_cost(game: str, players: int) -> float:
    """Processor seconds an action of random play takes in the engine."""
    actions, spent = 0, 0.0
    for seed in range(GAMES):
        state, rng = pg.new_game(game, players, seed=seed), random.Random(seed)
        started = time.process_time()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        spent += time.process_time() - started
    return spent / actions


def openspiel_cost(game: str, players: int) -> float:
    """Processor seconds an action of random play takes through the OpenSpiel adapter."""
    loaded = pyspiel.load_game(short_name(game), {"players": players})
    actions, spent = 0, 0.0
    for seed in range(GAMES):
        state, rng = loaded.new_initial_state(), random.Random(seed)
        started = time.process_time()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        spent += time.process_time() - started
    return spent / actions


def main() -> None:
    print("| game | players | engine us | OpenSpiel us | more us |")
    print("|---|---:|---:|---:|---:|")
    for game in pg.games():
        players = 2 if game == "phoenix" else 3
        engine = min(engine_cost(game, players) for _ in range(REPEATS))
        through = min(openspiel_cost(game, players) for _ in range(REPEATS))
        print(f"| {game} | {players} | {engine * 1e6:.1f} | {through * 1e6:.1f} | {(through - engine) * 1e6:.1f} |")


if __name__ == "__main__":
    main()
