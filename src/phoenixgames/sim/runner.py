"""Many games between agents, on one process or several, with the same results either way.

Game ``i`` of a run is set up from ``derive_seed(seed, "game", i)`` and seat ``s`` of it is played by
``agents[(s + i) % len(agents)]``: the agents take turns in every seat, so over a multiple of
``len(agents)`` games each agent sits in each seat equally often, and the start player's advantage
falls on all of them alike. Every game depends only on its index, never on which process played it
or in what order, so ``workers=K`` returns exactly what ``workers=1`` returns.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import BadAgentSpec, agent_names, split_agent_list, tidy_spec
from ..engine import PhoenixGamesError, derive_seed, start_game
from .backends import run_chunks
from .match import MatchResult, play_match

#: Agents that wait for a person at a terminal: they cannot take a seat in a simulation.
INTERACTIVE_AGENTS = frozenset({"human"})

#: The most games one worker process plays before it reports back.
MAX_CHUNK = 50


class BadSimulation(PhoenixGamesError, ValueError):
    """A simulation that cannot run as asked: too few games or workers, a bad seed."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (counted from 0) of a run started with ``seed``."""
    return derive_seed(seed, "game", index)


def seating(agents: Sequence[str], players: int, index: int) -> list[str]:
    """The agent spec of each seat of game ``index``: seat ``s`` gets ``agents[(s + index) % len(agents)]``."""
    return [agents[(seat + index) % len(agents)] for seat in range(players)]


def simulation_agents() -> list[str]:
    """The agents that can play in a simulation (all but those that wait for a person)."""
    return [name for name in agent_names() if name not in INTERACTIVE_AGENTS]


def check_agents(agents: Sequence[str] | str) -> list[str]:
    """The agent specs, tidied (lower case, no spaces); raise :class:`BadAgentSpec` naming the valid choices.

    ``agents`` is a list of specs or one comma-separated string such as ``"greedy,random"`` or
    ``"random,ismcts:seconds=1,c=0.7"`` (a ``key=value`` piece continues the settings before it).
    """
    if isinstance(agents, str):
        agents = split_agent_list(agents)
    choices = ", ".join(simulation_agents())
    tidy: list[str] = []
    for spec in agents:
        if not isinstance(spec, str) or not spec.strip():
            raise BadAgentSpec(f"an empty agent name in the list of agents: choose from {choices}")
        name = spec.strip().partition(":")[0].strip().lower()
        if name in INTERACTIVE_AGENTS:
            raise BadAgentSpec(f"the {name} agent needs a person at a terminal: choose from {choices}")
        if name not in agent_names():
            raise BadAgentSpec(f"unknown agent {spec.strip()!r}: choose from {choices}")
        tidy.append(tidy_spec(spec))
    if not tidy:
        raise BadAgentSpec(f"no agents given: choose from {choices}")
    return tidy


def _check_count(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise BadSimulation(f"the number of {name} must be a whole number 1 or more, not {value!r}")
    return value


def check_run(
    game: str,
    players: int,
    games: int,
    agents: Sequence[str] | str,
    seed: int,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    params: dict[str, Any] | None = None,
) -> list[str]:
    """Check the arguments of :func:`run_games` and return the agent specs, tidied.

    Raises :class:`GameSetupError` for an unknown game, a player count the game does not allow, a bad
    option or parameter; :class:`BadAgentSpec` for an agent that cannot play; :class:`BadSimulation` for
    the rest.
    """
    if options is not None and not isinstance(options, dict):
        raise BadSimulation(f"the options must be a dict of option names and values, not {options!r}")
    start_game(game, players, 0, options, params)  # refuses the game, player count, options or parameters
    _check_count("games", games)
    _check_count("workers", workers)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise BadSimulation(f"the seed must be a whole number 0 or more, not {seed!r}")
    return check_agents(agents)


@dataclass(frozen=True)
class _Run:
    """What every game of a run shares: the unit of work of a worker is one of these and a range."""

    game: str
    players: int
    agents: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    keep_records: bool
    params: dict[str, Any] = field(default_factory=dict)


def _play_games(run: _Run, indices: range) -> tuple[int, list[MatchResult]]:
    """Play the games numbered ``indices``; the unit of work of one worker process. Returns the first
    index with the results, so that they can be put back in order."""
    results = []
    for index in indices:
        seats = seating(run.agents, run.players, index)
        result = play_match(run.game, seats, game_seed(run.seed, index), run.options, params=run.params)
        if not run.keep_records:
            result.record = {k: v for k, v in result.record.items() if k != "actions"}
        results.append(result)
    return indices.start, results


def _chunks(games: int, workers: int) -> list[range]:
    """Split ``range(games)`` into consecutive runs, small enough to spread the work and show progress."""
    size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * 8))))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def run_games(
    game: str,
    players: int,
    games: int,
    agents: Sequence[str] | str,
    seed: int,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[MatchResult], None] | None = None,
    *,
    keep_records: bool = True,
    params: dict[str, Any] | None = None,
) -> list[MatchResult]:
    """Play ``games`` games of ``game`` for ``players`` seats and return their results in game order.

    ``agents`` are agent specs (a list, or one comma-separated string) taking the seats in rotation
    (see the module's docstring). ``workers`` above 1 plays on that many local processes, with the same
    results. ``progress(result)`` is called once per finished game, in this process. With
    ``keep_records=False`` each result's record keeps the game, players, options and seed but drops the
    list of actions, which saves memory on long runs (``play_match(game, result.agents, result.seed,
    options)`` plays any of them again, move for move). Bad arguments raise the errors listed in
    :func:`check_run`. ``params`` changes the game's parameters (``phoenixgames params GAME``) in
    every game.

    Worker processes are started fresh and import the calling script again, so a script that asks for
    ``workers`` above 1 must do so under ``if __name__ == "__main__":``.
    """
    agents = check_run(game, players, games, agents, seed, options, workers, params)
    run = _Run(game, players, tuple(agents), seed, dict(options or {}), keep_records, dict(params or {}))
    chunks = [range(index, index + 1) for index in range(games)] if workers == 1 else _chunks(games, workers)
    done: dict[int, list[MatchResult]] = {}
    for start, results in run_chunks(_play_games, run, chunks, workers=workers):
        done[start] = results
        if progress is not None:
            for result in results:
                progress(result)
    return [result for start in sorted(done) for result in done[start]]


__all__ = [
    "BadSimulation",
    "check_agents",
    "check_run",
    "game_seed",
    "run_games",
    "seating",
    "simulation_agents",
]
