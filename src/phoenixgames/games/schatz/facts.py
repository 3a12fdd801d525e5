"""The facts an adapter declares about Schatz des Phönix: how long a game can be and its scores."""

from __future__ import annotations

from typing import Any

from .components import CARDS_PER_SIDE, NESTS, SCORING_ORDER, TOKENS, small_tokens_per_nest
from .parameters import PARAMETERS, TOKEN_PARAMETERS

#: The least and greatest value each parameter may take: the facts below hold for every game in range.
_MOST = {p.name: p.maximum for p in PARAMETERS if p.maximum is not None}


def max_decisions(players: int, options: dict[str, Any]) -> int:
    """The most actions a game can take: ``rounds x (12 x players + 3 x small - 2)`` with ``small`` the
    most small tokens a nest can get (players - 1, four with six, plus ``extra_nest_tokens`` at its
    most, never above players - 1) and ``rounds`` at its most.

    A round: every seat lays two cards beside each of the three nests, six cards, one a turn (SCH-14),
    and every turn ends with at most one draw (SCH-13), so 12 actions a seat. Then the treasures: a
    seat picks only when the tokens left in the nest are not all alike (SCH-34), so never the last
    token of a nest: at most ``small - 1`` picks at each smaller nest and ``small`` at the big nest
    (its ``small`` tokens and the large 10). Three rounds (SCH-01)."""
    small = min(players - 1, small_tokens_per_nest(players) + _MOST["extra_nest_tokens"])
    picks = (NESTS - 1) * (small - 1) + small
    return _MOST["rounds"] * (NESTS * CARDS_PER_SIDE * 2 * players + picks)


def score_range(players: int, options: dict[str, Any]) -> tuple[int, int]:
    """The lowest and highest final score of a seat, for every game the parameters allow.

    Highest: a seat takes at most one token from each nest each round (every seat is ranked once at a
    nest), nine in all, of which at most three large treasures (one a round); so at best the nine most
    valuable of the small tokens there can be and the three large ones, each count and value at the
    most its parameter allows (88, as printed: the ranges keep it). Lowest: a seat may end with nothing
    (with six players the big nest holds five tokens for six seats; fewer small tokens a nest, or
    tokens worth nothing, do the same at any player count)."""
    small = [TOKENS[v].value for v, name in TOKEN_PARAMETERS.items() for _ in range(_MOST[name])]
    values = sorted(small + [_MOST["large_token_value"]] * _MOST["rounds"])
    return 0, sum(values[-(_MOST["rounds"] * len(SCORING_ORDER)) :])
