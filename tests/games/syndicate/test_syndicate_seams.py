"""The seams of The Phoenix Syndicate: the fixed action table, the game's facts, events, the spectator's
view and record, undo, and notation that names no action (docs/api.md)."""

from __future__ import annotations

import json
import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.games.syndicate import SPEC
from phoenixgames.games.syndicate.actions import ACTION_TABLE, Gamble, Loot, LootTo

from .helpers import arrange, loot, new_state, pay_bribe

PLAYERS = (2, 3, 4, 5)


# ---------------------------------------------------------------------------- the action table
def test_the_action_table_is_the_same_small_table_at_every_player_count():
    """Every action that can ever be legal, whatever the galaxy: 1,230 at every player count."""
    for players in PLAYERS:
        table = pg.action_table("syndicate", players)
        assert table == ACTION_TABLE and len(table) == 1230
        assert len(set(table)) == len(table)
        assert pg.game_info("syndicate", players).num_distinct_actions == 1230


# ---------------------------------------------------------------------------- the facts
@pytest.mark.parametrize("players", PLAYERS)
def test_no_random_or_greedy_game_is_longer_than_max_decisions_nor_scores_outside_the_range(players):
    info = pg.game_info("syndicate", players)
    assert info.max_decisions == SPEC.max_decisions(players, {}, new_state(players, 0).rules)
    for seed in range(4):
        state = new_state(players, 300 + seed)
        rng = random.Random(seed)
        greedy = make_agent("greedy", seed) if seed % 2 else None
        while not state.is_over:
            if greedy is None:
                state.apply(rng.choice(state.legal_actions()))
            else:
                state.apply(greedy.choose(state.copy(perspective=state.current_player)))
        assert len(state.history) < info.max_decisions
        assert all(info.min_score <= score <= info.max_score for score in state.scores)


# ---------------------------------------------------------------------------- Loot a tile at a time
def test_choice_21_loot_is_chosen_a_tile_at_a_time_and_reaches_exactly_the_paths_that_can_be_paid_for():
    """SYN-40, choice 7: ``loot from SC`` chooses the card and where the path starts; then ``to A1`` (an
    asteroid field) and ``to O5`` (the planet): the links are paid, agents placed and resources acquired
    only once the planet is reached."""
    state = arrange(new_state(2), agents={0: ["SC"]}, res={0: "RYYPP"})
    assert "loot from SC" in [str(a) for a in state.legal_actions()]
    state.apply("loot from SC")
    assert state.view(0)["loot_route"] == ["SC"] and state.view(0)["phase"] == "loot"
    steps = [str(a) for a in state.legal_actions()]
    assert "to A1" in steps and "exchange" not in steps  # no exchange in the middle of a path
    state.apply("to A1")
    assert state.res[0] == [1, 2, 0, 0, 2]  # nothing paid yet
    assert "to O5" in [str(a) for a in state.legal_actions()]
    state.apply("to O5")
    galaxy = {c["tile"]: c["agents"] for c in state.view(None)["galaxy"]}
    assert galaxy["A1"] == [0] and galaxy["O5"] == [0] and state.view(0)["loot_route"] == []
    assert state.view(0)["phase"] == "pay the bribe"


def test_a_loot_step_that_leads_nowhere_payable_is_refused_saying_why():
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "PBR"})
    state.apply("loot from P1")
    with pytest.raises(pg.IllegalAction, match="O5 is not next to P1"):
        state.apply("to O5")
    with pytest.raises(pg.IllegalAction, match="no exchange in the middle of a loot's path"):
        state.apply("exchange")


# ---------------------------------------------------------------------------- events
def two_worlds_agree(players: int, seed: int) -> int:
    """For each seat: a perspective copy (another world the seat cannot tell apart) given the same actions
    gives the seat, and the spectators, the same events, until chance (a draw) parts the worlds; then a
    new copy is taken. The end of the game shows every hand, so it is left out. Returns the events
    compared."""
    state = new_state(players, seed)
    rng = random.Random(seed)
    compared = 0
    seat = 0
    world = None
    while not state.is_over:
        if world is None:
            seat = rng.randrange(players)
            world = state.copy(perspective=seat)
            world.events(seat, len(world.history))
            start = len(state.history)
            state.events(seat, start)
        action = rng.choice(state.legal_actions())
        if action not in world.legal_actions():  # another seat's hidden contract, shown now: the worlds part
            state.apply(action)
            world = None
            continue
        rng_before = state._rng.getstate()
        state.apply(action)
        world.apply(action)
        drew = state._rng.getstate() != rng_before
        hidden_draw = isinstance(action, Gamble) and action.three and world.turn != seat
        if state.is_over or (drew and not hidden_draw):
            world = None
            continue
        number = len(state.history) - 1
        for audience in (seat, pg.PUBLIC):
            mine, theirs = state.events(audience, number), world.events(audience, number)
            assert mine == theirs, (str(action), audience)
            compared += len(mine)
        if drew:  # what a Gamble drew for another seat: the worlds part from here
            world = None
    return compared


@pytest.mark.parametrize("players", PLAYERS)
def test_events_show_a_seat_and_the_spectators_nothing_they_may_not_know(players):
    assert sum(two_worlds_agree(players, 400 + seed) for seed in range(2)) > 100


def test_events_of_a_keep_hide_the_contract_from_the_others():
    state = new_state(2, 5)
    while state.phase != 2:  # KEEP_START
        state.apply(state.legal_actions()[0])
    seat = state.turn
    offer = state.view(seat)["offer"]
    state.apply("keep 1")
    last = len(state.history) - 1
    assert state.events(seat, last)[0]["text"] == f"you kept {offer[0]} and discarded {offer[1]} face down"
    other = state.events(1 - seat, last)[0]["text"]
    assert other == f"seat {seat} kept a starting contract and discarded the other face down"
    assert not any(code in json.dumps(state.events(pg.PUBLIC, last)) for code in offer)


def test_events_say_what_a_loot_paid_and_gained_and_where_agents_went():
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "PBR"})
    state.events(0)
    loot(state, "P1>P2")
    texts = [e["text"] for e in state.events(1, 1)]
    assert texts == ["seat 0 looted P2 along P1>P2, placing agents on P2 (gained YYYYGG; paid BP)"]
    event = state.events(0, 1)[0]
    assert event["text"].startswith("you looted P2") and event["resources"] == {"Y": 4, "G": 2, "B": -1, "P": -1}
    pay_bribe(state, "red")
    assert [e["text"] for e in state.events(pg.PUBLIC, 2)] == [
        "seat 0 paid a red resource of the bribe onto slot 1",
        "it is seat 1's turn",
    ]


def test_events_of_a_gamble_keep_the_drawn_contracts_to_their_seat():
    state = arrange(new_state(2), agents={0: ["P1"]})
    state.events(0)
    state.apply("gamble three")
    drawn = state.view(0)["drawn"]
    assert state.events(0, 0)[0]["text"] == f"you gambled and drew {', '.join(drawn)}: keep one"
    assert state.events(1, 0)[0]["text"] == "seat 0 gambled and drew 3 contracts, to keep one"
    state.apply("keep 2")
    assert state.events(1, 1)[0]["text"] == "seat 0 kept a contract and discarded 2 face down"
    assert state.events(0, 1)[0]["text"] == f"you kept {drawn[1]} and discarded {drawn[0]}, {drawn[2]} face down"


def test_the_final_events_cash_in_every_hand_and_break_the_scoring_down():
    state = arrange(
        new_state(2),
        agents={0: ["P1", "C2"], 1: ["P3"]},
        hands={0: ["P1C2O3"]},
        credit_on=["C1", "C3", "C4", "C5", "C6", "C7", "C8", "C9"],
        credits={0: 21, 1: 20},  # the pool is empty: the last round is under way
        turn=0,
        start_player=1,
    )
    state.events(0)
    state.apply("collect P1")
    pay_bribe(state)
    assert state.is_over
    texts = [e["text"] for e in state.events(1, 1)]
    assert "seat 0 cashed in P1C2O3 at the end" in texts
    scores = [e for e in state.events(1, 1) if e["kind"] == "score"]
    assert [e["score"] for e in scores] == state.scores
    assert scores[0]["awards"] == {"colours": 3, "variety": 3, "guilds": 0}
    assert texts[-1] == "seat 0 won the game"


# ---------------------------------------------------------------------------- the spectator
@pytest.mark.parametrize("players", PLAYERS)
def test_the_public_view_is_the_same_in_every_world_a_seat_may_imagine(players):
    state = new_state(players, 500 + players)
    rng = random.Random(players)
    for _ in range(150):
        if state.is_over:
            break
        public = state.view(pg.PUBLIC)
        assert "hand" not in public and "hands" not in public and "deck" not in public
        assert "legal_actions" not in public and "offer" not in public and "drawn" not in public
        for seat in range(players):
            assert state.copy(perspective=seat).view(pg.PUBLIC) == public
        state.apply(rng.choice(state.legal_actions()))


def test_the_public_record_has_no_seed_and_no_hidden_contract():
    state = new_state(3, 9)
    rng = random.Random(9)
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions()))
    record = state.public_record()
    assert "seed" not in record and len(record["actions"]) == 120
    for seat in range(3):
        assert state.copy(perspective=seat).public_record() == record


# ---------------------------------------------------------------------------- undo
def test_what_drew_nothing_and_left_its_seat_to_act_is_taken_back_exactly():
    """Loot's steps, connections, payments, exchanges: undone, the game is as it was, view and save."""
    played = new_state(2, 3)
    rng = random.Random(3)
    undone = 0
    while not played.is_over and undone < 40:
        action = rng.choice(played.legal_actions())
        before_view, before_json = played.view(None), played.to_json()
        played.apply(action)
        if played.can_undo():
            assert played.undo() == action
            assert played.view(None) == before_view and played.to_json() == before_json
            undone += 1
            played.apply(action)
    assert undone >= 20


def test_undo_refuses_a_draw_and_changes_nothing():
    state = new_state(2, 4)
    while state.phase != 3:  # CHOOSE
        state.apply(state.legal_actions()[0])
    state.apply("gamble three")
    assert not state.can_undo()
    saved = state.to_json()
    with pytest.raises(pg.IllegalAction, match="was left to chance"):
        state.undo()
    assert state.to_json() == saved


def test_undo_refuses_a_scheme_whose_contract_all_saw():
    """A seed-made game: Scheme turns a contract from the hand face up, for every seat to see."""
    state = new_state(2, 6)
    rng = random.Random(6)
    while not any(str(a).startswith("scheme") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    scheme = next(a for a in state.legal_actions() if str(a).startswith("scheme"))
    state.apply(scheme)
    assert not state.can_undo()
    saved = state.to_json()
    with pytest.raises(pg.IllegalAction, match="showed .* from your hand to every seat"):
        state.undo()
    assert state.to_json() == saved


def test_undo_takes_back_the_steps_of_a_loot():
    state = new_state(2, 8)
    rng = random.Random(8)
    while not any(isinstance(a, Loot) for a in state.legal_actions()) or state.phase != 3:
        state.apply(rng.choice(state.legal_actions()))
    before = state.to_json()
    start = next(a for a in state.legal_actions() if isinstance(a, Loot))
    state.apply(start)
    step = state.legal_actions()[0]
    assert isinstance(step, LootTo)
    state.apply(step)
    while state.can_undo():
        state.undo()
    assert state.to_json() == before


# ---------------------------------------------------------------------------- notation
def test_a_typo_is_malformed_notation_and_an_illegal_action_is_not():
    state = new_state(2, 1)
    with pytest.raises(pg.MalformedNotation):
        state.apply("lot from P1")
    with pytest.raises(pg.MalformedNotation, match="a tile at a time"):
        state.apply("loot P1>P2")
    with pytest.raises(pg.IllegalAction) as refused:
        state.apply("keep 1")  # well formed, but agents are placed first
    assert not isinstance(refused.value, pg.MalformedNotation)
    assert state.parse("place P1") == state.legal_actions()[0] or "place P1" not in map(str, state.legal_actions())
