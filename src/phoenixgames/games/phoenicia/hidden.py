"""Hidden information: what a seat cannot see is re-dealt for its perspective copy.

Only two things are hidden: the values of the production cards in other players' hands (their count
is public, and so is a preset card still held, since all saw it dealt and none saw it spent) and the
order of the decks. The development decks are unordered piles whose contents all can work out, and
each draw is random, so they need no re-deal. The production cards in the deck and in the other hands
are dealt again at random. A seat that holds the highest bid in the auction in progress must be able
to pay it, as the real one can, and a seat that has put a card up for auction must be able to open it
at its minimum bid: deals that break this are drawn again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import CARD_VALUE, PRESET

if TYPE_CHECKING:
    from .state import PhoeniciaState

#: Random deals tried before the bidder in the lead is dealt the best cards of the pool.
TRIES = 20


def redeal(state: PhoeniciaState, player: int) -> None:
    if state.over:  # at the end every hand is shown, for the tie-break on unspent production
        return
    pool = list(state.prod_deck)
    slots: list[tuple[int, int]] = []
    for seat, s in enumerate(state.settlements):
        if seat == player:
            continue
        ordinary = [c for c in s.hand if c != PRESET]
        pool.extend(ordinary)
        slots.append((seat, len(ordinary)))
    pool.sort()  # the same cards in any true order give the same copy: it depends on the seat's view alone
    needed = _commitment(state, player)
    rnd = state._rng.random
    size = len(pool)
    to_hands = sum(count for _, count in slots)
    for _ in range(TRIES):
        for i in range(to_hands):  # a partial shuffle picks the hand cards; the deck has no order
            j = i + int(rnd() * (size - i))
            pool[i], pool[j] = pool[j], pool[i]
        if needed is None or _can_pay(state, slots, pool, needed):
            break
    else:  # the bidder in the lead takes the best cards: the true deal shows that this is enough
        seat = needed[0] if needed is not None else -1  # (needed is set: the loop broke otherwise)
        pool.sort(reverse=True, key=lambda c: CARD_VALUE[c])
        index = [s for s, _ in slots].index(seat)
        slots.insert(0, slots.pop(index))
    start = 0
    for seat, count in slots:
        s = state.settlements[seat]
        before = s.wealth
        s.hand = sorted([c for c in s.hand if c == PRESET] + pool[start : start + count])
        s.received += s.wealth - before  # the copy's own history dealt these cards
        start += count
    state.prod_deck = pool[start:]


def _commitment(state: PhoeniciaState, player: int) -> tuple[int, int] | None:
    """(seat, amount): the other seat in the lead of the auction in progress and what it must pay; or
    the other seat that put a card up for auction and must be able to open at its minimum bid."""
    auction = state.auction
    if auction is None:
        return None
    seat = auction.high_bidder if auction.bids else auction.auctioneer
    if seat == player:
        return None
    amount = auction.high_bid if auction.bids else state.lowest_bid
    return seat, max(0, amount - state.settlements[seat].discount[auction.card])


def _can_pay(state: PhoeniciaState, slots: list[tuple[int, int]], pool: list[int], needed: tuple[int, int]) -> bool:
    seat, amount = needed
    start = 0
    for other, count in slots:
        if other == seat:
            s = state.settlements[seat]
            presets = sum(CARD_VALUE[c] for c in s.hand if c == PRESET)
            return s.disks + presets + sum(CARD_VALUE[c] for c in pool[start : start + count]) >= amount
        start += count
    return True
