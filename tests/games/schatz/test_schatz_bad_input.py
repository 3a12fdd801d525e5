"""Bad input: every refusal says what is wrong and leaves the game exactly as it was."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.engine import Action
from phoenixgames.games.schatz.actions import PLAY, PickTreasure, PlayCard, TakeFaceUp, parse_action
from phoenixgames.games.schatz.components import CARD_BY_CODE, LARGE_TEN, EquipmentCard, TreasureToken
from phoenixgames.games.schatz.state import DRAW_PHASE, PICK_PHASE
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


# ---------------------------------------------------------------------------- actions built by hand
R3 = CARD_BY_CODE["r3"]


def phases():
    """A state in each phase in which actions are taken: laying, drawing, picking."""
    playing = new_state(3, seed=12)
    drawing = play_random(new_state(3, seed=12), random.Random(12), until=lambda s: s.phase == DRAW_PHASE)
    picking = play_random(new_state(3, seed=12), random.Random(12), until=lambda s: s.phase == PICK_PHASE)
    return [playing, drawing, picking]


FORGED = [
    (PlayCard(R3, 9), "there is no nest 10: the nests are 1 to 3"),
    (PlayCard(R3, 3), "there is no nest 4: the nests are 1 to 3"),
    (PlayCard(R3, -1), "there is no nest 0: the nests are 1 to 3"),
    (PlayCard(R3, 10**30), "not beside nest 1000000000000000000000000000000"),
    (PlayCard(R3, 10**5000), "not beside nest a number of more than 60 digits"),
    (PlayCard(R3, True), "not beside nest True"),
    (PlayCard(R3, 1.0), r"not beside nest 1\.0"),
    (PlayCard(R3, "2"), "not beside nest '2'"),
    (PlayCard(R3, None), "not beside nest None"),
    (PlayCard("R3", 0), "'R3' is not an equipment card"),
    (PlayCard(None, 0), "None is not an equipment card"),
    (PlayCard(3, 0), "3 is not an equipment card"),
    (PlayCard(EquipmentCard(R3.id, "number", "red", 9, "R9"), 0), r"EquipmentCard\(R9\) is not an equipment card"),
    (PlayCard(EquipmentCard(float(R3.id), "number", "red", 3, "R3"), 0), "is not an equipment card"),
    (TakeFaceUp("B5"), "'B5' is not an equipment card"),
    (TakeFaceUp(None), "None is not an equipment card"),
    (TakeFaceUp(EquipmentCard(R3.id, "number", "red", 3.0, "R3")), "is not an equipment card"),
    (PickTreasure(5), "5 is not a treasure token"),
    (PickTreasure("L10"), "'L10' is not a treasure token"),
    (PickTreasure(None), "None is not a treasure token"),
    (PickTreasure(TreasureToken(LARGE_TEN, 10.0, True)), "is not a treasure token"),
    (PickTreasure(TreasureToken(12, 12, False)), "is not a treasure token"),
]


@pytest.mark.parametrize(("action", "message"), FORGED, ids=[type(a).__name__ for a, _ in FORGED])
def test_an_action_built_with_fields_out_of_range_or_of_the_wrong_type_is_refused_saying_which(action, message):
    for state in phases():
        str(action)  # never raises
        state._why_illegal(action)  # nor does explaining it
        refused(state, action, message)


def test_an_action_equal_to_a_legal_one_only_by_pythons_loose_equality_is_refused():
    """``True == 1`` and ``1.0 == 1`` in Python: such a nest is still no nest."""
    state = new_state(3, seed=13)
    card = state.legal_actions()[0].card
    assert PLAY[card.id][1] in state.legal_actions()
    refused(state, PlayCard(card, True), "not beside nest True")
    refused(state, PlayCard(card, 1.0), r"not beside nest 1\.0")
    twin = EquipmentCard(card.id, card.kind, card.colour, card.value, card.code)  # equal field by field
    assert state.apply(PlayCard(twin, 1)) is PLAY[card.id][1]


class EqualToEverything(Action):
    def __eq__(self, other):
        return True

    __hash__ = Action.__hash__

    def __str__(self):
        return "anything"


class PlayThatEqualsEverything(PlayCard):
    def __eq__(self, other):
        return True

    __hash__ = PlayCard.__hash__


@pytest.mark.parametrize("action", [EqualToEverything(), PlayThatEqualsEverything(R3, 0)])
def test_an_action_that_claims_to_equal_every_action_is_refused(action):
    for state in phases():
        refused(state, action, "is not an action of Schatz des Phönix")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pick ²", "cannot read 'pick ²'"),
        ("pick ①", "cannot read 'pick ①'"),
        ("pick ٣", "cannot read"),  # an Arabic-Indic 3: a decimal digit to \d, not to the notation
        ("play R3 nest²", "cannot read"),
        ("play R3 nest٢", "cannot read"),
        ("pick 99999999999999999999", "there is no treasure token 99999999999999999999: small tokens are 2 to 10"),
        ("pick L999999999999999999999", r"there is no treasure token L999999999999\.\.\.: small tokens"),
        ("play R3 nest99999999999999999999", "there is no nest 99999999999999999999: the nests are 1 to 3"),
        ("play R3 nest" + "1" * 900, r"there is no nest 111111111111\.\.\.: the nests are 1 to 3"),
        ("pick " + "9" * 900, r"there is no treasure token 999999999999\.\.\.: small tokens"),
        ("pick " + "9" * 5000, "no action of Schatz des Phönix is written with 5,005 characters"),
    ],
)
def test_digits_of_other_scripts_and_huge_numbers_are_refused_clearly(text, message):
    for state in phases():
        refused(state, text, message)


def test_the_parser_itself_never_reads_a_number_it_cannot_hold():
    """Saved histories are read with the parser alone, without the length cap of ``parse``."""
    with pytest.raises(pg.IllegalAction, match="there is no treasure token"):
        parse_action("pick " + "9" * 5000)
    with pytest.raises(pg.IllegalAction, match="there is no nest"):
        parse_action("play r3 nest" + "1" * 5000)
