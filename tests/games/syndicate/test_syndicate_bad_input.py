"""Bad input: every refusal says what is wrong and leaves the game exactly as it was."""

import random

import pytest

import phoenixgames as pg
from tests.support.playthrough import refused

from .helpers import arrange, new_state, play_random, tile


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no action given"),
        ("loot", "cannot read 'loot'"),
        ("place Z9", "'z9' is not a tile"),
        ("keep P1C1O1", "keep names the contract by its place among those drawn"),
        ("keep 4", "keep names the contract by its place"),
        ("cash P1C1O1", "'p1c1o1' is not a contract"),
        ("loot P1", "a loot path names the tile you start from"),
        ("loot P1>P1", "a loot path names"),
        ("connect P1>P1", "two different tiles"),
        ("scheme P1C2O3 P2", "P2 is not one of the planets of contract P1C2O3"),
        ("contract slot4", "there is no slot 4"),
        ("contract 2", "is not a contract slot"),
        ("bribe pink slot1", "'pink' is not a resource colour"),
        ("join orange", "'orange' is not a resource colour"),
        ("fly away", "cannot read 'fly away'"),
    ],
)
def test_malformed_notation_is_refused_with_what_is_wrong(text, message):
    refused(new_state(3, 1), text, message)


def test_notation_ignores_case_and_spacing():
    state = arrange(new_state(2), agents={0: ["P1"]})
    assert str(state.copy().apply("  LOOT   p1>p2 ")) == "loot P1>P2"
    assert str(state.copy().apply("Collect p1")) == "collect P1"
    assert str(state.copy().apply("GAMBLE  Three")) == "gamble three"


def test_an_action_for_the_wrong_seat_is_refused():
    state = arrange(new_state(3), agents={0: ["P1"]})
    refused(state, "collect P1", "it is seat 0's turn, not seat 2's", player=2)
    refused(state, "collect P1", "there is no seat 3", error=pg.NoSuchSeat, player=3)
    assert str(state.apply("collect P1", player=0)) == "collect P1"


def test_an_unaffordable_connection_is_refused_with_its_cost():
    """Loot from C3 to C8 faces two deep space gaps: 10 resources, and only 9 are held."""
    state = arrange(new_state(2), agents={0: ["C3"]}, res={0: "RRYYGGBBP"})
    refused(state, "loot C3>C8", r"cannot pay for the path C3>C8 \(cost RRYYGGBBPP\)")


def test_a_flipped_action_is_refused():
    state = arrange(new_state(2), agents={0: ["P1"]}, flipped={0: ["loot", "expand"]})
    refused(state, "loot P1>P2", "your loot card is face down")
    refused(state, "expand P1", "your expand card is face down")


def test_a_non_adjacent_placement_is_refused():
    state = new_state(2, 3)
    first = state.current_player
    state.apply("place C4")
    state.apply("place P2")
    assert state.current_player == first
    codes = ("P1", "P3", "P4", "P5", "O6", "RE", "SC")
    far = next(code for code in codes if not state.galaxy.adjacent(tile("C4"), tile(code)))
    refused(state, f"place {far}", "must go on a planet next to C4")


def test_actions_out_of_their_moment_say_what_is_expected_now():
    state = arrange(new_state(2), agents={0: ["P1"]})
    refused(state, "stop", "there is nothing to stop: now choose a face-up action card")
    refused(state, "pay red", "no bribe is due")
    refused(state, "cash P1C2O3", "contracts are cashed in by Scheme")
    refused(state, "connect P1>P2", "connections are made during Loot and Expand")
    refused(state, "join red", "a guild is joined only while scheming")
    refused(state, "place P2", "agents are placed freely only before the first turn")
    state.apply("collect P1")
    refused(state, "collect P1", "an action card is chosen only at the start of a turn")
    refused(state, "pay red", "the first resource of the bribe goes onto a contract slot")
    state.apply("bribe red slot1")


def test_a_claim_of_an_empty_slot_and_a_scheme_without_the_contract_are_refused():
    state = arrange(new_state(2), agents={0: ["P1"]}, slots=["P1C2O3", None, "P1C2O4"])
    refused(state, "contract slot2", "contract slot 2 is empty")
    refused(state, "scheme P1C2O5 P1", "you hold no contract P1C2O5")


def test_an_action_after_the_end_is_refused():
    state = play_random(new_state(2, 5), random.Random(5))
    refused(state, "stop", "the game is over")
    refused(state, "collect P1", "the game is over", player=0)
