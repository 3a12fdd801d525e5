"""What must always hold in a game of The Phoenix Syndicate: every contract somewhere exactly once,
resources and credits conserved apart from what the rules create and destroy, bookkeeping consistent."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import (
    COLONIES,
    COLONY_CREDIT,
    FACE_UP_CONTRACTS,
    HAND_LIMIT,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_CONTRACTS,
    NUM_TILES,
    STARTING_RESOURCES,
    credit_pool,
)

if TYPE_CHECKING:
    from .state import SyndicateState


def check_state(state: SyndicateState) -> None:
    from .phases import CASHING, GAMBLE_KEEP, GAME_OVER, KEEP_START, PHASE_NAMES, PLACE_FIRST, PLACE_SECOND, PUBLIC

    n = state.num_players
    assert 0 <= state.phase < len(PHASE_NAMES), "unknown phase"
    assert 0 <= state.turn < n and 0 <= state.start_player < n, "a seat number is out of range"
    for name in ("owned", "res", "hands", "known", "cashed", "flipped", "guilds", "credits", "awards"):
        assert len(getattr(state, name)) == n, f"{name} has the wrong number of seats"
    assert len(state.agents) == NUM_TILES, "agents are kept per tile"
    for tile, seats in enumerate(state.agents):
        for seat in range(n):
            assert bool(seats >> seat & 1) == bool(state.owned[seat] >> tile & 1), "agents disagree with owned"
        assert seats >> n == 0, "an agent of a seat that does not exist"
    # contracts: each exactly once
    places = [state.deck, state.discards, state.pending, [c for c in state.slots if c >= 0]]
    places += state.hands + state.cashed
    every = sorted(c for place in places for c in place)
    assert every == list(range(NUM_CONTRACTS)), "contracts appeared or vanished"
    assert len(state.discard_seen) == len(state.discards), "a discard without its record of who saw it"
    assert all(s == PUBLIC or 0 <= s < n for s in state.discard_seen), "a discard seen by no seat"
    assert len(state.slots) == FACE_UP_CONTRACTS == len(state.slot_res), "there are three contract slots"
    for seat in range(n):
        hand = state.hands[seat]
        assert hand == sorted(hand), "a hand is out of order"
        rest = hand.copy()
        for c in state.known[seat]:
            assert c in rest, "a contract known to be in a hand is not there"
            rest.remove(c)
        limit = HAND_LIMIT + 3 if state.phase == CASHING and seat == state.turn else HAND_LIMIT
        if state.phase == KEEP_START:
            limit = 2
        assert len(hand) <= limit, f"seat {seat} holds {len(hand)} contracts"
        assert 0 <= state.flipped[seat] < 1 << NUM_CARDS, "impossible action cards"
        assert 0 <= state.guilds[seat] < 1 << NUM_COLOURS, "impossible guilds"
    assert not state.pending or state.phase == GAMBLE_KEEP, "contracts wait for a keep outside a Gamble"
    for seat in range(n):
        offer = state.offers[seat]
        assert not offer or (
            state.phase in (PLACE_FIRST, PLACE_SECOND, KEEP_START) and sorted(offer) == state.hands[seat]
        ), "a set-up offer that is not the hand"
    # resources: what players and slots hold = the start + what was made - what was spent
    for colour in range(NUM_COLOURS):
        held = sum(r[colour] for r in state.res) + sum(r[colour] for r in state.slot_res)
        assert all(r[colour] >= 0 for r in state.res + state.slot_res), "a negative number of resources"
        expected = STARTING_RESOURCES * n + state.made[colour] - state.spent[colour]
        assert held == expected, "resources appeared or vanished"
    # credits: from the pool, the box and the Colonies
    colony_credits_taken = COLONY_CREDIT * (len(COLONIES) - state.credit_on.bit_count())
    assert 0 <= state.pool <= credit_pool(n) and state.from_box >= 0, "impossible credit pool"
    assert state.from_box == 0 or state.pool == 0, "credits came from the box while the pool had some"
    assert sum(state.credits) == credit_pool(n) - state.pool + state.from_box + colony_credits_taken, (
        "credits appeared or vanished"
    )
    if state.pool == 0 or state.reshuffles >= 2:
        assert state.end_triggered, "the end of the game was not triggered"
    if state.phase != GAME_OVER:
        assert state.awards == [0] * n, "end-of-game credits before the end"
