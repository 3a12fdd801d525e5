"""The random agent: a legal action chosen uniformly at random."""

from __future__ import annotations

from ..engine import Action, GameState
from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(state.legal_actions())
