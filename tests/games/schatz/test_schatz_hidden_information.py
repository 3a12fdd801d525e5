"""Hidden information: what a seat may see, and the re-dealt copies a seat's bot is handed."""

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.games.schatz.state import NO_CARD
from tests.support import playthrough
from tests.support.playthrough import (
    check_perspective_copies_change_nothing,
    check_perspective_copy,
    check_perspective_copy_names_its_seat,
    check_refusals_read_the_same,
    check_seeded_copy_is_reproducible,
)

from .helpers import ALL_ACTIONS, arrange, codes, new_state, play_random

CARD_CODE = re.compile(r"\b(?:[RBYGP][2-7]|W[23]|[RBYGP]x2)\b", re.IGNORECASE)


def hidden_cards(state, seat):
    """The cards of ``seat``'s hand that no other seat has seen it take."""
    hidden = Counter(state.hands[seat])
    hidden.subtract(state.known[seat])
    return +hidden


def swap_hidden(state, seat, rng, partner=None):
    """A copy of ``state`` in which a hidden card of ``seat`` changed places with a different card of
    the deck (or with a hidden card of seat ``partner``): a world that the other seats cannot tell
    apart from ``state``. ``None`` if there is no such card. A card goes into the deck only if the
    deck may hold one more of it: since a reshuffle, all know which cards it can hold."""
    world = state.copy()
    hidden = sorted(hidden_cards(world, seat))
    others = sorted(set(world.deck) if partner is None else hidden_cards(world, partner))
    choices = [
        (mine, theirs)
        for mine in hidden
        for theirs in others
        if mine != theirs and (partner is not None or world.deck.count(mine) < world.deck_candidates[mine])
    ]
    if not choices:
        return None
    mine, theirs = rng.choice(choices)
    world.hands[seat].remove(mine)
    world.hands[seat].append(theirs)
    world.hands[seat].sort()
    if partner is None:
        world.deck[world.deck.index(theirs)] = mine
    else:
        world.hands[partner].remove(theirs)
        world.hands[partner].append(mine)
        world.hands[partner].sort()
    world._legal = None
    world.check_invariants()
    return world


def random_points(players, seed, steps):
    """States along a random game, every ``steps`` actions."""
    return playthrough.random_points("schatz", players, seed, steps)


@pytest.mark.parametrize("players", range(2, 7))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_perspective_copy_shows_its_seat_exactly_what_the_original_shows(players, seed):
    for state in random_points(players, seed, steps=7):
        for seat in range(players):
            check_perspective_copy(state, seat)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_views_do_not_depend_on_other_seats_hidden_cards_or_the_deck(players):
    rng = random.Random(players)
    compared = 0
    for state in random_points(players, seed=60 + players, steps=5):
        for other in range(players):
            for partner in [None, *range(other + 1, players)]:
                world = swap_hidden(state, other, rng, partner)
                if world is None:
                    continue
                assert world.view(None) != state.view(None)
                assert world.view(other) != state.view(other)
                for seat in set(range(players)) - {other, partner}:
                    assert world.view(seat) == state.view(seat)
                    compared += 1
    assert compared >= 20


def test_refusals_read_the_same_whatever_the_other_seats_hold():
    rng = random.Random(3)
    for state in random_points(3, seed=70, steps=9):
        seat = state.current_player
        for other in range(3):
            world = swap_hidden(state, other, rng) if other != seat else None
            if world is None:
                continue
            check_refusals_read_the_same(state, world, ALL_ACTIONS)


def test_refusals_never_name_a_card_of_another_seats_hand():
    for state in random_points(4, seed=71, steps=3):
        seat = state.current_player
        view = state.view(seat)
        public = {view["face_up"], *view["hand"], *(c for known in view["known_cards"] for c in known)}
        for action in ALL_ACTIONS:
            if action in state.legal_actions():
                continue
            with pytest.raises(pg.IllegalAction) as refused:
                state.apply(action, player=seat)
            named = {code.upper().replace("X", "x") for code in CARD_CODE.findall(str(refused.value))}
            allowed = {c.upper().replace("X", "x") for c in public if c} | set(CARD_CODE.findall(str(action)))
            assert named <= allowed, (str(action), str(refused.value))


def test_a_perspective_copy_has_no_seed_and_names_its_seat():
    check_perspective_copy_names_its_seat(new_state(4, seed=80), 80, 2)


def test_a_perspective_copy_redeals_the_other_hands_and_the_deck():
    state = play_random(new_state(4, seed=81), random.Random(81), until=lambda s: len(s.history) >= 20)
    seat = 0
    true_hands = [tuple(h) for h in state.hands]
    redealt = {other: Counter() for other in (1, 2, 3)}
    decks = set()
    for _ in range(60):
        twin = state.copy(perspective=seat)
        assert twin.hands[seat] == state.hands[seat]
        saved = json.loads(twin.to_json())["state"]
        assert saved["hands"] == twin.hands  # what a copy saves is its own re-dealt world
        for other in redealt:
            redealt[other][tuple(twin.hands[other])] += 1
        decks.add(tuple(sorted(twin.deck)))
    for other, hands in redealt.items():
        assert len(hands) > 50  # the re-dealt hands vary
        assert hands[true_hands[other]] <= 2  # and almost never are the true hand
    assert len(decks) > 50


def test_a_perspective_copy_keeps_the_cards_known_to_be_in_a_hand():
    state = arrange(new_state(3), hands={1: ["R3", "B4", "Y5", "G6", "P7"]}, face_up="W3", turn=1)
    state.apply("play B4 nest1")
    state.apply("take W3")
    for _ in range(30):
        twin = state.copy(perspective=0)
        assert "W3" in codes(twin.hands[1])
        assert twin.view(0)["known_cards"] == [[], ["W3"], []]


def test_after_a_reshuffle_a_redealt_deck_holds_only_cards_it_may_hold():
    state = new_state(6, seed=82)
    rng = random.Random(82)
    play_random(state, rng, until=lambda s: s.round == 1 and s.discards == [])
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    may_hold = Counter(state.view(0)["deck_may_hold"])
    assert sum(may_hold.values()) < 69 - 30  # the reshuffle told everyone something
    for seat in range(6):
        for _ in range(20):
            twin = state.copy(perspective=seat)
            assert Counter(codes(twin.deck)) <= may_hold
            assert twin.view(seat) == state.view(seat)


def test_taking_perspective_copies_does_not_change_the_game():
    check_perspective_copies_change_nothing(new_state(3, seed=83), new_state(3, seed=83), random.Random(83), ahead=6)


def test_a_seeded_perspective_copy_is_reproducible():
    state = play_random(new_state(4, seed=84), random.Random(84), until=lambda s: len(s.history) >= 30)
    first = check_seeded_copy_is_reproducible(state, seat=1, seed=5)
    others = {state.copy(perspective=1, seed=k).to_json() for k in range(6, 16)}
    assert first.to_json() not in others and len(others) == 10
    unseeded = {state.copy(perspective=1).to_json() for _ in range(10)}
    assert len(unseeded) == 10


def test_a_perspective_copy_plays_on_legally_to_the_end():
    state = play_random(new_state(5, seed=85), random.Random(85), until=lambda s: len(s.history) >= 100)
    for seat in range(5):
        twin = state.copy(perspective=seat)
        rng = random.Random(seat)
        while not twin.is_over:
            twin.apply(rng.choice(twin.legal_actions()))
            twin.check_invariants()


def test_the_referee_view_and_only_it_shows_every_hand_and_the_deck():
    state = new_state(3, seed=86)
    referee = state.view(None)
    assert len(referee["hands"]) == 3 and len(referee["deck"]) == referee["deck_size"]
    for seat in range(3):
        view = state.view(seat)
        assert "hands" not in view and "deck" not in view
        assert view["hand"] == referee["hands"][seat]
        assert view["viewer"] == seat
        assert ("legal_actions" in view) == (seat == state.current_player)
        assert json.loads(json.dumps(view)) == view  # plain JSON data


def test_an_empty_face_up_place_shows_as_none():
    state = arrange(new_state(2), face_up=None, conserve=False)
    assert state.face_up == NO_CARD
    assert state.view(0)["face_up"] is None
