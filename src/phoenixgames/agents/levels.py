"""Difficulty levels: the opponents a player chooses by how hard they are, not by their settings.

Each level is an agent spec of its own (``easy``, ``medium``, ``hard``, ``expert``), the same name in
every game, standing for settings chosen per game (``docs/strength.md`` measures each against the
one below it at every player count):

- ``easy``: the game's heuristic, careless: it plays a legal move at random in place of its own one
  time in two (``easy:mistakes=0.5``; :data:`EASY_MISTAKES`), a player who often overlooks the best move.
- ``medium``: the game's heuristic itself (``greedy``), a sensible casual player.
- ``hard``: ISMCTS with the game's own defaults and a budget in iterations chosen so that it answers
  within a second a move on a modest machine (each game's ``GameSpec.hard_iterations``); ``play``'s
  default bot.
- ``expert``: the same search with four times the budget, in four searches run on as many of the
  machine's cores (root parallel search, ``workers=4``): on four cores it answers in about the time
  of ``hard``. It is not offered to players (:data:`OFFERED_LEVELS`): at two players it has not shown
  itself stronger than ``hard`` in Phoenix and Schatz.

With a budget in iterations every level is reproducible: the same seed gives the same moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Action, GameState, PhoenixGamesError
from ..engine.registry import GameSpec, get_spec
from .base import Agent
from .greedy import GreedyAgent

#: The levels, easiest first.
LEVELS = ("easy", "medium", "hard", "expert")

#: The levels a player is offered (the server's tables and the lobby): each measured at every number
#: of players above the one below it (docs/strength.md). ``expert`` is not among them: at two players
#: it has not shown itself stronger than ``hard`` in Phoenix and Schatz.
OFFERED_LEVELS = ("easy", "medium", "hard")

#: How often ``easy`` plays a random legal move in place of the heuristic's.
EASY_MISTAKES = 0.5

#: ``expert`` searches this many times ``hard``'s budget, in this many searches (one a core, up to that).
EXPERT_FACTOR = 4


def hard_iterations(spec: GameSpec[Any]) -> int:
    """The iterations of ``hard``'s search a move in the game of ``spec``: the game's own budget
    (``GameSpec.hard_iterations``)."""
    return spec.hard_iterations


def level_spec(level: str, game: str) -> str:
    """The agent spec ``level`` stands for in ``game``, with the game's own ISMCTS defaults spelled out
    (``level_spec("hard", "phoenix") == "ismcts:iterations=700,bias=1"``).

    Raises :class:`PhoenixGamesError` for a level that does not exist or a game that is not registered.
    """
    if level not in LEVELS:
        raise PhoenixGamesError(f"there is no difficulty level {level!r}: choose from {', '.join(LEVELS)}")
    spec = get_spec(game)
    if level == "easy":
        return f"easy:mistakes={EASY_MISTAKES:g}"
    if level == "medium":
        return "greedy"
    iterations = hard_iterations(spec)
    settings = [f"iterations={iterations}"]
    if level == "expert":
        # As many searches as the factor, whatever the machine's cores: the moves depend on them.
        settings = [f"iterations={iterations * EXPERT_FACTOR}", f"workers={EXPERT_FACTOR}"]
    settings += [f"{key}={value}" for key, value in spec.ismcts_defaults if key not in ("iterations", "seconds")]
    return "ismcts:" + ",".join(settings)


def level_specs(game: str) -> dict[str, str]:
    """What each level stands for in ``game`` (an empty mapping for a game that is not registered)."""
    try:
        get_spec(game)
    except PhoenixGamesError:
        return {}
    return {level: level_spec(level, game) for level in LEVELS}


class LevelAgent(Agent):
    """The agent of a difficulty level that depends on the game (``medium``, ``hard``, ``expert``): in
    each game, the agent that :func:`level_spec` names there.

    It shares its randomness with the agent it stands for, so a decision seeded by the table is the
    one that agent, seeded alike, would make. ``build(spec, seed)`` builds that agent from its spec
    (:func:`phoenixgames.agents.make_agent`, which hands itself to the level).
    """

    def __init__(self, seed: int = 0, level: str = "hard", *, build: Callable[[str, int], Agent]) -> None:
        super().__init__(seed)
        if level not in LEVELS or level == "easy":
            raise PhoenixGamesError(f"there is no difficulty level {level!r}: choose from {', '.join(LEVELS)}")
        self.level = level
        self.name = level
        self._build = build
        self._agents: dict[str, Agent] = {}

    def agent_for(self, game: str) -> Agent:
        """The agent this level stands for in ``game`` (built once a game)."""
        agent = self._agents.get(game)
        if agent is None:
            agent = self._agents[game] = self._build(level_spec(self.level, game), 0)
        agent.rng = self.rng
        return agent

    def choose(self, state: GameState) -> Action:
        return self.agent_for(state.game).choose(state)


def easy(seed: int = 0, mistakes: float = EASY_MISTAKES) -> Agent:
    """The ``easy`` level: the game's heuristic, choosing a move at random one time in ``1 / mistakes``."""
    agent = GreedyAgent(seed, mistakes)
    agent.name = "easy"
    return agent


__all__ = [
    "EASY_MISTAKES",
    "EXPERT_FACTOR",
    "LEVELS",
    "LevelAgent",
    "easy",
    "level_spec",
    "level_specs",
]
