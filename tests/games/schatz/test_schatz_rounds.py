"""A new round and the end of the game (checklist SCH-40 to SCH-43)."""

import random
from collections import Counter

import pytest

import phoenixgames as pg

from .helpers import last_turn_of_round, new_state, play_random, recount, token


def finish_distribution(state):
    """Pick the first legal token until the round's treasures are all handed out."""
    while state.phase == 2:
        state.apply(state.legal_actions()[0])


def end_round(players=3, **kwargs):
    """A state right after the distribution of the first round, and the referee view just before it."""
    state, play = last_turn_of_round(players, {}, {1: ["9", "4"], 2: ["8", "3"], 3: ["L10", "6", "2"]}, **kwargs)
    state.apply(play)
    state.apply("draw deck")
    before = state.view(None)
    finish_distribution(state)
    return state, before


def test_sch40_the_cards_beside_the_nests_are_discarded_and_hands_are_kept():
    state, before = end_round()
    after = state.view(None)
    laid = Counter(card for nest in before["nests"] for side in nest["sides"] for card in side)
    assert sum(laid.values()) == 18
    assert all(side == [] for nest in after["nests"] for side in nest["sides"])
    assert Counter(after["discards"]) == laid
    assert after["hands"] == before["hands"]
    assert after["deck"] == before["deck"] and after["face_up"] == before["face_up"]


@pytest.mark.parametrize(("players", "small"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 4)])
def test_sch41_new_treasure_tokens_are_placed_as_at_setup(players, small):
    state = new_state(players, seed=41)
    rng = random.Random(41)
    supply = [len(state.supply)]
    for round_number in (1, 2):
        play_random(state, rng, until=lambda s, r=round_number: s.round == r)
        view = state.view(0)
        assert view["round"] == round_number + 1
        assert [len(nest["treasures"]) for nest in view["nests"]] == [small, small, small + 1]
        assert view["nests"][2]["treasures"][0] == "L10"
        supply.append(len(state.supply))
    assert supply == [36 - 3 * small, 36 - 6 * small, 36 - 9 * small]


def test_sch42_the_start_player_begins_the_next_round():
    for start in range(3):
        state, before = end_round(start_player=start)
        view = state.view(1)
        taker = [s for s in range(3) if "L10" in view["treasures"][s][len(before["treasures"][s]) :]]
        assert view["round"] == before["round"] + 1 and view["phase"] == "play"
        assert view["start_player"] == taker[0] == state.current_player


@pytest.mark.parametrize("players", range(2, 7))
def test_sch43_after_the_third_round_the_highest_total_wins(players):
    state = play_random(new_state(players, seed=43), random.Random(43))
    view = state.view(None)
    assert state.is_over and view["phase"] == "over" and view["current_player"] is None
    assert view["scores"] == state.scores == recount(view["treasures"])
    best = max(state.scores)
    assert state.winners == view["winners"] == [s for s in range(players) if state.scores[s] == best]


def test_sch43_the_game_is_not_over_and_has_no_winners_before_the_third_round_ends():
    state = new_state(3, seed=5)
    rng = random.Random(5)
    play_random(state, rng, until=lambda s: s.round == 2 and s.phase == 1 and s.plays == 18)
    assert not state.is_over and state.winners == [] and state.view(0)["winners"] == []
    state.apply(rng.choice(state.legal_actions()))  # the last draw of the game
    finish_distribution(state)
    assert state.is_over and state.winners


def test_sch43_tied_totals_share_the_victory():
    state, play = last_turn_of_round(
        2, {(1, 0): ["R6", "R6"], (2, 1): ["B6", "B6"]}, {1: ["5"], 2: ["5"], 3: ["L10", "10"]}
    )
    earlier = [token(t) for t in ("L10", "9", "4", "3")]  # each seat's of the two rounds' eight tokens
    supply = list(state.supply)
    for taken in earlier[1:] * 2:
        supply.remove(taken)
    state = state.arranged(round=2, won=[earlier, earlier], supply=supply, large_supply=0)
    state.apply(play)
    state.apply("draw deck")
    state.apply(state.legal_actions()[0])
    assert state.is_over
    assert state.scores == [34 + 7, 34 + 7]
    assert state.winners == [0, 1]
    assert state.view(1)["winners"] == [0, 1]


def test_sch43_no_action_is_taken_after_the_end():
    state = play_random(new_state(2, seed=7), random.Random(7))
    with pytest.raises(pg.IllegalAction, match="the game is over"):
        state.apply("draw deck")
