"""When no player can reach 32 victory points any more (open question 7; PHN-82).

The rulebook ends the game only "when one or more players have accumulated 32 or more victory points
during the check for victory step", yet its tie-break speaks of the case where "no player or team has
reached the required points at the end of the game", and play can stall short of 32. So the game also
ends at the victory check once no player can reach 32 any more, whatever anyone does. This module
says when that is: :func:`highest_reachable` bounds, for each seat, the victory points it could still
have, and :func:`anyone_can_reach` compares the bounds with 32.

The bound is never too low, so a game that someone can still win is never ended: it counts every
development card that may still come up for auction and that the seat could ever pay for, every
victory point its workers could still bring, and the City Centre's points. What a seat can pay for is
bounded by what it can hold at the start of its turn (during a round wealth only goes down): a
production card, worth 6 at most, in each storehouse, and a full treasury, grown by every storehouse,
Granary and clothmaker it could still gain; plus its discounts, grown by every discount card it could
still buy. A face-down card comes up only into a free place of the display, so cards that nobody could
ever pay for block the places they take: once as many of them lie face up as there are players,
nothing more comes up.

The bound is exact where it matters for the end: when no change to any settlement is possible any
more (no card anyone could ever pay for is face up, no worker can be trained, employed or shifted, no
City Centre point is for sale), it is each seat's victory points. Every other position changes some
settlement for good sooner or later under random play, and only finitely many such changes fit in a
game, so random play always reaches 32 or this check.
"""

from __future__ import annotations

from itertools import compress
from operator import mul, not_
from typing import TYPE_CHECKING

from ...engine import require
from .components import ACTIVITIES, CARDS, CITY_CENTRE, GRANARY, NUM_CARDS, PRODUCTION_VALUES, TILE_GIVER

if TYPE_CHECKING:
    from .settlement import Settlement
    from .state import PhoeniciaState

#: The most a production card is worth.
BEST_CARD = max(PRODUCTION_VALUES)
TOP_VP = max(a.vp for a in ACTIVITIES)
LOW_VP = min(a.vp for a in ACTIVITIES)
# The worker bound below is exact for activities worth two levels of victory points (1 and 2).
require(len({a.vp for a in ACTIVITIES}) <= 2, "the activities' victory points have more than two levels")
HIGH = tuple(a for a in ACTIVITIES if a.vp == TOP_VP)
LOW = tuple(a for a in ACTIVITIES if a.vp != TOP_VP)
#: The workers each card type brings (not a parameter: the same in every game).
WORKERS_ON_CARD: tuple[int, ...] = tuple(c.untrained + c.trained for c in CARDS)


def anyone_can_reach(state: PhoeniciaState, points: int | None = None) -> bool:
    """Whether some seat could still reach ``points`` victory points (the game's goal unless given).

    First, seat by seat from the leader, what it can pay for already, with every card that nobody can
    pay for yet kept face up for good: a seat can certainly get that far, so reaching ``points`` there
    settles it at little cost. Only otherwise is the bound of :func:`highest_reachable` worked out.
    """
    if points is None:
        points = state.ruleset.vp_goal
    if _leader_gets_there(state, points):
        return True
    settlements = state.settlements
    means = [_means_now(s) for s in settlements]
    shown = _may_come_up(state, _buyable_now(state, means))
    for seat in sorted(range(len(settlements)), key=lambda i: -settlements[i].vp):
        s = settlements[seat]
        if _bound(s, _within_means(s, means[seat], shown), enough=points) >= points:
            return True
    got = [_within_means(s, m, shown) for s, m in zip(settlements, means, strict=True)]
    _grow(state, got, shown)
    return any(_bound(s, g) >= points for s, g in zip(settlements, got, strict=True))


def highest_reachable(state: PhoeniciaState) -> list[int]:
    """For each seat, a bound on the victory points it could still have: no play takes it higher."""
    return [_bound(s, g) for s, g in zip(state.settlements, obtainable(state), strict=True)]


def obtainable(state: PhoeniciaState) -> list[list[int]]:
    """For each seat, how many copies of each card type may still come up for auction that the seat
    could pay for; more than it can buy in fact, never less."""
    settlements = state.settlements
    means = [_means_now(s) for s in settlements]
    shown = _may_come_up(state, _buyable_now(state, means))
    got = [_within_means(s, m, shown) for s, m in zip(settlements, means, strict=True)]
    _grow(state, got, shown)
    return got


def _leader_gets_there(state: PhoeniciaState, points: int) -> bool:
    """The quick case, most of the game: the leader reaches ``points`` with the cards it can pay for
    already, all of which come up since too few cards it cannot pay for are left to fill the display
    before the last set (the cards of the last set block nothing: nothing comes after them)."""
    s = max(state.settlements, key=_vp)
    ruleset = state.ruleset
    card_vp, min_bid = ruleset.card_vp, ruleset.min_bid
    means = BEST_CARD * s.storehouses + s.treasury_limit
    unsold, discount = state.unsold, s.discount
    vp = s.vp + sum(map(mul, unsold, card_vp))
    blocking = 0  # the cards left that the leader cannot pay for yet: only pricey ones can be such
    for c in ruleset.pricey:
        if unsold[c] and means + discount[c] < min_bid[c]:
            blocking += unsold[c]
            vp -= unsold[c] * card_vp[c]
    if blocking >= state.num_players:
        last = next((pile for pile in reversed(state.dev_piles) if pile), None)
        if last is not None:  # with every deck empty, nothing waits behind the display
            blocking -= sum(means + discount[c] < min_bid[c] for c in last)
            if blocking >= state.num_players:
                return False
    if s.owned[CITY_CENTRE]:
        vp += s.vp_for_sale
    elif unsold[CITY_CENTRE] and means + discount[CITY_CENTRE] >= min_bid[CITY_CENTRE]:
        vp += ruleset.vp_limit
    if vp >= points:
        return True
    got = [k if k and means + d >= bid else 0 for k, d, bid in zip(unsold, discount, min_bid, strict=True)]
    return _bound(s, got) >= points


def _vp(s: Settlement) -> int:
    return s.vp


def _means_now(s: Settlement) -> int:
    """The most wealth ``s`` can hold at the start of a turn as it is: a card in each storehouse and a
    full treasury."""
    return BEST_CARD * s.storehouses + s.treasury_limit


def _buyable_now(state: PhoeniciaState, means: list[int]) -> list[bool]:
    """For each card type, whether some seat can pay for it already."""
    settlements = state.settlements
    top = max(means)
    return [
        bid <= top or any(m + s.discount[c] >= bid for s, m in zip(settlements, means, strict=True))
        for c, bid in enumerate(state.ruleset.min_bid)
    ]


def _within_means(s: Settlement, means: int, shown: list[int]) -> list[int]:
    """The cards of ``shown`` that ``s`` can pay for already."""
    return [k if k and means + d >= bid else 0 for k, d, bid in zip(shown, s.discount, s.ruleset.min_bid, strict=True)]


def _grow(state: PhoeniciaState, got: list[list[int]], shown: list[int]) -> None:
    """Grow ``got`` to the cards each seat could ever pay for, as its means grow with the cards it
    could buy and as the cards bought free places of the display for more."""
    while True:
        changed = False
        for s, g in zip(state.settlements, got, strict=True):
            changed |= _affordable(s, g, shown)
        more = _may_come_up(state, [any(g[c] for g in got) for c in range(NUM_CARDS)])
        if more != shown:
            shown[:] = more
            changed = True
        if not changed:
            return


def _count(cards: list[int]) -> list[int]:
    counts = [0] * NUM_CARDS
    for c in cards:
        counts[c] += 1
    return counts


def _may_come_up(state: PhoeniciaState, buyable: list[bool]) -> list[int]:
    """How many of each card type are face up now or may come up: each set in turn, while fewer cards
    that nobody can buy lie face up than there are players (those keep their places for good)."""
    n = state.num_players
    if sum(compress(state.unsold, map(not_, buyable))) < n:
        return list(state.unsold)  # too few to fill the display: every card still unsold may come up
    shown = _count(state.display)
    blocked = sum(k for c, k in enumerate(shown) if k and not buyable[c])
    for pile in state.dev_piles:
        if blocked >= n:
            break
        for c in pile:
            shown[c] += 1
            blocked += not buyable[c]
    return shown


def _affordable(s: Settlement, got: list[int], shown: list[int]) -> bool:
    """Add to ``got`` every card of ``shown`` that ``s`` could pay for, as its means grow with them."""
    changed = False
    min_bid = s.ruleset.min_bid
    while True:
        means = _means(s, got)
        grew = False
        for c, k in enumerate(shown):
            if k > got[c] and means + _discount(s, got, c) >= min_bid[c]:
                got[c] = k
                grew = changed = True
        if not grew:
            return changed


def _means(s: Settlement, got: list[int]) -> int:
    """The most wealth ``s`` could hold at the start of a turn with the cards of ``got``."""
    ruleset = s.ruleset
    cards = ruleset.cards
    storehouses = s.storehouses + sum(cards[c].storehouses * k for c, k in enumerate(got) if k)
    for a in ACTIVITIES:
        if a.storehouse_per_worker:
            storehouses += a.storehouse_per_worker * _workers_to_come(s, got, a.id)
    # The larger limit: the parameters may make the improved treasury the smaller one.
    improved = max(ruleset.improved_treasury_limit, ruleset.treasury_limit)
    treasury = improved if s.owned[GRANARY] or got[GRANARY] else ruleset.treasury_limit
    return BEST_CARD * storehouses + treasury


def _discount(s: Settlement, got: list[int], card: int) -> int:
    total = s.discount[card]
    for giver, sizes in s.ruleset.discounts_on[card]:
        owned = s.owned[giver]
        total += sum(sizes[min(owned + k, len(sizes) - 1)] for k in range(got[giver]))
    return total


def _spares(s: Settlement, got: list[int]) -> int:
    """Workers not employed yet: in the training ground, or to come with cards."""
    return s.untrained + s.trained + sum(WORKERS_ON_CARD[c] * k for c, k in enumerate(got) if k)


def _room(s: Settlement, got: list[int], activity: int) -> tuple[int, int]:
    """(free circles, circles holding a tool disk) of a tile the seat has or could get; (0, 0) else."""
    if s.has_tile(activity):
        free = ACTIVITIES[activity].circles - s.workers[activity] - s.tools[activity]
        return free, s.tools[activity]
    giver = TILE_GIVER[activity]
    return (ACTIVITIES[activity].circles, 0) if got[giver] else (0, 0)


def _workers_to_come(s: Settlement, got: list[int], activity: int) -> int:
    """At most how many more workers the tile could ever hold: spare workers on its tool disks and
    free circles, and workers shifted from cheaper activities into its free circles."""
    free, tools = _room(s, got, activity)
    spares = _spares(s, got)
    on_tools = min(tools, spares)
    cost = ACTIVITIES[activity].tool_cost
    cheaper = sum(s.workers[a.id] for a in ACTIVITIES if a.tool_cost < cost)
    return on_tools + min(free, spares - on_tools + cheaper)


def _worker_gain(s: Settlement, got: list[int]) -> int:
    """The most victory points the seat's workers could still bring: spare workers employed where they
    score most; with none left, workers shifted into the free circles of the activities worth more."""
    spares = _spares(s, got)
    high_free = high_tools = 0
    for a in HIGH:
        free, tools = _room(s, got, a.id)
        high_free += free
        high_tools += tools
    placed = min(spares, high_free + high_tools)
    gain = TOP_VP * placed
    spares -= placed
    if spares:
        low_slots = sum(sum(_room(s, got, a.id)) for a in LOW)
        return gain + LOW_VP * min(spares, low_slots)
    free_left = high_free - max(0, placed - high_tools)
    low_workers = sum(s.workers[a.id] for a in LOW)
    return gain + (TOP_VP - LOW_VP) * min(free_left, low_workers)


def _bound(s: Settlement, got: list[int], enough: int | None = None) -> int:
    """The seat's victory points with every card of ``got``, the City Centre's points and what its
    workers could still bring; the workers are left out if the rest makes ``enough``."""
    vp: int = s.vp + sum(map(mul, got, s.ruleset.card_vp))
    if s.owned[CITY_CENTRE]:
        vp += s.vp_for_sale
    elif got[CITY_CENTRE]:
        vp += s.ruleset.vp_limit
    if enough is not None and vp >= enough:
        return vp
    return vp + _worker_gain(s, got)
