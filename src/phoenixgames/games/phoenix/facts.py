"""What an adapter must declare about Phoenix before a game starts: how long a game can be, and the
scores a seat can end it with (``pg.game_info``). The action table is ``actions.action_table``.
"""

from __future__ import annotations

from typing import Any

from phoenixgames.engine import Rules

from .components import (
    DIAMOND,
    FLAME,
    KIND_COLOUR,
    KIND_SYMBOL,
    KINDS,
    MIRROR_PAIRS,
    MOON,
    RAINBOW,
    SLOTS,
    tokens_in_play,
)
from .parameters import PARAMETERS, copies_of


def max_decisions(players: int, options: dict[str, Any], rules: Rules) -> int:
    """The number of decisions in every game: 32 with 2 players, 48 with 3, 64 with 4.

    A decision is a turn, and a turn is one action: the holder of the token to play lays it on a nest
    and takes one half (nothing else is ever asked). Each round every token in play is laid exactly
    once (a round ends when no held token is left, and a turn always has a legal take: a nest without
    a token always holds a half of each position, and a board with a turn left has room for one of
    them), so a game is ``rounds x tokens in play`` turns: 8 x 4 with 2 players, 16 x 3 and 16 x 4
    with 3 and 4 (each seat's 16 halves fill its 8 slots). The option changes no count. So the bound
    is exact for the printed game: no game is shorter or longer; a game with fewer rounds (the
    parameters ``rounds_2p`` and so on, whose greatest values are the printed ones) is as exact."""
    return int(rules[f"rounds_{players}p"]) * len(tokens_in_play(players))


def score_range(players: int, options: dict[str, Any], rules: Rules) -> tuple[int, int]:
    """The lowest and the highest score a seat can end a game with: ``(0, 112)``.

    No score is negative (every phase only adds points), and 0 can happen (eight feathers of mixed
    colours without symbols, none mirroring another). The top is a bound reasoned from the box, not a
    score known to be reachable: a seat ends with 8 complete feathers. Say ``r`` of them are rainbow
    on rainbow (12 points each, at most 6: each bag holds 6 rainbow halves, which carry no symbol); each
    of the other ``8 - r`` scores at most 4 for its colours plus the symbols of its two halves, at best
    the ``8 - r`` richest symbols of each bag (4 flames, then moons, then diamonds); the mirrors add at
    most 5 for each of the 4 facing pairs. The best ``r`` (6: 72 + 8 + 12 + 20) gives 112.

    That is the printed game's; with parameters changed, the same reasoning at their values (``rules``)."""
    return 0, _best_score({p.name: int(rules[p.name]) for p in PARAMETERS})


def _best_score(values: dict[str, int]) -> int:
    """The bound of :func:`score_range` with the parameters at ``values``."""
    symbol = {FLAME: values["flame_points"], MOON: values["moon_points"], DIAMOND: values["diamond_points"]}
    ranked = sorted(
        (
            symbol.get(KIND_SYMBOL[k], 0)
            for k in range(KINDS)
            if KIND_COLOUR[k] != RAINBOW
            for _ in range(copies_of(values, k))
        ),
        reverse=True,
    )
    rainbow_halves = sum(copies_of(values, k) for k in range(KINDS) if KIND_COLOUR[k] == RAINBOW)
    feather = max(values["own_colour_feather"], values["other_colour_feather"], values["mixed_feather"])
    best = max(
        values["rainbow_feather"] * r + feather * (SLOTS - r) + 2 * sum(ranked[: SLOTS - r])
        for r in range(min(SLOTS, rainbow_halves) + 1)
    )
    return best + values["mirror_bonus"] * len(MIRROR_PAIRS)


#: The bound of :func:`score_range` for the printed game (112): what the observation scales a total by.
PRINTED_BEST_SCORE = _best_score({p.name: int(p.default) for p in PARAMETERS})
