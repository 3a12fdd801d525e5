"""Perspective saves: a save without a seed is checked field by field, as fully as a referee's save
is checked by replaying it. A damaged or altered one is refused, or it is a state play can reach."""

import json
import random
from collections.abc import Iterator

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenix.actions import nest_name
from phoenixgames.games.phoenix.components import KINDS, SLOTS
from phoenixgames.games.phoenix.scoring import EMPTY
from tests.support.playthrough import load_fails, saved
from tests.support.tampering import (
    check_refused_by_the_history_check,
    check_saves_agree_with_history,
    check_tampered_saves,
    fields_and_entries,
    play_to_the_end,
    verdicts_under_python_dash_o,
    with_actions,
)

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
    [verdict] = verdicts_under_python_dash_o([data])
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


# ---------------------------------------------------------------------------- the history against the state
def in_round(players, round, turns_in=1, seed=5, **options):
    """A game ``turns_in`` turns into round ``round`` (0-based), played at random."""
    state = new_state(players, seed=seed, **options)
    rng = random.Random(seed)
    play_random(state, rng, until=lambda s: s.round == round)
    for _ in range(turns_in):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("token_elsewhere", ["white", "unchanged"])
def test_a_perspective_save_taken_anywhere_in_a_game_agrees_with_its_own_history(players, token_elsewhere):
    """At every turn of several games (and at their end), every seat's save loads: the state is what
    its actions make from one of the deals of the ash tokens."""
    for seed in range(4):
        check_saves_agree_with_history(
            new_state(players, seed=seed, token_elsewhere=token_elsewhere), random.Random(seed)
        )


def test_a_perspective_save_whose_actions_are_emptied_is_refused():
    data = perspective_save(in_round(4, 3))
    load_fails(with_actions(data, []), "differ in the round: 3 in the save, 0 from its actions")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_perspective_save_whose_last_action_is_dropped_is_refused(players):
    data = perspective_save(in_round(players, 2, turns_in=2))
    load_fails(with_actions(data, data["actions"][:-1]), "differ in the (token to play next|holders of the ash tokens)")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_perspective_save_given_an_action_more_is_refused(players):
    """The next turn of the game, written into the history but not played: one token too many is on a
    nest as far as the history goes."""
    state = in_round(players, 2, turns_in=1)
    data = perspective_save(state)
    load_fails(with_actions(data, [*data["actions"], str(state.legal_actions()[0])]), "differ in the token to play")


def test_a_finished_game_given_an_action_more_is_refused():
    state = play_random(new_state(3, seed=6), random.Random(6))
    data = perspective_save(state)
    load_fails(with_actions(data, [*data["actions"], data["actions"][-1]]), "goes on after the end of the game")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_perspective_save_with_two_turns_of_a_round_swapped_is_refused(players):
    """The first two turns of round 3 swapped: each token lies on the other's nest."""
    state = in_round(players, 2, turns_in=2)
    data = perspective_save(state)
    actions = list(data["actions"])
    actions[-1], actions[-2] = actions[-2], actions[-1]
    load_fails(with_actions(data, actions), "differ in the tokens on the nests")


def test_a_perspective_save_with_another_turn_in_place_of_the_last_is_refused():
    """The last turn taken from another nest than the one its token lies on."""
    state = new_state(4, seed=7)
    rng = random.Random(7)
    play_random(state, rng, until=lambda s: s.round == 4)
    before = state.copy()
    state.apply(state.legal_actions()[0])
    other = next(a for a in before.legal_actions() if a.nest != state.history[-1].nest)
    data = perspective_save(state)
    load_fails(with_actions(data, [*data["actions"][:-1], str(other)]), "differ in the tokens on the nests")


def test_a_perspective_save_whose_nest_lacks_another_half_than_its_history_took_is_refused():
    """The last turn took a lower half from a nest; the save has that nest lack an upper half instead
    (a lower half from the bag in place of an upper one, put back in its bag): every count still holds."""
    state = new_state(3, seed=8)
    rng = random.Random(8)
    play_random(state, rng, until=lambda s: s.round == 5)
    take = next(a for a in state.legal_actions() if a.half.position == 0)
    state.apply(take)
    data = perspective_save(state)
    saved_state = data["state"]
    nest = saved_state["nests"][take.nest]
    upper = next(h for h in nest if h >= KINDS)
    nest.remove(upper)
    saved_state["upper_bag"].append(upper)
    nest.append(saved_state["lower_bag"].pop())
    nest.sort()
    load_fails(data, f"{nest_name(take.nest)} lacks another half than the one its own history took")


def test_the_history_check_is_what_refuses_these_saves(monkeypatch):
    """Without the history check, each of these tampered saves loads: the refusals above are its own."""
    from phoenixgames.games.phoenix import history

    data = perspective_save(in_round(4, 3, turns_in=2))
    actions = list(data["actions"])
    swapped = list(actions)
    swapped[-1], swapped[-2] = swapped[-2], swapped[-1]
    tampered = [[], actions[:-1], swapped, [*actions, actions[-1]]]
    check_refused_by_the_history_check(monkeypatch, history, [with_actions(data, changed) for changed in tampered])
