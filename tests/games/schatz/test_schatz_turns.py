"""A turn: play a card, then draw (checklist SCH-10 to SCH-15, and the rulebook's Ellie turn example)."""

import random
from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.schatz.components import CARDS_PER_SIDE, FULL_DECK, HAND_SIZE, NESTS
from phoenixgames.games.schatz.phases import PICK_PHASE

from .helpers import arrange, codes, last_turn_of_round, new_state, play_random


def seats_to_play(state, rng, turns):
    """The seat playing each of the next ``turns`` turns, playing at random."""
    seats: list[int] = []
    while len(seats) < turns:
        if state.view(None)["phase"] == "play":
            seats.append(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    return seats


@pytest.mark.parametrize("players", range(2, 7))
def test_sch10_turns_go_clockwise_from_the_start_player(players):
    state = new_state(players, seed=10)
    rng = random.Random(10)
    assert seats_to_play(state, rng, 6 * players) == [turn % players for turn in range(6 * players)]
    play_random(state, rng, until=lambda s: s.phase == 0 and s.round == 1)
    start = state.start_player
    assert state.current_player == start
    assert seats_to_play(state, rng, 2 * players) == [(start + turn) % players for turn in range(2 * players)]


def test_sch11_any_card_in_hand_may_be_laid_beside_any_nest():
    state = new_state(4, seed=12)
    hand = state.view(0)["hand"]
    expected = {f"play {card} nest{nest}" for card in hand for nest in (1, 2, 3)}
    legal = [str(a) for a in state.legal_actions()]
    assert set(legal) == expected and len(legal) == len(expected)
    card = hand[-1]
    state.apply(f"play {card} nest2")
    view = state.view(0)
    assert view["nests"][1]["sides"][0] == [card]
    assert Counter(view["hand"]) == Counter(hand) - Counter([card])
    assert view["phase"] == "draw" and state.current_player == 0


def test_sch12_a_side_holds_at_most_two_cards():
    others = {(1, 1): ["P2", "P3"], (2, 1): ["G2"], (1, 2): ["Y2", "Y3"], (3, 2): ["R4"]}  # three cards each
    state = arrange(
        new_state(3),
        sides={(1, 0): ["R2", "B3"], (2, 0): ["G4"], **others},
        hands={0: ["R5", "B5", "Y5", "G5", "P5"]},
    )
    legal = [str(a) for a in state.legal_actions()]
    assert legal and not any(a.endswith("nest1") for a in legal)
    assert "play R5 nest2" in legal and "play R5 nest3" in legal
    before = state.to_json()
    with pytest.raises(pg.IllegalAction, match="side of nest 1 already holds two cards"):
        state.apply("play R5 nest1")
    assert state.to_json() == before


def test_sch12_a_second_card_completes_the_side():
    state = arrange(new_state(2), sides={(3, 0): ["R2"], (1, 1): ["B2"]}, hands={0: ["R5", "B5", "Y5", "G5", "P5"]})
    state.apply("play Y5 nest3")
    assert state.view(1)["nests"][2]["sides"][0] == ["R2", "Y5"]
    assert state.view(1)["nests"][2]["combos"][0] == 5
    assert len(state.sides[2 * 2 + 0]) == CARDS_PER_SIDE


def test_sch13_after_playing_the_draw_offers_the_deck_and_the_face_up_card():
    state = new_state(3, seed=13)
    state.apply(state.legal_actions()[0])
    face_up = state.view(0)["face_up"]
    assert [str(a) for a in state.legal_actions()] == ["draw deck", f"take {face_up}"]


def test_sch13_drawing_from_the_deck_takes_a_card_from_it_and_leaves_the_face_up_card():
    state = new_state(3, seed=13)
    state.apply(state.legal_actions()[0])
    before = state.view(None)
    state.apply("draw deck")
    after = state.view(None)
    drawn = Counter(after["hands"][0]) - Counter(before["hands"][0])
    assert sum(drawn.values()) == 1 and after["hand_sizes"][0] == HAND_SIZE
    assert Counter(before["deck"]) - Counter(after["deck"]) == drawn
    assert after["face_up"] == before["face_up"] and after["known_cards"] == before["known_cards"]
    assert state.current_player == 1


def test_sch13_taking_the_face_up_card_turns_a_new_one_face_up():
    state = new_state(3, seed=14)
    state.apply(state.legal_actions()[0])
    before = state.view(None)
    state.apply(f"take {before['face_up']}")
    after = state.view(None)
    assert Counter(after["hands"][0]) - Counter(before["hands"][0]) == Counter([before["face_up"]])
    assert after["face_up"] is not None
    assert Counter(before["deck"]) - Counter(after["deck"]) == Counter([after["face_up"]])
    assert after["known_cards"][0] == [before["face_up"]]


def test_sch13_ellie_plays_her_red_3_beside_another_nest_and_takes_the_face_up_3():
    """The rulebook's turn example: all players have laid one card; Ellie could lock in her combo at
    the nest holding the treasures 2 and 6 but plays her red 3 elsewhere and takes the face-up 3."""
    ellie, sam, ezio = 0, 1, 2
    state = arrange(
        new_state(3),
        sides={(1, ellie): ["G3"], (2, sam): ["B6"], (3, ezio): ["P4"]},
        hands={ellie: ["R3", "W3", "B2", "Y4", "P7"]},
        nest_tokens={1: ["6", "2"]},
        face_up="Y3",
        turn=ellie,
    )
    legal = [str(a) for a in state.legal_actions()]
    assert "play R3 nest1" in legal and "play W3 nest1" in legal  # she could lock in her nest-1 combo
    state.apply("play R3 nest2", player=ellie)
    state.apply("take Y3", player=ellie)
    view = state.view(sam)
    assert view["nests"][1]["sides"][ellie] == ["R3"]
    assert view["nests"][0]["sides"][ellie] == ["G3"]
    assert view["known_cards"][ellie] == ["Y3"]
    assert view["hand_sizes"][ellie] == 5
    assert sorted(state.view(ellie)["hand"]) == sorted(["W3", "B2", "Y4", "P7", "Y3"])
    assert view["face_up"] is not None
    assert state.current_player == sam


def test_sch13_a_card_taken_face_up_stays_known_until_a_card_of_its_type_is_laid():
    state = arrange(new_state(2), hands={0: ["R3", "B4", "Y5", "G6", "P7"]}, face_up="R3")
    state.apply("play B4 nest1")
    state.apply("take R3")
    assert state.view(1)["known_cards"][0] == ["R3"]
    state.apply(state.legal_actions()[0])  # seat 1 plays and draws
    state.apply("draw deck")
    state.apply("play Y5 nest1")  # another card: R3 still known
    state.apply("draw deck")
    assert state.view(1)["known_cards"][0] == ["R3"]
    state.apply(state.legal_actions()[0])
    state.apply("draw deck")
    state.apply("play R3 nest2")  # one R3 laid: the known R3 is no longer known to be in hand
    assert state.view(1)["known_cards"][0] == []


@pytest.mark.parametrize("players", range(2, 7))
def test_sch14_the_rounds_play_ends_when_every_player_has_two_cards_beside_each_nest(players):
    state = new_state(players, seed=14)
    rng = random.Random(14)
    for _ in range(6 * players - 1):
        state.apply(rng.choice(state.legal_actions()))
        state.apply(rng.choice(state.legal_actions()))
        assert state.view(None)["phase"] == "play" and state.round == 0
    state.apply(rng.choice(state.legal_actions()))  # the last card of the round
    view = state.view(None)
    assert view["phase"] == "draw"  # the last turn also ends with a draw
    assert all(len(side) == 2 for nest in view["nests"] for side in nest["sides"])
    state.apply(rng.choice(state.legal_actions()))
    assert state.phase == PICK_PHASE or state.round == 1


def test_sch13_every_turn_ends_with_a_draw_even_the_last_of_the_game():
    state = play_random(new_state(4, seed=15), random.Random(15))
    notations = [str(a) for a in state.history]
    turns = [a for a in notations if not a.startswith("pick")]
    assert turns[0::2] == [a for a in turns if a.startswith("play")]
    assert all(a == "draw deck" or a.startswith("take") for a in turns[1::2])
    assert len(turns) == 2 * 6 * 4 * 3
    assert state.view(None)["hand_sizes"] == [HAND_SIZE] * 4


def test_sch15_an_empty_deck_is_refilled_from_the_discards_when_a_card_is_drawn():
    state = arrange(new_state(3), deck=[], face_up="R7")
    discards = state.view(None)["discards"]
    assert len(discards) == 69 - 15 - 1
    state.apply(state.legal_actions()[0])
    assert [str(a) for a in state.legal_actions()] == ["draw deck", "take R7"]
    state.apply("draw deck")
    view = state.view(1)
    assert view["discards"] == []
    assert view["deck_size"] == len(discards) - 1
    assert view["deck_may_hold"] == dict(Counter(discards))


def test_sch15_turning_a_card_face_up_from_an_empty_deck_reshuffles_the_discards_first():
    state = arrange(new_state(3), deck=[], face_up="R7")
    discards = Counter(state.view(None)["discards"])
    state.apply(state.legal_actions()[0])
    state.apply("take R7")
    view = state.view(None)
    assert view["face_up"] in discards
    assert view["discards"] == []
    assert Counter(view["deck"]) + Counter([view["face_up"]]) == discards
    assert view["deck_may_hold"] == dict(discards - Counter([view["face_up"]]))


def test_sch15_long_games_reshuffle_the_discards_into_a_new_deck():
    state = new_state(6, seed=16)
    rng = random.Random(16)
    reshuffles = 0
    while not state.is_over:
        before = state.view(None)
        state.apply(rng.choice(state.legal_actions()))
        after = state.view(None)
        if before["discards"] and not after["discards"]:
            reshuffles += 1
            assert before["deck_size"] == 0
            drawn_pile = Counter(after["deck"]) + Counter([after["face_up"]])
            assert drawn_pile - Counter(before["discards"]) <= Counter([before["face_up"]])
    assert reshuffles >= 1


def test_sch15_with_nothing_left_to_draw_the_turn_ends_without_a_draw():
    """Possible only with cards missing from the box: 69 cards always leave something to draw."""
    state = arrange(new_state(2), deck=[], discards=[], face_up=None, conserve=False)
    state.apply(state.legal_actions()[0])
    assert state.current_player == 1 and state.view(None)["phase"] == "play"
    assert state.view(None)["hand_sizes"] == [4, 5]
    with pytest.raises(pg.IllegalAction, match="lay a card"):
        state.apply("draw deck")


def test_sch15_with_only_the_face_up_card_left_it_is_taken_and_its_place_stays_empty():
    state = arrange(new_state(2), deck=[], discards=[], face_up="B2", conserve=False)
    state.apply(state.legal_actions()[0])
    assert [str(a) for a in state.legal_actions()] == ["take B2"]
    with pytest.raises(pg.IllegalAction, match="nothing to draw"):
        state.apply("draw deck")
    state.apply("take B2")
    assert state.view(1)["face_up"] is None
    assert state.current_player == 1


def test_sch15_nothing_left_to_draw_cannot_happen_with_69_cards():
    most_out_of_the_deck = 6 * HAND_SIZE + NESTS * CARDS_PER_SIDE * 6 + 1
    assert len(FULL_DECK) == 69
    assert most_out_of_the_deck == 67 < len(FULL_DECK)


def test_sch15_last_turn_of_a_round_can_draw_from_a_reshuffled_deck():
    state, play = last_turn_of_round(3, {}, {1: ["5", "5"], 2: ["4", "4"], 3: ["L10", "3", "3"]})
    everything_else = Counter(codes(state.deck))
    state = arrange(
        state,
        sides={(k + 1, s): codes(state.sides[k * 3 + s]) for k in range(3) for s in range(3)},
        hands={s: codes(state.hands[s]) for s in range(3)},
        face_up=codes([state.face_up])[0],
        deck=[],
        turn=2,
    )
    assert Counter(state.view(None)["discards"]) == everything_else
    state.apply(play)
    state.apply("draw deck")
    assert state.view(None)["discards"] == []
    assert state.view(None)["deck_size"] == sum(everything_else.values()) - 1
