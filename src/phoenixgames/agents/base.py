"""Agents: whatever chooses a seat's actions. Each is handed ``state.copy(perspective=seat)``,
never the true state, so no agent can see what its seat may not know."""

from __future__ import annotations

import random

from ..engine import Action, GameState


class Agent:
    """Chooses actions for one seat. Subclasses override :meth:`choose`."""

    name = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """The action to take in ``state`` (a perspective copy for this agent's seat)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.__class__.__name__} {self.name}>"
