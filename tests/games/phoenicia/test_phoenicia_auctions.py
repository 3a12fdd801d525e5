"""Auctions (turn part a): opening bids, bidding clockwise, payment with discounts, change, effects."""

import pytest

import phoenixgames as pg

from .helpers import card_id, give_card, legal_strings, new_state, open_auction, set_display, set_hand, turn_of


def auction_table(players=4, display=("Indentured Worker", "Tracker", "Dyer", "Glassmaking"), seed=1, **options):
    state = turn_of(new_state(players, seed, **options), 0)
    set_display(state, display[:players])
    return state


def test_phn90_helene_outbids_with_5_and_pays_with_a_6_getting_one_disk_of_change():
    """PHN-90 (rulebook example): an opening 4 on an Indentured Worker, two passes, Helene's 5."""
    state = auction_table()
    helene = 3
    set_hand(state, 0, [6], disks=0)
    set_hand(state, helene, [6], disks=0)
    open_auction(state, "indentured-worker", 4, player=0)
    state.apply("pass", player=1)
    state.apply("pass", player=2)
    state.apply("bid 5", player=helene)
    assert state.current_player == 0
    state.apply("pass", player=0)
    s = state.settlements[helene]
    assert s.hand == [] and s.disks == 1  # the 6 paid for 5: one disk of change
    assert s.owned[card_id("Indentured Worker")] == 1 and s.trained == 1
    assert state.auction is None and state.current_player == 0  # back to the auctioneer's turn
    assert state.prod_discards == [6]
    state.check_invariants()


def test_phn91_joan_buys_a_tracker_for_4_with_a_6_and_loses_a_disk_at_the_end_of_her_turn():
    """PHN-91 and PHN-26: the treasury may hold 4 disks during the turn; the limit applies at its end."""
    state = auction_table(2, ("Tracker", "Dyer"))
    set_hand(state, 0, [6], disks=2)
    open_auction(state, "tracker", 4)
    state.apply("pass")
    joan = state.settlements[0]
    assert joan.hand == [] and joan.disks == 4
    assert state.view(1)["settlements"][0]["disks"] == 4  # over the limit of 3 during the turn
    state.apply("end")
    assert joan.disks == 3 and joan.lost == 1
    state.check_invariants()


def test_phn20_any_number_of_auctions_or_none():
    state = auction_table(2, ("Tracker", "Dyer"))
    set_hand(state, 0, [6, 6], disks=0)
    assert "end" in legal_strings(state)  # none at all is allowed
    open_auction(state, "tracker", 3)
    state.apply("pass")
    open_auction(state, "dyer", 2)
    state.apply("pass")
    assert state.settlements[0].owned[card_id("Tracker")] == 1 and state.settlements[0].owned[card_id("Dyer")] == 1


def test_phn21_the_opening_bid_is_at_least_the_cards_minimum_bid():
    state = auction_table(2, ("Tracker", "Fort"))
    set_hand(state, 0, [6, 6], disks=0)
    assert [a for a in legal_strings(state) if a.startswith("auction")] == ["auction fort", "auction tracker"]
    twin = state.copy()
    twin.apply("auction tracker")
    assert legal_strings(twin)[0] == "bid 3" and "pass" not in legal_strings(twin)
    with pytest.raises(pg.IllegalAction, match="at least its minimum bid, 3"):
        twin.apply("bid 2")
    state.apply("auction fort")
    assert min(int(a.split()[-1]) for a in legal_strings(state)) == 7


def test_phn22_clockwise_from_the_auctioneer_each_bids_one_more_or_passes_and_leaves():
    state = auction_table(4)
    for seat in range(4):
        set_hand(state, seat, [6, 6], disks=0)
    open_auction(state, "tracker", 3)
    assert state.current_player == 1
    assert legal_strings(state)[0] == "bid 4" and legal_strings(state)[-1] == "pass"
    with pytest.raises(pg.IllegalAction, match="at least one more than the last bid"):
        state.apply("bid 3")
    state.apply("pass")  # seat 1 leaves the auction
    state.apply("bid 6", player=2)  # more than one more is fine
    state.apply("bid 7", player=3)
    state.apply("bid 8", player=0)
    assert state.current_player == 2  # seat 1 is not asked again
    assert state.view(0)["auction"]["bidders"] == [0, 2, 3]


def test_phn23_when_all_but_one_have_passed_that_player_wins_the_card():
    state = auction_table(3)
    for seat in range(3):
        set_hand(state, seat, [6], disks=0)
    open_auction(state, "tracker", 3)
    state.apply("bid 4", player=1)
    state.apply("pass", player=2)
    assert state.auction is not None
    state.apply("pass", player=0)
    assert state.auction is None and state.settlements[1].owned[card_id("Tracker")] == 1


def test_phn24_a_bid_must_be_payable_with_cards_disks_and_discounts():
    state = auction_table(2, ("Caravan", "Dyer"))
    set_hand(state, 0, [5], disks=3)
    assert "auction caravan" not in legal_strings(state)  # minimum 9, wealth 8: no opening at all
    with pytest.raises(pg.IllegalAction, match="cannot open the auction on the Caravan at its minimum bid, 9"):
        state.apply("auction caravan")
    give_card(state, 0, "Tracker")  # -2 on Caravans
    state.apply("auction caravan")
    assert "bid 10" in legal_strings(state) and "bid 11" not in legal_strings(state)
    with pytest.raises(pg.IllegalAction, match="cannot pay a bid of 11"):
        state.apply("bid 11")
    state.apply("bid 10")
    set_hand(state, 1, [4], disks=1)
    assert legal_strings(state) == ["pass"]  # seat 1 cannot pay 11


def test_phn25_the_winner_pays_the_bid_minus_discounts_with_change_in_disks():
    state = auction_table(2, ("Caravan", "Dyer"))
    give_card(state, 0, "Tracker")
    set_hand(state, 0, [6, 6], disks=0)
    open_auction(state, "caravan", 10)
    state.apply("pass")
    s = state.settlements[0]
    assert s.spent == 8 and s.wealth == 4  # 10 less the Tracker's 2
    assert s.hand == [] and s.disks == 4  # two 6s paid 8: four disks of change


def test_phn27_a_bought_cards_production_vp_cubes_and_storehouses_count_at_once():
    state = auction_table(2, ("Caravan", "Shipyard"))
    set_hand(state, 0, [6, 6, 6], disks=3)
    open_auction(state, "caravan", 9)
    state.apply("pass")
    s = state.settlements[0]
    assert (s.production, s.vp, s.storehouses) == (5, 3, 3)
    open_auction(state, "shipyard", 7)
    state.apply("pass")
    assert s.vp == 5
    assert state.view(1)["settlements"][0]["discounts"] == {
        "Ships": {"amount": 3, "cubes": 1},
        "Tradefleet": {"amount": 3, "cubes": 1},
        "Port": {"amount": 3, "cubes": 1},
    }


def test_phn28_phn93_helenes_dyers_add_up_to_7_on_dye_houses():
    """PHN-93 (rulebook example) and PHN-28: one Dyer -4 and a cube; a second Dyer, -7 in all."""
    state = auction_table(3, ("Dyer", "Dyer", "Tracker"))
    set_hand(state, 0, [6], disks=0)
    open_auction(state, "dyer", 2)
    state.apply("pass")
    state.apply("pass")
    helene = state.view(0)["settlements"][0]
    assert helene["vp"] == 3 and helene["discounts"] == {"Dye House": {"amount": 4, "cubes": 1}}
    open_auction(state, "dyer", 2)
    state.apply("pass")
    state.apply("pass")
    assert state.view(0)["settlements"][0]["discounts"] == {"Dye House": {"amount": 7, "cubes": 2}}
    assert state.discount(0, card_id("Dye House")) == 7


def test_phn29_a_discount_serves_a_later_auction_in_the_same_turn():
    state = auction_table(2, ("Tracker", "Caravan"))
    set_hand(state, 0, [6, 6], disks=0)
    twin = state.copy()
    twin.apply("auction caravan")
    assert "bid 12" in legal_strings(twin) and "bid 13" not in legal_strings(twin)
    open_auction(state, "tracker", 3)
    state.apply("pass")
    twin = state.copy()
    twin.apply("auction caravan")
    assert "bid 11" in legal_strings(twin) and "bid 12" not in legal_strings(twin)  # wealth 9 and the new -2
    open_auction(state, "caravan", 11)
    state.apply("pass")
    assert state.settlements[0].wealth == 0


def test_phn30_cubes_leave_the_board_once_the_cards_they_apply_to_are_all_bought():
    state = auction_table(4, ("Caravan", "Caravan", "Tracker", "Dyer"))
    give_card(state, 1, "Tracker")
    assert state.discount(1, card_id("Caravan")) == 2
    set_hand(state, 0, [6, 6, 6, 6], disks=0)
    for _ in range(2):  # both Caravans of a four-player game
        assert state.discount(1, card_id("Caravan")) == 2
        open_auction(state, "caravan", 9)
        for _ in range(3):
            state.apply("pass")
    assert state.discount(1, card_id("Caravan")) == 0
    assert state.view(0)["settlements"][1]["discounts"] == {}
    open_auction(state, "tracker", 3)  # a Tracker now brings no cube: there is no Caravan left
    for _ in range(3):
        state.apply("pass")
    assert state.settlements[0].owned[card_id("Tracker")] == 1
    assert state.discount(0, card_id("Caravan")) == 0 and state.settlements[0].cubes[card_id("Caravan")] == 0


def test_phn31_workers_come_only_from_development_cards():
    """No action buys a worker; the worker count grows only when a card with workers is bought."""
    import random

    from .helpers import play_random

    state = new_state(3, 9)
    rng = random.Random(9)

    def total(s):
        return s.untrained + s.trained + sum(s.workers)

    while not state.is_over:
        before = [total(s) for s in state.settlements]
        owned = [sum(s.owned) for s in state.settlements]
        action = state.apply(rng.choice(state.legal_actions()))
        assert "worker" not in str(action).split()[0]
        for seat, s in enumerate(state.settlements):
            if total(s) != before[seat]:
                assert sum(s.owned) == owned[seat] + 1
    assert play_random(state, rng).is_over


def test_phn32_a_seat_that_has_finished_its_turn_no_longer_bids():
    state = auction_table(3, ("Tracker", "Dyer", "Glassmaking"))
    for seat in range(3):
        set_hand(state, seat, [6], disks=0)
    state.apply("end", player=0)
    open_auction(state, "tracker", 3, player=1)
    assert state.view(1)["auction"]["bidders"] == [1, 2]
    state.apply("pass", player=2)
    assert state.settlements[1].owned[card_id("Tracker")] == 1
    state.apply("end", player=1)
    open_auction(state, "dyer", 2, player=2)  # the last player of the round buys without rivals
    assert state.auction is None and state.settlements[2].owned[card_id("Dyer")] == 1


def test_phn33_first_game_a_winner_may_not_start_another_auction_that_round():
    for first_game in (False, True):
        state = auction_table(3, ("Tracker", "Dyer", "Glassmaking"), first_game_auctions=first_game)
        for seat in range(3):
            set_hand(state, seat, [6, 6], disks=0)
        open_auction(state, "tracker", 3, player=0)
        state.apply("bid 4", player=1)
        state.apply("pass", player=2)
        state.apply("pass", player=0)  # seat 1 wins during seat 0's turn
        open_auction(state, "dyer", 2, player=0)
        state.apply("pass", player=1)  # winners may still bid
        state.apply("pass", player=2)
        assert any(a.startswith("auction") for a in legal_strings(state)) != first_game
        state.apply("end", player=0)
        assert any(a.startswith("auction") for a in legal_strings(state)) != first_game
        if first_game:
            with pytest.raises(pg.IllegalAction, match="first-game rule"):
                open_auction(state, "glassmaking", 5, player=1)


def test_phn85_discount_cubes_are_not_limited():
    state = auction_table(5, ("Dyer", "Dyer", "Dyer", "Tracker", "Prospector"))
    set_hand(state, 0, [6, 6], disks=0)
    for _ in range(3):
        open_auction(state, "dyer", 2)
        for _ in range(4):
            state.apply("pass")
    assert state.view(1)["settlements"][0]["discounts"]["Dye House"] == {"amount": 10, "cubes": 3}
