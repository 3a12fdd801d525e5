"""What a seat cannot see, re-dealt at random (``SchatzState._redeal`` delegates here).

Hidden from a seat: the other hands, but for the cards all saw a player take face up, and which cards
lie in the deck. Everything else (the nests, the face-up card, the discards, every token) is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import NUM_CARD_TYPES

if TYPE_CHECKING:
    from .state import SchatzState


def redeal(state: SchatzState, player: int) -> None:
    """Re-deal, from ``state``'s own generator, the cards ``player`` cannot see: the other hands (but
    for cards all saw them take) and the deck. Cards the deck cannot hold (as all know since the last
    reshuffle) go to hands."""
    unknown = [0] * NUM_CARD_TYPES
    slots: list[tuple[int, int]] = []
    for seat, hand in enumerate(state.hands):
        if seat == player:
            continue
        hidden = hand.copy()
        for card in state.known[seat]:
            hidden.remove(card)
        for card in hidden:
            unknown[card] += 1
        slots.append((seat, len(hidden)))
    for card in state.deck:
        unknown[card] += 1
    forced: list[int] = []
    pool: list[int] = []
    candidates = state.deck_candidates
    for card, count in enumerate(unknown):
        if count:
            in_deck = min(count, candidates[card])
            forced.extend([card] * (count - in_deck))
            pool.extend([card] * in_deck)
    to_hands = sum(count for _, count in slots) - len(forced)
    rnd = state._rng.random
    size = len(pool)
    for i in range(to_hands):  # a partial shuffle picks the hand cards from the pool
        j = i + int(rnd() * (size - i))
        pool[i], pool[j] = pool[j], pool[i]
    dealt = forced + pool[:to_hands]
    for i in range(len(dealt) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        dealt[i], dealt[j] = dealt[j], dealt[i]
    state.deck = pool[to_hands:]
    start = 0
    for seat, count in slots:
        state.hands[seat] = sorted(state.known[seat] + dealt[start : start + count])
        start += count
