"""Hidden information: production card values in hand are private; settlements are public."""

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.games.phoenicia.components import PRESET
from tests.support import playthrough
from tests.support.playthrough import (
    check_perspective_copies_change_nothing,
    check_perspective_copy,
    check_seeded_copy_is_reproducible,
)

from .helpers import new_state, play_random, set_display, set_hand, turn_of


def random_points(players, seed, steps, **options):
    return playthrough.random_points("phoenicia", players, seed, steps, **options)


def swap_hidden(state, seat, rng):
    """A copy where one of ``seat``'s ordinary production cards changed places with a different card of
    the deck: a world that the other seats cannot tell apart from ``state``. None if there is none."""
    if state.auction is not None and state.auction.high_bidder == seat:
        return None  # its bid shows it can pay: not every card may be swapped
    world = state.copy()
    s = world.settlements[seat]
    choices = [(mine, theirs) for mine in set(s.hand) - {PRESET} for theirs in set(world.prod_deck) if mine != theirs]
    if not choices:
        return None
    mine, theirs = rng.choice(sorted(choices))
    s.hand.remove(mine)
    s.hand.append(theirs)
    s.hand.sort()
    world.prod_deck[world.prod_deck.index(theirs)] = mine
    s.received += theirs - mine  # the same wealth ledger, as if dealt the other card
    world._legal = None
    world.check_invariants()
    return world


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_perspective_copy_shows_its_seat_exactly_what_the_original_shows(players, seed):
    for state in random_points(players, seed, steps=5):
        for seat in range(players):
            check_perspective_copy(state, seat)


def test_phn83_views_do_not_depend_on_the_values_of_other_players_cards():
    """PHN-83: the values are private, their number is public."""
    rng = random.Random(83)
    compared = 0
    for state in random_points(4, seed=83, steps=4):
        for other in range(4):
            world = swap_hidden(state, other, rng)
            if world is None or world.is_over:
                continue
            assert world.view(None) != state.view(None)
            assert world.view(other)["hand"] != state.view(other)["hand"]
            for seat in set(range(4)) - {other}:
                assert world.view(seat) == state.view(seat)
                compared += 1
            public = state.view((other + 1) % 4)["settlements"][other]
            assert public["cards_in_hand"] == len(state.settlements[other].hand)
    assert compared >= 30


def test_phn84_settlements_are_public_every_seat_sees_the_same():
    """PHN-84: anyone may inspect the other settlements."""
    for state in random_points(3, seed=84, steps=11):
        referee = state.view(None)["settlements"]
        for seat in range(3):
            assert state.view(seat)["settlements"] == referee


def test_refusals_read_the_same_whatever_the_other_seats_hold():
    rng = random.Random(5)
    for state in random_points(3, seed=85, steps=7):
        seat = state.current_player
        for other in set(range(3)) - {seat}:
            world = swap_hidden(state, other, rng)
            if world is None:
                continue
            for text in ["bid 1", "bid 60", "pass", "train", "employ mining", "vp", "convert 4", "auction port 30"]:
                messages = []
                for candidate in (state, world):
                    try:
                        candidate.parse(text)
                        messages.append("legal")
                    except pg.IllegalAction as refused:
                        messages.append(str(refused))
                assert messages[0] == messages[1]


def test_a_perspective_copy_redeals_the_other_hands_and_keeps_a_preset_card():
    state = new_state(3, 86, preset_cards=True)
    play_random(state, random.Random(86), until=lambda s: s.round == 3)
    redealt = Counter()
    for _ in range(40):
        twin = state.copy(perspective=0)
        assert twin.settlements[0].hand == state.settlements[0].hand
        for seat in (1, 2):
            assert len(twin.settlements[seat].hand) == len(state.settlements[seat].hand)
            assert twin.settlements[seat].hand.count(PRESET) == state.settlements[seat].hand.count(PRESET)
            redealt[seat, tuple(twin.settlements[seat].hand)] += 1
    assert len(redealt) > 4


def test_a_redeal_leaves_the_leading_bidder_able_to_pay():
    state = turn_of(new_state(3, 87), 0)
    set_display(state, ["Fort", "Tracker", "Dyer"])
    set_hand(state, 0, [6, 6], disks=0)
    set_hand(state, 1, [6, 6], disks=0)
    state.apply("auction fort 7")
    state.apply("bid 12", player=1)
    for seed in range(30):
        twin = state.copy(perspective=2, seed=seed)
        assert twin.settlements[1].wealth >= 12
        twin.check_invariants()


def test_the_deck_order_exists_nowhere_a_copy_draws_its_own_cards():
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


def test_saved_perspective_copies_and_messages_never_show_other_values():
    state = turn_of(new_state(3, 89), 0)
    set_hand(state, 1, [6], disks=0)
    set_hand(state, 0, [4], disks=0)
    twin = state.copy(perspective=0)
    saved = json.loads(twin.to_json())
    assert saved["seed"] is None and saved["perspective"] == 0
    assert saved["state"]["settlements"][0]["hand"] == [4]
    text = repr(state) + json.dumps(state.view(0)) + json.dumps(state.record)
    assert "hands" not in state.view(0) and not re.search(r'"hand": \[[^\]]*6', json.dumps(state.view(0)))
    assert "6" not in repr(state)
    assert len(text) > 0


def test_taking_perspective_copies_does_not_change_the_game():
    check_perspective_copies_change_nothing(new_state(3, 90), new_state(3, 90), random.Random(90), ahead=5)


def test_a_seeded_perspective_copy_is_reproducible_and_each_unseeded_one_differs():
    state = play_random(new_state(4, 91), random.Random(91), until=lambda s: len(s.history) >= 40)
    check_seeded_copy_is_reproducible(state, seat=1, seed=5)
    unseeded = {state.copy(perspective=1).to_json() for _ in range(10)}
    assert len(unseeded) == 10
