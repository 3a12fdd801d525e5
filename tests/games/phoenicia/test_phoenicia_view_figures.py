"""The figures of the rules a board shows come in the view: what each bid allowed would cost the seat
to act after its discount (``bid_prices``, PHN-25) and each seat's unspent production, the last
tie-break (``unspent``, PHN-81)."""

from __future__ import annotations

import random

import phoenixgames as pg


def test_phn25_the_views_that_list_the_bids_say_what_each_costs_the_winner_the_bid_less_its_discount():
    priced = 0
    for seed in range(6):
        state = pg.new_game("phoenicia", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            referee = state.view(None)
            if "auction" in referee:
                discount = referee["auction"]["discounts"][seat]
                bids = [int(a.split()[1]) for a in referee["legal_actions"] if a.startswith("bid ")]
                expected = {str(bid): max(0, bid - discount) for bid in bids}
                assert state.view(seat)["bid_prices"] == referee["bid_prices"] == expected
                others = [state.view(other) for other in range(3) if other != seat]
                assert all("bid_prices" not in view for view in [*others, state.view(pg.PUBLIC)])
                priced += discount > 0
            else:
                assert "bid_prices" not in referee
            state.apply(rng.choice(state.legal_actions()))
    assert priced > 0


def test_the_views_that_show_every_hand_give_each_seats_unspent_production_the_last_tie_break():
    state = pg.new_game("phoenicia", players=4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        assert "unspent" not in state.view(0) and "unspent" not in state.view(pg.PUBLIC)
        referee = state.view(None)
        assert referee["unspent"] == [
            sum(int(card.lstrip("P")) for card in hand) + settlement["disks"]
            for hand, settlement in zip(referee["hands"], referee["settlements"], strict=True)
        ]
        state.apply(rng.choice(state.legal_actions()))
    for audience in (0, 1, pg.PUBLIC, None):
        view = state.view(audience)
        assert view["unspent"] == [
            sum(int(card.lstrip("P")) for card in hand) + settlement["disks"]
            for hand, settlement in zip(view["hands"], view["settlements"], strict=True)
        ]
