"""The turn order and the end of a round (rulebook, Rules).

Ash tokens are 0-based ids (token ``t`` is the one whose white side shows ``t + 1``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .components import nests_per_player
from .phases import CENTRE, NO_TOKEN, NOBODY, TOKEN_VALUE


def nest_owners(players: int) -> tuple[int, ...]:
    """``owner[nest]``: the seat whose phoenix the nest lies above; ``NOBODY`` for the centre. With 3
    or 4 players nest ``k`` lies above seat ``k - 1``'s phoenix; with 2 players seat 0 owns nests 1
    and 2, seat 1 nests 3 and 4."""
    per = nests_per_player(players)
    return (NOBODY, *(seat for seat in range(players) for _ in range(per)))


def next_token(tokens: Sequence[int], token_holder: list[int], token_side: list[int]) -> int:
    """The held token showing the lowest number: its holder plays next (``NO_TOKEN`` if none is held)."""
    best, best_value = NO_TOKEN, 99
    for token in tokens:
        if token_holder[token] != NOBODY:
            value = TOKEN_VALUE[token_side[token]][token]
            if value < best_value:
                best, best_value = token, value
    return best


def return_tokens(owners: Sequence[int], nest_token: list[int], token_holder: list[int]) -> None:
    """The end of a round: tokens go back to the owners of the nests they lie on; a player whose nest is
    empty takes the centre's token. Sides stay as they are. ``nest_token`` is left empty."""
    empty_nest_owner = NOBODY
    for nest in range(1, len(owners)):
        token = nest_token[nest]
        if token == NO_TOKEN:
            empty_nest_owner = owners[nest]
        else:
            token_holder[token] = owners[nest]
        nest_token[nest] = NO_TOKEN
    centre = nest_token[CENTRE]
    if centre != NO_TOKEN:
        token_holder[centre] = empty_nest_owner
        nest_token[CENTRE] = NO_TOKEN
