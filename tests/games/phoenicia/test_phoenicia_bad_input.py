"""Bad input gets a clear IllegalAction that says what is wrong, and changes nothing."""

import random
from dataclasses import dataclass

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenicia.actions import (
    BUY_VP,
    END,
    PASS,
    TRAIN,
    Bid,
    BuyTool,
    Convert,
    Employ,
    Shift,
    StartAuction,
)
from phoenixgames.games.phoenicia.components import ACTIVITY_BY_NAME, CARD_BY_NAME, Activity, DevelopmentCard
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


@pytest.mark.parametrize("text", ["bid ٥", "bid ５", "bid ²", "bid ①", "auction tracker ٤", "bid 5٥"])
def test_digits_of_other_scripts_are_not_read_as_a_bid(auction, text):
    """``str.isdigit`` and ``\\d`` take these for digits (and ``int`` reads some of them: "٥" is 5); a
    bid is written in the digits 0 to 9."""
    refused(auction, text, "cannot read")


@pytest.mark.parametrize("text", ["bid " + "9" * 900, "auction tracker " + "7" * 980, "bid 401"])
def test_huge_numbers_are_refused_without_being_read(auction, text):
    refused(auction, text, "more than any settlement can pay")


def test_leading_zeros_name_the_same_bid(auction):
    assert str(auction.parse("bid 005")) == "bid 5"


@dataclass(frozen=True, slots=True)
class Fly(pg.Action):
    """An action of no game."""

    height: int


FAKE_CARD = DevelopmentCard(99, "Unicorn", "unicorn", 1, "A", 2, 0, 9, 0, 0, 0, "", ())
FAKE_ACTIVITY = Activity(1, "fishing", 5, 1, ((2, 2),), "", "", 0, 1, 5)
TRACKER = CARD_BY_NAME["Tracker"]
HUNTING, MINING = ACTIVITY_BY_NAME["hunting"], ACTIVITY_BY_NAME["mining"]
#: Hand-built actions of every class with a field of the wrong type or out of range, and the reason.
FORGED = [
    (StartAuction("tracker", 4), "is not a Phoenicia development card"),
    (StartAuction(3, 4), "is not a Phoenicia development card"),
    (StartAuction(None, 4), "is not a Phoenicia development card"),
    (StartAuction(HUNTING, 4), "is not a Phoenicia development card"),
    (StartAuction(FAKE_CARD, 4), "is not a Phoenicia development card"),
    (StartAuction(TRACKER, "4"), "an opening bid is a whole number"),
    (StartAuction(TRACKER, 4.5), "an opening bid is a whole number"),
    (StartAuction(TRACKER, None), "an opening bid is a whole number"),
    (StartAuction(TRACKER, [4]), "an opening bid is a whole number"),
    (StartAuction(TRACKER, -1), "minimum bid|in progress"),
    (StartAuction(TRACKER, 10**30), "cannot pay|in progress"),
    (Bid("5"), "a bid is a whole number"),
    (Bid(5.5), "a bid is a whole number"),
    (Bid(None), "a bid is a whole number"),
    (Bid([5]), "a bid is a whole number"),
    (Bid(-3), "at least one more|no auction"),
    (Bid(10**30), "cannot pay|no auction"),
    (Employ("farming"), "is not an activity"),
    (Employ(1), "is not an activity"),
    (Employ(None), "is not an activity"),
    (Employ(TRACKER), "is not an activity"),
    (Employ(FAKE_ACTIVITY), "is not an activity"),
    (Shift("hunting", "mining"), "is not an activity"),
    (Shift(HUNTING, 2), "is not an activity"),
    (Shift(MINING, HUNTING), "costlier activity"),
    (Shift(HUNTING, HUNTING), "costlier activity"),
    (BuyTool("mining"), "is not an activity"),
    (BuyTool(7), "is not an activity"),
    (Convert("5"), "no production card is worth"),
    (Convert(7), "no production card is worth"),
    (Convert(-1), "no production card is worth"),
    (Convert(None), "no production card is worth"),
    (Fly(3), "a Fly is not an action of Phoenicia"),
]


@pytest.mark.parametrize(("action", "reason"), FORGED, ids=[repr(a) for a, _ in FORGED])
@pytest.mark.parametrize("where", ["turn", "auction"])
def test_a_forged_action_is_refused_with_the_reason_and_prints(auction, action, reason, where):
    state = auction
    if where == "turn":
        state = turn_of(new_state(3, 1), 0)
        set_display(state, ["Tracker", "Dyer", "Fort"])
        set_hand(state, 0, [6], disks=0)
    assert str(action)  # its notation prints, whatever its fields hold
    refused(state, action, reason)


@pytest.mark.parametrize("action", [TRAIN, END, BUY_VP])
def test_an_action_without_fields_out_of_place_is_refused(auction, action):
    refused(auction, action, "an auction for the Tracker is in progress")
    state = turn_of(new_state(3, 1), 0)
    refused(state, PASS, "no auction is in progress")
