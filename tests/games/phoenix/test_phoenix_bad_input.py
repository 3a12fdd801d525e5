"""Bad input: every refusal says what is wrong and leaves the game exactly as it was."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenix.actions import TakeFeather
from tests.support.playthrough import refused

from .helpers import ALL_ACTIONS, arrange, new_state, play_random


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no action given"),
        ("   ", "no action given"),
        ("take", "cannot read 'take'"),
        ("take lower R nest1", "cannot read"),
        ("take middle R nest1 slot1", "cannot read"),
        ("take lower Q nest1 slot1", "'q' is not a feather half"),
        ("take lower Rx nest1 slot1", "'rx' is not a feather half"),
        ("take lower R nest5 slot1", "there is no nest 5"),
        ("take lower R nest0 slot1", "there is no nest 0"),
        ("take lower R nest1 slot9", "there is no slot 9"),
        ("take lower R nest1 slot0", "there is no slot 0"),
        ("fly away", "cannot read 'fly away'"),
    ],
)
def test_malformed_notation_is_refused_with_what_is_wrong(text, message):
    refused(new_state(3, seed=1), text, message)


def test_a_nest_that_is_not_in_a_three_player_game_is_refused():
    state = new_state(3, seed=1)
    refused(
        state,
        "take lower R nest4 slot1",
        "there is no nest 4 in a 3-player game: the nests are the centre and nest1 to nest3",
    )


@pytest.mark.parametrize(
    "text", ["  TAKE   lower   rf  Nest2 SLOT3 ", "take lower Rf nest 2 slot 3", "Take LOWER RF nest2 slot3"]
)
def test_notation_ignores_case_and_spacing(text):
    state = arrange(new_state(3, seed=2), {2: ["l:Rf", "l:Y", "u:*", "u:Bm"]})
    assert str(state.apply(text)) == "take lower Rf nest2 slot3"


def test_center_is_read_as_centre_and_rainbow_as_a_star():
    state = arrange(new_state(3, seed=2), {0: ["l:*", "l:Y", "u:*", "u:Bm"]})
    assert str(state.copy().apply("take lower * center slot1")) == "take lower * centre slot1"


def test_a_half_that_is_not_on_the_nest_is_refused_naming_what_is_there():
    state = arrange(new_state(3, seed=3), {1: ["l:Rf", "l:Y", "u:*", "u:Bm"]})
    refused(
        state,
        "take lower K nest1 slot1",
        r"nest1 holds no lower black \(it holds lower red flame, lower yellow, upper blue moon, upper rainbow\)",
    )


def test_an_action_for_the_wrong_seat_is_refused():
    state = new_state(4, seed=3)
    seat = state.current_player
    other = (seat + 1) % 4
    action = state.legal_actions()[0]
    refused(state, action, f"it is seat {seat}'s turn, not seat {other}'s", player=other)
    refused(state, str(action), f"it is seat {seat}'s turn, not seat {other}'s", player=other)
    refused(state, action, "there is no seat 4", error=pg.NoSuchSeat, player=4)
    refused(state, action, "there is no seat True", error=pg.NoSuchSeat, player=True)
    assert state.apply(action, player=seat) == action


def test_an_upper_half_before_any_lower_half_is_refused():
    state = arrange(new_state(2, seed=4), {0: ["l:R", "l:Y", "u:R", "u:Y"]})
    refused(state, "take upper R centre slot2", "slot 2 of your phoenix has no lower half: place a lower half before")


def test_an_action_after_the_game_is_over_is_refused():
    state = play_random(new_state(2, seed=6), random.Random(6))
    for action in (ALL_ACTIONS[0], "take lower R centre slot1", "fly away"):
        refused(state, action, "the game is over")
    refused(state, "take lower R centre slot1", "the game is over", player=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_action_that_is_not_legal_is_refused(players):
    state = new_state(players, seed=9)
    rng = random.Random(9)
    checked = 0
    while not state.is_over:
        if rng.random() < 0.08:
            before = state.to_json()
            legal = set(state.legal_actions())
            for action in ALL_ACTIONS[::3]:
                if action not in legal:
                    with pytest.raises(pg.IllegalAction):
                        state.apply(action)
                    checked += 1
            assert state.to_json() == before
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


@pytest.mark.parametrize("option", [{"token_elsewhere": "grey"}, {"colour": "red"}])
def test_a_bad_option_is_refused(option):
    with pytest.raises(pg.GameSetupError):
        pg.new_game("phoenix", players=3, seed=1, **option)


def test_every_action_value_reads_back_from_its_notation():
    state = new_state(4)
    for action in ALL_ACTIONS:
        assert state._parse(str(action).lower()) is action
    assert isinstance(ALL_ACTIONS[0], TakeFeather)
