"""Bad input: every refusal says what is wrong and leaves the game exactly as it was."""

import gc
import itertools
import random
import tracemalloc

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate import actions as A
from phoenixgames.games.syndicate.components import TILES
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
    refused(state, "scheme P1C2O5 P1", "you hold no contract: Scheme begins by cashing one in")
    state = arrange(new_state(2), agents={0: ["P1"]}, hands={0: ["P1C2O3"]})
    refused(state, "scheme P1C2O5 P1", "you hold no contract P1C2O5")


def test_an_action_after_the_end_is_refused():
    state = play_random(new_state(2, 5), random.Random(5))
    refused(state, "stop", "the game is over")
    refused(state, "collect P1", "the game is over", player=0)


FORGED = [
    A.Place(99),
    A.Place(-7),
    A.Place("C3"),
    A.Place(None),
    A.Place(2.5),
    A.Keep(5),
    A.Keep(-1),
    A.Keep("1"),
    A.Loot((0, 99)),
    A.Loot([0, 5]),
    A.Loot(None),
    A.Loot((0,)),
    A.Loot((0, 0)),
    A.Loot(("P1", "P2")),
    A.Loot((0, True)),
    A.Collect(99),
    A.Collect(-1),
    A.Expand(27),
    A.Expand("P1"),
    A.Gamble("yes"),
    A.Gamble(None),
    A.Scheme(999, 0),
    A.Scheme(0, 99),
    A.Scheme("P1C2O3", 0),
    A.ClaimContract(3),
    A.ClaimContract(-1),
    A.ClaimContract(10**30),
    A.Connect(0, 99),
    A.Connect(0, 0),
    A.Connect(None, 1),
    A.Join(-7),
    A.Join(5),
    A.Join("red"),
    A.CashIn(68),
    A.CashIn(-1),
    A.Bribe(5, 0),
    A.Bribe(0, 3),
    A.Bribe(-1, -1),
    A.Pay(5),
    A.Pay(-2),
    A.Pay(None),
    A.Exchange((0, 0), 1),
    A.Exchange((9, 9, 9), 1),
    A.Exchange((2, 0, 0), 1),
    A.Exchange((0, 0, 1), 7),
    A.Exchange(None, 1),
    A.Exchange([0, 0, 1], 3),
]


def forged_classes_cover_every_action_class():
    return {type(a) for a in FORGED} | {A.Stop, A.OpenExchange} == set(A.ACTION_CLASSES)  # no fields to forge


def test_forged_actions_with_fields_out_of_range_are_refused_and_say_why():
    """Every action class of the game, with fields out of range or of the wrong type: ``str`` works,
    ``apply`` refuses with the fields named, and the game is left as it was, whatever the phase."""
    assert forged_classes_cover_every_action_class()
    for state in points_of_a_random_game():
        for action in FORGED:
            assert isinstance(str(action), str)
            assert isinstance(state._why_illegal(action), str)
            refused(state, action, "the game is over" if state.is_over else r"is not a possible action: ")


def test_an_object_equal_to_every_action_is_refused():
    class Everything(A.Place):
        def __eq__(self, other):
            return True

        __hash__ = A.Place.__hash__

    state = arrange(new_state(2), agents={0: ["P1"]})
    refused(state, Everything(0), "Everything is not an action of The Phoenix Syndicate")


@pytest.mark.parametrize(
    "text",
    [
        "place ²",
        "place ①",
        "collect p①",
        "contract slot²",
        "contract slot١",  # an Arabic-Indic digit one: not an ASCII digit
        "contract slot" + "9" * 900,
        "keep ²",
        "keep 99999999999999999999",
        "loot " + ">".join(["p1"] * 300),
        "loot " + ">".join(["c3", "a1"] * 20),
        "exchange ²²² for red",
        "exchange rry for ²",
        "exchange rryy for green",
        "exchange rry green",
        "exchange 3r for green",
        "bribe red slot①",
        "join ﬁ",
        "cash ",
    ],
)
def test_odd_notation_is_refused_without_a_crash(text):
    refused(arrange(new_state(2), agents={0: ["P1"]}), text, r"\w")


def test_refused_loot_notation_leaves_nothing_behind():
    """Reading a loot path keeps nothing: 5,000 refused paths, each different, leave under 100 kB (kept,
    as they once were, they took about 140 bytes each)."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: ""})
    codes = [t.code for t in TILES]
    paths = itertools.islice(itertools.permutations(codes, 3), 5_000)
    texts = ["loot " + ">".join(path) for path in paths]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for text in texts:
            with pytest.raises(pg.IllegalAction):
                state.parse(text)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 100_000


def points_of_a_random_game():
    """States along a 3-player random game, at least one in each phase (the same object, played on)."""
    state = new_state(3, 21)
    rng = random.Random(21)
    seen = set()
    while not state.is_over:
        if state.phase not in seen:
            seen.add(state.phase)
            yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state
