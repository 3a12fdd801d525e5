"""Phoenicia's seams: the action table, the events, the spectator's view, undo, the facts and the
refusals told apart (issue 13)."""

from __future__ import annotations

import json
import random

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenicia.actions import START, Bid, StartAuction, highest_bid
from phoenixgames.sim import play_match

from .helpers import new_state, open_auction, set_display, set_hand, turn_of

PLAYERS = (2, 3, 4, 5)


def random_steps(players: int, games: int, seed: int):
    """Every state of ``games`` random games, with the action then taken."""
    rng = random.Random(seed)
    for number in range(games):
        state = new_state(players, seed * 100 + number, preset_cards=bool(number % 2))
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            yield state, action
            state.apply(action)



def test_the_table_holds_an_auction_per_card_and_every_bid_any_settlement_can_make():
    table = pg.action_table("phoenicia", 5)
    assert [a for a in table if isinstance(a, StartAuction)] == list(START)
    amounts = [a.amount for a in table if isinstance(a, Bid)]
    assert amounts == list(range(2, highest_bid(5) + 1))
    assert [len(pg.action_table("phoenicia", n)) for n in PLAYERS] == [133, 179, 191, 237]


@pytest.mark.parametrize("players", PLAYERS)
def test_no_random_or_greedy_game_is_longer_than_max_decisions_and_scores_are_in_range(players):
    info = pg.game_info("phoenicia", players, round_cap=200)
    assert info.num_distinct_actions == len(pg.action_table("phoenicia", players))
    for seed in range(3):
        for agent in ("random", "greedy"):
            result = play_match("phoenicia", [agent] * players, seed, {"round_cap": 200})
            assert len(result.record["actions"]) <= info.max_decisions
            assert all(info.min_score <= score <= info.max_score for score in result.scores)


def test_without_a_round_cap_no_bound_is_claimed_and_with_one_the_bound_counts_the_rounds_allowed():
    assert pg.game_info("phoenicia", 3).max_decisions is None  # every seat may end every turn, for ever
    capped = pg.game_info("phoenicia", 3, round_cap=5).max_decisions
    assert capped < pg.game_info("phoenicia", 3, round_cap=6).max_decisions
    rng = random.Random(5)
    state = new_state(3, 5, round_cap=5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.history) <= capped


def two_worlds(players: int, seed: int, steps: int):
    """A random game ``steps`` actions in, and for each seat a perspective copy with its log started."""
    rng = random.Random(seed)
    state = new_state(players, seed)
    while len(state.history) < steps and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    state.events(0)
    return state, rng


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", range(6))
def test_events_and_the_public_view_show_nothing_a_seat_cannot_see(players, seed):
    """Two worlds a seat cannot tell apart (the game and its perspective copy), given the same actions,
    give that seat and the spectators the same events and the same public view, for as long as the
    seat still cannot tell them apart."""
    state, rng = two_worlds(players, seed, 20 + 7 * seed)
    compared = 0
    for seat in range(players):
        original = state.copy()
        world = state.copy(perspective=seat)
        assert world.view(pg.PUBLIC) == original.view(pg.PUBLIC)
        start = len(world.history)
        world.events(seat, start)
        world_public = state.copy(perspective=seat)
        world_public.events(pg.PUBLIC, start)
        while not original.is_over:
            action = rng.choice(original.legal_actions())
            if action not in world.legal_actions() or action not in world_public.legal_actions():
                break
            original.apply(action)
            world.apply(action)
            world_public.apply(action)
            if original.view(seat) != world.view(seat):
                break  # something hidden was shown (a payment, a deal): the worlds are told apart now
            assert world.events(seat, start) == original.events(seat, start)
            if original.view(pg.PUBLIC) == world_public.view(pg.PUBLIC):
                assert world_public.events(pg.PUBLIC, start) == original.events(pg.PUBLIC, start)
            compared += 1


@pytest.mark.parametrize("players", PLAYERS)
def test_the_spectators_view_has_no_hand_and_the_public_record_no_seed(players):
    state, _ = two_worlds(players, 3, 40)
    view = state.view(pg.PUBLIC)
    assert "hand" not in view and "hands" not in view and "wealth" not in view and "legal_actions" not in view
    for seat in range(players):
        assert state.copy(perspective=seat).view(pg.PUBLIC) == view
    record = state.public_record()
    assert "seed" not in record and record["actions"] == [str(a) for a in state.history]


def auction_table():
    state = turn_of(new_state(3, 1), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    set_hand(state, 0, [6], disks=0)
    set_hand(state, 1, [5], disks=0)
    set_hand(state, 2, [4], disks=0)
    return state


def test_the_events_of_an_auction_in_the_players_terms():
    state = auction_table()
    start = len(state.history)
    state.events(1)
    open_auction(state, "tracker", 3)
    state.apply("bid 4", player=1)
    state.apply("pass", player=2)
    state.apply("pass", player=0)
    texts = [e["text"] for e in state.events(1, start)]
    assert texts == [
        "seat 0 put the Tracker up for auction (minimum bid 3)",
        "seat 0 opened the auction for the Tracker with 3",
        "you bid 4",
        "seat 2 passed",
        "seat 0 passed",
        "you won the Tracker for 4",
    ]
    won = state.events(pg.PUBLIC, start)[-1]
    assert won == {
        "action": start + 4,
        "kind": "won",
        "seat": 1,
        "card": "Tracker",
        "bid": 4,
        "price": 4,
        "text": "seat 1 won the Tracker for 4",
    }


def test_the_administration_tells_each_seat_its_own_production_cards_and_the_others_how_many():
    state = new_state(2, 4)
    state.events(0)
    start = len(state.history)
    while state.round == 1:
        state.apply("pass" if state.auction else "end")
    mine = {e["kind"]: e for e in state.events(0, start) if e["kind"] in ("round", "production")}
    kinds = [e["kind"] for e in state.events(0, start)]
    assert "round" in kinds and kinds.count("production") == 2
    dealt = [e for e in state.events(0, start) if e["kind"] == "production"]
    own = next(e for e in dealt if e["seat"] == 0)
    other = next(e for e in dealt if e["seat"] == 1)
    assert own["text"].startswith("you received production cards ") and "values" in own
    assert other["text"].startswith("seat 1 received ") and "values" not in other
    assert mine["round"]["text"].startswith("administration: the Overlord of round 2 is ")
    public = [e for e in state.events(pg.PUBLIC, start) if e["kind"] == "production"]
    assert all("values" not in e and "received 1 production card" in e["text"] for e in public)


def test_the_end_of_the_game_gives_the_scoring_broken_down():
    rng = random.Random(27)
    state = new_state(2, 27)
    state.events(0)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    events = state.events(pg.PUBLIC, len(state.history) - 1)
    kinds = [e["kind"] for e in events]
    assert kinds[-4:] == ["game over", "score", "score", "winners"]
    score = events[-2]
    assert score["vp"] == 31 and score["cards"] + sum(score["workers"].values()) + score["bought"] == 31
    assert events[-1]["text"] == "seat 1 wins"


def test_choosing_the_card_can_be_taken_back_but_not_a_bid_another_seat_answers():
    state = new_state(3, 1)
    seat = state.current_player
    card = next(a for a in state.legal_actions() if isinstance(a, StartAuction))
    before = state.to_json(), state.view(None)
    state.apply(card)
    assert state.can_undo()
    assert state.undo() == card
    assert (state.to_json(), state.view(None)) == before
    state.apply(card)
    state.apply(state.legal_actions()[0])  # the opening bid: the next seat is to act
    assert state.current_player != seat and not state.can_undo()
    saved = state.to_json()
    with pytest.raises(pg.IllegalAction, match="now seat"):
        state.undo()
    assert state.to_json() == saved


def test_a_pass_that_ends_an_auction_another_seat_won_cannot_be_taken_back():
    rng = random.Random(2)
    for seed in range(40):
        state = new_state(2, seed)
        while not state.is_over:
            auction = state.auction
            if auction is not None and auction.opened and state.current_player == state.turn_seat:
                break
            state.apply(rng.choice(state.legal_actions()))
        else:
            continue
        state.apply("pass")
        assert state.auction is None and not state.can_undo()
        with pytest.raises(pg.IllegalAction, match="won the .* and paid for it"):
            state.undo()
        return
    pytest.fail("no auction where the auctioneer passes")


def test_a_typo_is_malformed_notation_an_illegal_action_is_not():
    state = new_state(3, 1)
    with pytest.raises(pg.MalformedNotation):
        state.apply("auktion tracker")
    with pytest.raises(pg.MalformedNotation, match="two steps"):
        state.apply("auction tracker 4")
    with pytest.raises(pg.IllegalAction) as refused:
        state.apply("bid 5")
    assert not isinstance(refused.value, pg.MalformedNotation)
    assert "no auction is in progress" in str(refused.value)


def test_the_views_carry_the_facts_of_the_cards_for_auction():
    state = auction_table()
    offered = {c["name"]: c for c in state.view(0)["cards_for_auction"]}
    fort = offered["Fort"]
    assert (fort["minimum_bid"], fort["vp"], fort["untrained"], fort["effect"]) == (7, 1, 3, "+3 untrained workers")
    assert offered["Dyer"]["effect"] == "-4 on Dye House (next copy -3)"
    assert offered["Tracker"]["your_price_at_minimum"] == 3
    assert "your_discount" not in state.view(pg.PUBLIC)["cards_for_auction"][0]
    state.apply("auction tracker")
    assert state.view(pg.PUBLIC)["auction"]["card_facts"]["ability"] == "improved hunting"
    json.dumps(state.view(pg.PUBLIC))


def test_phn83_the_number_of_cards_in_hand_is_public_their_values_are_not():
    state = auction_table()
    public = state.view(pg.PUBLIC)
    assert [s["cards_in_hand"] for s in public["settlements"]] == [1, 1, 1]
    assert state.view(1)["hand"] == ["5"] and "hand" not in public


def test_phn84_settlements_are_public_every_seat_and_the_spectators_see_the_same():
    state = auction_table()
    assert all(state.view(seat)["settlements"] == state.view(pg.PUBLIC)["settlements"] for seat in range(3))


def test_a_search_weighs_only_the_lowest_opening_bids_and_every_other_decision_whole():
    from phoenixgames.games.phoenicia.heuristic import OPENING_BIDS_SEARCHED, searched_actions

    rng = random.Random(1)
    checked = 0
    for seed in range(6):
        state = new_state(3, seed)
        while not state.is_over and len(state.history) < 300:
            legal = state.legal_actions()
            weighed = searched_actions(state, list(legal), rng)
            auction = state.auction
            if auction is not None and not auction.opened:
                low = auction.lowest_bid
                assert weighed == [a for a in legal if a.amount < low + OPENING_BIDS_SEARCHED]
                assert weighed and len(weighed) <= OPENING_BIDS_SEARCHED
                checked += 1
            else:
                assert weighed == legal
            state.apply(rng.choice(legal))
    assert checked > 0
