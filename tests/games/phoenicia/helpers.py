"""Building exact Phoenicia situations for tests, and playing games out at random.

The helpers change a real :class:`PhoeniciaState` while keeping every component somewhere exactly
once (production cards come out of the deck, development cards out of their decks) and the wealth
ledger balanced, so that ``check_invariants()`` still holds and the tests then drive the rules through
the public API.
"""

from __future__ import annotations

from collections.abc import Iterable

import phoenixgames as pg
from phoenixgames.games.phoenicia.auction import Auction
from phoenixgames.games.phoenicia.components import (
    ACTIVITY_BY_NAME,
    CARD_BY_NAME,
    PRESET,
    START_DISKS,
)
from phoenixgames.games.phoenicia.settlement import Settlement
from phoenixgames.games.phoenicia.state import PhoeniciaState
from tests.support.playthrough import play_random as play_random  # the games' tests import it from here


def new_state(players: int = 2, seed: int = 1, **options: object) -> PhoeniciaState:
    state = pg.new_game("phoenicia", players=players, seed=seed, **options)
    assert isinstance(state, PhoeniciaState)
    return state


def card_id(name: str) -> int:
    return CARD_BY_NAME[name].id


def activity_id(name: str) -> int:
    return ACTIVITY_BY_NAME[name].id


def rebalance(s: Settlement) -> None:
    """Make the wealth ledger agree with a wealth set by hand."""
    s.received = s.wealth - START_DISKS + s.spent + s.lost


def set_hand(state: PhoeniciaState, seat: int, values: Iterable[int], disks: int | None = None) -> None:
    """Give ``seat`` exactly these production cards (``PRESET`` for a preset card), from the deck."""
    s = state.settlements[seat]
    state.prod_deck.extend(c for c in s.hand if c != PRESET)
    s.hand = []
    for value in sorted(values):
        if value != PRESET:
            state.prod_deck.remove(value)
        s.hand.append(value)
    s.hand.sort()
    if disks is not None:
        s.disks = disks
    rebalance(s)
    state._legal = None


def set_display(state: PhoeniciaState, names: Iterable[str]) -> None:
    """Put exactly these development cards up for auction; the cards there go back to their decks."""
    from phoenixgames.games.phoenicia.components import CARDS

    for card in state.display:
        state.dev_piles[CARDS[card].set - 1].append(card)
    state.display = []
    for name in names:
        card = CARD_BY_NAME[name]
        state.dev_piles[card.set - 1].remove(card.id)
        state.display.append(card.id)
    state.display.sort()
    state._legal = None


def give_card(state: PhoeniciaState, seat: int, name: str) -> None:
    """``seat`` gets a development card with all its effects, as if bought for nothing; the card comes
    from its deck (from the display only when the deck has none)."""
    card = CARD_BY_NAME[name]
    if card.id in state.dev_piles[card.set - 1]:
        state.dev_piles[card.set - 1].remove(card.id)
        state.display.append(card.id)
        state.display.sort()
    saved = state.auction
    state.auction = Auction.start(card.id, seat, 0, [seat])
    s = state.settlements[seat]
    won = s.won_auction
    state._sell()
    s.won_auction = won
    state.auction = saved
    state._legal = None


def set_workers(state: PhoeniciaState, seat: int, **counts: int) -> None:
    """Set workers by activity name, and ``untrained`` / ``trained``; production and VP are recounted."""
    s = state.settlements[seat]
    for name, count in counts.items():
        if name in ("untrained", "trained"):
            setattr(s, name, count)
        else:
            s.workers[activity_id(name)] = count
    s.storehouses = s.count_storehouses()
    s.rescore()
    state._legal = None


def turn_of(state: PhoeniciaState, seat: int) -> PhoeniciaState:
    """Make it ``seat``'s turn as the first player of the round (``seat`` becomes the Overlord)."""
    state.overlord = seat
    state.turn = 0
    state.part = 0
    state._legal = None
    return state


def wealth(state: PhoeniciaState, seat: int) -> int:
    return state.settlements[seat].wealth


def legal_strings(state: PhoeniciaState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def end_all_turns(state: PhoeniciaState) -> None:
    """End every remaining turn of the round without doing anything (administration follows)."""
    start = state.round
    while state.round == start and not state.is_over:
        if state.auction is not None:
            state.apply("pass")
        else:
            state.apply("end")
