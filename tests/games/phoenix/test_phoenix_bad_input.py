"""Bad input: every refusal says what is wrong and leaves the game exactly as it was."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.engine import Action
from phoenixgames.games.phoenix.actions import TakeFeather, parse_action
from phoenixgames.games.phoenix.components import HALF_BY_CODE, FeatherHalf
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


# ---------------------------------------------------------------------------- actions built by hand
LOWER_RF = HALF_BY_CODE[0]["rf"]

FORGED = [
    (TakeFeather(LOWER_RF, 1, 99), "there is no slot 100: a phoenix board has slots 1 to 8"),
    (TakeFeather(LOWER_RF, 1, 8), "there is no slot 9: a phoenix board has slots 1 to 8"),
    (TakeFeather(LOWER_RF, 1, -1), "there is no slot 0: a phoenix board has slots 1 to 8"),
    (TakeFeather(LOWER_RF, 1, 10**30), r"a slot is numbered 0 \(slot1\) to 7 \(slot8\), not 10{30}$"),
    (TakeFeather(LOWER_RF, 1, 10**5000), "not a number of more than 60 digits"),
    (TakeFeather(LOWER_RF, 1, True), "a slot is numbered .*, not True"),
    (TakeFeather(LOWER_RF, 1, 0.0), r"a slot is numbered .*, not 0\.0"),
    (TakeFeather(LOWER_RF, 1, "1"), "a slot is numbered .*, not '1'"),
    (TakeFeather(LOWER_RF, 1, None), "a slot is numbered .*, not None"),
    (TakeFeather(LOWER_RF, 99, 0), "there is no nest 99: the nests are the centre and nest1 to nest4"),
    (TakeFeather(LOWER_RF, -1, 0), "there is no nest -1: the nests are the centre and nest1 to nest4"),
    (TakeFeather(LOWER_RF, True, 0), r"a nest is numbered 0 \(the centre\) to 4, not True"),
    (TakeFeather(LOWER_RF, "centre", 0), "a nest is numbered .*, not 'centre'"),
    (TakeFeather(LOWER_RF, 10**5000, 0), "a nest is numbered .*, not a number of more than 60 digits"),
    (TakeFeather("Rf", 1, 0), "'Rf' is not a feather half"),
    (TakeFeather(None, 1, 0), "None is not a feather half"),
    (TakeFeather(3, 1, 0), "3 is not a feather half"),
    (TakeFeather(FeatherHalf(LOWER_RF.id, 0, 0, 1, "Kd"), 1, 0), r"FeatherHalf\(lower Kd\) is not a feather half"),
    (TakeFeather(FeatherHalf(LOWER_RF.id, 0.0, 0, 1, "Rf"), 1, 0), "is not a feather half"),
    (TakeFeather(FeatherHalf(99, 0, 0, 1, "Rf"), 1, 0), "is not a feather half"),
]


@pytest.mark.parametrize(("action", "message"), FORGED)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_action_built_with_fields_out_of_range_or_of_the_wrong_type_is_refused_saying_which(
    players, action, message
):
    state = play_random(new_state(players, seed=14), random.Random(14), until=lambda s: len(s.history) >= 5)
    str(action)  # never raises
    state._why_illegal(action)  # nor does explaining it
    refused(state, action, message)


def test_an_action_equal_to_a_legal_one_only_by_pythons_loose_equality_is_refused():
    """``True == 1`` and ``1.0 == 1`` in Python: such a slot or nest is still none."""
    state = new_state(4, seed=15)
    legal = next(a for a in state.legal_actions() if a.nest == 1 and a.slot == 1)
    refused(state, TakeFeather(legal.half, 1, True), "a slot is numbered .*, not True")
    refused(state, TakeFeather(legal.half, 1.0, 1), r"a nest is numbered .*, not 1\.0")
    half = legal.half
    twin = FeatherHalf(half.id, half.position, half.colour, half.symbol, half.code)  # equal field by field
    assert state.apply(TakeFeather(twin, 1, 1)) is legal


class EqualToEverything(Action):
    def __eq__(self, other):
        return True

    __hash__ = Action.__hash__


class TakeThatEqualsEverything(TakeFeather):
    def __eq__(self, other):
        return True

    __hash__ = TakeFeather.__hash__


@pytest.mark.parametrize("action", [EqualToEverything(), TakeThatEqualsEverything(LOWER_RF, 1, 0)])
def test_an_action_that_claims_to_equal_every_action_is_refused(action):
    refused(new_state(3, seed=16), action, "is not an action of Phoenix")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("take lower R nest² slot1", "cannot read"),
        ("take lower R nest1 slot①", "cannot read"),
        ("take lower R nest١ slot1", "cannot read"),  # an Arabic-Indic 1: a decimal digit to \d only
        ("take lower R nest1 slot99999999999999999999", "there is no slot 99999999999999999999: a phoenix board"),
        ("take lower R nest99999999999999999999 slot1", "there is no nest 99999999999999999999: the nests are"),
        ("take lower R nest1 slot" + "9" * 900, r"there is no slot 999999999999\.\.\.: a phoenix board"),
        ("take lower R nest1 slot" + "9" * 5000, "no action of Phoenix is written with 5,023 characters"),
    ],
)
def test_digits_of_other_scripts_and_huge_numbers_are_refused_clearly(text, message):
    refused(new_state(3, seed=17), text, message)


def test_the_parser_itself_never_reads_a_number_it_cannot_hold():
    """Saved histories are read with the parser alone, without the length cap of ``parse``."""
    with pytest.raises(pg.IllegalAction, match="there is no slot"):
        parse_action("take lower r nest1 slot" + "9" * 5000)
