"""Hidden information: contracts in hand, the deck's order and contents, discards only one seat saw."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.games.syndicate.components import CONTRACTS
from tests.support import playthrough
from tests.support.playthrough import (
    check_perspective_copies_change_nothing,
    check_perspective_copy,
    check_seeded_copy_is_reproducible,
)

from .helpers import new_state, play_random

CONTRACT_CODES = {c.code for c in CONTRACTS}


def random_points(players, seed, steps):
    return playthrough.random_points("syndicate", players, seed, steps)


def swap_hidden(state, seat, rng):
    """A copy where a contract of ``seat``'s hand (one no one saw it claim) changed places with a deck
    contract: a world the other seats cannot tell from ``state``."""
    world = state.copy()
    hidden = [c for c in world.hands[seat] if c not in world.known[seat]]
    if not hidden or not world.deck:
        return None
    mine, theirs = rng.choice(hidden), rng.choice(world.deck)
    world.hands[seat].remove(mine)
    world.hands[seat].append(theirs)
    world.hands[seat].sort()
    world.deck[world.deck.index(theirs)] = mine
    if world.offers[seat]:
        world.offers[seat][world.offers[seat].index(mine)] = theirs
    world._legal = None
    world.check_invariants()
    return world


@pytest.mark.parametrize("players", [2, 3, 5])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_perspective_copy_shows_its_seat_exactly_what_the_original_shows(players, seed):
    for state in random_points(players, seed, steps=25):
        for seat in range(players):
            check_perspective_copy(state, seat)


@pytest.mark.parametrize("players", [2, 4])
def test_views_do_not_depend_on_other_seats_hidden_contracts_or_the_deck(players):
    rng = random.Random(players)
    compared = 0
    for state in random_points(players, 90 + players, steps=15):
        for other in range(players):
            world = swap_hidden(state, other, rng)
            if world is None:
                continue
            assert world.view(None) != state.view(None)
            assert world.view(other) != state.view(other)
            for seat in set(range(players)) - {other}:
                assert world.view(seat) == state.view(seat)
                compared += 1
    assert compared >= 20


def test_refusals_and_renderings_never_name_another_seats_hidden_contract():
    from rich.console import Console

    from phoenixgames.games.syndicate.render import render_view

    for state in random_points(3, 95, steps=30):
        seat = state.current_player
        if seat is None:
            break
        view = state.view(seat)
        others = set()
        for other in range(3):
            if other != seat:
                others |= {
                    c
                    for c in map(str, (CONTRACTS[i] for i in state.hands[other]))
                    if c not in view["seats"][other]["known_in_hand"]
                }
        others -= set(view["hand"]) | set(view.get("drawn", [])) | set(view["discards_seen"])
        for code in sorted(others):
            for text in (f"scheme {code} {code[:2]}", f"cash {code}"):
                if text in view.get("legal_actions", []):
                    continue
                with pytest.raises(pg.IllegalAction) as refused:
                    state.apply(text)
                assert code not in str(refused.value) or code in text
        console = Console(width=80, record=True)
        console.print(render_view(view))
        rendered = console.export_text()
        assert not others & set(rendered.split())
        assert code_free(repr(state), others)


def code_free(text, codes):
    return not any(code in text for code in codes)


def test_a_perspective_copy_redeals_the_other_hands_and_the_deck():
    state = play_random(new_state(3, 96), random.Random(96), until=lambda s: len(s.history) >= 60)
    hands, decks = set(), set()
    for _ in range(30):
        twin = state.copy(perspective=0)
        assert twin.hands[0] == state.hands[0]
        hands.add(tuple(tuple(h) for h in twin.hands[1:]))
        decks.add(tuple(sorted(twin.deck)))
    assert len(decks) > 20
    assert sum(len(h) for h in state.hands[1:]) == 0 or len(hands) > 10


def test_a_perspective_copy_keeps_contracts_all_saw_claimed():
    state = new_state(2, 97)
    rng = random.Random(97)
    play_random(state, rng, until=lambda s: any(s.known[1]))
    for _ in range(10):
        twin = state.copy(perspective=0)
        assert set(state.known[1]) <= set(twin.hands[1])


def test_taking_perspective_copies_does_not_change_the_game():
    check_perspective_copies_change_nothing(new_state(3, 98), new_state(3, 98), random.Random(98), ahead=5, every=10)


def test_a_seeded_perspective_copy_is_reproducible_and_has_no_seed():
    state = play_random(new_state(4, 99), random.Random(99), until=lambda s: len(s.history) >= 40)
    first = check_seeded_copy_is_reproducible(state, seat=1, seed=5)
    assert first.seed is None and json.loads(first.to_json())["perspective"] == 1
    assert len({state.copy(perspective=1).to_json() for _ in range(5)}) == 5


def test_the_referee_view_alone_shows_every_hand_and_the_deck():
    state = play_random(new_state(3, 100), random.Random(100), until=lambda s: len(s.history) >= 30)
    referee = state.view(None)
    assert len(referee["hands"]) == 3 and len(referee["deck"]) == referee["deck_size"]
    for seat in range(3):
        view = state.view(seat)
        assert "hands" not in view and "deck" not in view and "discards" not in view
        assert view["hand"] == referee["hands"][seat]
        assert json.loads(json.dumps(view)) == view


def test_the_record_of_a_perspective_copy_names_no_hidden_contract_of_another_seat():
    """Keeps are written by place (keep 1, keep 2), so the history a bot is handed tells it nothing."""
    state = play_random(new_state(3, 101), random.Random(101), until=lambda s: len(s.history) >= 150)
    for seat in range(3):
        record = json.dumps(state.copy(perspective=seat).record)
        for other in range(3):
            if other != seat:
                hidden = set(state.hands[other]) - set(state.known[other])
                assert not any(CONTRACTS[c].code in record for c in hidden)
