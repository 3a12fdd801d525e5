"""Tampered perspective saves: a save without a seed has no record to replay, so what it holds is
checked as it is read. Altered in any field, it is refused with ``InvalidGameFile``, or it loads into a
state that plays on under the rules: no other exception, no hang."""

from __future__ import annotations

import json
import random

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.phases import BRIBING, CHOOSE
from tests.support.tampering import (
    Hang,
    at,
    check_refused_by_the_history_check,
    places,
    tampered,
    time_limit,
    with_actions,
)

from .helpers import new_state

#: The first word of the notation of each action that chooses an action card.
CARD_VERBS = ("loot", "collect", "expand", "gamble", "scheme", "contract")

SECONDS_PER_CASE = 5


def real_saves() -> list[dict]:
    """Perspective saves of real games, one at the first moment of each phase, over 2, 3 and 5 players."""
    saves = []
    for players, seed in ((2, 31), (3, 32), (5, 33)):
        state = new_state(players, seed)
        rng = random.Random(seed)
        seen = set()
        while True:
            if state.phase not in seen:
                seen.add(state.phase)
                seat = rng.randrange(players)
                saves.append(json.loads(state.copy(perspective=seat, seed=1).to_json()))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    return saves


SAVES = real_saves()


def replacements(value):
    """Values to put in place of ``value``: other types, negatives, huge numbers, neighbours, wrong lengths."""
    out = ["x", None, 1.5, True, {}, [], -1, -7, 10**12, 2**64, [[0]]]
    if isinstance(value, int) and not isinstance(value, bool):
        out += [value + 1, value - 1, value + 99, -value - 1]
    if isinstance(value, list):
        out += [value + [value[-1] if value else 0], value[:-1], value + [0], [*value, 99], list(reversed(value))]
    return out


def cases(count: int, seed: int):
    """``count`` tampered saves: each a real save with one place in its state given another value."""
    rng = random.Random(seed)
    for _ in range(count):
        save = rng.choice(SAVES)
        path = rng.choice(list(places(save["state"])))
        yield save, path, rng.choice(replacements(at(save["state"], path)))


def plays_on(state: pg.GameState, rng: random.Random, steps: int = 80) -> None:
    """Random legal actions, with views, copies and saves on the way; only PhoenixGames errors allowed."""
    for _ in range(steps):
        for seat in range(state.num_players):
            state.view(seat)
        state.view(None)
        state.check_invariants()
        if state.is_over:
            assert state.legal_actions() == [] and state.winners
            return
        legal = state.legal_actions()
        assert legal, "no legal action, and the game is not over"
        action = rng.choice(legal)
        assert str(action)
        if rng.random() < 0.1:
            state.copy(perspective=rng.randrange(state.num_players)).legal_actions()
            pg.load_game(state.to_json())
        state.apply(str(action) if rng.random() < 0.5 else action)


def check_case(save: dict, path: tuple, new) -> bool:
    """Load the tampered save: refused, or loads and plays on. True if it loaded."""
    text = tampered(json.dumps(save), path, new)
    with time_limit(SECONDS_PER_CASE):
        try:
            state = pg.load_game(text)
        except pg.InvalidGameFile:
            return False
        plays_on(state, random.Random(len(text)))
    return True


@pytest.mark.parametrize("chunk", range(4))
def test_a_tampered_perspective_save_is_refused_or_plays_on(chunk):
    loaded = 0
    for save, path, new in cases(150, seed=chunk):
        try:
            loaded += check_case(save, path, new)
        except pg.PhoenixGamesError:
            pass  # refused while playing on: a PhoenixGames error, as the API promises
        except (Exception, Hang) as exc:
            raise AssertionError(f"state{list(path)} = {new!r:.60}: {type(exc).__name__}: {exc}") from exc
    assert loaded < 150  # most alterations are caught as the save is read


def test_the_real_saves_load_and_play_on():
    for save in SAVES:
        state = pg.load_game(json.dumps(save))
        assert state.to_json() == json.dumps(save, separators=(",", ":"), sort_keys=True)
        plays_on(state, random.Random(1))


@pytest.mark.parametrize(
    ("phase", "path", "new", "message"),
    [
        (3, ("card",), 99, "unknown action card"),
        (8, ("card",), 3, "the phase does not belong to the action card|a Contract card face down between turns"),
        (3, ("slot_res", 0), [0, 0, 0, 0, 0, 1], "slot_res\\[0\\] holds 6 entries, not 5"),
        (3, ("slot_res",), [[0] * 5] * 4, "slot_res holds 4 entries, not 3"),
        (3, ("res", 0), [3, 3, 3, 3, 3, 3], "res\\[0\\] holds 6 entries, not 5"),
        (3, ("res",), "many", "res must be a list of lists of whole numbers"),
        (3, ("phase",), 8, "the phase does not belong to the action card"),
        (3, ("phase",), 1, "happened before the first turn"),
        (3, ("phase",), 42, "unknown phase"),
        (9, ("awards", 0), -3, "the end-of-game credits are not those earned"),
        (3, ("awards", 0), -3, "end-of-game credits before the end"),
        (3, ("pool",), -1, "impossible credit pool"),
        (3, ("bribe_left",), 10**9, "bribe_left is out of range"),
        (3, ("turn",), 7, "a seat number is out of range"),
        (3, ("stacked", 0), [99], "a further agent where the seat has none"),
        (3, ("slots", 0), -5, "a slot holds no such contract"),
        (3, ("extra",), 1, "has a field 'extra' that The Phoenix Syndicate does not know"),
    ],
)
def test_impossible_contents_are_refused_on_loading(phase, path, new, message):
    save = by_phase_number(phase)
    with time_limit(SECONDS_PER_CASE), pytest.raises(pg.InvalidGameFile, match=message):
        pg.load_game(tampered(json.dumps(save), path, new))


def by_phase_number(phase: int) -> dict:
    return next(save for save in SAVES if save["state"]["phase"] == phase)


# ---------------------------------------------------------------------------- the history against the state
def perspective_save(state, seat=0) -> dict:
    return json.loads(state.copy(perspective=seat, seed=1).to_json())


def refused(save: dict, message: str) -> None:
    with time_limit(SECONDS_PER_CASE), pytest.raises(pg.InvalidGameFile, match=message):
        pg.load_game(json.dumps(save))


def played_until(players: int, seed: int, until) -> pg.GameState:
    """A game of random actions, stopped where ``until(state)`` first holds."""
    state = new_state(players, seed)
    rng = random.Random(seed)
    while not until(state):
        assert not state.is_over, "the game ended before the position wanted"
        state.apply(rng.choice(state.legal_actions()))
    return state


def last_is(text: str):
    return lambda state: bool(state.history) and str(state.history[-1]).startswith(text)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_perspective_save_taken_anywhere_in_a_game_agrees_with_its_own_history(players):
    """Every few actions of three games, and at their end, a save for a seat drawn at random loads:
    what the history makes is what the save holds, the Contract action's bribes, the Schemes that
    could join no guild and the last round included."""
    for seed in range(3):
        state = new_state(players, seed)
        rng = random.Random(seed)
        while True:
            if state.is_over or rng.random() < 0.2:
                loaded = pg.load_game(json.dumps(perspective_save(state, rng.randrange(players))))
                assert loaded.history == state.history
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 4])
def test_a_perspective_save_taken_at_every_point_of_a_game_agrees_with_its_history(players):
    """After every action of a whole game (an exchange opened and not yet made too, at every kind of
    decision), a save for each seat in turn loads; the seat to act's own goes on as the game does."""
    state = new_state(players, 60 + players)
    rng = random.Random(players)
    opened = 0
    while True:
        seat = len(state.history) % players
        loaded = pg.load_game(json.dumps(perspective_save(state, seat)))
        assert loaded.history == state.history and loaded.exchanging == state.exchanging
        if seat == state.current_player:
            assert loaded.legal_actions() == state.legal_actions()
        opened += state.exchanging
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert opened > 10


def test_cards_turned_face_up_by_the_rule_at_any_turn_agree_with_the_history():
    """SYN-22 turns a player's cards face up when no card can be chosen, which depends on what the
    history does not show: the check allows it at the start of any turn with a card face down. (The
    rule rarely fires in random play, so here it is made to fire as the rule would.)"""
    for players, seed in ((2, 1), (4, 2)):
        state = new_state(players, seed)
        rng = random.Random(seed)
        forced, started = 0, None
        while not state.is_over:
            if state.phase == CHOOSE and state.turns != started:
                started = state.turns
                if state.flipped[state.turn] and rng.random() < 0.3:
                    flipped = state.flipped.copy()
                    flipped[state.turn] = 0
                    state = state.arranged(flipped=flipped, unflipped_by_rule=state.unflipped_by_rule + 1)
                    forced += 1
            if rng.random() < 0.2:
                pg.load_game(json.dumps(perspective_save(state, rng.randrange(players))))
            state.apply(rng.choice(state.legal_actions()))
        pg.load_game(json.dumps(perspective_save(state)))
        assert forced > 5


def test_a_game_whose_pool_runs_dry_agrees_with_its_history(monkeypatch):
    """With a pool of 4 credits (not the game's: random play never empties the real one), the pool runs
    dry, credits come from the box and the last round starts: the history makes all of it."""
    from phoenixgames.games.syndicate import history, invariants
    from phoenixgames.games.syndicate import state as state_module

    for module in (invariants, history, state_module):
        monkeypatch.setattr(module, "credit_pool", lambda players: 4)
    from_box = 0
    for players in (2, 3, 4, 5):
        state = new_state(players, 1)
        rng = random.Random(players)
        while True:
            if state.is_over or rng.random() < 0.2:
                pg.load_game(json.dumps(perspective_save(state, rng.randrange(players))))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        from_box += state.from_box > 0
    assert from_box


def test_a_perspective_save_whose_actions_are_emptied_is_refused():
    save = perspective_save(played_until(3, 40, lambda s: s.turns == 12))
    refused(with_actions(save, []), "differ in the phase: choose an action in the save, place first agent from")


def test_a_perspective_save_whose_last_payment_is_dropped_is_refused():
    save = perspective_save(played_until(3, 41, lambda s: s.phase == BRIBING and last_is("pay")(s)))
    refused(with_actions(save, save["actions"][:-1]), "differ in the bribe still to pay")


def test_a_perspective_save_whose_last_exchange_is_dropped_is_refused():
    """An exchange leaves no trace but in the resources: dropped with its opening, the one made more than
    the history makes; dropped alone, the history leaves an exchange open that the save has made."""
    save = perspective_save(played_until(2, 42, lambda s: s.turns > 10 and last_is("exchange ")(s)))
    assert save["actions"][-2] == "exchange"
    refused(with_actions(save, save["actions"][:-2]), "the resources made are not those its history makes")
    refused(
        with_actions(save, save["actions"][:-1]),
        "differ in the exchange opened and not yet made: False in the save, True from its actions",
    )


def test_a_perspective_save_with_an_exchange_open_agrees_with_its_history_and_refuses_it_dropped():
    """Saved between the two steps of an exchange: the history's ``exchange`` opens it, as the save says;
    without it, nothing is open in the history."""
    state = played_until(3, 48, lambda s: s.turns > 10 and last_is("exchange")(s) and s.exchanging)
    save = perspective_save(state)
    assert save["actions"][-1] == "exchange" and save["state"]["exchanging"] is True
    assert pg.load_game(json.dumps(save)).legal_actions() == state.legal_actions()
    refused(
        with_actions(save, save["actions"][:-1]),
        "differ in the exchange opened and not yet made: True in the save, False from its actions",
    )


def test_a_perspective_save_whose_exchange_is_not_opened_or_opened_twice_is_refused():
    """The two steps of an exchange come in their order: an exchange made without ``exchange`` before it,
    or ``exchange`` twice, or another action while one is open, is no game's history."""
    state = played_until(2, 49, lambda s: s.turns > 10 and last_is("exchange ")(s))
    save = perspective_save(state)
    actions = save["actions"]
    refused(with_actions(save, [*actions[:-2], actions[-1]]), "make the exchange .* without opening it")
    refused(with_actions(save, [*actions[:-1], "exchange", *actions[-1:]]), "open an exchange while one is open")
    paid = actions[-3]
    assert paid.startswith("pay ")  # the last payment of a bribe, then the next seat's exchange
    opened_then_paid = [*actions[:-3], "exchange", paid, actions[-1]]
    refused(with_actions(save, opened_then_paid), f"does {paid} where seat . must make the exchange it opened")


def test_a_perspective_save_whose_choice_of_no_guild_is_dropped_is_refused():
    """The Scheme offered a guild to join (the resources held then say so), so the bribe comes only
    after the choice, which the history no longer makes."""
    save = perspective_save(played_until(2, 43, last_is("join none")))
    refused(
        with_actions(save, save["actions"][:-1]),
        "differ in the phase: pay the bribe in the save, join a guild from its actions",
    )


def test_a_perspective_save_given_an_action_more_is_refused():
    state = played_until(4, 44, lambda s: s.turns > 8 and s.phase == CHOOSE)
    save = perspective_save(state)
    more = next(str(a) for a in state.legal_actions() if not str(a).startswith("exchange"))
    refused(with_actions(save, [*save["actions"], more]), "differ in the phase: choose an action in the save")


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        (40, "differ in the phase: over in the save, pay the bribe from its actions"),
        # the last action is the only resource of a Contract action's bribe: without it, the bribe was 0
        (41, "the history has seat . pay a bribe of 0 for the Contract action, not its bribe"),
    ],
)
def test_a_finished_game_given_an_action_more_or_one_less_is_refused(seed, message):
    state = played_until(3, seed, lambda s: s.is_over)
    save = perspective_save(state)
    refused(with_actions(save, [*save["actions"], "stop"]), "goes on after the end of the game")
    refused(with_actions(save, save["actions"][:-1]), message)


def test_a_perspective_save_with_a_card_and_its_bribe_swapped_is_refused():
    state = played_until(3, 46, lambda s: s.phase == BRIBING and last_is("bribe")(s) and s.bribe_left > 0)
    save = perspective_save(state)
    actions = list(save["actions"])
    card = max(
        i for i, text in enumerate(actions) if text.split()[0] in ("loot", "collect", "expand", "scheme", "contract")
    )
    actions[card], actions[-1] = actions[-1], actions[card]
    refused(with_actions(save, actions), "the history does bribe .* where seat . must choose an action")


def test_a_perspective_save_with_a_payment_in_place_of_a_card_is_refused():
    state = played_until(2, 47, lambda s: s.turns > 6 and last_is("collect")(s))
    save = perspective_save(state)
    refused(with_actions(save, [*save["actions"][:-1], "pay red"]), "the history does pay red where seat . must choose")


def test_a_perspective_save_with_another_card_in_place_of_the_last_is_refused():
    """The last card chosen changed to a Gamble: no bribe to pay, and a contract drawn."""
    state = played_until(2, 48, lambda s: s.turns > 6 and s.phase == BRIBING and last_is("collect")(s))
    save = perspective_save(state)
    refused(with_actions(save, [*save["actions"][:-1], "gamble reveal"]), "differ in the phase")


def test_a_contract_bribe_paid_short_in_the_history_is_refused():
    """The Contract action's bribe is one for each other card face up; one payment fewer is refused,
    however the cards could have been turned face up by the rule."""
    state = played_until(3, 49, lambda s: s.turns > 30 and s.phase == CHOOSE)
    save = perspective_save(state)
    actions = save["actions"]
    starts = [i for i, text in enumerate(actions) if text.startswith("contract")]
    for start in starts:
        pays = [i for i in range(start + 1, len(actions)) if actions[i].startswith("pay")]
        turn = next(i for i in range(start + 1, len(actions)) if actions[i].split()[0] in CARD_VERBS)
        pays = [i for i in pays if i < turn]
        if pays:
            shortened = actions[: pays[-1]] + actions[pays[-1] + 1 :]
            refused(with_actions(save, shortened), "pay a bribe of . for the Contract action, not its bribe")
            return
    raise AssertionError("no Contract action with a bribe of two or more")


def test_a_perspective_save_with_a_credit_moved_between_seats_is_refused():
    """Every credit is counted still; but the history gave it to the other seat."""
    save = perspective_save(played_until(2, 50, lambda s: s.turns > 20 and s.credits[0] > 0))
    credits = save["state"]["credits"]
    credits[0], credits[1] = credits[0] - 1, credits[1] + 1
    refused(save, "differ in the credits")


def test_a_perspective_save_whose_cards_were_turned_up_by_the_rule_more_often_is_refused():
    state = played_until(3, 51, lambda s: s.turns > 20 and s.phase == CHOOSE)
    save = perspective_save(state)
    save["state"]["unflipped_by_rule"] = 3
    refused(save, "the rule turn cards face up on 3 turns, which its history does not allow")


def test_a_perspective_save_with_a_card_face_down_the_history_never_chose_is_refused():
    state = played_until(3, 52, lambda s: s.turns > 20 and s.phase == CHOOSE)
    save = perspective_save(state)
    seat = (state.turn + 1) % 3
    flipped = save["state"]["flipped"]
    card = next(c for c in range(4) if not flipped[seat] >> c & 1)
    flipped[seat] |= 1 << card
    refused(save, f"seat {seat}'s action cards face down are not those its history leaves")


def test_the_history_check_is_what_refuses_these_saves(monkeypatch):
    """Without the history check, each of these tampered saves loads: the refusals above are its own."""
    from phoenixgames.games.syndicate import history

    state = played_until(3, 41, lambda s: s.phase == BRIBING and last_is("pay")(s))
    save = perspective_save(state)
    actions = save["actions"]
    changed = [with_actions(save, []), with_actions(save, actions[:-1]), with_actions(save, [*actions, "pay red"])]
    check_refused_by_the_history_check(monkeypatch, history, changed)
