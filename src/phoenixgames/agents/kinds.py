"""The kinds of agent a spec can name: how each is built and the settings it takes, and the built-in ones.

A kind's factory is called as ``factory(seed=..., **settings)``. A kind that stands for another spec
(a difficulty level, which is a setting of the search chosen per game) is handed the function that
builds agents from specs as ``build=``, so that it needs nothing above it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import PhoenixGamesError
from .base import Agent
from .greedy import SETTINGS as CARELESS_SETTINGS
from .greedy import GreedyAgent
from .ismcts import SETTINGS as ISMCTS_SETTINGS
from .ismcts import ISMCTSAgent
from .levels import LEVELS, LevelAgent, easy
from .random_agent import RandomAgent


class BadAgentSpec(PhoenixGamesError, ValueError):
    """An agent spec that names no agent, or gives it settings it does not take; an agent that cannot be
    registered, or whose factory fails to build it."""


#: A setting's reader: its text (as typed in a spec) -> its value; raises ``ValueError`` for a bad one.
Reader = Callable[[str], object]


@dataclass(frozen=True)
class AgentKind:
    """An agent that specs can name: how to build it, and the settings it takes.

    ``factory(seed=..., **settings)`` builds the agent. ``settings`` maps each setting it takes to the
    reader of its text and what it takes, in words. With ``any_settings``, the agent takes any setting
    whose name is a Python identifier, passed to the factory as the text typed. With ``builds_others``
    the factory is also handed ``build=``, a function ``build(spec, seed) -> Agent``.
    """

    factory: Callable[..., Agent]
    #: setting name -> (reader of its text, what it takes, in words)
    settings: dict[str, tuple[Reader, str]] = field(default_factory=dict)
    any_settings: bool = False
    builds_others: bool = False


#: The spec of a person's seat. No program builds it: ``phoenixgames play`` seats a person at the
#: terminal itself, and the server seats people in the browser.
HUMAN = "human"


def _person(seed: int = 0) -> Agent:
    raise BadAgentSpec(
        f"{HUMAN!r} is a person's seat, which only 'phoenixgames play' (at the terminal) or the server (in the "
        "browser) can seat: a program plays with a bot"
    )


#: The agents this package defines, by name: :func:`~phoenixgames.agents.register_agent` takes none of
#: these names.
BUILTIN_AGENTS: dict[str, AgentKind] = {
    "random": AgentKind(RandomAgent),
    "greedy": AgentKind(GreedyAgent),
    HUMAN: AgentKind(_person),
    "ismcts": AgentKind(ISMCTSAgent, dict(ISMCTS_SETTINGS)),
    "easy": AgentKind(easy, dict(CARELESS_SETTINGS)),
    **{
        level: AgentKind(functools.partial(LevelAgent, level=level), builds_others=True)
        for level in LEVELS
        if level != "easy"
    },
}

#: The bot ``play`` seats by default: the ``hard`` level, a search that answers within a second a move
#: (in each game the spec :func:`~phoenixgames.agents.levels.level_spec` names).
DEFAULT_BOT = "hard"


def default_bot(game: str) -> str:
    """The spec of the bot ``play`` seats in ``game`` by default: the ``hard`` level, in every game
    (``level_spec("hard", game)`` spells out what it stands for there)."""
    return DEFAULT_BOT


__all__ = ["BUILTIN_AGENTS", "DEFAULT_BOT", "HUMAN", "AgentKind", "BadAgentSpec", "Reader", "default_bot"]
