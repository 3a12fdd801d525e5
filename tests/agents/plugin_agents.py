"""Agents defined outside the package, as a project using phoenixgames would define them: the tests
register them with ``register_agent`` or name them in ``PHOENIXGAMES_AGENTS``."""

from __future__ import annotations

from typing import Any

from phoenixgames.agents import Agent
from phoenixgames.engine import Action, GameState


class FirstAgent(Agent):
    """Plays the first legal action, or the last with ``end=last``; remembers the settings it was given."""

    name = "first"

    def __init__(self, seed: int = 0, **settings: Any) -> None:
        super().__init__(seed)
        self.settings = settings
        self.last = settings.get("end") == "last"

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        return legal[-1] if self.last else legal[0]


def make_first(seed: int = 0, **settings: Any) -> FirstAgent:
    return FirstAgent(seed, **settings)


def make_nothing(seed: int = 0) -> object:
    """A factory that returns no agent."""
    return "not an agent"


def make_broken(seed: int = 0, **settings: Any) -> Agent:
    raise RuntimeError("the weights file is missing")
