"""Components and setup (checklist SCH-01 to SCH-07)."""

import random
from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.schatz.components import SMALL_TOKENS

from .helpers import new_state, play_random, token

COLOURS = "RBYGP"


@pytest.mark.parametrize("players", range(2, 7))
def test_sch01_two_to_six_players_can_play(players):
    state = pg.new_game("schatz", players=players, seed=3)
    assert state.num_players == players
    assert len(state.view(None)["hands"]) == players


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_sch01_fewer_than_two_or_more_than_six_players_cannot_play(players):
    with pytest.raises(pg.GameSetupError, match="2 to 6 players"):
        pg.new_game("schatz", players=players, seed=3)


@pytest.mark.parametrize("players", range(2, 7))
def test_sch01_the_game_lasts_three_rounds(players):
    state = new_state(players, seed=players)
    rounds_seen: list[int] = []
    rng = random.Random(players)
    while not state.is_over:
        view = state.view(None)
        if view["phase"] == "play" and (not rounds_seen or rounds_seen[-1] != view["round"]):
            rounds_seen.append(view["round"])
        state.apply(rng.choice(state.legal_actions()))
    assert rounds_seen == [1, 2, 3]
    assert state.view(None)["rounds"] == 3


def test_sch02_the_box_holds_69_equipment_cards_of_the_rulebooks_kinds():
    view = pg.new_game("schatz", players=4, seed=11).view(None)
    box = Counter(card for hand in view["hands"] for card in hand) + Counter(view["deck"]) + Counter([view["face_up"]])
    expected: Counter[str] = Counter()
    for colour in COLOURS:
        for number in range(2, 7):
            expected[f"{colour}{number}"] = 2  # values 2-6 in each colour, two of each
        expected[f"{colour}7"] = 1  # one 7 in each colour
        expected[f"{colour}x2"] = 2  # x2 cards, two per colour
    expected["W2"] = expected["W3"] = 2  # two each of wild 2 and wild 3
    assert sum(expected.values()) == 69
    assert box == expected


@pytest.mark.parametrize("players", range(2, 7))
def test_sch03_each_player_lays_cards_only_on_their_guilds_side(players):
    state = new_state(players, seed=5)
    rng = random.Random(5)
    for _ in range(6 * players * 2 - 1):  # every action of the round but the last draw
        seat = state.current_player
        before = state.view(None)["nests"]
        action = state.apply(rng.choice(state.legal_actions()))
        after = state.view(None)["nests"]
        if str(action).startswith("play"):
            nest = action.nest
            assert after[nest]["sides"][seat] == before[nest]["sides"][seat] + [action.card.code]
            for k in range(3):
                for other in range(players):
                    if (k, other) != (nest, seat):
                        assert after[k]["sides"][other] == before[k]["sides"][other]
        else:
            assert after == before


@pytest.mark.parametrize(("players", "small"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 4)])
def test_sch04_each_nest_gets_one_small_token_fewer_than_players_but_four_with_six(players, small):
    nests = pg.new_game("schatz", players=players, seed=2).view(players - 1)["nests"]
    assert [len([t for t in nest["treasures"] if t != "L10"]) for nest in nests] == [small, small, small]


def test_sch04_the_small_tokens_are_36_four_of_each_value_2_to_10():
    assert Counter(SMALL_TOKENS) == {value: 4 for value in range(2, 11)}
    state = new_state(4, seed=8)
    in_nests = [t for nest in state.nest_tokens for t in nest if t != token("L10")]
    assert Counter(state.supply) + Counter(in_nests) == Counter(SMALL_TOKENS)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_sch05_the_big_nest_gets_one_large_ten_each_round_and_three_in_all(players):
    state = new_state(players, seed=21)
    rng = random.Random(21)
    rounds_checked = 0
    while not state.is_over:
        view = state.view(None)
        if view["phase"] == "play" and not any(side for nest in view["nests"] for side in nest["sides"]):
            assert [nest["treasures"].count("L10") for nest in view["nests"]] == [0, 0, 1]
            assert [nest["big"] for nest in view["nests"]] == [False, False, True]
            assert view["nests"][2]["treasures"][0] == "L10"
            rounds_checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert rounds_checked == 3
    assert sum(tokens.count("L10") for tokens in state.view(None)["treasures"]) == 3


@pytest.mark.parametrize("players", range(2, 7))
def test_sch06_each_player_is_dealt_five_cards_the_rest_is_the_deck_and_one_card_is_face_up(players):
    view = pg.new_game("schatz", players=players, seed=4).view(None)
    assert view["hand_sizes"] == [5] * players
    assert [len(hand) for hand in view["hands"]] == [5] * players
    assert view["face_up"] is not None
    assert view["deck_size"] == len(view["deck"]) == 69 - 5 * players - 1
    assert view["discards"] == []


@pytest.mark.parametrize("seed", range(5))
def test_sch07_seat_0_holds_the_start_player_token_and_starts(seed):
    state = pg.new_game("schatz", players=4, seed=seed)
    assert state.view(2)["start_player"] == 0
    assert state.current_player == 0


def test_sch01_a_game_played_at_random_always_ends():
    for players in range(2, 7):
        state = play_random(new_state(players, seed=99), random.Random(1))
        assert state.is_over and state.current_player is None and state.legal_actions() == []
