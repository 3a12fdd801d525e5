"""The numbers a tournament's results file gives: win rates, ratings, scores, seats, length, time.

:func:`analyse` turns the lines of a results file into plain JSON-able data (floats rounded to 4
places). Everything but the ``time`` section depends only on the games, not on how fast they ran.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from ..engine import get_spec, start_game
from ..engine.options import resolve_options
from ..engine.parameters import resolve_params
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
    params = identity.get("params") or {}
    record = line.get("record") or {"options": options, **({"params": params} if params else {})}
    first = line.get("first_player")
    if not isinstance(first, int):
        first = first_player_of(identity["game"], identity["players"], line["seed"], options, params)
    return MatchResult(
        game=identity["game"],
        players=identity["players"],
        seed=line["seed"],
        agents=list(line["seats"]),
        scores=list(line["scores"]),
        winners=list(line["winners"]),
        length=line["length"],
        record=record,
        first_player=first,
        truncated=line.get("truncated", False),
    )


def first_player_of(
    game: str, players: int, seed: int, options: dict[str, Any], params: dict[str, Any] | None = None
) -> int:
    """The seat that acts first in the game with this seed (its set-up is all it takes to know)."""
    first = start_game(game, players, seed, options, params or None).current_player
    return 0 if first is None else first


def turn_position(seat: int, first_player: int, players: int) -> int:
    """Where ``seat`` stands in the turn order of a game whose first seat to act was ``first_player``:
    0 for the first to act, 1 for the next, and so on around the table."""
    return (seat - first_player) % players


def setup_of(game: str, players: int, options: dict[str, Any] | None, params: dict[str, Any] | None) -> dict[str, Any]:
    """What a run was played with, typed and whole: every option and every parameter with its value
    (the defaults included), and apart from them the ones that differ from the game as printed."""
    spec = get_spec(game)
    resolved = resolve_options(spec.options, dict(options or {}), spec.name)
    changed = resolve_params(spec.parameters, dict(params or {}), spec.name)
    defaults = {option.name: option.default for option in spec.options}
    return {
        "game": spec.name,
        "title": spec.title,
        "players": players,
        "options": dict(sorted(resolved.items())),
        "options_changed": {name: value for name, value in sorted(resolved.items()) if defaults.get(name) != value},
        "params": {p.name: changed.get(p.name, p.default) for p in spec.parameters},
        "params_changed": changed,
        "option_defaults": dict(sorted(defaults.items())),
        "param_defaults": {p.name: p.default for p in spec.parameters},
    }


def turn_positions(results: Sequence[MatchResult]) -> list[dict[str, Any]]:
    """Each turn position's win share (0: the seat that acted first) with its 95% interval and its
    advantage over a fair share: the first-player advantage counted by who acted first, not by seat."""
    players = results[0].players
    wins = [0.0] * players
    for result in results:
        shares = [0.0] * players
        for seat in result.winners:
            shares[seat] += 1 / len(result.winners)
        for seat in range(players):
            wins[turn_position(seat, result.first_player, players)] += shares[seat]
    games = len(results)
    fair = 1 / players
    rows = []
    for position in range(players):
        low, high = wilson_interval(wins[position], games)
        rows.append(
            {
                "position": position + 1,
                "games": games,
                "wins": rounded(wins[position]),
                "win_rate": rounded(wins[position] / games),
                "win_rate_ci95": _pair((low, high)),
                "advantage": rounded(wins[position] / games - fair),
                "advantage_ci95": _pair((low - fair, high - fair)),
            }
        )
    return rows


def _pair(bounds: tuple[float, float]) -> list[float]:
    return [rounded(bounds[0]), rounded(bounds[1])]


def analyse(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """All the numbers of a tournament's results, as JSON-able data."""
    if not lines:
        raise BadSimulation("the results file holds no games")
    identity = lines[0]["tournament"]
    mixed = sum(1 for line in lines if line["tournament"] != identity)
    if mixed:
        raise BadSimulation(
            f"the results hold games of more than one tournament ({mixed} of {len(lines)} differ from the first: "
            "a study's settings?); a study's report is its study.html"
        )
    results = [as_match_result(line) for line in lines]
    summary = summarise(results)
    setup = setup_of(identity["game"], summary.players, identity.get("options"), identity.get("params"))
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
        "title": setup["title"],
        "options": setup["options"],
        "options_changed": setup["options_changed"],
        "option_defaults": setup["option_defaults"],
        "params": setup["params"],
        "params_changed": setup["params_changed"],
        "param_defaults": setup["param_defaults"],
        "rotation": list(identity["agents"]),
        "seed": identity["seed"],
        "games": summary.games,
        "confidence": CONFIDENCE,
        "z": rounded(Z95),
        "agents": agents,
        "seats": seats,
        "turn_positions": turn_positions(results),
        "first_player_advantage": data["first_player_advantage"],
        "length": data["length"],
        "shared_victories": data["shared_victories"],
        "truncated": data["truncated"],
        "rating_model": "OpenSkill Plackett-Luce",
        "time": {"game_seconds_total": rounded(elapsed), "game_seconds_mean": rounded(elapsed / summary.games)},
    }


__all__ = [
    "CONFIDENCE",
    "analyse",
    "as_match_result",
    "first_player_of",
    "setup_of",
    "turn_position",
    "turn_positions",
]
