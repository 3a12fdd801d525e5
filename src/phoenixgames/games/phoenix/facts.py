"""What an adapter must declare about Phoenix before a game starts: how long a game can be, and the
scores a seat can end it with (``pg.game_info``). The action table is ``actions.action_table``.
"""

from __future__ import annotations

from typing import Any

from .components import (
    KIND_COLOUR,
    KIND_COPIES,
    KIND_SYMBOL,
    MIRROR_BONUS,
    MIRROR_PAIRS,
    OTHER_COLOUR_FEATHER,
    OWN_COLOUR_FEATHER,
    RAINBOW,
    RAINBOW_FEATHER,
    SLOTS,
    SYMBOL_POINTS,
    rounds,
    tokens_in_play,
)


def max_decisions(players: int, options: dict[str, Any]) -> int:
    """The number of decisions in every game: 32 with 2 players, 48 with 3, 64 with 4.

    A decision is a turn, and a turn is one action: the holder of the token to play lays it on a nest
    and takes one half (nothing else is ever asked). Each round every token in play is laid exactly
    once (a round ends when no held token is left, and a turn always has a legal take: a nest without
    a token always holds a half of each position, and a board with a turn left has room for one of
    them), so a game is ``rounds x tokens in play`` turns: 8 x 4 with 2 players, 16 x 3 and 16 x 4
    with 3 and 4 (each seat's 16 halves fill its 8 slots). The option changes no count. So the bound
    is exact: no game is shorter or longer."""
    return rounds(players) * len(tokens_in_play(players))


def score_range(players: int, options: dict[str, Any]) -> tuple[int, int]:
    """The lowest and the highest score a seat can end a game with: ``(0, 112)``.

    No score is negative (every phase only adds points), and 0 can happen (eight feathers of mixed
    colours without symbols, none mirroring another). The top is a bound reasoned from the box, not a
    score known to be reachable: a seat ends with 8 complete feathers. Say ``r`` of them are rainbow
    on rainbow (12 points each, at most 6: each bag holds 6 rainbow halves, which carry no symbol); each
    of the other ``8 - r`` scores at most 4 for its colours plus the symbols of its two halves, at best
    the ``8 - r`` richest symbols of each bag (4 flames, then moons, then diamonds); the mirrors add at
    most 5 for each of the 4 facing pairs. The best ``r`` (6: 72 + 8 + 12 + 20) gives 112."""
    ranked = sorted(
        (
            SYMBOL_POINTS[KIND_SYMBOL[k]]
            for k, copies in enumerate(KIND_COPIES)
            if KIND_COLOUR[k] != RAINBOW
            for _ in range(copies)
        ),
        reverse=True,
    )
    rainbow_halves = sum(copies for k, copies in enumerate(KIND_COPIES) if KIND_COLOUR[k] == RAINBOW)
    feather = max(OWN_COLOUR_FEATHER, OTHER_COLOUR_FEATHER)
    best = max(
        RAINBOW_FEATHER * r + feather * (SLOTS - r) + 2 * sum(ranked[: SLOTS - r])
        for r in range(min(SLOTS, rainbow_halves) + 1)
    )
    return 0, best + MIRROR_BONUS * len(MIRROR_PAIRS)
