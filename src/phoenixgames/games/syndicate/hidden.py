"""The re-deal of what a seat cannot see, for a perspective copy (``state.copy(perspective=seat)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import SEEN_BY_ALL
from .rules import unknown_in_hand

if TYPE_CHECKING:
    from .state import SyndicateState


def redeal(state: SyndicateState, player: int) -> None:
    """Re-deal every contract ``player`` cannot see: the other hands (but for contracts all saw them
    claim), the discards only others saw, the contracts another seat is choosing from, and the deck.
    Each keeps its size. (What could be inferred from the past, such as which contracts went into
    a reshuffled deck, is not kept: see docs/rules/syndicate.md.)"""
    hidden: list[int] = []
    for seat in range(state.num_players):
        if seat != player:
            hidden.extend(unknown_in_hand(state, seat))
    secret_discards = [i for i, seen in enumerate(state.discard_seen) if seen not in (SEEN_BY_ALL, player)]
    hidden.extend(state.discards[i] for i in secret_discards)
    pending_hidden = bool(state.pending) and state.turn != player
    if pending_hidden:
        hidden.extend(state.pending)
    hidden.extend(state.deck)
    hidden.sort()  # the same contracts in any true order give the same copy: it depends on the view alone
    state._rng.shuffle(hidden)
    start = 0
    for seat, hand in enumerate(state.hands):
        if seat == player:
            continue
        known = state.known[seat]
        count = len(hand) - len(known)
        state.hands[seat] = sorted(known + hidden[start : start + count])
        if state.offers[seat]:  # still to keep one: the order dealt is as unknown as the contracts
            state.offers[seat] = hidden[start : start + count]
        start += count
    for i in secret_discards:
        state.discards[i] = hidden[start]
        start += 1
    if pending_hidden:
        count = len(state.pending)
        state.pending = hidden[start : start + count]
        start += count
    state.deck = hidden[start:]
