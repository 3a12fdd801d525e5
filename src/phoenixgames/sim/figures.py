"""What the games of one setting of a study say: seat advantage, each figure's mean, with 95% intervals.

Shares (a seat's, a turn position's, an agent's) have Wilson intervals; a figure's mean has the normal
interval ``mean ± 1.96 · sd / √n``. A figure given per seat (a list) is summed up over the seat-games
(each seat of each game one value), and compared between the seats that won and those that did not
(its correlation with the seat's win share: which purchases or strategies go with winning).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from .analysis import turn_position
from .stats import Z95, rounded, wilson_interval


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` with its 95% normal interval."""
    if not values:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation of ``xs`` and ``ys``; ``None`` when either does not vary."""
    if len(xs) < 3:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def _share(wins: float, games: int, fair: float) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {
        "wins": rounded(wins),
        "games": games,
        "share": rounded(wins / games if games else 0.0),
        "ci95": [rounded(low), rounded(high)],
        "advantage": rounded((wins / games if games else 0.0) - fair),
        "advantage_ci95": [rounded(low - fair), rounded(high - fair)],
        #: the interval lies wholly above or below a fair share: the advantage is significant
        "significant": bool(low > fair or high < fair),
    }


def _shares(line: dict[str, Any]) -> list[float]:
    shares = [0.0] * len(line["seats"])
    for seat in line["winners"]:
        shares[seat] += 1 / len(line["winners"])
    return shares


def setting_figures(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The figures of the games ``lines`` of one setting (a study's lines, with metrics)."""
    games = len(lines)
    players = len(lines[0]["seats"])
    fair = 1 / players
    by_seat = [0.0] * players
    by_position = [0.0] * players
    by_agent: dict[str, list[float]] = {}
    scalars: dict[str, list[float]] = {}
    per_seat: dict[str, list[float]] = {}
    won: list[float] = []
    for line in lines:
        shares = _shares(line)
        first = line.get("first_player", 0)
        for seat, share in enumerate(shares):
            by_seat[seat] += share
            by_position[turn_position(seat, first, players)] += share
            tally = by_agent.setdefault(line["seats"][seat], [0.0, 0.0])
            tally[0] += share
            tally[1] += 1
            won.append(share)
        for name, value in (line.get("metrics") or {}).items():
            if name == "win_share":
                continue
            if isinstance(value, list):
                per_seat.setdefault(name, []).extend(float(v) for v in value)
            else:
                scalars.setdefault(name, []).append(float(value))
    figures: dict[str, Any] = {}
    for name, values in sorted(scalars.items()):
        mean, low, high = mean_interval(values)
        figures[name] = {"mean": rounded(mean), "ci95": [rounded(low), rounded(high)], "per_seat": False}
    for name, values in sorted(per_seat.items()):
        mean, low, high = mean_interval(values)
        entry: dict[str, Any] = {"mean": rounded(mean), "ci95": [rounded(low), rounded(high)], "per_seat": True}
        if len(values) == len(won):
            r = correlation(values, won)
            entry["correlation_with_winning"] = None if r is None else rounded(r)
            winners = [v for v, w in zip(values, won, strict=True) if w > 0]
            others = [v for v, w in zip(values, won, strict=True) if w == 0]
            entry["mean_of_winners"] = rounded(statistics.fmean(winners)) if winners else None
            entry["mean_of_others"] = rounded(statistics.fmean(others)) if others else None
        figures[name] = entry
    positions = [{"position": p + 1, **_share(by_position[p], games, fair)} for p in range(players)]
    first = positions[0]
    # the turn position whose win share is farthest from a fair share: how unfair the order of play is
    farthest = max(positions, key=lambda p: abs(p["advantage"]))
    return {
        "games": games,
        "players": players,
        "fair_share": rounded(fair),
        "seats": [{"seat": s + 1, **_share(by_seat[s], games, fair)} for s in range(players)],
        "turn_positions": positions,
        "first_player_advantage": {
            "value": first["advantage"],
            "ci95": first["advantage_ci95"],
            "significant": first["significant"],
            "width": rounded(first["ci95"][1] - first["ci95"][0]),
        },
        "seat_advantage": {
            "position": farthest["position"],
            "value": farthest["advantage"],
            "ci95": farthest["advantage_ci95"],
            "significant": farthest["significant"],
        },
        "agents": {agent: _share(wins, int(seatings), fair) for agent, (wins, seatings) in sorted(by_agent.items())},
        "figures": figures,
        "truncated": sum(bool(line.get("truncated")) for line in lines),
        "shared_victories": sum(len(line["winners"]) > 1 for line in lines),
    }


__all__ = ["correlation", "mean_interval", "setting_figures"]
