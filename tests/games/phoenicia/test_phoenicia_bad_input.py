"""Bad input gets a clear IllegalAction that says what is wrong, and changes nothing."""

import random

import pytest

import phoenixgames as pg
from tests.support.playthrough import refused

from .helpers import new_state, play_random, set_display, set_hand, turn_of


@pytest.fixture
def auction():
    state = turn_of(new_state(3, 1), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    set_hand(state, 0, [6], disks=0)
    set_hand(state, 1, [5], disks=0)
    state.apply("auction tracker 4")
    return state


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("fly away", "cannot read 'fly away'"),
        ("auction unicorn 4", "'unicorn' is not a development card"),
        ("employ fishing", "'fishing' is not an activity"),
        ("shift mining hunting", "costlier activity"),
        ("convert 7", "no production card worth 7"),
        ("bid 999999", "more than any settlement can pay"),
        ("", "no action given"),
    ],
)
def test_malformed_notation_is_refused(text, match):
    refused(new_state(2, 2), text, match)


def test_an_unpayable_bid_is_refused(auction):
    refused(auction, "bid 6", "cannot pay a bid of 6 on the Tracker")


def test_a_bid_below_the_last_bid_is_refused(auction):
    refused(auction, "bid 4", r"at least one more than the last bid \(4\)")
    refused(auction, "bid 2", "at least one more")


def test_an_opening_bid_below_the_minimum_is_refused():
    state = turn_of(new_state(3, 1), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    refused(state, "auction fort 6", "minimum bid, 7")
    refused(state, "auction granary 4", "not up for auction")


def test_a_bid_from_a_seat_that_has_finished_its_turn_is_refused():
    state = turn_of(new_state(3, 3), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    for seat in range(3):
        set_hand(state, seat, [6], disks=0)
    state.apply("end", player=0)
    state.apply("auction tracker 3", player=1)
    assert state.current_player == 2
    refused(state, "bid 4", "seat 2's turn, not seat 0's", player=0)
    state.apply("pass", player=2)
    refused(state, "bid 5", "no auction is in progress", player=1)


def test_an_action_for_the_wrong_seat_or_out_of_place_is_refused(auction):
    refused(auction, "pass", "seat 1's turn, not seat 2's", player=2)
    refused(auction, "train", "an auction for the Tracker is in progress")
    refused(auction, "end", "in progress")
    with pytest.raises(pg.NoSuchSeat):
        auction.apply("pass", player=7)


def test_auctions_after_workers_are_refused():
    state = turn_of(new_state(2, 4), 0)
    set_hand(state, 0, [6, 6], disks=0)
    state.apply("train")
    card = state.view(0)["for_auction"][0].lower().replace(" ", "-")
    refused(state, f"auction {card} 9", "auctions come first")
    state.apply("tool farming")
    refused(state, "employ farming", "before tools are bought")


def test_an_action_after_the_end_is_refused():
    state = play_random(new_state(2, 5), random.Random(5))
    refused(state, "end", "the game is over")
    refused(state, "pass", "the game is over")
