"""What must always hold in a game of Phoenicia: components conserved, totals equal to a recount."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .components import (
    ACTIVITIES,
    CARDS,
    PRESET,
    PRODUCTION_DECK,
    SETS,
    START_DISKS,
    START_TRAINED,
    START_UNTRAINED,
    VP_LIMIT,
    copies_for,
)

if TYPE_CHECKING:
    from .settlement import Settlement
    from .state import PhoeniciaState

START_WORKERS = START_UNTRAINED + START_TRAINED + sum(a.start_workers for a in ACTIVITIES)


def check_settlement(seat: int, s: Settlement) -> None:
    where = f"seat {seat}"
    assert s.production == s.count_production(), f"{where}: production {s.production} is not its recount"
    assert s.vp == s.count_vp(), f"{where}: victory points {s.vp} are not their recount"
    assert s.storehouses == s.count_storehouses(), f"{where}: the storehouses are miscounted"
    gained = sum((c.untrained + c.trained) * s.owned[c.id] for c in CARDS)
    assert s.untrained + s.trained + sum(s.workers) == START_WORKERS + gained, f"{where}: workers appeared or vanished"
    for a in ACTIVITIES:
        assert s.workers[a.id] + s.tools[a.id] <= a.circles, f"{where}: {a.name} holds more than its circles"
        assert s.has_tile(a.id) or s.workers[a.id] + s.tools[a.id] == 0, f"{where}: {a.name} is used without its tile"
    assert s.wealth == START_DISKS + s.received - s.spent - s.lost, f"{where}: wealth was created or destroyed"
    assert 0 <= s.bought_vp <= VP_LIMIT, f"{where}: too many victory points bought"
    assert s.hand == sorted(s.hand), f"{where}: the hand is out of order"


def check_state(state: PhoeniciaState) -> None:
    n = state.num_players
    assert len(state.settlements) == n, "wrong number of settlements"
    assert 0 <= state.overlord < n and (0 <= state.turn < n or state.over), "a seat number is out of range"
    assert state.part in (0, 1, 2) and state.round >= 1, "impossible turn part or round"
    assert len(state.dev_piles) == SETS, "wrong number of development decks"
    for seat, s in enumerate(state.settlements):
        check_settlement(seat, s)
    copies = copies_for(n)
    face_down = Counter(c for pile in state.dev_piles for c in pile)
    for card in CARDS:
        left = face_down[card.id] + state.display.count(card.id)
        bought = sum(s.owned[card.id] for s in state.settlements)
        assert left == state.unsold[card.id], f"the unsold {card.name} cards are miscounted"
        assert left + bought == copies[card.id], f"{card.name} cards appeared or vanished"
        if not left:
            assert all(s.discount[card.id] == 0 for s in state.settlements), "cubes remain for a card sold out"
    for index, pile in enumerate(state.dev_piles):
        assert all(CARDS[c].set == index + 1 for c in pile), "a development card is in another set's deck"
    assert state.display == sorted(state.display) and len(state.display) <= n, "the display is wrong"
    cards = Counter(state.prod_deck) + Counter(state.prod_discards)
    for s in state.settlements:
        cards.update(c for c in s.hand if c != PRESET)
    assert cards == Counter(PRODUCTION_DECK), "production cards appeared or vanished"
    presets = sum(s.hand.count(PRESET) for s in state.settlements)
    assert presets <= (n if state.options["preset_cards"] else 0), "too many preset cards"
    for position in range(state.turn):  # seats that finished their turn keep their limits
        s = state.settlements[(state.overlord + position) % n]
        assert len(s.hand) <= s.storehouses and s.disks <= s.treasury_limit, "a finished turn broke the limits"
    auction = state.auction
    if auction is not None:
        assert not state.over and state.part == 0, "an auction outside the auctions of a turn"
        assert auction.card in state.display and len(auction.bidders) >= 2, "the auction is damaged"
        assert auction.high_bid >= CARDS[auction.card].min_bid, "a bid below the minimum"
        lead = state.settlements[auction.high_bidder]
        assert lead.wealth + lead.discount[auction.card] >= auction.high_bid, "the highest bid cannot be paid"
