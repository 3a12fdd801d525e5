"""The seams of Phoenix that the server, the browser and RL plug into: the fixed action space, the
game's facts, what each seat and the spectators saw happen, the spectator's view, the public record,
undo, and refusals told apart."""

from __future__ import annotations

import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.games.phoenix.actions import TakeFeather
from phoenixgames.games.phoenix.facts import PRINTED_BEST_SCORE

from .helpers import new_state, play_random

PLAYER_COUNTS = (2, 3, 4)


def random_states(players, seed, steps):
    """Every position of random games (the same object, played on), about ``steps`` in all."""
    rng = random.Random(seed)
    done = 0
    while done < steps:
        state = new_state(players, seed=rng.randrange(10**6), token_elsewhere=rng.choice(["white", "unchanged"]))
        while not state.is_over and done < steps:
            yield state
            done += 1
            state.apply(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------------------- a fixed action space
@pytest.mark.parametrize(("players", "size"), [(2, 1360), (3, 1088), (4, 1360)])
def test_the_action_table_holds_every_half_from_every_nest_in_play_into_every_slot(players, size):
    """34 half types, 8 slots, and the centre with the players' nests: 4 with 2 players (2 each), 3 with 3."""
    table = pg.action_table("phoenix", players)
    assert len(table) == size == pg.game_info("phoenix", players).num_distinct_actions
    assert len(set(table)) == size and all(isinstance(a, TakeFeather) for a in table)
    assert pg.action_table("phoenix", players, token_elsewhere="unchanged") == table


# ---------------------------------------------------------------------------- the game's facts
@pytest.mark.parametrize(("players", "decisions"), [(2, 32), (3, 48), (4, 64)])
def test_every_game_takes_exactly_rounds_times_tokens_decisions(players, decisions):
    """No game is longer than the bound, random or greedy: every game is exactly that long."""
    info = pg.game_info("phoenix", players)
    assert info.max_decisions == decisions
    assert (info.min_score, info.max_score) == (0, 112)  # the printed game's (see PRINTED_BEST_SCORE)
    assert PRINTED_BEST_SCORE == 112  # the printed game's bound (facts.score_range)
    for seed in range(40):
        game = play_random(new_state(players, seed=seed), random.Random(seed))
        assert len(game.history) == decisions
        assert all(0 <= score <= info.max_score for score in game.scores)
    for seed in range(4):
        state = new_state(players, seed=seed)
        agent = make_agent("greedy", seed)
        while not state.is_over:
            state.apply(agent.choose(state.copy(perspective=state.current_player)))
        assert len(state.history) == decisions
        assert all(0 <= score <= info.max_score for score in state.scores)


# ---------------------------------------------------------------------------- events
def events_of_the_same_play(state, audience, copy_for, rng):
    """Events for ``audience`` in ``state`` and in a perspective copy made for ``copy_for``, given the
    same actions to the end of the round (where the refills, drawn in each world, differ)."""
    world = state.copy(perspective=copy_for)
    start = len(state.history)
    world.events(audience, start)  # a copy without a seed knows its events from here on
    truth = state.copy()
    round_ = truth.round
    while not truth.is_over and truth.round == round_:
        action = rng.choice(truth.legal_actions())
        truth.apply(action)
        world.apply(str(action))
    return truth.events(audience, start), world.events(audience, start)


def without_refills(events):
    return [event for event in events if event["kind"] != "refill"]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_events_leak_nothing_a_seat_or_a_spectator_could_not_see(players):
    """Two worlds a seat cannot tell apart (the true game and its perspective copy) give that seat and
    the spectators the same events for the same actions; only the refills, drawn in each, differ."""
    rng = random.Random(players)
    for n, state in enumerate(random_states(players, seed=10 + players, steps=300)):
        if n % 10:
            continue
        for seat in range(players):
            for audience, copy_for in [(seat, seat), (pg.PUBLIC, seat)]:
                truth, world = events_of_the_same_play(state, audience, copy_for, rng)
                assert without_refills(truth) == without_refills(world)
                assert [e["nest"] for e in truth if e["kind"] == "refill"] == [
                    e["nest"] for e in world if e["kind"] == "refill"
                ]


def test_a_turn_tells_who_laid_which_token_where_and_what_half_went_into_which_slot():
    state = new_state(2, seed=3)
    assert state.current_player == 0
    state.apply("take lower R nest1 slot3")  # nest1 lies above seat 0's phoenix
    mine, theirs, public = state.events(0), state.events(1), state.events(pg.PUBLIC)
    assert [e["kind"] for e in mine] == ["take", "token", "turn"]
    assert [e["text"] for e in mine] == [
        "you laid ash token 1 (showing 1) on nest1 and took the lower red half (R) into slot 3",
        "ash token 1 turned to its black side and now shows 8: it lies on its player's own nest",
        "seat 1 is to play, with ash token 2 (showing 2)",
    ]
    assert [e["text"] for e in theirs] == [
        "seat 0 laid ash token 1 (showing 1) on nest1 and took the lower red half (R) into slot 3",
        "ash token 1 turned to its black side and now shows 8: it lies on its player's own nest",
        "your turn, with ash token 2 (showing 2)",
    ]
    assert [e["text"] for e in public] == [*[e["text"] for e in theirs[:2]], mine[2]["text"]]
    assert mine[0] == {
        "action": 0,
        "kind": "take",
        "seat": 0,
        "token": 1,
        "showing": 1,
        "nest": "nest1",
        "half": "R",
        "position": "lower",
        "slot": 3,
        "points": 0,
        "score": 0,
        "text": mine[0]["text"],
    }
    state.apply("take lower Yd centre slot1")
    assert state.events(1, 1)[0]["text"] == (
        "you laid ash token 2 (showing 2) on the centre nest and took the lower yellow diamond half (Yd) "
        "into slot 1: +1 point, 1 in all"
    )


def test_the_end_of_a_round_tells_where_the_tokens_went_and_what_the_bags_refilled():
    state = play_random(new_state(3, seed=8), random.Random(8), until=lambda s: s.round == 1)
    events = state.events(pg.PUBLIC, len(state.history) - 1)
    kinds = [e["kind"] for e in events]
    assert kinds[kinds.index("round_end") :] == ["round_end", "refill", "refill", "refill", "round_start", "turn"]
    end = events[kinds.index("round_end")]
    assert end["text"].startswith("round 1 of 16 ends; the ash tokens go back: token ")
    centre = next((r for r in end["returned"] if r["nest"] == "centre"), None)
    assert (centre is not None) == ("whose nest stayed empty" in end["text"])
    assert sorted(r["token"] for r in end["returned"]) == [1, 2, 3]
    view = state.view(pg.PUBLIC)
    for refill in (e for e in events if e["kind"] == "refill"):
        nest = next(n for n in view["nests"] if n["nest"] == refill["nest"])
        assert set(refill["lower"]) <= set(nest["lower"]) and set(refill["upper"]) <= set(nest["upper"])
        assert len(refill["lower"]) + len(refill["upper"]) == 1
        assert " is refilled from the bags with " in refill["text"]
    start = events[kinds.index("round_start")]
    assert start["text"].startswith("round 2 of 16 begins; the tokens play in the order ")
    assert [o["seat"] for o in start["order"]] == [seat for _, seat in state.turn_order()]


def test_the_final_scoring_is_broken_down_for_each_seat_and_names_the_winners():
    state = play_random(new_state(4, seed=21), random.Random(21))
    events = state.events(2, len(state.history) - 1)
    scoring = [e for e in events if e["kind"] == "scoring"]
    assert [e["seat"] for e in scoring] == [0, 1, 2, 3]
    for e in scoring:
        score = state.score_breakdown(e["seat"])
        assert (e["colours"], e["symbols"], e["mirrors"], e["total"]) == (
            score.colours,
            score.symbols,
            score.mirrors,
            score.total,
        )
    mine = scoring[2]
    assert mine["text"].startswith(f"you score {mine['colours']} for feather colours, {mine['symbols']} for symbols")
    assert scoring[0]["text"].startswith(f"seat 0 scores {scoring[0]['colours']} for feather colours")
    over = events[-1]
    assert over["kind"] == "game_over" and over["winners"] == state.winners
    assert over["scores"] == state.scores
    assert events[0]["kind"] == "take" and "turn" not in [e["kind"] for e in events]


# ---------------------------------------------------------------------------- spectators
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_spectators_view_and_the_public_record_are_the_same_in_every_world(players):
    for n, state in enumerate(random_states(players, seed=20 + players, steps=400)):
        if n % 7:
            continue
        public = state.view(pg.PUBLIC)
        assert "legal_actions" not in public and public["viewer"] == pg.PUBLIC
        for seat in range(players):
            copy = state.copy(perspective=seat)
            assert copy.view(pg.PUBLIC) == public
            assert copy.public_record() == state.public_record()
        record = state.public_record()
        assert "seed" not in record and record["actions"] == state.record["actions"]


def test_a_spectator_sees_the_table_a_seat_sees_without_its_legal_actions():
    state = new_state(3, seed=4)
    seat = state.current_player
    mine = state.view(seat)
    del mine["legal_actions"]
    assert mine | {"viewer": pg.PUBLIC} == state.view(pg.PUBLIC)


# ---------------------------------------------------------------------------- undo
def a_take_that_left_its_seat_to_act(seed):
    """A two-player game just after a take that did not end the round and left the same seat to act."""
    state = new_state(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat, round_ = state.current_player, state.round
        state.apply(rng.choice(state.legal_actions()))
        if state.current_player == seat and state.round == round_:
            return state
    return None


def test_a_take_that_left_the_same_seat_to_act_and_drew_nothing_can_be_taken_back():
    """With two players a seat holds two tokens; once the sides are turned, it may play both in a row."""
    found = [s for s in (a_take_that_left_its_seat_to_act(seed) for seed in range(30)) if s is not None]
    assert len(found) >= 5
    for state in found:
        earlier = pg.replay({**state.record, "actions": state.record["actions"][:-1]})
        seat = state.current_player
        state.events(seat)  # the log is kept, and cut back by the undo
        assert state.can_undo()
        last = state.history[-1]
        assert state.undo() == last
        assert state.view(None) == earlier.view(None)
        assert state.to_json() == earlier.to_json()
        assert state.events(seat) == earlier.events(seat)
        state.apply(last)  # and the game goes on as before
        assert not state.can_undo() or state.current_player == seat


def test_a_take_that_refilled_the_nests_cannot_be_taken_back_and_the_refusal_changes_nothing():
    state = play_random(new_state(2, seed=5), random.Random(5), until=lambda s: s.round == 1)
    saved = state.to_json()
    assert not state.can_undo()
    with pytest.raises(pg.IllegalAction, match="left to chance"):
        state.undo()
    assert state.to_json() == saved


def test_a_take_that_hands_the_turn_to_another_seat_cannot_be_taken_back():
    state = new_state(3, seed=6)
    state.apply(state.legal_actions()[0])
    saved = state.to_json()
    with pytest.raises(pg.IllegalAction, match=r"seat \d's.*, and now seat \d is to act"):
        state.undo()
    assert state.to_json() == saved


def test_the_last_take_of_the_game_cannot_be_taken_back():
    state = play_random(new_state(2, seed=7), random.Random(7))
    with pytest.raises(pg.IllegalAction, match="the game is over"):
        state.undo()


# ---------------------------------------------------------------------------- refusals told apart
def test_a_typo_is_malformed_notation_and_an_illegal_take_is_not():
    state = new_state(3, seed=9)
    with pytest.raises(pg.MalformedNotation, match="cannot read"):
        state.apply("tkae lower R nest1 slot1")
    with pytest.raises(pg.MalformedNotation, match="is not a feather half"):
        state.apply("take lower Rx nest1 slot1")
    with pytest.raises(pg.IllegalAction) as refused:
        state.apply("take upper R nest1 slot1")  # well formed, but no lower half lies in slot 1
    assert not isinstance(refused.value, pg.MalformedNotation)
    with pytest.raises(pg.IllegalAction) as refused:
        state.apply("take lower R nest4 slot1")  # an action of the game, but no nest of three players
    assert not isinstance(refused.value, pg.MalformedNotation)
