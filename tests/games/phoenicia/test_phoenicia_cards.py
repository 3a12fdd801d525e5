"""Development card effects: workers, storage, tiles, improved sides, abilities and every card's data."""

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenicia.components import CARDS

from .helpers import (
    activity_id,
    card_id,
    give_card,
    legal_strings,
    new_state,
    set_display,
    set_hand,
    set_workers,
    turn_of,
)


def buy(state, name, bid=None, seat=0):
    """``seat`` (whose turn it is) buys a card from the display at its minimum bid; the others pass."""
    card = CARDS[card_id(name)]
    state.apply(f"auction {card.code}", player=seat)
    state.apply(f"bid {bid or card.min_bid}", player=seat)
    while state.auction is not None:
        state.apply("pass")


def table(players=2, display=("Fort", "Indentured Worker"), hand=(6, 6, 6), disks=0):
    state = turn_of(new_state(players, 3), 0)
    set_display(state, display)
    set_hand(state, 0, hand, disks=disks)
    return state


def test_phn40_phn92_fort_one_vp_three_untrained_indentured_worker_a_trained_worker():
    """PHN-92 (rulebook example): the Fort's point and three untrained workers."""
    state = table()
    s = state.settlements[0]
    buy(state, "Fort")
    assert (s.vp, s.untrained, s.trained) == (3, 4, 0)
    buy(state, "Indentured Worker")
    assert (s.vp, s.untrained, s.trained) == (3, 4, 1)


def test_phn92_glassmaking_for_5_advances_production_and_score():
    state = table(display=("Glassmaking", "Dyer"), hand=(5,))
    buy(state, "Glassmaking")
    s = state.settlements[0]
    assert (s.production, s.vp, s.wealth) == (4, 3, 0)


def test_phn41_phn94_a_granary_flips_the_storage_tile_two_storehouses_and_a_treasury_of_6():
    """PHN-94 (rulebook example): after a Granary the settlement stores up to 6 wealth in disks."""
    state = table(display=("Granary", "Dyer"), hand=(6, 6), disks=0)
    buy(state, "Granary")
    view = state.view(1)["settlements"][0]
    assert view["storehouses"] == 4 and view["treasury_limit"] == 6
    assert state.settlements[0].disks == 2  # 4 paid with a 6: two disks of change
    set_hand(state, 0, [], disks=7)
    state.apply("end")
    assert state.settlements[0].disks == 6


def test_phn42_phn94_a_prospector_adds_a_mining_tile_minus_1_on_smelters_and_one_vp():
    state = table(display=("Prospector", "Dyer"))
    assert "mining" not in [t["activity"] for t in state.view(0)["settlements"][0]["tiles"]]
    buy(state, "Prospector")
    view = state.view(0)["settlements"][0]
    assert [t["activity"] for t in view["tiles"]] == ["hunting", "farming", "mining"]
    assert view["discounts"] == {"Smelter": {"amount": 1, "cubes": 1}} and view["vp"] == 3


def test_phn43_phn95_three_hunters_give_3_with_a_tracker_4_and_two_trackers_advanced_hunting():
    """PHN-95 (rulebook example): improved hunting, every even-numbered hunter produces 2."""
    state = table(4, ("Tracker", "Tracker", "Dyer", "Fort"))
    s = state.settlements[0]
    s.workers[activity_id("hunting")] = 3
    s.rescore()
    assert s.production == 3 + 2  # three hunters and a farmer
    buy(state, "Tracker")
    hunting = state.view(1)["settlements"][0]["tiles"][0]
    assert hunting["side"] == "improved" and s.production == 4 + 2 and s.vp == 5
    assert s.discount[card_id("Caravan")] == 2
    buy(state, "Tracker")
    assert state.view(1)["settlements"][0]["tiles"][0]["side"] == "advanced" and s.production == 6 + 2


def test_phn44_a_dyer_gives_one_vp_and_a_discount_on_dye_houses():
    state = table(display=("Dyer", "Fort"))
    buy(state, "Dyer")
    assert state.settlements[0].vp == 3 and state.discount(0, card_id("Dye House")) == 4


def test_phn45_public_works_makes_training_cost_1():
    state = table()
    s = state.settlements[0]
    set_hand(state, 0, [], disks=1)
    assert "train" not in legal_strings(state)
    give_card(state, 0, "Public Works")
    assert s.vp == 7 and "train" in legal_strings(state)
    state.apply("train")
    assert s.wealth == 0 and s.trained == 1


def test_phn46_phn61_a_city_centre_sells_up_to_3_vp_at_3_each():
    state = table(display=("Dyer", "Fort"), hand=(6, 6, 6), disks=3)
    assert "vp" not in legal_strings(state)
    give_card(state, 0, "City Centre")
    s = state.settlements[0]
    assert s.vp == 4
    for bought in range(1, 4):
        state.apply("vp")
        assert s.vp == 4 + bought and s.bought_vp == bought
        assert state.view(1)["settlements"][0]["bought_vp"] == bought
    assert s.wealth == 21 - 9 and "vp" not in legal_strings(state)


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.code)
def test_phn47_every_cards_production_vp_storehouses_workers_and_discounts_as_in_the_data(card):
    state = new_state(5, 4)
    s = state.settlements[2]
    before = (s.production, s.vp, s.storehouses, s.untrained, s.trained)
    give_card(state, 2, card.name)
    after = (s.production, s.vp, s.storehouses, s.untrained, s.trained)
    expected = (card.production, card.vp, card.storehouses, card.untrained, card.trained)
    assert tuple(b - a for a, b in zip(before, after, strict=True)) == expected
    for target, sizes in card.discounts:
        assert s.discount[target] == sizes[0] and s.cubes[target] == 1
    tiles = [t["activity"] for t in state.view(0)["settlements"][2]["tiles"]]
    assert ("mining" in tiles) == (card.name == "Prospector")
    assert ("clothmaking" in tiles) == (card.name == "Dye House")
    state.check_invariants()


def test_phn47_smelters_improve_and_advance_the_mining_tile():
    state = new_state(4, 4)
    s = state.settlements[0]
    give_card(state, 0, "Prospector")
    s.workers[activity_id("mining")] = 2
    s.rescore()
    assert s.production == 3 + 6
    give_card(state, 0, "Smelter")  # improved mining (3 + 4) and the Smelter's own production
    assert s.production == 3 + 7 + 1
    give_card(state, 0, "Smelter")  # advanced mining (4 + 4)
    assert s.production == 3 + 8 + 2
    assert state.view(1)["settlements"][0]["tiles"][2]["side"] == "advanced"


def test_phn42_phn47_a_second_prospector_or_dye_house_gives_no_second_tile():
    """A settlement has one mining tile and one clothmaking tile (the box's "10 settlement tiles" are
    two for each of 5 players): a second Prospector brings its VP and its cube on Smelters, a second
    Dye House its production, VP and storehouse, but no second tile and no more circles."""
    state = turn_of(new_state(5, 3), 0)
    for name in ("Prospector", "Prospector", "Dye House", "Dye House"):
        give_card(state, 0, name)
    s = state.settlements[0]
    tiles = state.view(1)["settlements"][0]["tiles"]
    assert [(t["activity"], t["circles"]) for t in tiles] == [
        ("hunting", 5),
        ("farming", 5),
        ("mining", 4),
        ("clothmaking", 3),
    ]
    assert s.vp == 2 + 2 * 1 + 2 * 3 and s.storehouses == 2 + 2 and s.discount[card_id("Smelter")] == 2
    for _ in range(3):
        give_card(state, 0, "Fort")  # nine more workers, to fill both tiles
    set_workers(state, 0, untrained=1, trained=2, hunting=1, farming=1, mining=4, clothmaking=3)
    set_hand(state, 0, [6, 6], disks=3)
    state.check_invariants()
    for activity in ("mining", "clothmaking"):
        assert f"employ {activity}" not in legal_strings(state)
        with pytest.raises(pg.IllegalAction, match=f"every circle of your {activity} tile is taken"):
            state.apply(f"employ {activity}")
