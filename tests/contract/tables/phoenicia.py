"""Phoenicia's entries in the contract tables."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
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
from phoenixgames.games.phoenicia.components import (
    ACTIVITY_BY_NAME,
    CARD_BY_NAME,
    PRESET,
    Activity,
    DevelopmentCard,
)
from tests.games.phoenicia.helpers import (
    new_state,
    open_auction,
    play_random,
    set_display,
    set_hand,
    turn_of,
)
from tests.support.playthrough import random_points

from . import GameCases, Refusals, Spelling, Tamper, World


def auction() -> pg.GameState:
    """Seat 0 put the Tracker up for auction and opened it at 4; seat 1 may bid (hands set: internals)."""
    state = turn_of(new_state(3, 1), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    set_hand(state, 0, [6], disks=0)
    set_hand(state, 1, [5], disks=0)
    return open_auction(state, "tracker", 4)


def chosen() -> pg.GameState:
    """Seat 0, with 12 to pay with, put the Fort (minimum bid 7) up for auction: its opening bid is
    awaited, the first of the auction's two steps done (hands set: internals)."""
    state = turn_of(new_state(3, 1), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    set_hand(state, 0, [6, 6], disks=0)
    set_hand(state, 1, [5], disks=0)
    state.apply("auction fort")
    assert state.auction is not None and not state.auction.opened and state.current_player == 0
    return state


def turn() -> pg.GameState:
    """Seat 0's turn, the Tracker on display, a 6 in hand (internals)."""
    state = turn_of(new_state(3, 1), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    set_hand(state, 0, [6], disks=0)
    return state


def opening() -> pg.GameState:
    state = turn_of(new_state(3, 1), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    return state


def finished_turn(bid_done: bool) -> pg.GameState:
    state = turn_of(new_state(3, 3), 0)
    set_display(state, ["Tracker", "Dyer", "Fort"])
    for seat in range(3):
        set_hand(state, seat, [6], disks=0)
    state.apply("end", player=0)
    open_auction(state, "tracker", 3, player=1)
    assert state.current_player == 2
    if bid_done:
        state.apply("pass", player=2)
    return state


def workers(step: int) -> pg.GameState:
    state = turn_of(new_state(2, 4), 0)
    set_hand(state, 0, [6, 6], disks=0)
    state.apply("train")
    if step:
        state.apply("tool farming")
    return state


def card_on_display_after_workers(state: pg.GameState) -> str:
    return state.view(0)["for_auction"][0].lower().replace(" ", "-")


@dataclass(frozen=True, slots=True)
class Fly(pg.Action):
    """An action of no game."""

    height: int


FAKE_CARD = DevelopmentCard(99, "Unicorn", "unicorn", 1, "A", 2, 0, 9, 0, 0, 0, "", ())
FAKE_ACTIVITY = Activity(1, "fishing", 5, 1, ((2, 2),), "", "", 0, 1, 5)
TRACKER, FORT, GRANARY = CARD_BY_NAME["Tracker"], CARD_BY_NAME["Fort"], CARD_BY_NAME["Granary"]
HUNTING, MINING = ACTIVITY_BY_NAME["hunting"], ACTIVITY_BY_NAME["mining"]

# Checked in each of the moments: seat 0's turn, seat 0's opening bid on the Fort awaited, the Tracker's
# auction opened. An auction's opening bid is a Bid (the second of its two steps), so the Bid entries
# stand for the opening bid too.
FORGED = [
    (StartAuction("tracker"), "is not a Phoenicia development card"),
    (StartAuction(3), "is not a Phoenicia development card"),
    (StartAuction(None), "is not a Phoenicia development card"),
    (StartAuction(HUNTING), "is not a Phoenicia development card"),
    (StartAuction(FAKE_CARD), "is not a Phoenicia development card"),
    (StartAuction(FORT), "at its minimum bid, 7|waiting for seat 0's opening bid|in progress"),
    (StartAuction(GRANARY), "not up for auction|waiting for seat 0's opening bid|in progress"),
    (Bid("5"), "a bid is a whole number"),
    (Bid(5.5), "a bid is a whole number"),
    (Bid(None), "a bid is a whole number"),
    (Bid([5]), "a bid is a whole number"),
    (Bid(-3), "at least one more|at least its minimum bid, 7|no auction"),
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

REFUSALS = [
    Refusals("an unpayable bid", auction, [("bid 6", "cannot pay a bid of 6 on the Tracker", {})]),
    Refusals(
        "a bid below the last bid",
        auction,
        [("bid 4", r"at least one more than the last bid \(4\)", {}), ("bid 2", "at least one more", {})],
    ),
    Refusals(
        "an opening bid below the minimum",
        chosen,
        [
            ("bid 6", "the opening bid on the Fort must be at least its minimum bid, 7", {}),
            (Bid(2), "at least its minimum bid, 7", {}),
            ("bid 0", "at least its minimum bid, 7", {}),
        ],
    ),
    Refusals(
        "an opening bid the auctioneer cannot pay",
        chosen,
        [("bid 13", r"cannot pay a bid of 13 on the Fort: .* discount \(0\)", {}), ("bid 400", "cannot pay", {})],
    ),
    Refusals(
        "a pass before the opening bid",
        chosen,
        [
            ("pass", r"open it with a bid of at least 7 \(passing comes after the opening bid\)", {}),
            (PASS, "passing comes after the opening bid", {}),
        ],
    ),
    Refusals(
        "an action out of place while the opening bid is awaited",
        chosen,
        [
            ("bid 7", "seat 0's turn, not seat 1's", {"player": 1}),
            ("train", r"waiting for seat 0's opening bid \(at least 7\)", {}),
            ("auction tracker", "waiting for seat 0's opening bid", {}),
            *[(action, "waiting for seat 0's opening bid", {}) for action in (TRAIN, END, BUY_VP)],
        ],
    ),
    Refusals(
        "an auction on a card not on display or that the auctioneer cannot open",
        turn,
        [
            ("auction granary", "the Granary is not up for auction", {}),
            ("auction fort", "cannot open the auction on the Fort at its minimum bid, 7", {}),
        ],
    ),
    *[
        Refusals(
            f"the old one-step auction ({name})",
            build,
            [
                (
                    "auction tracker 4",
                    "an auction is started in two steps: first 'auction tracker', then the opening bid, 'bid 4'",
                    {"error": pg.MalformedNotation},
                ),
                ("auction fort 7", "two steps: first 'auction fort', then .* 'bid 7'", {"error": pg.MalformedNotation}),
            ],
        )
        for name, build in [("seat 0's turn", turn), ("opening bid awaited", chosen), ("auction open", auction)]
    ],
    Refusals(
        "a bid from a seat that has finished its turn",
        lambda: finished_turn(False),
        [("bid 4", "seat 2's turn, not seat 0's", {"player": 0})],
    ),
    Refusals(
        "a bid once the auction is over",
        lambda: finished_turn(True),
        [("bid 5", "no auction is in progress", {"player": 1})],
    ),
    Refusals(
        "an action out of place during an auction",
        auction,
        [
            ("pass", "seat 1's turn, not seat 2's", {"player": 2}),
            ("train", "an auction for the Tracker is in progress", {}),
            ("end", "in progress", {}),
            *[(action, "an auction for the Tracker is in progress", {}) for action in (TRAIN, END, BUY_VP)],
        ],
    ),
    Refusals("a pass without an auction", opening, [(PASS, "no auction is in progress", {})]),
    Refusals(
        "employing before tools are bought", lambda: workers(1), [("employ farming", "before tools are bought", {})]
    ),
    *[
        Refusals(f"a bid in other digits ({text}, {name})", build, [(text, "cannot read", {})])
        for name, build in [("opening bid", chosen), ("auction open", auction)]
        for text in ["bid ٥", "bid ５", "bid ²", "bid ①", "bid ٧", "auction tracker ٤", "bid 5٥"]
    ],
    *[
        Refusals(f"a huge bid ({text[:20]}, {name})", build, [(text, "more than any settlement can pay", {})])
        for name, build in [("opening bid", chosen), ("auction open", auction)]
        for text in ["bid " + "9" * 900, "bid " + "7" * 980, "bid 401"]
    ],
]


def auction_of_card_on_display() -> None:
    """The card on display after workers (which depends on the deal) is refused by name."""
    state = workers(0)
    card = card_on_display_after_workers(state)
    before = state.to_json()
    with pytest.raises(pg.IllegalAction, match="auctions come first"):
        state.apply(f"auction {card}")
    assert state.to_json() == before


# ---------------------------------------------------------------------------- two worlds (internals)
def swap_hidden(state, seat, rng):
    """A copy where one of ``seat``'s ordinary production cards changed places with a different card of
    the deck: a world that the other seats cannot tell apart from ``state``. None if there is none.
    Made with ``state.arranged`` (the hand, the deck and the wealth ledger), so its invariants are checked."""
    auction = state.auction
    if auction is not None and seat == (auction.high_bidder if auction.opened else auction.auctioneer):
        return None  # its bid, or the card it put up, shows what it can pay: not every card may be swapped
    settlements = [s.copy() for s in state.settlements]
    s = settlements[seat]
    choices = [(mine, theirs) for mine in set(s.hand) - {PRESET} for theirs in set(state.prod_deck) if mine != theirs]
    if not choices:
        return None
    mine, theirs = rng.choice(sorted(choices))
    s.hand.remove(mine)
    s.hand.append(theirs)
    s.hand.sort()
    deck = state.prod_deck.copy()
    deck[deck.index(theirs)] = mine
    s.received += theirs - mine  # the same wealth ledger, as if dealt the other card
    return state.arranged(settlements=settlements, prod_deck=deck)


def worlds(state, rng):
    for seat in range(state.num_players):
        world = swap_hidden(state, seat, rng)
        if world is not None and not world.is_over:
            yield World(world, frozenset({seat, None}))


# ---------------------------------------------------------------------------- checks of Phoenicia's own
def phn83_the_number_of_cards_in_hand_is_public():
    """PHN-83: the values are private, their number is public."""
    for state in random_points("phoenicia", 4, 83, 4):
        for other in range(4):
            public = state.view((other + 1) % 4)["settlements"][other]
            assert public["cards_in_hand"] == len(state.settlements[other].hand)
            assert "hand" not in public


def phn84_settlements_are_public_every_seat_sees_the_same():
    """PHN-84: anyone may inspect the other settlements."""
    for state in random_points("phoenicia", 3, 84, 11):
        referee = state.view(None)["settlements"]
        for seat in range(3):
            assert state.view(seat)["settlements"] == referee


def refusals_of_notation_read_the_same_whatever_the_other_seats_hold():
    rng = random.Random(5)
    compared = 0
    for state in random_points("phoenicia", 3, 85, 7):
        seat = state.current_player
        for other in set(range(3)) - {seat}:
            world = swap_hidden(state, other, rng)
            if world is None:
                continue
            texts = ["bid 1", "bid 7", "bid 60", "pass", "train", "employ mining", "vp", "convert 4"]
            for text in [*texts, "auction port", "auction tracker"]:
                messages = []
                for candidate in (state, world):
                    try:
                        candidate.parse(text)
                        messages.append("legal")
                    except pg.IllegalAction as refused:
                        messages.append(str(refused))
                assert messages[0] == messages[1]
                compared += 1
    assert compared > 50


def a_perspective_copy_redeals_the_other_hands_and_keeps_a_preset_card():
    state = new_state(3, 86, preset_cards=True)
    play_random(state, random.Random(86), until=lambda s: s.round == 3)
    redealt: Counter[tuple[int, tuple[int, ...]]] = Counter()
    for _ in range(40):
        twin = state.copy(perspective=0)
        assert twin.settlements[0].hand == state.settlements[0].hand
        for seat in (1, 2):
            assert len(twin.settlements[seat].hand) == len(state.settlements[seat].hand)
            assert twin.settlements[seat].hand.count(PRESET) == state.settlements[seat].hand.count(PRESET)
            redealt[seat, tuple(twin.settlements[seat].hand)] += 1
    assert len(redealt) > 4


def a_redeal_leaves_the_leading_bidder_able_to_pay():
    state = turn_of(new_state(3, 87), 0)
    set_display(state, ["Fort", "Tracker", "Dyer"])
    set_hand(state, 0, [6, 6], disks=0)
    set_hand(state, 1, [6, 6], disks=0)
    open_auction(state, "fort", 7)
    state.apply("bid 12", player=1)
    for seed in range(30):
        twin = state.copy(perspective=2, seed=seed)
        assert twin.settlements[1].wealth >= 12
        twin.check_invariants()


def a_redeal_leaves_the_auctioneer_able_to_open():
    """Before the opening bid, the card put up shows that the auctioneer can pay its minimum bid."""
    state = turn_of(new_state(3, 87), 0)
    set_display(state, ["Fort", "Tracker", "Dyer"])
    set_hand(state, 0, [4, 4], disks=0)
    state.apply("auction fort")
    for seed in range(30):
        twin = state.copy(perspective=2, seed=seed)
        assert twin.settlements[0].wealth >= 7
        assert "bid 7" in [str(action) for action in twin.legal_actions()]
        twin.check_invariants()


def the_deck_order_exists_nowhere_a_copy_draws_its_own_cards():
    state = new_state(2, 88)
    play_random(state, random.Random(88), until=lambda s: s.round == 2 and s.turn == 1)
    drawn = set()
    for seed in range(20):
        twin = state.copy(perspective=0, seed=seed)
        s = twin.settlements[0]
        twin.draw_production(s)
        drawn.add(tuple(s.hand))
    assert len(drawn) > 1  # the next card differs from copy to copy
    assert "prod_deck_order" not in json.dumps(state.view(None))


def saved_perspective_copies_and_messages_never_show_other_values():
    state = turn_of(new_state(3, 89), 0)
    set_hand(state, 1, [6], disks=0)
    set_hand(state, 0, [4], disks=0)
    twin = state.copy(perspective=0)
    saved = json.loads(twin.to_json())
    assert saved["seed"] is None and saved["perspective"] == 0
    assert saved["state"]["settlements"][0]["hand"] == [4]
    assert "hands" not in state.view(0) and not re.search(r'"hand": \[[^\]]*6', json.dumps(state.view(0)))
    assert "6" not in repr(state)


def the_damaged_count_of_disks_in_a_perspective_save_is_refused():
    state = play_random(new_state(2, 9), random.Random(9), until=lambda s: len(s.history) >= 20)
    data = json.loads(state.copy(perspective=0).to_json())
    data["state"]["settlements"][0]["disks"] = -1
    with pytest.raises(pg.InvalidGameFile):
        pg.load_game(json.dumps(data))


CASES = GameCases(
    game="phoenicia",
    variant={"preset_cards": True, "first_game_auctions": True},
    bad_options=[{"round_cap": -1}],
    malformed=[
        ("auction unicorn", "'unicorn' is not a development card"),
        ("auction tracker 4", "an auction is started in two steps: first 'auction tracker', then the opening bid"),
        ("employ fishing", "'fishing' is not an activity"),
        ("shift mining hunting", "costlier activity"),
        ("convert 7", "no production card worth 7"),
        ("bid 999999", "more than any settlement can pay"),
    ],
    odd_notation=[],
    moments=lambda: [turn(), chosen(), auction()],
    forged=FORGED,
    refusals=REFUSALS,
    spellings=[
        Spelling("leading zeros name the same bid", auction, "bid 005", "bid 5"),
        Spelling("leading zeros name the same opening bid", chosen, "bid 0008", "bid 8"),
        Spelling("a card is named whatever the case and spacing", turn, "  Auction   TRACKER ", "auction tracker"),
    ],
    tampered=[Tamper("a settlement's victory points", lambda s: s["settlements"][1].__setitem__("vp", 40), "altered")],
    worlds=worlds,
    checks=[
        auction_of_card_on_display,
        phn83_the_number_of_cards_in_hand_is_public,
        phn84_settlements_are_public_every_seat_sees_the_same,
        refusals_of_notation_read_the_same_whatever_the_other_seats_hold,
        a_perspective_copy_redeals_the_other_hands_and_keeps_a_preset_card,
        a_redeal_leaves_the_leading_bidder_able_to_pay,
        a_redeal_leaves_the_auctioneer_able_to_open,
        the_deck_order_exists_nowhere_a_copy_draws_its_own_cards,
        saved_perspective_copies_and_messages_never_show_other_values,
        the_damaged_count_of_disks_in_a_perspective_save_is_refused,
    ],
)
