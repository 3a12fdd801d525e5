"""The facts an adapter declares about Schatz des Phönix: how long a game can be and its scores."""

from __future__ import annotations

from typing import Any

from .components import (
    CARDS_PER_SIDE,
    LARGE_TEN,
    LARGE_TOKEN_COUNT,
    NESTS,
    ROUNDS,
    SCORING_ORDER,
    SMALL_TOKENS,
    TOKENS,
    small_tokens_per_nest,
)


def max_decisions(players: int, options: dict[str, Any]) -> int:
    """The most actions a game can take: ``3 x (12 x players + 3 x small - 2)`` with ``small`` the
    small tokens a nest gets (players - 1, four with six).

    A round: every seat lays two cards beside each of the three nests, six cards, one a turn (SCH-14),
    and every turn ends with at most one draw (SCH-13), so 12 actions a seat. Then the treasures: a
    seat picks only when the tokens left in the nest are not all alike (SCH-34), so never the last
    token of a nest: at most ``small - 1`` picks at each smaller nest and ``small`` at the big nest
    (its ``small`` tokens and the large 10). Three rounds (SCH-01)."""
    small = small_tokens_per_nest(players)
    picks = (NESTS - 1) * (small - 1) + small
    return ROUNDS * (NESTS * CARDS_PER_SIDE * 2 * players + picks)


def score_range(players: int, options: dict[str, Any]) -> tuple[int, int]:
    """The lowest and highest final score of a seat.

    Highest: a seat takes at most one token from each nest each round (every seat is ranked once at a
    nest), nine in all, of which at most three large 10s (one a round); so at best the nine most
    valuable of the small tokens and the three large 10s. Lowest: with two to five players the big
    nest holds a token for every seat (players - 1 small tokens and the large 10), so every seat takes
    at least the least valuable token each round; with six it holds five for six seats, and a seat may
    end with nothing."""
    values = sorted([TOKENS[t].value for t in SMALL_TOKENS] + [TOKENS[LARGE_TEN].value] * LARGE_TOKEN_COUNT)
    highest = sum(values[-(ROUNDS * len(SCORING_ORDER)) :])
    if small_tokens_per_nest(players) + 1 >= players:
        return ROUNDS * min(TOKENS[t].value for t in SMALL_TOKENS), highest
    return 0, highest
