"""The numbers a tournament's results file gives: win rates, ratings, scores, seats, length, time.

:func:`analyse` turns the lines of a results file into plain JSON-able data (floats rounded to 4
places). Everything but the ``time`` section depends only on the games, not on how fast they ran.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from ..engine import start_game
from .match import MatchResult
from .ratings import rate
from .runner import BadSimulation
from .stats import Z95, rounded, summarise, wilson_interval
from .tournament import TIMING

CONFIDENCE = 95  # per cent, for every interval


def as_match_result(line: dict[str, Any]) -> MatchResult:
    """A results line as the simulator's :class:`MatchResult`."""
    identity = line["tournament"]
    options = identity.get("options") or {}
    record = line.get("record") or {"options": options}
    return MatchResult(
        game=identity["game"],
        players=identity["players"],
        seed=line["seed"],
        agents=list(line["seats"]),
        scores=list(line["scores"]),
        winners=list(line["winners"]),
        length=line["length"],
        record=record,
        first_player=first_player_of(identity["game"], identity["players"], line["seed"], options),
        truncated=line.get("truncated", False),
    )


def first_player_of(game: str, players: int, seed: int, options: dict[str, Any]) -> int:
    """The seat that acts first in the game with this seed (its set-up is all it takes to know)."""
    first = start_game(game, players, seed, options).current_player
    return 0 if first is None else first


def _pair(bounds: tuple[float, float]) -> list[float]:
    return [rounded(bounds[0]), rounded(bounds[1])]


def analyse(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """All the numbers of a tournament's results, as JSON-able data."""
    if not lines:
        raise BadSimulation("the results file holds no games")
    identity = lines[0]["tournament"]
    summary = summarise([as_match_result(line) for line in lines])
    players = summary.players
    ratings = rate((line["seats"], line["scores"]) for line in lines)
    scores: dict[str, list[int]] = {}
    thinking: dict[str, list[float]] = {}
    for line in lines:
        timing = line.get(TIMING) or {}
        decisions = timing.get("decisions") or [0] * players
        seconds = timing.get("decision_seconds") or [0.0] * players
        for seat, agent in enumerate(line["seats"]):
            scores.setdefault(agent, []).append(line["scores"][seat])
            entry = thinking.setdefault(agent, [0.0, 0.0])
            entry[0] += decisions[seat]
            entry[1] += seconds[seat]
    agents = []
    for stats in summary.agents:
        rating = ratings[stats.agent]
        decisions, seconds = thinking[stats.agent]
        agent_scores = scores[stats.agent]
        agents.append(
            {
                **stats.to_dict(),
                "score_min": min(agent_scores),
                "score_median": rounded(statistics.median(agent_scores)),
                "score_max": max(agent_scores),
                "rating": {
                    "mu": rounded(rating.mu),
                    "sigma": rounded(rating.sigma),
                    "ci95": _pair(rating.ci95),
                    "ordinal": rounded(rating.ordinal),
                },
                "decisions": int(decisions),
                "seconds_per_decision": rounded(seconds / decisions) if decisions else 0.0,
            }
        )
    fair = 1 / players
    seats = []
    for seat_stats in summary.seats:
        low, high = wilson_interval(seat_stats.wins, seat_stats.games)
        seats.append(
            {
                **seat_stats.to_dict(),
                "number": seat_stats.seat + 1,  # the seat as people count it, from 1 (``seat`` counts from 0)
                "advantage": rounded(seat_stats.win_rate - fair),
                "advantage_ci95": _pair((low - fair, high - fair)),
            }
        )
    data = summary.to_dict()
    elapsed = sum((line.get(TIMING) or {}).get("seconds", 0.0) for line in lines)
    return {
        "game": identity["game"],
        "players": players,
        "options": identity.get("options") or {},
        "rotation": list(identity["agents"]),
        "seed": identity["seed"],
        "games": summary.games,
        "confidence": CONFIDENCE,
        "z": rounded(Z95),
        "agents": agents,
        "seats": seats,
        "first_player_advantage": data["first_player_advantage"],
        "length": data["length"],
        "shared_victories": data["shared_victories"],
        "truncated": data["truncated"],
        "rating_model": "OpenSkill Plackett-Luce",
        "time": {"game_seconds_total": rounded(elapsed), "game_seconds_mean": rounded(elapsed / summary.games)},
    }


__all__ = ["CONFIDENCE", "analyse", "as_match_result"]
