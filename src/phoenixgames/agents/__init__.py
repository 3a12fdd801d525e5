"""Agents and the specs that name them: ``random``, ``greedy``, ``human``."""

from __future__ import annotations

from ..engine import PhoenixGamesError
from .base import Agent
from .greedy import GreedyAgent
from .random_agent import RandomAgent


class BadAgentSpec(PhoenixGamesError, ValueError):
    """An agent spec that names no agent, or gives it settings it does not take."""


def _human(seed: int = 0) -> Agent:
    from .human import HumanAgent

    return HumanAgent(seed)


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "human": _human}


def agent_names() -> list[str]:
    return sorted(AGENTS)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from a spec such as ``random`` or ``greedy``."""
    name, _, settings = spec.strip().partition(":")
    factory = AGENTS.get(name.strip().lower())
    if factory is None:
        raise BadAgentSpec(f"unknown agent {spec!r}: choose from {', '.join(agent_names())}")
    if settings.strip():
        raise BadAgentSpec(f"the {name} agent takes no settings (got {settings!r})")
    return factory(seed=seed)


def check_agent_spec(spec: str) -> str:
    """Raise :class:`BadAgentSpec` if ``spec`` names no agent; return it tidied."""
    make_agent(spec)
    return spec.strip().lower()


__all__ = ["AGENTS", "Agent", "BadAgentSpec", "GreedyAgent", "RandomAgent", "agent_names", "make_agent"]
