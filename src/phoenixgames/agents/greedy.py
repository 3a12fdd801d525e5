"""The greedy agent: the game's own casual-player heuristic (``heuristic.py`` of each game)."""

from __future__ import annotations

from ..engine import Action, GameState
from .base import Agent


class GreedyAgent(Agent):
    name = "greedy"

    def choose(self, state: GameState) -> Action:
        greedy = state.spec.greedy
        if greedy is None:  # a game without a heuristic still gets a sensible fallback
            return self.rng.choice(state.legal_actions())
        return greedy(state, self.rng)
