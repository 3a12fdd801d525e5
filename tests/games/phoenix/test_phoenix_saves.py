"""Perspective saves: a save without a seed carries a digest that refuses any edit; and what a program
writing the file afresh may put in it is checked field by field and by the invariants, so that a
forged one is refused, or it is a state play can reach."""

import json
import random
from collections.abc import Iterator

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenix.components import KINDS, SLOTS
from phoenixgames.games.phoenix.scoring import EMPTY
from tests.support.playthrough import saved
from tests.support.tampering import (
    EDITS,
    check_edited_saves_are_refused,
    check_tampered_saves,
    fields_and_entries,
    forged,
    play_to_the_end,
    verdicts_under_python_dash_o,
)
from tests.support.tampering import forged_load_fails as load_fails

from .helpers import new_state, play_random, play_round


def perspective_save(state, seat=0):
    return saved(state.copy(perspective=seat, seed=1))


def some_turns_in(players, turns, seed=1):
    return play_random(new_state(players, seed=seed), random.Random(seed), until=lambda s: len(s.history) >= turns)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.__setitem__("colour", 1), "has a field 'colour' that Phoenix does not know"),
        (lambda s: s.pop("turn_token"), "has no 'turn_token'"),
        (lambda s: s.__setitem__("round", True), "round must be a whole number, not True"),
        (lambda s: s.__setitem__("turn_token", [0]), r"turn_token must be a whole number, not \[0\]"),
        (lambda s: s.__setitem__("plumage", [1, 2, 3]), "plumage must be a list of lists of whole numbers"),
        (lambda s: s.__setitem__("lower_bag", None), "lower_bag must be a list of whole numbers"),
        (lambda s: s.__setitem__("turn_token", 10**30), "the token to play is not in play"),
        (lambda s: s["nest_token"].__setitem__(0, 99), "a nest holds a token that is not in play"),
        (lambda s: s["token_holder"].__setitem__(0, 99), "a token is held by no seat"),
        (lambda s: s["token_side"].__setitem__(0, 5), "a token shows no side"),
        (lambda s: s.__setitem__("round", 17), "there is no round 18: the game has 16"),
        (lambda s: s.__setitem__("round", 16), "seat 0 placed 2 halves in 17 turns"),
        (lambda s: s.__setitem__("round", -1), "there is no round 0"),
        (lambda s: s["phoenix"].__setitem__(0, 4), "a phoenix has no colour"),
    ],
)
def test_a_perspective_save_with_a_field_that_play_cannot_reach_is_refused_naming_it(change, message):
    data = perspective_save(some_turns_in(4, 6))
    change(data["state"])
    load_fails(data, message)


@pytest.mark.parametrize("bag", ["lower_bag", "upper_bag"])
def test_a_perspective_save_with_an_empty_place_in_a_bag_is_refused(bag):
    """An empty place (-1) is no half: drawn from a bag it would lie on a nest."""
    data = perspective_save(some_turns_in(3, 2))
    data["state"][bag].append(EMPTY)
    load_fails(data, "unknown feather half -1")


def test_a_perspective_save_with_a_half_moved_from_one_board_to_another_is_refused():
    """Every half is still there once, and as many are placed in all; but seat 0 had one turn more."""
    data = perspective_save(some_turns_in(4, 9))
    plumage = data["state"]["plumage"]
    seat = next(s for s in range(4) if plumage[s][SLOTS] == EMPTY and plumage[s][0] != EMPTY)
    other = next(s for s in range(4) if s != seat and plumage[s][0] == EMPTY)
    plumage[other][0], plumage[seat][0] = plumage[seat][0], EMPTY
    load_fails(data, f"seat {seat} placed .* halves in .* turns")


def test_a_perspective_save_with_a_nest_of_three_lower_halves_is_refused():
    """A nest without a token holds 2 lower and 2 upper halves, not 3 and 1."""
    data = perspective_save(some_turns_in(3, 1))
    state = data["state"]
    nest = next(k for k, token in enumerate(state["nest_token"]) if token == -1)
    halves = state["nests"][nest]
    upper = next(h for h in halves if h >= KINDS)
    halves.remove(upper)
    state["upper_bag"].append(upper)
    lower = state["lower_bag"].pop()
    state["nests"][nest] = sorted([*halves, lower])
    load_fails(data, "is not full|gave a half")


def test_a_perspective_save_with_a_black_token_in_the_first_round_in_hand_is_refused():
    data = perspective_save(new_state(4, seed=2))
    data["state"]["token_side"] = [1, 1, 1, 1]
    load_fails(data, "the wrong token is to play|a token shows its black side before it was played")


def test_a_perspective_save_with_an_unknown_half_is_refused_also_under_python_dash_o():
    """``python -O`` removes every ``assert``: the checks of a save must not be asserts."""
    data = perspective_save(pg.new_game("phoenix", players=4, seed=3))
    data["state"]["plumage"][0][0] = 99
    [verdict] = verdicts_under_python_dash_o([forged(data)])
    assert verdict.startswith("refused: the saved Phoenix state is damaged: seat 0 has no lower half"), verdict


def test_an_untouched_perspective_save_loads_in_every_round_and_plays_on():
    for players in (2, 3, 4):
        state = new_state(players, seed=players)
        while not state.is_over:
            loaded = pg.load_game(json.dumps(perspective_save(state, seat=players - 1)))
            play_random(loaded, random.Random(1))
            play_round(state, random.Random(players))
        pg.load_game(json.dumps(perspective_save(state)))


def positions(players: int) -> Iterator[tuple[str, pg.GameState]]:
    state = new_state(players, seed=11)
    rng = random.Random(players)
    yield f"{players} players, start", state.copy()
    play_random(state, rng, until=lambda s: len(s.history) >= 3)
    yield f"{players} players, in the first round", state.copy()
    play_random(state, rng, until=lambda s: s.round == 3)
    yield f"{players} players, round 4 begins", state.copy()
    play_random(state, rng, until=lambda s: s.round == s.rounds - 1 and len(s.history) % len(s.tokens) == 1)
    yield f"{players} players, in the last round", state.copy()
    play_random(state, rng)
    yield f"{players} players, at the end", state


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_perspective_save_changed_in_any_field_is_refused_or_plays_on_to_the_end(players):
    tally = check_tampered_saves(positions(players), fields_and_entries, play_to_the_end)
    assert tally.refused > 1000 and tally.loaded > 10  # most changes are caught; some (a bag reversed) are harmless


# ---------------------------------------------------------------------------- saves edited by hand
@pytest.mark.parametrize("players", [2, 4])
def test_a_save_edited_in_one_or_two_places_is_refused_with_the_reason(players):
    """A referee's save and a copy's, in the first round, in the middle and at the end: a number or a
    list of the state changed, an action dropped, swapped or repeated, or two of these at once."""
    state = new_state(players, seed=21)
    rng = random.Random(players)
    tried = 0
    for until in (lambda s: len(s.history) >= 3, lambda s: s.round == 4, lambda s: s.is_over):
        play_random(state, rng, until=until)
        tried += check_edited_saves_are_refused(state)
    assert tried == 3 * 2 * len(EDITS)
