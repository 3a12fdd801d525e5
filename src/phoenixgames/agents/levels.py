"""Difficulty levels: the opponents a player chooses by how hard they are, not by their settings.

Each level is an agent spec of its own (``easy``, ``medium``, ``hard``, ``expert``), the same name in
every game, standing for settings chosen per game (``docs/strength.md`` measures each against the
one below it at every player count):

- ``easy``: the game's heuristic, careless: it plays a legal move at random in place of its own one
  time in two (``easy:mistakes=0.5``; :data:`EASY_MISTAKES`), a player who often overlooks the best move.
- ``medium``: the game's heuristic itself (``greedy``), a sensible casual player.
- ``hard``: ISMCTS with the game's own defaults and a budget in iterations chosen so that it answers
  within a second a move on a modest machine (:data:`HARD_ITERATIONS`); ``play``'s default bot.
- ``expert``: the same search with four times the budget, in four searches run on as many of the
  machine's cores (root parallel search, ``workers=4``): on four cores it answers in about the time
  of ``hard``. It is not offered to players (:data:`OFFERED_LEVELS`): at two players it has not shown
  itself stronger than ``hard`` in Phoenix and Schatz.

With a budget in iterations every level is reproducible: the same seed gives the same moves.
"""

from __future__ import annotations

from ..engine import Action, GameState, PhoenixGamesError
from ..engine.registry import get_spec
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

#: The iterations of ``hard``'s search a move, by game (a game not named here gets :data:`HARD_DEFAULT`).
HARD_ITERATIONS: dict[str, int] = {
    "schatz": 1000,
    "phoenicia": 1000,
    "phoenix": 700,
    "syndicate": 200,
}
HARD_DEFAULT = 1000

#: ``expert`` searches this many times ``hard``'s budget, in this many searches (one a core, up to that).
EXPERT_FACTOR = 4


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
    iterations = HARD_ITERATIONS.get(spec.name, HARD_DEFAULT)
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
    one that agent, seeded alike, would make.
    """

    def __init__(self, seed: int = 0, level: str = "hard") -> None:
        super().__init__(seed)
        if level not in LEVELS or level == "easy":
            raise PhoenixGamesError(f"there is no difficulty level {level!r}: choose from {', '.join(LEVELS)}")
        self.level = level
        self.name = level
        self._agents: dict[str, Agent] = {}

    def agent_for(self, game: str) -> Agent:
        """The agent this level stands for in ``game`` (built once a game)."""
        agent = self._agents.get(game)
        if agent is None:
            from . import make_agent

            agent = self._agents[game] = make_agent(level_spec(self.level, game), seed=0)
        agent.rng = self.rng
        return agent

    def choose(self, state: GameState) -> Action:
        return self.agent_for(state.game).choose(state)


def easy(seed: int = 0, mistakes: float = EASY_MISTAKES) -> Agent:
    """The ``easy`` level: the game's heuristic, choosing a move at random one time in ``1 / mistakes``."""
    agent = GreedyAgent(seed, mistakes)
    agent.name = "easy"
    return agent


def medium(seed: int = 0) -> Agent:
    """The ``medium`` level."""
    return LevelAgent(seed, "medium")


def hard(seed: int = 0) -> Agent:
    """The ``hard`` level."""
    return LevelAgent(seed, "hard")


def expert(seed: int = 0) -> Agent:
    """The ``expert`` level."""
    return LevelAgent(seed, "expert")


FACTORIES = {"easy": easy, "medium": medium, "hard": hard, "expert": expert}

__all__ = [
    "EASY_MISTAKES",
    "EXPERT_FACTOR",
    "FACTORIES",
    "HARD_DEFAULT",
    "HARD_ITERATIONS",
    "LEVELS",
    "LevelAgent",
    "level_spec",
    "level_specs",
]
