"""How a sensible casual player plays Phoenix, for the greedy agent and for bots.

Take the half that adds the most to your plumage, counting what a half still waiting for its partner
is likely to become: a lower half of your phoenix's colour or a rainbow one is a good start, and a lower
half facing a lower half of the same colour may become a mirror pair. Symbols count at once. Laying the
token on your own nest turns it black, so you play late next round: a small cost.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from ...engine import Action
from .actions import TakeFeather
from .components import KINDS, MIRROR, MIRROR_PAIRS, RAINBOW, SLOTS
from .phases import EMPTY
from .scoring import HALF_COLOUR, Points, points, total_score

if TYPE_CHECKING:
    from .state import PhoenixState

#: One phoenix colour's row of ``Points.feather``: ``[lower kind][upper kind]``.
Feathers = tuple[tuple[int, ...], ...]

#: What a lower half waiting for its upper half is expected to become, as a share of what the feather
#: scores complete: rainbow (5 of the printed 12), own colour or other (3 of 4, 1.5 of 2).
WAITING_RAINBOW, WAITING_COLOUR = 5 / 12, 3 / 4
#: The share of the mirror bonus a pair still being built is counted for.
MIRROR_HOPE_TWO_WAITING, MIRROR_HOPE_ONE_WAITING = 0.3, 0.4
OWN_NEST_COST = 1.0
#: What each half still to be placed is expected to add, for evaluate.
PER_HALF_TO_COME = 2.0


def _waiting(lower: int, colour: int, values: Points) -> float:
    """What a lower half waiting for its upper half is expected to become, for a phoenix of ``colour``."""
    lower_colour = HALF_COLOUR[lower]
    kinds = values.feather_kind
    if lower_colour == RAINBOW:
        return kinds["rainbow"] * 5 / 12  # in this order: exactly 5.0 for the printed 12
    return kinds["own" if lower_colour == colour else "other"] * WAITING_COLOUR


#: ``waiting_table(values)[phoenix colour][lower half]``, built once for each game's points.
_WAITING: dict[int, tuple[Points, tuple[tuple[float, ...], ...]]] = {}


def waiting_table(values: Points) -> tuple[tuple[float, ...], ...]:
    """What each lower half waiting for its upper half is expected to become, by phoenix colour."""
    kept = _WAITING.get(id(values))
    if kept is not None and kept[0] is values:
        return kept[1]
    table = tuple(tuple(_waiting(lower, colour, values) for lower in range(KINDS)) for colour in range(RAINBOW))
    if len(_WAITING) >= 256:
        _WAITING.pop(next(iter(_WAITING)))
    _WAITING[id(values)] = (values, table)
    return table


def slot_value(plumage: list[int], slot: int, feather: Feathers, hopes: tuple[float, ...]) -> float:
    """The feather in ``slot``: its colour points if complete (``feather``: the phoenix's row of
    ``Points.feather``), its hopes (``hopes``: its row of ``waiting_table``) if only its lower half lies there."""
    lower = plumage[slot]
    if lower == EMPTY:
        return 0.0
    upper = plumage[SLOTS + slot]
    if upper == EMPTY:
        return hopes[lower]
    return feather[lower][upper - KINDS]


def pair_value(plumage: list[int], a: int, b: int, mirror: int) -> float:
    """The mirror bonus (``mirror``) of slots ``a`` and ``b``, or the hope of it."""
    la, lb = plumage[a], plumage[b]
    if la == EMPTY or lb == EMPTY or HALF_COLOUR[la] != HALF_COLOUR[lb]:
        return 0.0
    ua, ub = plumage[SLOTS + a], plumage[SLOTS + b]
    if ua != EMPTY and ub != EMPTY:
        return mirror if HALF_COLOUR[ua] == HALF_COLOUR[ub] else 0.0
    if ua != EMPTY or ub != EMPTY:
        return MIRROR_HOPE_ONE_WAITING * mirror
    return MIRROR_HOPE_TWO_WAITING * mirror


def gain(plumage: list[int], half: int, slot: int, colour: int, values: Points) -> float:
    """What placing ``half`` in ``slot`` adds to the plumage of a phoenix of ``colour``, hopes included."""
    feather, hopes = values.feather[colour], waiting_table(values)[colour]
    return _gain(plumage, half, slot, feather, hopes, values.mirror, values.half_symbol)


def _gain(
    plumage: list[int],
    half: int,
    slot: int,
    feather: Feathers,
    hopes: tuple[float, ...],
    mirror: int,
    half_symbol: tuple[int, ...],
) -> float:
    """:func:`gain` with the phoenix's rows bound once by the caller (the greedy player's hot path)."""
    facing = MIRROR[slot]
    before = slot_value(plumage, slot, feather, hopes) + pair_value(plumage, slot, facing, mirror)
    place = slot if half < KINDS else SLOTS + slot
    plumage[place] = half
    after = slot_value(plumage, slot, feather, hopes) + pair_value(plumage, slot, facing, mirror)
    plumage[place] = EMPTY
    return half_symbol[half] + after - before


def greedy_action(state: PhoenixState, rng: random.Random) -> Action:
    """The action the heuristic prefers; ``rng`` breaks exact ties."""
    legal = cast(list[TakeFeather], state.legal_actions())  # Phoenix has one action, a take
    seat = state.current_player
    if seat is None or not legal:
        raise ValueError("the game is over: there is nothing to choose")
    plumage = state.plumage[seat].copy()
    colour = state.phoenix[seat]
    values = points(state.rules)
    feather, hopes, mirror, half_symbol = (
        values.feather[colour],
        waiting_table(values)[colour],
        values.mirror,
        values.half_symbol,
    )
    last_round = state.round == state.rounds - 1
    cache: dict[tuple[int, int], float] = {}
    best: Action = legal[0]
    best_key = (-1e9, 0.0)
    for action in legal:
        key = (action.half.id, action.slot)
        value = cache.get(key)
        if value is None:
            value = cache[key] = _gain(plumage, *key, feather, hopes, mirror, half_symbol)
        if not last_round and state.owners[action.nest] == seat:
            value -= OWN_NEST_COST
        ranked = (value, rng.random())
        if ranked > best_key:
            best, best_key = action, ranked
    return best


def estimate(state: PhoenixState, seat: int) -> float:
    """``seat``'s points now, plus the hopes of its unfinished feathers and a share for halves to come."""
    plumage, colour = state.plumage[seat], state.phoenix[seat]
    values = points(state.rules)
    value = float(total_score(plumage, colour, values))
    hopes = waiting_table(values)[colour]
    for slot in range(SLOTS):
        lower = plumage[slot]
        if lower != EMPTY and plumage[SLOTS + slot] == EMPTY:
            value += hopes[lower]
    for a, b in MIRROR_PAIRS:
        if plumage[SLOTS + a] == EMPTY or plumage[SLOTS + b] == EMPTY:  # complete pairs are in the score
            value += pair_value(plumage, a, b, values.mirror)
    # the halves still to come are those of the rounds left, not every empty place (fewer rounds leave some)
    to_come = (state.rounds - state.round) * len(state.tokens) // state.num_players
    return value + PER_HALF_TO_COME * min(plumage.count(EMPTY), to_come)


def evaluate(state: PhoenixState, seat: int) -> float:
    """How well ``seat`` stands: its estimated final points minus those of its strongest rival."""
    estimates = [estimate(state, player) for player in range(state.num_players)]
    mine = estimates.pop(seat)
    return mine - max(estimates)
