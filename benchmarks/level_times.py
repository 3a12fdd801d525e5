"""How long a bot thinks: each of its decisions over a game against the greedy agent, timed.

``.venv/bin/python benchmarks/level_times.py [LEVEL_OR_SPEC] [GAME ...]`` plays, in each game and at each
player count it allows (2 to 6 in Schatz), one game with the bot in seat 0 and the greedy agent in the
others, and prints the bot's decisions, their mean and longest wall time, and their mean and longest processor
time (the time of this process alone, which a busy machine does not inflate as it does the wall time).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

import phoenixgames as pg
from phoenixgames.agents import LEVELS, level_spec, make_agent
from phoenixgames.engine import start_game
from phoenixgames.sim import agent_seed, choose_action


@dataclass(frozen=True)
class MoveTimes:
    """The times of one bot's decisions over one game."""

    game: str
    players: int
    spec: str
    decisions: int
    mean_seconds: float
    longest_seconds: float
    mean_cpu_seconds: float
    longest_cpu_seconds: float


def move_times(game: str, players: int, spec: str = "hard", seed: int = 1) -> MoveTimes:
    """Play one game of ``game`` with ``spec`` in seat 0 and greedy in the others; time each of its
    decisions (those with more than one legal action, the others being answered at once)."""
    state = start_game(game, players, seed)
    agents = [make_agent(spec if seat == 0 else "greedy", agent_seed(seed, seat)) for seat in range(players)]
    walls: list[float] = []
    cpus: list[float] = []
    while not state.is_over:
        seat = state.current_player
        if seat is None:
            break
        timed = seat == 0 and len(state.legal_actions()) > 1
        wall, cpu = time.perf_counter(), time.process_time()
        action = choose_action(agents[seat], state, seat)
        if timed:
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        state.apply(action, player=seat)
    count = len(walls) or 1
    return MoveTimes(
        game,
        players,
        spec,
        len(walls),
        sum(walls) / count,
        max(walls, default=0.0),
        sum(cpus) / count,
        max(cpus, default=0.0),
    )


def main(argv: list[str]) -> None:
    spec = argv[0] if argv else "hard"
    games = argv[1:] or pg.games()
    print("| game | players | spec | decisions | mean s | longest s | mean cpu s | longest cpu s |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for game in games:
        game_spec = pg.get_spec(game)
        for players in range(game_spec.min_players, game_spec.max_players + 1):
            shown = level_spec(spec, game) if spec in LEVELS else spec
            t = move_times(game, players, spec)
            print(
                f"| {game} | {players} | `{shown}` | {t.decisions} | {t.mean_seconds:.3f} | {t.longest_seconds:.3f} | "
                f"{t.mean_cpu_seconds:.3f} | {t.longest_cpu_seconds:.3f} |",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])

