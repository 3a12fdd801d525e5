"""The greedy agent: the game's own casual-player heuristic (``heuristic.py`` of each game)."""

from __future__ import annotations

from ..engine import Action, GameState
from .base import Agent


def _mistakes(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 1:
        raise ValueError("must be a number from 0 to 1")
    return value


#: The settings of the careless heuristic (the ``easy`` level): name -> (reader of its text, what it takes).
SETTINGS = {"mistakes": (_mistakes, "a number from 0 to 1 (how often a move is chosen at random)")}


class GreedyAgent(Agent):
    """Plays the heuristic's move; with ``mistakes`` above 0, a legal move at random that often instead
    (``easy:mistakes=0.5``: one move in two), a player who overlooks the best move."""

    name = "greedy"

    def __init__(self, seed: int = 0, mistakes: float = 0.0) -> None:
        super().__init__(seed)
        if not 0 <= mistakes <= 1:
            raise ValueError(f"mistakes must be a number from 0 to 1, not {mistakes!r}")
        self.mistakes = mistakes

    def choose(self, state: GameState) -> Action:
        greedy = state.spec.greedy
        if greedy is None or (self.mistakes and self.rng.random() < self.mistakes):
            # a game without a heuristic still gets a sensible fallback; a mistake is any legal move
            return self.rng.choice(state.legal_actions())
        return greedy(state, self.rng)
