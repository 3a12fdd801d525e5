"""Building exact Phoenix situations for tests, and playing games out at random.

``arrange`` lays out the nests on a real :class:`PhoenixState` while keeping every feather half
somewhere exactly once (halves come out of the bags and go back to them), so the tests then drive the
rules through the public API. ``plumage_of`` builds a plumage for the scoring functions.
"""

from __future__ import annotations

import random

import phoenixgames as pg
from phoenixgames.games.phoenix.actions import TAKE
from phoenixgames.games.phoenix.components import (
    HALF_BY_CODE,
    KINDS,
    LOWER,
    SLOTS,
    UPPER,
)
from phoenixgames.games.phoenix.scoring import EMPTY
from phoenixgames.games.phoenix.state import PhoenixState
from tests.support.playthrough import play_random as play_random  # the games' tests import it from here

#: Every action value of the game, legal or not: what a test may offer to ``apply``.
ALL_ACTIONS = [a for nest in TAKE for row in nest for a in row]


def lower(code: str) -> int:
    """The type id of a lower half such as ``Rf``, ``Y`` or ``*``."""
    return HALF_BY_CODE[LOWER][code.lower()].id


def upper(code: str) -> int:
    return HALF_BY_CODE[UPPER][code.lower()].id


def plumage_of(feathers: dict[int, str]) -> list[int]:
    """A plumage from ``{slot: "lower/upper"}`` (slots 1 to 8; ``"Y/"`` for a lower half alone)."""
    plumage = [EMPTY] * (2 * SLOTS)
    for slot, text in feathers.items():
        low, _, up = text.partition("/")
        plumage[slot - 1] = lower(low)
        if up:
            plumage[SLOTS + slot - 1] = upper(up)
    return plumage


def new_state(players: int = 4, seed: int = 1, **options: object) -> PhoenixState:
    state = pg.new_game("phoenix", players=players, seed=seed, **options)
    assert isinstance(state, PhoenixState)
    return state


def arrange(state: PhoenixState, nests: dict[int, list[str]]) -> PhoenixState:
    """Put exactly these halves on these nests (``{nest: ["l:Rf", "u:*"]}``, nest 0 the centre):
    the halves they held go back to the bags and the new ones come out of them."""
    for nest, codes in nests.items():
        for half in state.nests[nest]:
            (state.lower_bag if half < KINDS else state.upper_bag).append(half)
        halves = []
        for code in codes:
            position, _, text = code.partition(":")
            half = lower(text) if position == "l" else upper(text)
            bag = state.lower_bag if half < KINDS else state.upper_bag
            bag.remove(half)
            halves.append(half)
        state.nests[nest] = sorted(halves)
    state._legal = None
    state.check_invariants()
    return state


def play_round(state: PhoenixState, rng: random.Random) -> PhoenixState:
    """Play the rest of the current round at random."""
    start = state.round
    return play_random(state, rng, until=lambda s: s.round != start)


def recount(view: dict) -> list[int]:
    """Each seat's score counted again from the plumages in a view, with the rulebook's numbers."""
    from phoenixgames.games.phoenix.components import COLOUR_NAMES

    letters = {"R": "red", "Y": "yellow", "B": "blue", "K": "black", "*": "rainbow"}
    symbols = {"f": 3, "m": 2, "d": 1}
    totals = []
    for phoenix in view["phoenixes"]:
        own = phoenix["colour"]
        assert own in COLOUR_NAMES
        lows, ups = phoenix["lower"], phoenix["upper"]
        total = sum(symbols.get(code[1:], 0) for code in lows + ups if code)
        colours = []
        for low, up in zip(lows, ups, strict=True):
            if low is None or up is None:
                colours.append(None)
                continue
            a, b = letters[low[0]], letters[up[0]]
            colours.append((a, b))
            if a == b == "rainbow":
                total += 12
            elif a == b or "rainbow" in (a, b):
                colour = b if a == "rainbow" else a
                total += 4 if colour == own else 2
        for a, b in view["mirror_pairs"]:
            if colours[a - 1] is not None and colours[a - 1] == colours[b - 1]:
                total += 5
        totals.append(total)
    return totals
