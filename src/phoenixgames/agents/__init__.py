"""Agents and the specs that name them.

A spec is an agent's name, optionally followed by a colon and ``setting=value`` pairs separated by
commas: ``random``, ``greedy``, ``ismcts``, ``ismcts:iterations=2000``, ``ismcts:seconds=1,c=0.7``,
``ismcts:iterations=500,rollout=greedy,depth=none``. Specs work the same everywhere an agent is named
(``play --seats``, ``simulate --agents``, ``tournament --agents``, :func:`make_agent`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import PhoenixGamesError
from .base import Agent
from .greedy import GreedyAgent
from .ismcts import ROLLOUTS, ISMCTSAgent
from .random_agent import RandomAgent


class BadAgentSpec(PhoenixGamesError, ValueError):
    """An agent spec that names no agent, or gives it settings it does not take."""


def _human(seed: int = 0) -> Agent:
    from .human import HumanAgent

    return HumanAgent(seed)


def _whole(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError("must be 1 or more")
    return value


def _positive(text: str) -> float:
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise ValueError("must be a number above 0")
    return value


def _non_negative(text: str) -> float:
    value = float(text)
    if not value >= 0 or value == float("inf"):
        raise ValueError("must be a number 0 or more")
    return value


def _rollout(text: str) -> str:
    if text not in ROLLOUTS:
        raise ValueError(f"must be one of {', '.join(ROLLOUTS)}")
    return text


def _depth(text: str) -> int | None:
    if text in ("none", "end"):
        return None
    value = int(text)
    if value < 0:
        raise ValueError("must be 0 or more, or none (play to the end)")
    return value


@dataclass(frozen=True)
class AgentKind:
    """An agent that specs can name: how to build it, and the settings it takes."""

    factory: Callable[..., Agent]
    #: setting name -> (reader of its text, what it takes, in words)
    settings: dict[str, tuple[Callable[[str], object], str]] = field(default_factory=dict)


AGENTS: dict[str, AgentKind] = {
    "random": AgentKind(RandomAgent),
    "greedy": AgentKind(GreedyAgent),
    "human": AgentKind(_human),
    "ismcts": AgentKind(
        ISMCTSAgent,
        {
            "iterations": (_whole, "a whole number 1 or more"),
            "seconds": (_positive, "a number of seconds above 0"),
            "c": (_non_negative, "a number 0 or more"),
            "rollout": (_rollout, " or ".join(ROLLOUTS)),
            "depth": (_depth, "a whole number 0 or more, or none"),
            "bias": (_non_negative, "a number 0 or more"),
        },
    ),
}

#: The bot ``play`` seats by default: a search that answers within about a second.
DEFAULT_BOT = "ismcts:iterations=1000"

#: Where a game's strongest measured bot is not :data:`DEFAULT_BOT` (``docs/strength.md``): Phoenix's
#: search beats greedy only with a bias toward the heuristic's move.
GAME_DEFAULT_BOTS = {"phoenix": "ismcts:iterations=1000,bias=1"}


def default_bot(game: str) -> str:
    """The spec of the bot ``play`` seats in ``game`` by default: the strongest setting measured for it
    that answers within about a second."""
    return GAME_DEFAULT_BOTS.get(game, DEFAULT_BOT)


def agent_names() -> list[str]:
    return sorted(AGENTS)


def _choices() -> str:
    return ", ".join(agent_names())


def parse_agent_spec(spec: str) -> tuple[str, dict[str, object]]:
    """The agent name and its settings (read into values) of ``spec``; raises :class:`BadAgentSpec`."""
    if not isinstance(spec, str) or not spec.strip():
        raise BadAgentSpec(f"no agent given: choose from {_choices()}")
    name, colon, rest = spec.strip().lower().partition(":")
    name = name.strip()
    kind = AGENTS.get(name)
    if kind is None:
        raise BadAgentSpec(f"unknown agent {spec.strip()!r}: choose from {_choices()}")
    settings: dict[str, object] = {}
    if colon and not rest.strip():
        raise BadAgentSpec(f"{spec.strip()!r} has a colon but no settings after it: like ismcts:iterations=2000")
    if not rest.strip():
        return name, settings
    if not kind.settings:
        raise BadAgentSpec(f"the {name} agent takes no settings (got {rest.strip()!r})")
    valid = ", ".join(kind.settings)
    for pair in rest.split(","):
        key, equals, text = pair.partition("=")
        key, text = key.strip(), text.strip()
        if key not in kind.settings:
            raise BadAgentSpec(f"the {name} agent has no setting {key!r}: its settings are {valid}")
        if not equals or not text:
            raise BadAgentSpec(f"the {name} setting {key} needs a value, like {key}=..., in {spec.strip()!r}")
        reader, wanted = kind.settings[key]
        try:
            settings[key] = reader(text)
        except ValueError:
            raise BadAgentSpec(f"the {name} setting {key} must be {wanted}, not {text!r}") from None
    return name, settings


def tidy_spec(spec: str) -> str:
    """``spec`` in its tidy form: lower case, no spaces; raises :class:`BadAgentSpec` if it is bad."""
    parse_agent_spec(spec)
    name, colon, rest = spec.strip().lower().partition(":")
    pairs = [f"{key.strip()}={value.strip()}" for key, _, value in (pair.partition("=") for pair in rest.split(","))]
    return name.strip() + (":" + ",".join(pairs) if colon else "")


def split_agent_list(text: str) -> list[str]:
    """The specs in a comma-separated list such as ``random,ismcts:seconds=1,c=0.7,greedy``.

    A piece ``key=value`` that names no agent continues the settings of the spec before it.
    """
    specs: list[str] = []
    for piece in text.split(","):
        head = piece.strip().lower().partition(":")[0]
        continues = "=" in piece and ":" not in piece and head.partition("=")[0].strip() not in AGENTS
        if continues and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
            continue
        specs.append(piece)
    return specs


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from a spec such as ``random``, ``greedy`` or ``ismcts:iterations=2000``."""
    name, settings = parse_agent_spec(spec)
    return AGENTS[name].factory(seed=seed, **settings)


def check_agent_spec(spec: str) -> str:
    """Raise :class:`BadAgentSpec` if ``spec`` names no agent; return it tidied."""
    return tidy_spec(spec)


__all__ = [
    "AGENTS",
    "DEFAULT_BOT",
    "GAME_DEFAULT_BOTS",
    "Agent",
    "AgentKind",
    "BadAgentSpec",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "agent_names",
    "check_agent_spec",
    "default_bot",
    "make_agent",
    "parse_agent_spec",
    "split_agent_list",
    "tidy_spec",
]
