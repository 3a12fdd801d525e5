"""What a bot may cost the server: the thinking a spec asks for, the cap on it, and what plays instead
when a bot's move takes too long.

A spec's cost is counted in seconds of ``hard``'s search, as its budget says (``hard`` answers within
about a second a move by design): ``random``, ``greedy``, ``easy`` and ``medium`` cost nothing worth
counting, ``hard`` 1, ``ismcts:iterations=N`` N over ``hard``'s iterations in the game,
``ismcts:seconds=S`` S. A seat's bot, a stand-in and a hint may ask at most the server's
``max_bot_seconds`` (by default ``hard``'s). A search in several processes (``workers`` above 1, and so
``expert``), and an agent registered from outside the package, whose cost nothing says, are refused: a
seat's bot thinks in one worker of the pool.

Whatever the estimate, a move has a deadline (``bot_deadline``): past it, the seat's move is the level
below's (:func:`fallbacks`), and past that a random legal move.
"""

from __future__ import annotations

from ..agents import BUILTIN_AGENTS, BadAgentSpec, parse_agent_spec
from ..agents.levels import EXPERT_FACTOR
from ..engine import PhoenixGamesError, get_spec

#: Agents that think too little to count (a heuristic, or a random move).
FREE = frozenset({"random", "greedy", "easy", "medium"})

#: What plays instead of an agent whose move did not come in time, in order.
BELOW = {"expert": "hard", "hard": "medium", "ismcts": "medium", "medium": "easy", "greedy": "easy", "easy": "random"}


class TooCostly(PhoenixGamesError):
    """A bot's spec that asks for more thinking than the server allows."""


def bot_seconds(spec: str, game: str) -> float:
    """The seconds of ``hard``'s search ``spec`` asks for a move in ``game``; :class:`TooCostly` for one
    whose cost cannot be bounded (a registered agent, a search in several processes)."""
    name, settings = parse_agent_spec(spec)
    if name in FREE:
        return 0.0
    if name == "hard":
        return 1.0
    if name == "expert":
        raise TooCostly(
            f"expert searches in {EXPERT_FACTOR} processes, and a seat's bot thinks in one: "
            f"its budget in one is ismcts:iterations={EXPERT_FACTOR} times hard's"
        )
    if name == "ismcts":
        workers = settings.get("workers")
        if isinstance(workers, int) and workers > 1:
            raise TooCostly("a seat's bot thinks in one process: workers=1 only")
        costs = []
        iterations = settings.get("iterations")
        if isinstance(iterations, int):
            costs.append(iterations / get_spec(game).hard_iterations)
        seconds = settings.get("seconds")
        if isinstance(seconds, int | float):
            costs.append(float(seconds))
        if not costs:  # the agent's own default budget
            from ..agents.ismcts import DEFAULT_ITERATIONS

            costs.append(DEFAULT_ITERATIONS / get_spec(game).hard_iterations)
        return min(costs)
    if name not in BUILTIN_AGENTS:
        raise TooCostly(f"the {name} agent is not one of this package's: what it costs a move cannot be bounded")
    raise TooCostly(f"the {name} agent does not play a seat")


def check_cost(spec: str, game: str, max_seconds: float) -> None:
    """Raise :class:`TooCostly` if ``spec`` asks more than ``max_seconds`` of ``hard``'s search a move
    (the offered levels are checked like any spec)."""
    try:
        cost = bot_seconds(spec, game)
    except BadAgentSpec as exc:
        raise TooCostly(str(exc)) from None
    if cost > max_seconds + 1e-9:
        raise TooCostly(
            f"{spec} asks for about {cost:g} s of thinking a move; this server allows {max_seconds:g} "
            f"(hard is 1): a smaller budget, or a difficulty"
        )


def fallbacks(spec: str) -> list[str]:
    """The agents that play, in order, when ``spec``'s move did not come in time (the last is ``random``,
    which the server plays itself)."""
    try:
        name = parse_agent_spec(spec)[0]
    except BadAgentSpec:
        name = "ismcts"
    chain = []
    while name in BELOW:
        name = BELOW[name]
        chain.append(name)
    return chain or ["random"]
