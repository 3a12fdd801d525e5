"""What a run of games says: win rates with their uncertainty, scores, seats and game length.

Wins are counted so that they always add up to the number of games: a victory shared by ``k``
players counts ``1/k`` to each of them. An agent that holds several seats of one game is counted once
per seat (a *seating*), so its win rate is its wins per seating and can be compared with ``1/players``.
Intervals are 95% Wilson score intervals, which stay inside 0..1 and behave well near 0 and 1.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .match import MatchResult
from .runner import BadSimulation

#: The standard normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054

#: Decimal places kept by ``to_dict``, so that printed figures do not depend on float noise.
PLACES = 4


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials`` (95% with the default ``z``).

    ``successes`` may be fractional (shared victories). With no trials nothing is known: ``(0, 1)``.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = min(max(successes / trials, 0.0), 1.0)
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_shares(result: MatchResult) -> list[float]:
    """Each seat's share of the victory in one game: ``1/k`` to each of ``k`` winners, 0 to the others."""
    shares = [0.0] * result.players
    if result.winners:
        share = 1 / len(result.winners)
        for seat in result.winners:
            shares[seat] += share
    return shares


def _std(values: Sequence[float]) -> float:
    """The sample standard deviation; 0 for fewer than two values."""
    return statistics.stdev(values) if len(values) > 1 else 0.0


def rounded(value: float) -> float:
    """``value`` rounded as every figure of a summary is (to :data:`PLACES` decimals, never -0.0)."""
    return round(value, PLACES) + 0.0  # + 0.0 turns -0.0 into 0.0


def _interval(bounds: tuple[float, float]) -> list[float]:
    return [rounded(bounds[0]), rounded(bounds[1])]


@dataclass(frozen=True)
class AgentStats:
    """How one agent did over all the seats it held."""

    agent: str
    seated: int  # seatings: games it played, counted once per seat it held
    wins: float  # shared victories count as fractions
    mean_score: float
    score_std: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.seated if self.seated else 0.0

    @property
    def win_rate_ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seated)

    def to_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "seated": self.seated,
            "wins": rounded(self.wins),
            "win_rate": rounded(self.win_rate),
            "win_rate_ci95": _interval(self.win_rate_ci95),
            "mean_score": rounded(self.mean_score),
            "score_std": rounded(self.score_std),
        }


@dataclass(frozen=True)
class SeatStats:
    """How one seat did, whoever sat in it. Seat 0 holds the start player token when a game begins."""

    seat: int
    games: int
    wins: float
    mean_score: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_rate_ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "games": self.games,
            "wins": rounded(self.wins),
            "win_rate": rounded(self.win_rate),
            "win_rate_ci95": _interval(self.win_rate_ci95),
            "mean_score": rounded(self.mean_score),
        }


@dataclass(frozen=True)
class LengthStats:
    """How many actions the games took."""

    mean: float
    std: float
    min: int
    max: int

    def to_dict(self) -> dict[str, Any]:
        return {"mean": rounded(self.mean), "std": rounded(self.std), "min": self.min, "max": self.max}


@dataclass(frozen=True)
class Summary:
    """The statistics of a run of games of one game at one player count."""

    game: str
    players: int
    games: int
    options: dict[str, Any]
    agents: list[AgentStats]
    seats: list[SeatStats]
    length: LengthStats
    shared_victories: int  # games won by more than one player
    first_player_wins: float  # victories (shared ones in part) of the seat that acted first in each game
    truncated: int = 0  # games ended by a safety cap on their length (a game option), not by the rules
    params: dict[str, Any] = field(default_factory=dict)  # the parameters changed from the printed game

    @property
    def first_player_advantage(self) -> float:
        """The first player's win rate minus the fair share ``1/players``: above 0, starting first helps.
        The first player is the seat that acted first in each game (seat 0 in most games; Phoenicia's
        first Overlord is drawn at random)."""
        return self.first_player_wins / self.games - 1 / self.players

    @property
    def first_player_advantage_ci95(self) -> tuple[float, float]:
        low, high = wilson_interval(self.first_player_wins, self.games)
        return (low - 1 / self.players, high - 1 / self.players)

    @property
    def shared_victory_share(self) -> float:
        return self.shared_victories / self.games

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data, floats rounded to 4 places, so the same games give the same text."""
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "options": dict(self.options),
            "agents": [a.to_dict() for a in self.agents],
            "seats": [s.to_dict() for s in self.seats],
            "first_player_advantage": {
                "value": rounded(self.first_player_advantage),
                "ci95": _interval(self.first_player_advantage_ci95),
                "fair_share": rounded(1 / self.players),
            },
            "length": self.length.to_dict(),
            "shared_victories": {"games": self.shared_victories, "share": rounded(self.shared_victory_share)},
            "truncated": {"games": self.truncated, "share": rounded(self.truncated / self.games)},
        }
        if self.params:  # only when changed: a summary of the printed game reads as it always did
            data["params"] = dict(self.params)
        return data


def summarise(results: Sequence[MatchResult]) -> Summary:
    """The :class:`Summary` of finished games, all of one game at one player count."""
    if not results:
        raise BadSimulation("there are no games to summarise")
    first = results[0]
    for result in results:
        if result.game != first.game or result.players != first.players:
            raise BadSimulation(
                f"cannot summarise {first.players}-player {first.game} games together with "
                f"{result.players}-player {result.game} games"
            )
    players = first.players
    agent_scores: dict[str, list[int]] = {}
    agent_wins: dict[str, float] = {}
    seat_scores: list[list[int]] = [[] for _ in range(players)]
    seat_wins = [0.0] * players
    shared = 0
    first_player_wins = 0.0
    for result in results:
        shares = win_shares(result)
        shared += len(result.winners) > 1
        first_player_wins += shares[result.first_player]
        for seat, (agent, score) in enumerate(zip(result.agents, result.scores, strict=True)):
            agent_scores.setdefault(agent, []).append(score)
            agent_wins[agent] = agent_wins.get(agent, 0.0) + shares[seat]
            seat_scores[seat].append(score)
            seat_wins[seat] += shares[seat]
    lengths = [result.length for result in results]
    return Summary(
        game=first.game,
        players=players,
        games=len(results),
        options=dict(first.record.get("options") or {}),
        agents=[
            AgentStats(agent, len(scores), agent_wins[agent], statistics.fmean(scores), _std(scores))
            for agent, scores in agent_scores.items()
        ],
        seats=[
            SeatStats(seat, len(seat_scores[seat]), seat_wins[seat], statistics.fmean(seat_scores[seat]))
            for seat in range(players)
        ],
        length=LengthStats(statistics.fmean(lengths), _std(lengths), min(lengths), max(lengths)),
        shared_victories=shared,
        first_player_wins=first_player_wins,
        truncated=sum(result.truncated for result in results),
        params=dict(first.record.get("params") or {}),
    )


__all__ = ["AgentStats", "LengthStats", "SeatStats", "Summary", "Z95", "summarise", "wilson_interval", "win_shares"]
