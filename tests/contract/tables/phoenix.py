"""Phoenix's entries in the contract tables."""

from __future__ import annotations

import json
import random

import pytest
from rich.console import Console

import phoenixgames as pg
from phoenixgames.engine import Action
from phoenixgames.games.phoenix.actions import TakeFeather, parse_action
from phoenixgames.games.phoenix.components import HALF_BY_CODE, FeatherHalf
from phoenixgames.games.phoenix.render import render_view
from tests.games.phoenix.helpers import ALL_ACTIONS, arrange, new_state, play_random, play_round
from tests.support.playthrough import random_points

from . import GameCases, Refusals, Spelling, Tamper, World

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


def moments():
    """A few actions into a game of each player count."""
    return [
        play_random(new_state(players, seed=14), random.Random(14), until=lambda s: len(s.history) >= 5)
        for players in (2, 3, 4)
    ]


def nests(layout):
    return lambda: arrange(new_state(3, seed=2), layout)


REFUSALS = [
    Refusals(
        "a nest that is not in a three-player game",
        lambda: new_state(3, seed=1),
        [
            (
                "take lower R nest4 slot1",
                "there is no nest 4 in a 3-player game: the nests are the centre and nest1 to nest3",
                {},
            )
        ],
    ),
    Refusals(
        "a half that is not on the nest, naming what is there",
        lambda: arrange(new_state(3, seed=3), {1: ["l:Rf", "l:Y", "u:*", "u:Bm"]}),
        [
            (
                "take lower K nest1 slot1",
                r"nest1 holds no lower black \(it holds lower red flame, lower yellow, "
                r"upper blue moon, upper rainbow\)",
                {},
            )
        ],
    ),
    Refusals(
        "an upper half before any lower half",
        lambda: arrange(new_state(2, seed=4), {0: ["l:R", "l:Y", "u:R", "u:Y"]}),
        [("take upper R centre slot2", "slot 2 of your phoenix has no lower half: place a lower half before", {})],
    ),
    *[
        Refusals(f"other digits and huge numbers ({text[:30]})", lambda: new_state(3, seed=17), [(text, message, {})])
        for text, message in [
            ("take lower R nest² slot1", "cannot read"),
            ("take lower R nest1 slot①", "cannot read"),
            ("take lower R nest١ slot1", "cannot read"),  # an Arabic-Indic 1: a decimal digit to \d only
            ("take lower R nest1 slot99999999999999999999", "there is no slot 99999999999999999999: a phoenix board"),
            ("take lower R nest99999999999999999999 slot1", "there is no nest 99999999999999999999: the nests are"),
            ("take lower R nest1 slot" + "9" * 900, r"there is no slot 999999999999\.\.\.: a phoenix board"),
            ("take lower R nest1 slot" + "9" * 5000, "no action of Phoenix is written with 5,023 characters"),
        ]
    ],
]

SPELLINGS = [
    *[
        Spelling(f"case and spacing ({text.strip()})", nests({2: ["l:Rf", "l:Y", "u:*", "u:Bm"]}), text, canonical)
        for text, canonical in [
            ("  TAKE   lower   rf  Nest2 SLOT3 ", "take lower Rf nest2 slot3"),
            ("take lower Rf nest 2 slot 3", "take lower Rf nest2 slot3"),
            ("Take LOWER RF nest2 slot3", "take lower Rf nest2 slot3"),
        ]
    ],
    Spelling(
        "center is read as centre, rainbow as a star",
        nests({0: ["l:*", "l:Y", "u:*", "u:Bm"]}),
        "take lower * center slot1",
        "take lower * centre slot1",
    ),
]


def change_a_half(state):
    board = state["plumage"][1]
    slot = next(i for i, h in enumerate(board) if h != -1)
    board[slot] = (board[slot] + 1) % 17 + (17 if slot >= 8 else 0)


TAMPERED = [
    Tamper("a changed half on a board", change_a_half, "altered"),
    Tamper("the bag's order", lambda s: s["lower_bag"].reverse(), "altered"),
    *[
        Tamper(name, change, "damaged", perspective=True)
        for name, change in [
            ("a half out of range", lambda s: s["plumage"][0].__setitem__(0, 99)),
            ("a half that is text", lambda s: s["plumage"][0].__setitem__(0, "R")),
            ("a side that is a flag", lambda s: s["token_side"].__setitem__(0, True)),
            ("no nests", lambda s: s.pop("nests")),
            ("a lower half from the bag on a nest", lambda s: s["nests"][1].append(s["lower_bag"].pop())),
            ("an upper half from the bag on a nest", lambda s: s["nests"][1].append(s["upper_bag"].pop())),
            (
                "a token held twice",
                lambda s: s["token_holder"].__setitem__(
                    s["token_holder"].index(-1) if -1 in s["token_holder"] else 0, 2
                ),
            ),
            ("a turn token out of range", lambda s: s.__setitem__("turn_token", 9)),
            ("a round out of range", lambda s: s.__setitem__("round", 40)),
            ("too many phoenixes", lambda s: s.__setitem__("phoenix", [0, 0, 1])),
            ("an upper half in the lower bag", lambda s: s["lower_bag"].append(s["upper_bag"].pop())),
        ]
    ],
]


# ---------------------------------------------------------------------------- two worlds (internals)
def other_world(state, salt):
    """A copy of ``state`` whose bags hold the same halves in another order, with another random
    generator: a world no seat can tell apart from ``state``, which refills the nests differently.
    Sets private fields (the bags, the random generator)."""
    world = state.copy()
    rng = random.Random(salt)
    rng.shuffle(world.lower_bag)
    rng.shuffle(world.upper_bag)
    world._rng = random.Random(salt)
    world.check_invariants()
    return world


def worlds(state, rng):
    world = other_world(state, len(state.history))
    assert world.to_json() != state.to_json()
    yield World(world, frozenset())


def rendered(view):
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_view(view))
    return console.export_text()


# ---------------------------------------------------------------------------- checks of Phoenix's own
def renderings_and_reprs_do_not_depend_on_the_order_of_the_bags():
    for players in (2, 4):
        for state in random_points("phoenix", players, 40 + players, 13):
            world = other_world(state, len(state.history))
            for seat in [None, *range(players)]:
                assert rendered(world.view(seat)) == rendered(state.view(seat))
            assert repr(world) == repr(state)


def the_other_world_really_refills_differently():
    state = new_state(4, seed=50)
    play_random(state, random.Random(1), until=lambda s: len(s.history) == 3)  # one turn left in the round
    world = other_world(state, 7)
    last = state.legal_actions()[0]
    state.apply(last)
    world.apply(last)
    assert state.round == world.round == 1
    assert state.view(None)["nests"] != world.view(None)["nests"]


def a_perspective_copy_draws_its_own_refills():
    state = play_random(new_state(4, seed=52), random.Random(52), until=lambda s: len(s.history) == 3)
    truth = state.copy()
    play_round(truth, random.Random(0))
    refills = set()
    for _ in range(30):
        twin = state.copy(perspective=1)
        play_round(twin, random.Random(0))
        refills.add(json.dumps(twin.view(None)["nests"]))
    assert len(refills) > 25
    assert json.dumps(truth.view(None)["nests"]) not in refills or len(refills) == 30


def seeded_copies_draw_different_futures():
    state = play_random(new_state(4, seed=55), random.Random(55), until=lambda s: len(s.history) >= 10)
    futures = set()
    for k in range(6, 16):
        other = state.copy(perspective=1, seed=k)
        play_round(other, random.Random(0))
        futures.add(json.dumps(other.view(None)["nests"]))
    assert len(futures) == 10


def a_perspective_copy_plays_on_for_the_rest_of_the_game():
    state = play_random(new_state(2, seed=56), random.Random(56), until=lambda s: len(s.history) >= 13)
    for seat in range(2):
        twin = state.copy(perspective=seat)
        play_random(twin, random.Random(seat))
        assert twin.is_over and len(twin.history) == 32


def every_view_shows_the_bags_as_counts_only():
    state = new_state(3, seed=57)
    for seat in [None, 0, 1, 2]:
        for position in ("lower", "upper"):
            counts = state.view(seat)["bags"][position]
            assert isinstance(counts, dict) and all(isinstance(n, int) for n in counts.values())


def every_action_value_reads_back_from_its_notation():
    for action in ALL_ACTIONS:
        assert parse_action(str(action).lower()) is action
    assert isinstance(ALL_ACTIONS[0], TakeFeather)


def the_parser_itself_never_reads_a_number_it_cannot_hold():
    """Saved histories are read with the parser alone, without the length cap of ``parse``."""
    with pytest.raises(pg.IllegalAction, match="there is no slot"):
        parse_action("take lower r nest1 slot" + "9" * 5000)


def loose_equality_names_the_field():
    """``True == 1`` and ``1.0 == 1`` in Python: such a slot or nest is still none."""
    state = new_state(4, seed=15)
    legal = next(a for a in state.legal_actions() if a.nest == 1 and a.slot == 1)
    for action, message in [
        (TakeFeather(legal.half, 1, True), "a slot is numbered .*, not True"),
        (TakeFeather(legal.half, 1.0, 1), r"a nest is numbered .*, not 1\.0"),
    ]:
        with pytest.raises(pg.IllegalAction, match=message):
            state.apply(action)


def a_bare_action_equal_to_everything_is_refused():
    class EqualToEverything(Action):
        def __eq__(self, other):
            return True

        __hash__ = Action.__hash__

    with pytest.raises(pg.IllegalAction, match="is not an action of Phoenix"):
        new_state(3, seed=16).apply(EqualToEverything())


CASES = GameCases(
    game="phoenix",
    variant={"token_elsewhere": "unchanged"},
    bad_options=[{"token_elsewhere": "grey"}],
    malformed=[
        ("take", "cannot read 'take'"),
        ("take lower R nest1", "cannot read"),
        ("take middle R nest1 slot1", "cannot read"),
        ("take lower Q nest1 slot1", "'q' is not a feather half"),
        ("take lower Rx nest1 slot1", "'rx' is not a feather half"),
        ("take lower R nest5 slot1", "there is no nest 5"),
        ("take lower R nest0 slot1", "there is no nest 0"),
        ("take lower R nest1 slot9", "there is no slot 9"),
        ("take lower R nest1 slot0", "there is no slot 0"),
    ],
    odd_notation=[],
    moments=moments,
    forged=FORGED,
    refusals=REFUSALS,
    spellings=SPELLINGS,
    tampered=TAMPERED,
    every_seat_legal=True,
    worlds=worlds,
    copies_hold_no_hidden_order=True,
    checks=[
        renderings_and_reprs_do_not_depend_on_the_order_of_the_bags,
        the_other_world_really_refills_differently,
        a_perspective_copy_draws_its_own_refills,
        seeded_copies_draw_different_futures,
        a_perspective_copy_plays_on_for_the_rest_of_the_game,
        every_view_shows_the_bags_as_counts_only,
        every_action_value_reads_back_from_its_notation,
        the_parser_itself_never_reads_a_number_it_cannot_hold,
        loose_equality_names_the_field,
        a_bare_action_equal_to_everything_is_refused,
    ],
)
