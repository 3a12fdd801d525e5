"""Ratings of agents from finished games, with OpenSkill's Plackett-Luce model.

Games are rated one after another in the order given (a results file's game order), each seat a
team of one ranked by its score (equal scores share a rank). An agent that holds several seats of
one game is rated once per seat against the others; its new rating is the mean of those updates.
A rating is ``mu`` (the estimated skill) and ``sigma`` (its uncertainty); ``mu ± 1.96 sigma`` is
its 95% interval and ``ordinal = mu - 3 sigma`` a cautious figure to rank by.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .stats import Z95


@dataclass(frozen=True)
class Rating:
    """One agent's rating."""

    agent: str
    mu: float
    sigma: float

    @property
    def ci95(self) -> tuple[float, float]:
        return (self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def ranks(scores: Sequence[float]) -> list[int]:
    """The rank of each seat by score: 1 for the best, equal scores sharing a rank."""
    return [1 + sum(other > score for other in scores) for score in scores]


def rate(games: Iterable[tuple[Sequence[str], Sequence[float]]]) -> dict[str, Rating]:
    """Rate the agents of ``games``: pairs of (agent spec per seat, score per seat), in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, tuple[float, float]] = {}
    for seats, scores in games:
        teams = []
        for agent in seats:
            mu, sigma = current.get(agent, (model.mu, model.sigma))
            teams.append([model.rating(mu=mu, sigma=sigma)])
        rated = model.rate(teams, ranks=[float(rank) for rank in ranks(scores)])
        updates: dict[str, list[tuple[float, float]]] = {}
        for agent, team in zip(seats, rated, strict=True):
            updates.setdefault(agent, []).append((team[0].mu, team[0].sigma))
        for agent, values in updates.items():
            current[agent] = (
                sum(mu for mu, _ in values) / len(values),
                sum(sigma for _, sigma in values) / len(values),
            )
    return {agent: Rating(agent, mu, sigma) for agent, (mu, sigma) in current.items()}


__all__ = ["Rating", "rate", "ranks"]
