"""Setup: players, score track, development decks, the display, the village, the Overlord, production."""

from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenicia.components import CARDS, PRESET, REPLACED_AT_SETUP, copies_for

from .helpers import new_state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_phn01_two_to_five_players_start_on_production_3_and_2_vp(players):
    state = new_state(players)
    view = state.view(None)
    assert [s["production"] for s in view["settlements"]] == [3] * players
    assert [s["vp"] for s in view["settlements"]] == [2] * players
    assert state.scores == [2] * players


@pytest.mark.parametrize("players", [1, 6])
def test_phn01_other_player_counts_are_refused(players):
    with pytest.raises(pg.GameSetupError, match="2 to 5 players"):
        pg.new_game("phoenicia", players=players, seed=1)


def test_phn02_nineteen_types_in_four_sets_with_a_and_b_copies_by_player_count():
    assert len(CARDS) == 19
    assert {c.set for c in CARDS} == {1, 2, 3, 4}
    assert sum(copies_for(5)) == 48  # every card in the box with five players
    for players, a, b in [(2, 1, 1), (3, 2, 1), (4, 2, 2), (5, 3, 2)]:
        copies = copies_for(players)
        assert {copies[c.id] for c in CARDS if c.group == "A"} == {a}
        assert {copies[c.id] for c in CARDS if c.group == "B"} == {b}
        state = new_state(players)
        face_down = Counter(c for pile in state.dev_piles for c in pile) + Counter(state.display)
        assert face_down == Counter({c.id: copies[c.id] for c in CARDS})
        for number, pile in enumerate(state.dev_piles, 1):  # each set is a deck of its own
            assert {CARDS[c].set for c in pile} <= {number}
        assert state.view(0)["development_decks"] == [len(p) for p in state.dev_piles]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_phn03_as_many_set_1_cards_face_up_as_players_never_a_granary_or_fort(players):
    seen = set()
    for seed in range(40):
        state = new_state(players, seed)
        assert len(state.display) == players
        assert all(CARDS[c].set == 1 for c in state.display)
        assert not REPLACED_AT_SETUP & set(state.display)
        seen.update(state.display)
        # the replaced cards went back into set 1: the set still holds every Granary and Fort
        for card in REPLACED_AT_SETUP:
            assert state.dev_piles[0].count(card) == copies_for(players)[card]
    assert len(seen) == 5  # the five other set-1 types all turn up


def test_phn04_the_starting_village():
    state = new_state(3)
    for s in state.view(None)["settlements"]:
        assert (s["untrained"], s["trained"]) == (1, 0)
        tiles = {t["activity"]: t["workers"] for t in s["tiles"]}
        assert tiles == {"hunting": 1, "farming": 1}
        assert s["storehouses"] == 2 and s["disks"] == 2 and s["treasury_limit"] == 3


def test_phn05_a_random_overlord_and_one_hidden_production_card_each():
    overlords = Counter(new_state(4, seed).overlord for seed in range(80))
    assert set(overlords) == {0, 1, 2, 3}
    state = new_state(4, 5)
    view = state.view(1)
    assert [s["cards_in_hand"] for s in view["settlements"]] == [1, 1, 1, 1]
    assert len(view["hand"]) == 1 and "hands" not in view
    assert view["turn_seat"] == state.overlord == view["overlord"]
    assert len(state.prod_deck) == 40 - 4


def test_phn06_first_game_preset_cards_worth_5_leave_the_game_once_used():
    state = new_state(3, 2, preset_cards=True)
    assert all(s.hand == [PRESET] for s in state.settlements)
    assert len(state.prod_deck) == 40
    assert state.view(0)["hand"] == ["P5"]
    seat = state.current_player
    state.apply("convert 5")  # spent: it does not go to the discards
    assert state.prod_discards == [] and state.settlements[seat].hand == []
    assert state.settlements[seat].disks == 3  # 2 + 5, cut to the treasury limit
    state.check_invariants()
