"""Building exact Phoenix situations for tests, and playing games out at random.

``arrange`` lays out the nests of a real :class:`PhoenixState` and ``with_plumages`` the boards of a
finished one, keeping every feather half somewhere exactly once (halves come out of the bags, the
nests or other boards, and what they replace goes where they were), through ``state.arranged``: the
tests then drive the rules through the public API. ``plumage_of`` builds a plumage for the scoring
functions.
"""

from __future__ import annotations

import random

import phoenixgames as pg
from phoenixgames.games.phoenix.actions import TAKE
from phoenixgames.games.phoenix.components import (
    HALF_BY_CODE,
    HALF_TYPES,
    KINDS,
    LOWER,
    SLOTS,
    UPPER,
)
from phoenixgames.games.phoenix.phases import EMPTY
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
    """A copy of ``state`` with exactly these halves on these nests (``{nest: ["l:Rf", "u:*"]}``, nest 0
    the centre): the halves they held go back to the bags and the new ones come out of them."""
    lower_bag, upper_bag = list(state.lower_bag), list(state.upper_bag)
    laid = [list(nest) for nest in state.nests]
    for nest, codes in nests.items():
        for half in laid[nest]:
            (lower_bag if half < KINDS else upper_bag).append(half)
        halves = []
        for code in codes:
            position, _, text = code.partition(":")
            half = lower(text) if position == "l" else upper(text)
            (lower_bag if half < KINDS else upper_bag).remove(half)
            halves.append(half)
        laid[nest] = sorted(halves)
    arranged = state.arranged(nests=laid, lower_bag=lower_bag, upper_bag=upper_bag)
    assert isinstance(arranged, PhoenixState)
    return arranged


def with_plumages(state: PhoenixState, plumages: dict[int, dict[int, str]]) -> PhoenixState:
    """A copy of ``state`` (a finished game) where these seats' boards hold these feathers (as
    :func:`plumage_of` writes them; slots not named keep theirs). Each half is swapped in from wherever
    it lies (a bag, a nest, a board place not set here), and the half it replaces goes there."""
    boards = [list(board) for board in state.plumage]
    nests = [list(nest) for nest in state.nests]
    bags = [list(state.lower_bag), list(state.upper_bag)]
    fixed: set[tuple[int, int]] = set()
    for seat, feathers in plumages.items():
        for place, half in enumerate(plumage_of(feathers)):
            if half == EMPTY:
                continue
            fixed.add((seat, place))
            if boards[seat][place] == half:
                continue
            places: list[tuple[list[int], int]] = [(bag, i) for bag in bags for i in range(len(bag))]
            places += [(nest, i) for nest in nests for i in range(len(nest))]
            places += [(board, i) for s, board in enumerate(boards) for i in range(len(board)) if (s, i) not in fixed]
            found = next(((where, i) for where, i in places if where[i] == half), None)
            assert found is not None, f"no {HALF_TYPES[half].name} half is left in the box for seat {seat}"
            where, i = found
            where[i], boards[seat][place] = boards[seat][place], half
    arranged = state.arranged(
        plumage=boards, nests=[sorted(nest) for nest in nests], lower_bag=bags[0], upper_bag=bags[1]
    )
    assert isinstance(arranged, PhoenixState)
    return arranged


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
        colours: list[tuple[str, str] | None] = []
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
