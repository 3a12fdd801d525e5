"""Bad input: every refusal says what is wrong and leaves the game exactly as it was."""

import random

import pytest

import phoenixgames as pg
from tests.support.playthrough import refused

from .helpers import ALL_ACTIONS, arrange, last_turn_of_round, new_state, play_random


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no action given"),
        ("   ", "no action given"),
        ("play", "cannot read 'play'"),
        ("play R3", "cannot read"),
        ("play Z9 nest1", "'z9' is not an equipment card"),
        ("play R8 nest1", "'r8' is not an equipment card"),
        ("play R3 nest4", "there is no nest 4"),
        ("play R3 nest0", "there is no nest 0"),
        ("pick 1", "there is no treasure token 1"),
        ("pick 12", "there is no treasure token 12"),
        ("pick L9", "there is no treasure token L9"),
        ("take Q1", "'q1' is not an equipment card"),
        ("fly away", "cannot read 'fly away'"),
    ],
)
def test_malformed_notation_is_refused_with_what_is_wrong(text, message):
    refused(new_state(3, seed=1), text, message)


def test_pick_11_names_no_treasure_token():
    state, play = last_turn_of_round(2, {}, {1: ["3"], 2: ["2"], 3: ["L10", "10"]})
    state.apply(play)
    state.apply("draw deck")
    assert "pick L10" in [str(a) for a in state.legal_actions()]
    refused(state, "pick 11", "there is no treasure token 11")


@pytest.mark.parametrize(
    "text", ["  PLAY   {card}   Nest2 ", "play {card} nest 2", "Play {lower} NEST2", "play\t{card}\nnest2"]
)
def test_notation_ignores_case_and_spacing(text):
    state = new_state(3, seed=2)
    card = state.view(0)["hand"][0]
    action = state.apply(text.format(card=card, lower=card.lower()))
    assert str(action) == f"play {card} nest2"


def test_draw_and_pick_notation_ignore_case():
    state = new_state(3, seed=2)
    state.apply(state.legal_actions()[0])
    assert str(state.copy().apply("DRAW  Deck")) == "draw deck"
    face_up = state.view(0)["face_up"]
    assert str(state.copy().apply(f"TAKE {face_up.lower()}")) == f"take {face_up}"
    state, play = last_turn_of_round(2, {}, {1: ["3"], 2: ["2"], 3: ["L10", "10"]})
    state.apply(play)
    state.apply("draw deck")
    assert str(state.copy().apply("PICK l10")) == "pick L10"
    assert str(state.copy().apply(" pick  10 ")) == "pick 10"


def test_an_action_for_the_wrong_seat_is_refused():
    state = new_state(4, seed=3)
    action = state.legal_actions()[0]
    refused(state, action, "it is seat 0's turn, not seat 2's", player=2)
    refused(state, str(action), "it is seat 0's turn, not seat 3's", player=3)
    refused(state, action, "there is no seat 4", error=pg.NoSuchSeat, player=4)
    assert state.apply(action, player=0) == action


def test_true_is_not_a_seat_for_apply():
    state = new_state(3, seed=3)
    state.apply(state.legal_actions()[0])
    state.apply("draw deck")
    assert state.current_player == 1
    refused(state, state.legal_actions()[0], "there is no seat True", error=pg.NoSuchSeat, player=True)


def test_a_card_not_in_hand_cannot_be_laid():
    state = arrange(new_state(3), hands={0: ["R3", "B4", "Y5", "G6", "P7"]})
    refused(state, "play R4 nest1", "you hold no R4")


def test_a_card_cannot_be_laid_beside_a_full_side():
    state = arrange(new_state(3), hands={0: ["R3", "B4", "Y5", "G6", "P7"]}, sides={(2, 0): ["B2", "Y2"]})
    refused(state, "play R3 nest2", "your guild's side of nest 2 already holds two cards")


def test_drawing_before_playing_is_refused():
    state = new_state(3, seed=4)
    refused(state, "draw deck", "lay a card beside a nest first, then draw")
    refused(state, f"take {state.view(0)['face_up']}", "lay a card beside a nest first, then draw")


def test_playing_twice_in_a_turn_is_refused():
    state = new_state(3, seed=4)
    state.apply(state.legal_actions()[0])
    card = state.view(0)["hand"][0]
    refused(state, f"play {card} nest3", "already laid a card this turn")


def test_taking_a_face_up_card_that_is_not_there_is_refused():
    state = arrange(new_state(3), face_up="G5", hands={0: ["R3", "B4", "Y5", "G6", "P7"]})
    state.apply("play R3 nest1")
    refused(state, "take B7", "the face-up card is G5, not B7")
    state = arrange(new_state(3), face_up=None, hands={0: ["R3", "B4", "Y5", "G6", "P7"]}, conserve=False)
    state.apply("play R3 nest1")
    refused(state, "take B7", "there is no face-up card to take")


def test_picking_before_the_distribution_is_refused():
    refused(new_state(3, seed=5), "pick 5", "picked only once every card of the round has been laid")


def test_playing_during_the_distribution_is_refused():
    state, play = last_turn_of_round(3, {}, {1: ["9", "4"], 2: ["8", "3"], 3: ["L10", "6", "2"]})
    state.apply(play)
    state.apply("draw deck")
    card = state.view(state.current_player)["hand"][0]
    refused(state, f"play {card} nest1", "treasures are being distributed")
    refused(state, "draw deck", "treasures are being distributed")


def test_an_action_after_the_game_is_over_is_refused():
    state = play_random(new_state(3, seed=6), random.Random(6))
    for action in (ALL_ACTIONS[0], "draw deck", "pick L10", "fly away"):
        refused(state, action, "the game is over")
    refused(state, "draw deck", "the game is over", player=1)


def test_every_action_that_is_not_legal_is_refused_in_every_phase():
    state = new_state(3, seed=9)
    rng = random.Random(9)
    phases = set()
    while not state.is_over:
        if state.phase not in phases or rng.random() < 0.05:
            phases.add(state.phase)
            before = state.to_json()
            legal = state.legal_actions()
            for action in ALL_ACTIONS:
                if action not in legal:
                    with pytest.raises(pg.IllegalAction):
                        state.apply(action)
            assert state.to_json() == before
        state.apply(rng.choice(state.legal_actions()))
    assert phases == {0, 1, 2}
