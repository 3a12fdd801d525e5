"""The facts an adapter declares about Schatz des Phönix: how long a game can be and its scores."""

from __future__ import annotations

from typing import Any

from phoenixgames.engine import Rules

from .components import CARDS_PER_SIDE, NESTS, SCORING_ORDER, TOKENS, small_tokens_per_nest
from .parameters import TOKEN_PARAMETERS


def max_decisions(players: int, options: dict[str, Any], rules: Rules) -> int:
    """The most actions a game can take: ``rounds x (12 x players + 3 x small - 2)`` with ``small`` the
    most small tokens a nest can get (players - 1, four with six, plus the game's ``extra_nest_tokens``,
    never above players - 1) and the game's ``rounds``.

    A round: every seat lays two cards beside each of the three nests, six cards, one a turn (SCH-14),
    and every turn ends with at most one draw (SCH-13), so 12 actions a seat. Then the treasures: a
    seat picks only when the tokens left in the nest are not all alike (SCH-34), so never the last
    token of a nest: at most ``small - 1`` picks at each smaller nest and ``small`` at the big nest
    (its ``small`` tokens and the large 10). Three rounds (SCH-01)."""
    small = min(players - 1, small_tokens_per_nest(players) + rules["extra_nest_tokens"])
    picks = (NESTS - 1) * max(small - 1, 0) + small  # no pick where a nest has no small token
    return rules["rounds"] * (NESTS * CARDS_PER_SIDE * 2 * players + picks)


def score_range(players: int, options: dict[str, Any], rules: Rules) -> tuple[int, int]:
    """The lowest and highest final score of a seat, with the game's parameters (``rules``).

    Highest: a seat takes at most one token from each nest each round (every seat is ranked once at a
    nest), nine in all, of which at most one large treasure a round; so at best the nine most valuable
    of the small tokens and the large ones (88 as printed: seven 10s, four small and three large, and
    two 9s; the ranges never raise it). Lowest: where the big nest holds a token for every seat
    (``players - 1`` small tokens, or more with ``extra_nest_tokens``, and the large one: two to five
    players as printed), every seat takes at least the least valuable token there can be each round (6
    as printed: three 2s); otherwise (six players as printed: five tokens for six seats) a seat may end
    with nothing."""
    small = [TOKENS[v].value for v, name in TOKEN_PARAMETERS.items() for _ in range(rules[name])]
    large = rules["large_token_value"]
    values = sorted(small + [large] * rules["rounds"])
    highest = sum(values[-(rules["rounds"] * len(SCORING_ORDER)) :])
    per_nest = min(players - 1, small_tokens_per_nest(players) + rules["extra_nest_tokens"])
    if per_nest + 1 >= players:
        return rules["rounds"] * min(small + [large]), highest
    return 0, highest
