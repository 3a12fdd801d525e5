"""Workers (turn part b) and tools, City Centre points and the treasury (turn part c)."""

import random

import pytest

import phoenixgames as pg

from .helpers import activity_id, give_card, legal_strings, new_state, play_random, set_hand, set_workers, turn_of


def workshop(hand=(), disks=3, players=2, **workers):
    state = turn_of(new_state(players, 6), 0)
    set_hand(state, 0, hand, disks=disks)
    if workers:
        set_workers(state, 0, **workers)
    return state


def test_phn50_training_costs_2():
    state = workshop(disks=3)
    s = state.settlements[0]
    state.apply("train")
    assert (s.untrained, s.trained, s.wealth) == (0, 1, 1)
    assert "train" not in legal_strings(state)  # no untrained worker left
    with pytest.raises(pg.IllegalAction, match="no untrained worker"):
        state.apply("train")


def test_phn50_training_is_refused_without_the_2_to_pay():
    state = workshop(disks=1)
    assert "train" not in legal_strings(state)
    with pytest.raises(pg.IllegalAction, match="cannot pay 2 for training"):
        state.apply("train")


def test_phn96_seven_wealth_train_for_2_and_employ_a_farmer_for_5():
    """PHN-96 (rulebook example): production +2 and one more victory point."""
    state = workshop(hand=(4,), disks=3)
    s = state.settlements[0]
    state.apply("train")
    state.apply("employ farming")
    assert s.wealth == 0 and s.workers[activity_id("farming")] == 2
    assert (s.production, s.vp) == (3 + 2, 2 + 1)


@pytest.mark.parametrize(
    ("activity", "cost", "production", "vp"),
    [("hunting", 2, 1, 1), ("farming", 5, 2, 1), ("mining", 8, 3, 2), ("clothmaking", 11, 4, 2)],
)
def test_phn51_employing_pays_the_tool_cost_and_gains_production_and_vp(activity, cost, production, vp):
    state = workshop(hand=(6, 6), disks=0, trained=1)
    give_card(state, 0, "Prospector")
    give_card(state, 0, "Dye House")
    s = state.settlements[0]
    before = (s.production, s.vp, s.wealth)
    state.apply(f"employ {activity}")
    assert (s.production - before[0], s.vp - before[1], before[2] - s.wealth) == (production, vp, cost)
    tile = next(t for t in state.view(1)["settlements"][0]["tiles"] if t["activity"] == activity)
    assert tile["workers"] == s.workers[activity_id(activity)]


def test_phn51_employing_needs_a_trained_worker_and_the_tile():
    state = workshop(hand=(6, 6), disks=0)
    with pytest.raises(pg.IllegalAction, match="no trained worker"):
        state.apply("employ farming")
    set_workers(state, 0, trained=1)
    with pytest.raises(pg.IllegalAction, match="no mining tile"):
        state.apply("employ mining")


def test_phn52_a_clothmaker_brings_a_storehouse():
    state = workshop(hand=(6, 6), disks=0, trained=1)
    give_card(state, 0, "Dye House")
    s = state.settlements[0]
    storehouses = s.storehouses
    state.apply("employ clothmaking")
    assert s.storehouses == storehouses + 1


def test_phn53_phn97_shifting_a_hunter_to_mining_for_8():
    """PHN-97 (rulebook example): 9 wealth; production +2, VP +1, a tool disk on hunting."""
    state = workshop(hand=(6,), disks=3)
    give_card(state, 0, "Prospector")
    s = state.settlements[0]
    production, vp = s.production, s.vp
    state.apply("shift hunting mining")
    assert s.wealth == 1
    assert (s.production - production, s.vp - vp) == (2, 1)
    hunting = state.view(1)["settlements"][0]["tiles"][0]
    assert hunting["workers"] == 0 and hunting["tool_disks"] == 1
    assert "employ hunting" not in legal_strings(state)  # no trained worker to put on the disk


def test_phn53_shifting_into_clothmaking_brings_a_storehouse_and_only_the_difference():
    state = workshop(hand=(6, 6), disks=0, farming=2)
    give_card(state, 0, "Dye House")
    s = state.settlements[0]
    production, vp, storehouses = s.production, s.vp, s.storehouses
    state.apply("shift farming clothmaking")
    assert (s.production - production, s.vp - vp, s.storehouses - storehouses) == (4 - 2, 2 - 1, 1)


def test_phn54_a_trained_worker_on_a_tool_disk_costs_nothing():
    state = workshop(hand=(6,), disks=3, trained=1)
    give_card(state, 0, "Prospector")
    state.apply("shift hunting mining")  # leaves a tool disk on hunting
    s = state.settlements[0]
    wealth, production, vp = s.wealth, s.production, s.vp
    state.apply("employ hunting")
    assert s.wealth == wealth and s.tools[activity_id("hunting")] == 0
    assert (s.production - production, s.vp - vp) == (1, 1)  # the activity's full production and VP


def test_phn55_no_more_workers_than_circles_and_no_move_to_a_cheaper_activity():
    state = workshop(hand=(6, 6, 6), disks=3, trained=2, farming=5)
    assert "employ farming" not in legal_strings(state)
    with pytest.raises(pg.IllegalAction, match="every circle of your farming tile"):
        state.apply("employ farming")
    assert "shift hunting farming" not in legal_strings(state)
    with pytest.raises(pg.IllegalAction, match="costlier activity"):
        state.apply("shift farming hunting")
    assert not any(a.startswith(("untrain", "return")) for a in legal_strings(state))


def test_phn60_a_tool_disk_costs_the_activitys_employment_cost():
    state = workshop(hand=(6,), disks=0)
    state.apply("tool farming")
    s = state.settlements[0]
    assert s.tools[activity_id("farming")] == 1 and s.wealth == 1
    assert state.view(1)["settlements"][0]["tiles"][1]["tool_disks"] == 1
    assert "train" not in legal_strings(state)  # tools come after the workers


def test_phn61_vp_only_with_a_city_centre():
    state = workshop(hand=(6,), disks=3)
    with pytest.raises(pg.IllegalAction, match="City Centre"):
        state.apply("vp")


def test_phn62_one_voluntary_conversion_at_the_end_of_the_turn_only():
    state = workshop(hand=(5, 6), disks=0, players=3)
    give_card(state, 0, "Granary")
    assert {"convert 5", "convert 6"} <= set(legal_strings(state))
    state.apply("convert 5")  # it ends the turn: no second conversion
    s = state.settlements[0]
    assert s.hand == [6] and s.disks == 5 and state.turn_seat == 1
    assert state.current_player == 1 and s.hand == [6]  # seat 0 keeps its 6: one conversion only


def test_phn62_no_conversion_during_an_auction():
    state = workshop(hand=(6, 6), disks=0)
    state.apply(f"auction {state.view(0)['for_auction'][0].lower().replace(' ', '-')}")
    state.apply("bid 7")
    assert not any(a.startswith("convert") for a in legal_strings(state))


def test_phn63_the_limits_apply_at_the_end_of_every_turn():
    state = workshop(hand=(4, 5, 6), disks=2)
    state.apply("end")
    s = state.settlements[0]
    assert s.hand == [5, 6] and s.disks == 3 and s.lost == 3  # the 4 into the treasury: 6 disks, 3 kept


def test_phn64_disks_never_become_cards_during_a_turn():
    rng = random.Random(64)
    state = new_state(3, 64)
    while not state.is_over:
        round_ = state.round
        hands = [len(s.hand) for s in state.settlements]
        state.apply(rng.choice(state.legal_actions()))
        if state.round == round_:  # no administration came between
            assert all(len(s.hand) <= h for s, h in zip(state.settlements, hands, strict=True))
    assert play_random(state, rng).is_over


def test_phn98_a_4_card_and_one_disk_go_into_a_granary_treasury_and_four_disks_buy_a_card_later():
    """PHN-98 (rulebook example)."""
    state = workshop(hand=(4,), disks=1)
    give_card(state, 0, "Granary")
    state.apply("convert 4")
    s = state.settlements[0]
    assert s.hand == [] and s.disks == 5
    spent = s.spent
    state.apply("end", player=1)  # administration: production 3 brings 3 disks; 8 disks make two cards
    assert len(s.hand) == 2 and s.disks == 0 and s.spent == spent + 8


def test_phn62_a_preset_five_and_an_ordinary_five_are_one_conversion_and_the_preset_goes_first():
    state = turn_of(new_state(2, 7, preset_cards=True), 0)
    set_hand(state, 0, [0, 4, 5], disks=0)  # 0: the preset card
    converts = [a for a in legal_strings(state) if a.startswith("convert")]
    assert converts == ["convert 4", "convert 5"]
    state.apply("convert 5")
    assert state.settlements[0].hand == [4, 5] and state.prod_discards == []


def test_phn55_with_every_circle_taken_the_workers_left_wait_in_the_training_ground():
    """Five players: one settlement can get 20 workers (3 to start, 3 Forts, 2 Indentured Workers,
    2 Refugees) and has 17 circles. "You cannot assign more workers to an activity than what is shown on
    its tile": the other 3 stay in the training ground, bringing nothing; they can still be trained."""
    state = turn_of(new_state(5, 6), 0)
    for name in ["Fort"] * 3 + ["Indentured Worker"] * 2 + ["Refugees"] * 2 + ["Prospector", "Dye House"]:
        give_card(state, 0, name)
    s = state.settlements[0]
    assert s.untrained + s.trained + sum(s.workers) == 20
    set_workers(state, 0, untrained=1, trained=2, hunting=5, farming=5, mining=4, clothmaking=3)
    set_hand(state, 0, [6, 6], disks=3)
    state.check_invariants()
    legal = legal_strings(state)
    assert "train" in legal and not any(a.startswith(("employ", "shift", "tool")) for a in legal)
    for activity, circles in (("hunting", 5), ("farming", 5), ("mining", 4), ("clothmaking", 3)):
        with pytest.raises(pg.IllegalAction, match=rf"every circle of your {activity} tile is taken \({circles}\)"):
            state.apply(f"employ {activity}")
    state.apply("train")
    assert (s.untrained, s.trained) == (0, 3)
