"""Undo, checked over random games of every game at every player count against the position before the
action and against a reference that answers as undo always has: by replaying the game from its seed.

The engine keeps what undo may take back as the game goes (the first question replays the game once),
so that each answer costs about one action; the reference below rebuilds the position before the last
action from the record every time it is asked, and says whether undo may go back to it by the rules of
undo (docs/api.md): the seat that took the last action is still to act, the action drew nothing at
random, the game has no refusal of its own (``_undo_refusal``: it showed something hidden).
"""

from __future__ import annotations

import random

import pytest

import phoenixgames as pg

from .common import SEATINGS

#: Actions of each random game played (and undone) under watch.
LENGTH = 90

#: Where every action passes the turn, so that undo always refuses: Phoenix at 3 and 4 players (a turn is
#: one action; at 2 players a seat sometimes takes two in a row).
NEVER_UNDONE = {("phoenix", 3), ("phoenix", 4)}


def reference_refusal(state: pg.GameState) -> str | None:
    """Why undo may not take back ``state``'s last action (``None``: it may), found by replaying the
    game's record from its seed up to the position before that action, as undo did before it kept
    anything."""
    history = state.history
    if not history:
        return "nothing"
    if state.is_over:
        return "over"
    record = state.record
    before = pg.new_game(state.game, players=state.num_players, seed=record["seed"], **record["options"])
    for action in history[:-1]:
        before.apply(action)
    if before.current_player != state.current_player:
        return "turn"
    if before._rng.getstate() != state._rng.getstate():
        return "chance"
    return state._undo_refusal(before, history[-1])


#: The words of each of the reference's refusals in the engine's reason (a game's own: its very text).
WORDS = {
    "nothing": "nothing has been played",
    "over": "the game is over",
    "turn": "is to act",
    "chance": "left to chance",
}


def snapshot(state: pg.GameState, events: bool) -> dict[str, object]:
    """Everything undo must bring back: every seat's, the spectator's and the referee's views, the legal
    actions, the random generator, the record and the full save; and the events of every audience
    (``events``: asking for them makes the game log them from then on)."""
    audiences: list[int | str | None] = [*range(state.num_players), pg.PUBLIC, None]
    return {
        "views": [state.view(audience) for audience in audiences],
        "legal": state.legal_actions(),
        "rng": state._rng.getstate(),
        "events": [state.events(audience) for audience in audiences if audience is not None] if events else None,
        "record": state.record,
        "save": state.to_json(),
    }


def play_and_undo(game: str, players: int, seed: int, *, events: bool) -> tuple[int, int]:
    """A random game with random undos along it (now and then several in a row), each answer of
    ``can_undo`` and ``undo_refusal`` compared with the reference's, and each undo with the position
    before the action; ``events``: the game logs its events from the start, as a server's does.
    Returns how many actions were undone and how many refusals were compared."""
    rng = random.Random(seed)
    state = pg.new_game(game, players=players, seed=seed)
    if events:
        state.events(0)
    before: list[tuple[str, pg.GameState]] = []  # the save and a copy before each action, the last few
    undone = refused = 0
    while not state.is_over and len(state.history) < LENGTH:
        if rng.random() < 0.25:
            state = state.copy()  # an exact copy keeps what undo may take back, as a server's copies do
        before.append((state.to_json(), state.copy()))
        del before[:-8]  # enough for the undos in a row that may follow
        state.apply(rng.choice(state.legal_actions()))
        while rng.random() < 0.5:
            expected = reference_refusal(state)
            assert state.can_undo() == (expected is None), (len(state.history), expected)
            reason = state.undo_refusal()
            if expected is not None:
                assert reason is not None and WORDS.get(expected, expected) in reason, (reason, expected)
                after = state.to_json()
                with pytest.raises(pg.IllegalAction, match="."):
                    state.undo()
                assert state.to_json() == after, "a refused undo changes nothing"
                refused += 1
                break
            assert reason is None
            action = state.history[-1]
            assert state.undo() == action
            save, position = before.pop()
            assert state.to_json() == save
            assert snapshot(state, events) == snapshot(position, events)
            undone += 1
            if not before:
                break
    return undone, refused


@pytest.mark.parametrize(("game", "players"), SEATINGS)
def test_undo_brings_back_the_position_before_the_action_and_agrees_with_a_replay(game, players):
    undone = refused = 0
    for seed, events in ((1, False), (2, True)):
        u, r = play_and_undo(game, players, seed, events=events)
        undone, refused = undone + u, refused + r
    assert refused > 0
    assert (undone > 0) == ((game, players) not in NEVER_UNDONE), undone


@pytest.mark.parametrize(("game", "players"), SEATINGS)
def test_undo_agrees_with_a_replay_late_in_a_game_and_asked_first_there(game, players):
    """Asked first far into a game, undo rebuilds what it may take back once, then keeps it."""
    rng = random.Random(7)
    state = pg.new_game(game, players=players, seed=7)
    while not state.is_over and len(state.history) < 150:
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(12):
        if state.is_over:
            break
        assert state.can_undo() == (reference_refusal(state) is None)
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", pg.games())
def test_undo_in_an_arranged_position_goes_back_no_further_than_the_position_laid(game):
    players = pg.get_spec(game).min_players
    rng = random.Random(3)
    state = pg.new_game(game, players=players, seed=3)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    state.can_undo()  # what undo keeps of the game before the position is laid must not come with it
    laid = state.arranged()
    assert not laid.can_undo()
    assert "set up by hand" in (laid.undo_refusal() or "")
    kept = laid.to_json()
    laid.apply(laid.legal_actions()[0])
    if laid.can_undo():
        laid.undo()
        assert laid.to_json() == kept
        assert "set up by hand" in (laid.undo_refusal() or "")


def test_a_game_never_asked_about_undo_keeps_nothing_for_it_nor_do_its_perspective_copies():
    state = pg.new_game("schatz", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    assert state._undo is None
    state.can_undo()
    assert state._undo is not None
    assert state.copy()._undo is not None  # the same game: the server's copies keep it
    assert state.copy(perspective=1)._undo is None  # a search's world does not pay for it


@pytest.mark.parametrize(("game", "players"), SEATINGS)
def test_can_undo_after_an_action_is_what_can_undo_says_once_it_is_taken_and_changes_nothing(game, players):
    """``can_undo_after`` (what a table asks of each legal action, to ask for a confirmation of a final
    move) answers as applying the action to a copy and asking ``can_undo`` would, and leaves the game be."""
    rng = random.Random(11)
    state = pg.new_game(game, players=players, seed=11)
    state.events(0)  # as a server's game: it logs its events
    answers = set()
    while not state.is_over and len(state.history) < 60:
        save = state.to_json()
        for action in state.legal_actions():
            trial = state.copy()
            trial.apply(action)
            expected = trial.can_undo()
            assert state.can_undo_after(action) == expected, (len(state.history), str(action))
            assert state.can_undo_after(str(action)) == expected
            answers.add(expected)
        assert state.to_json() == save, "asking changes nothing"
        state.apply(rng.choice(state.legal_actions()))
    assert False in answers
    assert (True in answers) == ((game, players) not in NEVER_UNDONE)
    with pytest.raises(pg.IllegalAction):
        state.can_undo_after("no such action at all")


def test_public_actions_since_a_number_are_the_tail_of_the_public_record():
    state = pg.new_game("schatz", players=3, seed=2)
    rng = random.Random(2)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    everything = state.public_record()["actions"]
    assert len(everything) == 30
    for since in (0, 1, 17, 30):
        assert state.public_actions(since) == everything[since:]
    for wrong in (-1, 31, 1.0, "3", True):
        with pytest.raises(pg.PhoenixGamesError, match="numbered from 0 to 30"):
            state.public_actions(wrong)
