"""The choices docs/rules/phoenix.md makes where the rulebook is silent, each pinned here."""

import random
from collections import Counter

import pytest

from phoenixgames.games.phoenix.components import (
    COLOUR_NAMES,
    FULL_LOWER_BAG,
    HALF_TYPES,
    MIRROR_PAIRS,
    SLOTS,
)

from .helpers import new_state, play_random


def test_phx01_the_assumed_mix_of_each_bag():
    """Open question 2: 9 halves of each colour (1 flame, 2 moons, 3 diamonds, 3 plain) and 6 rainbow."""
    mix = Counter((COLOUR_NAMES[HALF_TYPES[h].colour], HALF_TYPES[h].symbol) for h in FULL_LOWER_BAG)
    for colour in ("red", "yellow", "blue", "black"):
        assert [mix[(colour, symbol)] for symbol in range(4)] == [3, 1, 2, 3]
    assert mix[("rainbow", 0)] == 6 and sum(mix[("rainbow", s)] for s in (1, 2, 3)) == 0


def test_the_board_has_eight_slots_facing_across_the_wings():
    """Open question 1: slot k faces slot 9 - k."""
    assert SLOTS == 8
    assert [(a + 1, b + 1) for a, b in MIRROR_PAIRS] == [(1, 8), (2, 7), (3, 6), (4, 5)]
    assert new_state(2).view(0)["mirror_pairs"] == [[1, 8], [2, 7], [3, 6], [4, 5]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_nest_without_a_token_always_offers_a_half_that_can_be_placed(players):
    """Open question 4: the chosen nest always holds 2 lower and 2 upper halves, and one of them fits."""
    for seed in range(4):
        state = new_state(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            free = {k for k in range(len(state.nests)) if state.nest_token[k] == -1}
            for k in free:
                assert len(state.nests[k]) == 4
            assert {a.nest for a in state.legal_actions()} == free
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_nests_are_not_refilled_after_the_last_round(players):
    """Open question 6: nothing is drawn once the game is over."""
    state = play_random(new_state(players, seed=6), random.Random(6))
    tokens = 3 if players == 3 else 4
    assert sorted(len(n) for n in state.nests) == sorted([3] * tokens + [4] * (len(state.nests) - tokens))
    out = sum(len(n) for n in state.nests) + 16 * players
    assert len(state.lower_bag) + len(state.upper_bag) == 84 - out


def test_the_four_player_lower_bag_can_run_exactly_empty_but_never_short():
    """Open question 6: lower halves first, everywhere, still leave enough for every refill."""
    state = new_state(4, seed=7)
    while not state.is_over:
        legal = state.legal_actions()
        lowers = [a for a in legal if a.half.position == 0]
        state.apply((lowers or legal)[0])
        state.check_invariants()
    assert state.lower_bag == []  # 32 lower halves on the boards and 10 on the nests: all 42
    assert all(len(p) == 16 and -1 not in p for p in state.plumage)


def test_every_seat_sees_the_same_view_but_for_its_name_and_its_actions():
    state = play_random(new_state(3, seed=8), random.Random(8), until=lambda s: len(s.history) == 10)
    views = [state.view(seat) for seat in range(3)]
    for view in views:
        view.pop("viewer")
        view.pop("legal_actions", None)
    referee = state.view(None)
    referee.pop("viewer")
    referee.pop("legal_actions")
    assert views[0] == views[1] == views[2] == referee


def test_a_lone_lower_half_scores_only_its_symbol_during_the_game():
    state = new_state(4, seed=9)
    seat = state.current_player
    action = state.apply(state.legal_actions()[-1])
    assert state.scores[seat] == {0: 0, 1: 3, 2: 2, 3: 1}[action.half.symbol]
