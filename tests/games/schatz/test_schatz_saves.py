"""Perspective saves: a save without a seed is checked field by field, as fully as a referee's save
is checked by replaying it. A damaged or altered one is refused, or it is a state play can reach."""

import json
import random
from collections.abc import Iterator

import pytest

import phoenixgames as pg
from phoenixgames.games.schatz.actions import PickTreasure
from phoenixgames.games.schatz.components import LARGE_TEN, NUM_CARD_TYPES
from phoenixgames.games.schatz.phases import DRAW_PHASE, PICK_PHASE
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
    [verdict] = verdicts_under_python_dash_o([data])
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
        (lambda s: s.__setitem__("phase", 3), "the game is over before the third round has ended"),
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


# ---------------------------------------------------------------------------- the history against the state
def after(players, seed, until):
    """A game played at random until ``until(state)`` holds."""
    return play_random(new_state(players, seed=seed), random.Random(seed), until=until)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("wild_colour", ["any", "none"])
def test_a_perspective_save_taken_anywhere_in_a_game_agrees_with_its_own_history(players, wild_colour):
    """After every action of two games (and at their end), a save for a seat drawn at random loads:
    what the history makes is what the save holds, picks, reshuffles and all."""
    for seed in range(2):
        check_saves_agree_with_history(new_state(players, seed=seed, wild_colour=wild_colour), random.Random(seed))


def test_a_perspective_save_whose_actions_are_emptied_is_refused():
    data = perspective_save(in_phase(3, DRAW_PHASE, round=1))
    load_fails(with_actions(data, []), "differ in the rounds played: 1 in the save, 0 from its actions")


def test_a_perspective_save_whose_last_action_is_dropped_is_refused():
    """The card just laid: without it, the turn before is over and a card is still to lay."""
    data = perspective_save(in_phase(4, DRAW_PHASE, seed=2))
    load_fails(with_actions(data, data["actions"][:-1]), "differ in the phase: draw in the save, play from its actions")


def test_a_perspective_save_whose_last_pick_is_dropped_is_refused():
    """The last pick undone: the seat that picked it is still to pick as far as the history goes."""
    state = after(5, 3, lambda s: s.phase == PICK_PHASE and s.history[-1].__class__ is PickTreasure)
    data = perspective_save(state)
    load_fails(with_actions(data, data["actions"][:-1]), "differ in the seats still to pick")


def test_a_perspective_save_given_an_action_more_is_refused():
    """A card laid in the history but not in the save."""
    state = in_phase(3, 0, seed=4, round=1)
    data = perspective_save(state)
    more = [*data["actions"], str(state.legal_actions()[0])]
    load_fails(with_actions(data, more), "differ in the phase: play in the save, draw from its actions")


def test_a_finished_game_given_an_action_more_is_refused():
    data = perspective_save(play_random(new_state(4, seed=5), random.Random(5)), seat=0)
    load_fails(with_actions(data, [*data["actions"], "draw deck"]), "goes on after the end of the game")


def test_a_perspective_save_with_a_card_and_its_draw_swapped_is_refused():
    data = perspective_save(after(3, 6, lambda s: s.round == 1 and s.plays == 4 and s.phase == 0))
    actions = list(data["actions"])
    actions[-1], actions[-2] = actions[-2], actions[-1]
    load_fails(with_actions(data, actions), "draws a card in a turn before laying one")


def test_a_perspective_save_with_the_cards_of_two_turns_swapped_is_refused():
    """The last two cards laid, each by the other seat: the sides of the nests say otherwise."""
    state = after(4, 7, lambda s: s.phase == 0 and s.plays == 6)
    data = perspective_save(state)
    actions = list(data["actions"])
    actions[-2], actions[-4] = actions[-4], actions[-2]
    assert actions != data["actions"]
    load_fails(with_actions(data, actions), "differ in the cards beside the nests")


def test_a_perspective_save_with_a_card_laid_in_place_of_a_draw_is_refused():
    data = perspective_save(after(3, 8, lambda s: s.round == 2 and s.plays == 5 and s.phase == 0))
    actions = list(data["actions"])
    actions[-1] = actions[-2]
    load_fails(with_actions(data, actions), "lays two cards in one turn")


def test_a_perspective_save_with_a_draw_in_place_of_a_pick_is_refused():
    state = after(4, 9, lambda s: s.round == 1 and s.phase == DRAW_PHASE)
    data = perspective_save(state)
    actions = list(data["actions"])
    index = max(i for i, text in enumerate(actions) if text.startswith("pick"))
    actions[index] = "draw deck"
    load_fails(with_actions(data, actions), "goes on with the round before every pick")


def test_a_perspective_save_whose_history_picks_another_treasure_is_refused():
    """The last pick of a finished round changed to the other token of its nest, or to a token it does
    not hold: the save has the seat take what it really picked."""
    state = after(3, 10, lambda s: s.round == 1)
    data = perspective_save(state)
    actions = list(data["actions"])
    index = max(i for i, text in enumerate(actions) if text.startswith("pick"))
    assert actions[index - 1 : index + 1] == ["pick 7", "pick L10"]  # seat 1 picked L10 before 7 (see won)
    assert data["state"]["won"][1] == [5, 7, 11]
    actions[index] = "pick 7"
    load_fails(
        with_actions(data, actions), "seat 1 took 7 from nest 3 in round 1 as the history goes, not the treasure"
    )
    actions[index] = "pick 8"
    load_fails(with_actions(data, actions), "the history picks 8 at nest 3, which holds none")


def test_a_perspective_save_whose_cards_taken_face_up_are_forgotten_is_refused():
    """The cards all saw a seat take face up are in its hand for everyone; a save that forgets them
    would let a copy re-deal them."""
    state = after(3, 11, lambda s: any(s.known))
    data = perspective_save(state)
    seat = next(s for s, known in enumerate(data["state"]["known"]) if known)
    data["state"]["known"][seat] = []
    load_fails(data, "differ in the cards all saw taken face up")


def test_a_perspective_save_with_a_discard_swapped_for_a_card_of_a_hand_is_refused():
    """The discards are the cards of the rounds since the last reshuffle, as all saw them cleared: one
    of them swapped for a hidden card of a hand keeps every count."""
    state = after(3, 12, lambda s: s.round == 1 and s.phase == DRAW_PHASE)
    data = perspective_save(state, seat=0)
    saved_state = data["state"]
    discards, hand, known = saved_state["discards"], saved_state["hands"][1], saved_state["known"][1]
    i = next(i for i, card in enumerate(hand) if card not in known and card not in discards)
    discards[0], hand[i] = hand[i], discards[0]
    hand.sort()
    load_fails(data, "differ in the discards")


def test_the_history_check_is_what_refuses_these_saves(monkeypatch):
    """Without the history check, each of these tampered saves loads: the refusals above are its own."""
    from phoenixgames.games.schatz import history

    data = perspective_save(in_phase(4, DRAW_PHASE, seed=13, round=1))
    actions = list(data["actions"])
    swapped = list(actions)
    swapped[-1], swapped[-2] = swapped[-2], swapped[-1]
    tampered = [[], actions[:-1], swapped, [*actions, "draw deck"], [*actions[:-1], "draw deck"]]
    check_refused_by_the_history_check(monkeypatch, history, [with_actions(data, changed) for changed in tampered])
