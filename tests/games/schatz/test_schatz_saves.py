"""Perspective saves: a save without a seed carries a digest that refuses any edit; and what a program
writing the file afresh may put in it is checked field by field and by the invariants, so that a
forged one is refused, or it is a state play can reach."""

import json
import random
from collections.abc import Iterator

import pytest

import phoenixgames as pg
from phoenixgames.games.schatz.components import LARGE_TEN, NUM_CARD_TYPES
from phoenixgames.games.schatz.phases import DRAW_PHASE, PICK_PHASE
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

from .helpers import new_state, play_random


def perspective_save(state, seat=None):
    """The save of ``state``'s perspective copy for ``seat`` (the seat to act), as data."""
    return saved(state.copy(perspective=state.current_player if seat is None else seat, seed=1))


def in_phase(players, phase, seed=1, round=0):
    return play_random(
        new_state(players, seed=seed), random.Random(seed), until=lambda s: s.phase == phase and s.round == round
    )


def loads(data):
    """The save loads, and the loaded state plays on to the end."""
    state = pg.load_game(json.dumps(data))
    play_random(state, random.Random(1))
    return state


@pytest.mark.parametrize(
    "candidates", [[], 5, None, [1] * (NUM_CARD_TYPES - 1), [1] * (NUM_CARD_TYPES + 1), [10**30] * NUM_CARD_TYPES]
)
def test_a_perspective_save_with_impossible_deck_candidates_is_refused(candidates):
    data = perspective_save(in_phase(3, DRAW_PHASE))
    data["state"]["deck_candidates"] = candidates
    load_fails(data, "damaged")


def test_a_perspective_save_whose_deck_holds_a_card_it_cannot_hold_is_refused():
    """Since a reshuffle, all know what the deck can hold: a re-deal must not put another card there."""
    data = perspective_save(in_phase(3, DRAW_PHASE))
    state = data["state"]
    card = state["deck"][0]
    state["deck_candidates"][card] = state["deck"].count(card) - 1
    load_fails(data, "the count of cards the deck may hold does not agree with the deck")


@pytest.mark.parametrize("seat", [99, -1, 3, 10**30])
def test_a_perspective_save_whose_pick_queue_names_a_seat_that_is_not_there_is_refused(seat):
    data = perspective_save(in_phase(3, PICK_PHASE))
    data["state"]["pick_queue"][0] = seat
    load_fails(data, "the order of picking at nest [123] is not the combos'")


def test_a_perspective_save_whose_pick_queue_is_out_of_combo_order_is_refused():
    data = perspective_save(in_phase(4, PICK_PHASE))
    queue = data["state"]["pick_queue"]
    data["state"]["pick_queue"] = queue[::-1] if len(queue) > 1 else [(queue[0] + 1) % 4]
    load_fails(data, "is not the combos'")


@pytest.mark.parametrize("round", [3, 4, 99, 10**30, -1])
def test_a_perspective_save_of_a_round_past_the_game_is_refused(round):
    data = perspective_save(new_state(3, seed=2))
    data["state"]["round"] = round
    load_fails(data, "there is no round")


def test_a_perspective_save_of_a_later_round_must_hold_that_rounds_tokens():
    data = perspective_save(new_state(3, seed=2))
    data["state"]["round"] = 1  # but the supply and the box hold what the first round leaves
    load_fails(data, "the wrong number of large 10s are in the box")


def test_a_perspective_save_with_five_large_tens_is_refused():
    data = perspective_save(new_state(3, seed=3))
    data["state"]["won"][0] = [LARGE_TEN] * 5
    load_fails(data, "treasure tokens appeared or vanished")


def test_a_perspective_save_with_five_large_tens_is_refused_also_under_python_dash_o():
    """``python -O`` removes every ``assert``: the checks of a save must not be asserts."""
    data = perspective_save(pg.new_game("schatz", players=3, seed=3), seat=0)
    data["state"]["won"][0] = [LARGE_TEN] * 5
    [verdict] = verdicts_under_python_dash_o([forged(data)])
    assert verdict.startswith("refused: the saved Schatz des Phönix state is damaged: treasure tokens"), verdict


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.__setitem__("colour", 1), "has a field 'colour' that Schatz des Phönix does not know"),
        (lambda s: s.pop("large_taker"), "has no 'large_taker'"),
        (lambda s: s.__setitem__("turn", True), "turn must be a whole number, not True"),
        (lambda s: s.__setitem__("face_up", [3]), r"face_up must be a whole number, not \[3\]"),
        (lambda s: s.__setitem__("hands", [1, 2, 3]), "hands must be a list of lists of whole numbers"),
        (lambda s: s.__setitem__("deck", {"a": 1}), "deck must be a list of whole numbers"),
        (lambda s: s.__setitem__("face_up", 10**30), "unknown card"),
        (lambda s: s.__setitem__("start_player", 2), "seat 0 holds the start player token in the first round"),
        (lambda s: s.__setitem__("turn", 2), "the wrong seat is to lay a card"),
        (lambda s: s.__setitem__("phase", 3), "the game is over before its last round has ended"),
        (lambda s: s.__setitem__("large_taker", 1), "the large 10 was taken before the distribution"),
        (lambda s: s.__setitem__("scoring", 2), "treasures are distributed while cards are laid"),
        (lambda s: s["known"][1].append(s["deck"][0]), "a card known to be in a hand is not there"),
    ],
)
def test_a_perspective_save_with_a_field_that_play_cannot_reach_is_refused_naming_it(change, message):
    data = perspective_save(new_state(3, seed=4))
    change(data["state"])
    load_fails(data, message)


def test_a_perspective_save_with_a_card_laid_out_of_turn_is_refused():
    """Four cards laid from seat 0 on: seats 0, 1, 2, 0. A card of seat 0 moved to seat 1's side keeps
    every count but that of the cards each seat laid."""
    state = play_random(new_state(3, seed=5), random.Random(5), until=lambda s: s.plays == 4 and s.phase == 0)
    data = perspective_save(state)
    sides = data["state"]["sides"]
    nest = next(k for k in range(3) if sides[k * 3] and len(sides[k * 3 + 1]) < 2)
    sides[nest * 3 + 1].append(sides[nest * 3].pop())
    load_fails(data, "seat 0 laid 1 cards this round, but had 2 turns")


def test_an_untouched_perspective_save_loads_in_every_phase():
    for players in (2, 6):
        for phase in (0, DRAW_PHASE, PICK_PHASE):
            loads(perspective_save(in_phase(players, phase, seed=players, round=1)))
        loads(perspective_save(play_random(new_state(players, seed=9), random.Random(9))))


def positions(players: int) -> Iterator[tuple[str, pg.GameState]]:
    state = new_state(players, seed=11)
    rng = random.Random(players)
    yield f"{players} players, start", state.copy()
    play_random(state, rng, until=lambda s: len(s.history) >= 25)
    yield f"{players} players, 25 actions in", state.copy()
    play_random(state, rng, until=lambda s: s.phase == PICK_PHASE)
    yield f"{players} players, picking", state.copy()
    play_random(state, rng, until=lambda s: s.round == 1 and s.phase == DRAW_PHASE)
    yield f"{players} players, round 2, drawing", state.copy()
    play_random(state, rng, until=lambda s: s.round == 2 and s.phase == PICK_PHASE)
    yield f"{players} players, round 3, picking", state.copy()
    play_random(state, rng)
    yield f"{players} players, at the end", state


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_perspective_save_changed_in_any_field_is_refused_or_plays_on_to_the_end(players):
    tally = check_tampered_saves(positions(players), fields_and_entries, play_to_the_end)
    # most changes are caught; some (a list of the deck reversed) are harmless
    assert tally.refused > 1000 and tally.loaded > 10


# ---------------------------------------------------------------------------- saves edited by hand
@pytest.mark.parametrize("players", [2, 6])
def test_a_save_edited_in_one_or_two_places_is_refused_with_the_reason(players):
    """A referee's save and a copy's, in the middle of a round, while picking and at the end: a number
    or a list of the state changed, an action dropped, swapped or repeated, or two of these at once."""
    state = new_state(players, seed=21)
    rng = random.Random(players)
    tried = 0
    for until in (lambda s: len(s.history) >= 9, lambda s: s.phase == PICK_PHASE, lambda s: s.is_over):
        play_random(state, rng, until=until)
        tried += check_edited_saves_are_refused(state)
    assert tried == 3 * 2 * len(EDITS)
