"""Phoenicia's parameters: each changes what it should, bad values are refused, games with them save,
load and replay exactly, and the metrics of a finished game add up."""

from __future__ import annotations

import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import GreedyAgent
from phoenixgames.games.phoenicia.components import DATA
from phoenixgames.games.phoenicia.metrics import BOUGHT_NAMES
from phoenixgames.games.phoenicia.parameters import PARAMETERS
from phoenixgames.games.phoenicia.state import PhoeniciaState

from .helpers import card_id, give_card, set_display, set_hand, turn_of

BY_NAME = {p.name: p for p in PARAMETERS}


def game(players: int = 3, seed: int = 1, **params: int) -> PhoeniciaState:
    state = pg.new_game("phoenicia", players, seed=seed, params=params)
    assert isinstance(state, PhoeniciaState)
    return state


def greedy_game(players: int, seed: int, **params: int) -> PhoeniciaState:
    state = game(players, seed, **params)
    agents = [GreedyAgent(seed=seed + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(state.copy(perspective=seat)), player=seat)
    return state


def test_the_parameters_are_declared_from_the_data_file_with_their_sources():
    assert len(PARAMETERS) >= 10
    assert pg.get_spec("phoenicia").parameters is PARAMETERS
    assert BY_NAME["vp_goal"].default == DATA["game"]["victory_points"] == 32
    assert BY_NAME["treasury_limit"].default == DATA["storage"]["treasury_limit"]
    assert BY_NAME["dyer_cost"].default == 2 and BY_NAME["dyer_cost"].range_text == "2..6"
    assert BY_NAME["dye_house_vp"].default == 3 and BY_NAME["ships_production"].default == 4
    assert BY_NAME["dyer_discount"].default == 4 and BY_NAME["dyer_discount"].source == "rulebook"
    assert BY_NAME["shipyard_discount"].source == "assumed"
    assert BY_NAME["temple_vp"].source == "assumed" and BY_NAME["vp_price"].source == "reference"
    assert {p.source for p in PARAMETERS} <= {"rulebook", "reference", "assumed"}
    names = [p.name for p in PARAMETERS]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("goal", [20, 24])
def test_a_lower_goal_ends_the_game_there(goal):
    ended_below_32 = 0
    for seed in range(3):
        state = greedy_game(3, seed, vp_goal=goal)
        best = max(state.scores)
        assert best >= goal or "could reach" in state.view(pg.PUBLIC)["ending"]
        assert state.view(pg.PUBLIC)["victory_points_to_win"] == goal
        ended_below_32 += best < 32
    assert ended_below_32  # the printed goal would have let every one of these games go on


def test_a_higher_goal_lets_the_game_go_on_past_32():
    printed = greedy_game(3, 5)
    longer = greedy_game(3, 5, vp_goal=40)
    assert max(printed.scores) >= 32 and printed.round < longer.round
    assert max(longer.scores) >= 40 and longer.view(pg.PUBLIC)["ending"] == "40 victory points"


def test_the_starting_settlement_follows_its_parameters():
    state = game(start_storehouses=4, start_disks=5, start_untrained=3, start_trained=2)
    for s in state.settlements:
        assert (s.storehouses, s.disks, s.untrained, s.trained) == (4, 5, 3, 2)
    state.check_invariants()


def _with_dyer_up(**params: int) -> PhoeniciaState:
    state = turn_of(set_display(game(**params), ["Dyer", "Prospector", "Tracker"]), 0)
    return set_hand(state, 0, [6], disks=2)


def test_a_card_costs_its_parameter():
    state = _with_dyer_up(dyer_cost=5)
    state.apply("auction dyer")
    assert [str(a) for a in state.legal_actions()] == ["bid 5", "bid 6", "bid 7", "bid 8"]
    with pytest.raises(pg.IllegalAction, match="at least its minimum bid, 5"):
        state.apply("bid 4")
    assert state.view(0)["auction"]["card_facts"]["minimum_bid"] == 5
    cheap = _with_dyer_up(dyer_cost=3)
    cheap.apply("auction dyer")
    assert str(cheap.legal_actions()[0]) == "bid 3"


def test_a_card_brings_its_victory_points_production_and_discount():
    state = give_card(game(glassmaking_vp=4, glassmaking_production=3, dyer_discount=2), 0, "Glassmaking")
    s = state.settlements[0]
    assert (s.vp, s.production) == (2 + 4, 3 + 3)
    state = give_card(state, 0, "Dyer")
    assert state.settlements[0].discount[card_id("Dye House")] == 2
    state = give_card(state, 0, "Dyer")  # the printed cubes are 4 then 3: each changes by as much, -2
    assert state.settlements[0].discount[card_id("Dye House")] == 2 + 1
    state.check_invariants()
    facts = state.view(0)["sources"][0]["development_cards"]["Glassmaking"]
    assert (facts["vp"], facts["production"]) == (4, 3)


def test_the_treasury_limits_follow_their_parameters():
    state = set_hand(turn_of(game(treasury_limit=5), 0), 0, [], disks=8)
    state.apply("end")
    assert state.settlements[0].disks == 5
    state = give_card(game(improved_treasury_limit=9), 0, "Granary")
    state = set_hand(turn_of(state, 0), 0, [], disks=11)
    state.apply("end")
    assert state.settlements[0].disks == 9


def test_training_costs_its_parameter():
    state = set_hand(turn_of(game(training_cost=4), 0), 0, [], disks=6)
    state.apply("train")
    assert state.settlements[0].wealth == 2
    state = give_card(game(improved_training_cost=3), 0, "Public Works")
    state = set_hand(turn_of(state, 0), 0, [], disks=6)
    state.apply("train")
    assert state.settlements[0].wealth == 3


def test_the_city_centre_sells_at_its_price_up_to_its_limit():
    state = give_card(game(vp_price=2, vp_limit=4), 0, "City Centre")
    state = set_hand(turn_of(state, 0), 0, [6, 6], disks=0)
    before = state.settlements[0].vp
    for _ in range(4):
        state.apply("vp")
    s = state.settlements[0]
    assert (s.vp - before, s.wealth) == (4, 12 - 4 * 2)
    with pytest.raises(pg.IllegalAction, match="City Centre's 4 victory points already"):
        state.apply("vp")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"vp_goal": 10}, "parameter 'vp_goal' takes a whole number from 16 to 60, not 10"),
        ({"dyer_cost": 1}, "parameter 'dyer_cost' takes a whole number from 2 to 6, not 1"),
        ({"treasury_limit": 0}, "parameter 'treasury_limit' takes a whole number from 1 to 8, not 0"),
        ({"vp_goals": 28}, "phoenicia has no parameter 'vp_goals'"),
    ],
)
def test_a_bad_value_is_refused_with_the_parameter_and_its_range(params, message):
    with pytest.raises(pg.GameSetupError) as refused:
        pg.new_game("phoenicia", 3, seed=1, params=params)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_a_game_with_parameters_saves_loads_and_replays_exactly():
    params = {"vp_goal": 28, "dyer_cost": 4, "start_disks": 3, "dye_house_vp": 5}
    state = game(3, 7, **params)
    rng = random.Random(7)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.record["params"] == dict(sorted(params.items()))
    assert state.params == dict(sorted(params.items()))
    loaded = pg.load_game(state.to_json())
    assert loaded.to_json() == state.to_json() and loaded.params == state.params
    assert pg.replay(state.record).to_json() == state.to_json()
    seat_copy = state.copy(perspective=1)
    assert pg.load_game(seat_copy.to_json()).to_json() == seat_copy.to_json()


def test_the_printed_game_records_no_parameters():
    state = game(3, 7)
    assert "params" not in state.record and state.params == {}
    assert game(3, 7, vp_goal=32).record == state.record


def test_the_metrics_add_up_to_the_scores():
    state = greedy_game(3, 2)
    figures = pg.get_spec("phoenicia").metrics(state)
    assert figures["rounds"] == state.round
    for seat, score in enumerate(state.scores):
        by_source = [figures[k][seat] for k in ("vp_workers", "vp_cards", "vp_bought")]
        assert sum(by_source) == score
        assert sum(figures[name][seat] for name in BOUGHT_NAMES) == figures["cards_bought"][seat]
    assert figures["auctions"] == sum(figures["cards_bought"])
    assert sum(figures["paid_for_cards"]) > 0
    changed = pg.get_spec("phoenicia").metrics(greedy_game(3, 2, temple_vp=9))
    assert changed["rounds"] > 0
