"""The end of the game (PHN-70, PHN-82, open question 7): 32 victory points, or no player able to reach
32 any more; never a fixed last round. The option ``round_cap`` is a safety cap for simulations."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.games.phoenicia.components import CARD_BY_NAME, CARDS
from phoenixgames.games.phoenicia.endgame import anyone_can_reach, highest_reachable
from tests.support.positions import lay_unreachable

from .helpers import (
    activity_id,
    arrange,
    end_all_turns,
    give_card,
    new_state,
    open_auction,
    play_random,
    set_display,
    set_hand,
    set_workers,
    turn_of,
)

SEEDS = st.integers(min_value=0, max_value=2**32)


def stalled(tool_disks_on_mining=4, **options):
    """Two players, every development card bought, no City Centre point for sale: seat 0 at 29 VP with
    no worker to employ; seat 1 at 31 VP with its ten workers hunting and farming and every circle of
    mining and clothmaking under a tool disk (a shift needs a free circle)."""
    state = turn_of(new_state(2, 21, **options), 0)
    for name in ("City Walls", "Temple", "Public Works", "Port", "Shipyard"):
        give_card(state, 0, name)
    for card in [c for pile in state.dev_piles for c in pile] + state.display:
        give_card(state, 1, CARDS[card].name)
    set_workers(state, 0, untrained=0, hunting=2, farming=1)
    set_workers(state, 1, untrained=0, trained=0, hunting=5, farming=5)
    s = state.settlements[1]
    s.tools[activity_id("mining")] = tool_disks_on_mining
    s.tools[activity_id("clothmaking")] = 3
    s.bought_vp = 3
    s.rescore()
    set_hand(state, 0, [], disks=0)
    set_hand(state, 1, [], disks=0)
    state.check_invariants()
    return state


def test_phn82_the_game_ends_at_the_victory_check_once_no_player_can_reach_32():
    """Rulebook, the tie-break: "If no player or team has reached the required points at the end of the
    game" - so a game can end short of 32: at the victory check, once no player can reach it."""
    state = stalled()
    assert [s.vp for s in state.settlements] == [29, 31]
    assert highest_reachable(state) == [29, 31] and not anyone_can_reach(state)
    state.apply("end")
    assert not state.is_over  # checked at the victory check only, after every turn
    state.apply("end")
    assert state.is_over and state.round == 1 and not state.truncated
    assert state.winners == [1] and state.view(None)["ending"] == "no player could reach 32 victory points any more"


def test_phn82_a_free_circle_to_shift_a_worker_into_keeps_the_game_going():
    """One free circle on the mining tile: seat 1 can shift a farmer (1 VP) to mining (2 VP) and reach 32."""
    state = stalled(tool_disks_on_mining=3)
    assert highest_reachable(state) == [29, 32] and anyone_can_reach(state)
    end_all_turns(state)
    assert not state.is_over and state.round == 2


def test_phn82_a_live_game_is_never_cut_short_after_round_40():
    """The seat at 31 VP with a Glassmaking it can buy on display plays on past round 40 (there used to be
    a last round), and ends the game by buying it."""
    state = turn_of(new_state(2, 7), 0)
    s = state.settlements[1]
    for name in ("City Walls", "Temple", "Port", "Public Works", "Dye House", "Shipyard"):
        give_card(state, 1, name)
    assert s.vp == 31
    set_display(state, ["Glassmaking", "Dyer"])
    arrange(state, round=40)
    end_all_turns(state)
    assert not state.is_over and state.round == 41
    set_hand(state, 1, [6], disks=0)
    turn_of(state, 1)
    open_auction(state, "glassmaking", 5)
    state.apply("pass")
    end_all_turns(state)
    assert state.is_over and state.winners == [1] and s.vp == 32


def test_phn82_a_random_game_that_stalls_ends_when_no_player_can_reach_32():
    """A random two-player game (seed 27) that stalls at 30 and 31: neither seat can reach 32 any more."""
    state = play_random(new_state(2, 27), random.Random(27))
    assert state.is_over and not state.truncated and state.scores == [30, 31]
    assert highest_reachable(state) == [30, 31]
    assert state.view(None)["ending"].startswith("no player could reach 32")


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=SEEDS, agent_seed=SEEDS, stop=st.integers(0, 400))
def test_phn82_no_play_takes_a_seat_past_its_bound(players, seed, agent_seed, stop):
    """The bound the end relies on is never too low: random play from any point never beats it."""
    state = play_random(new_state(players, seed), random.Random(agent_seed), until=lambda s: len(s.history) >= stop)
    bounds = highest_reachable(state)
    assert all(bound >= s.vp for bound, s in zip(bounds, state.settlements, strict=True))
    for branch in range(3):
        twin = play_random(state.copy(), random.Random(branch))
        assert all(s.vp <= bound for s, bound in zip(twin.settlements, bounds, strict=True))


def test_phn82_random_games_always_end():
    for players in (2, 3, 4, 5):
        for seed in range(5):
            state = play_random(new_state(players, seed), random.Random(seed))
            assert state.is_over and not state.truncated
            assert max(state.scores) >= 32 or not anyone_can_reach(state)


def test_phn82_cards_that_nobody_can_ever_pay_for_keep_their_places_and_block_the_rest():
    """A test position (every other card gone, and no seat has a storehouse card, so neither can ever
    hold more than 15): the Port (18) and the City Walls (17) fill the display of a two-player game for
    good, so the Temple (15) under them never comes up, and each seat can add only a worker (3 VP).
    With a Granary (a treasury of 6: 18), seat 0 can buy the Port; its storehouses then let it buy the
    City Walls; the Temple comes up, and either seat can buy it."""
    state = turn_of(new_state(2, 30), 0)
    piles: list[list[int]] = [[] for _ in state.dev_piles]
    piles[3].append(CARD_BY_NAME["Temple"].id)
    state = lay_unreachable(
        state,
        "every development card but three gone from the game",
        dev_piles=piles,
        display=sorted([CARD_BY_NAME["Port"].id, CARD_BY_NAME["City Walls"].id]),
        unsold=[int(c.name in ("Port", "City Walls", "Temple")) for c in CARDS],
    )
    assert highest_reachable(state) == [3, 3]
    settlements = [s.copy() for s in state.settlements]
    settlements[0].owned[CARD_BY_NAME["Granary"].id] = 1
    state = lay_unreachable(state, "seat 0 owns a Granary that is gone from the game", settlements=settlements)
    assert highest_reachable(state) == [2 + 5 + 8 + 6 + 1, 2 + 6 + 1]


# ---------------------------------------------------------------------------- the round cap
def capped_game(players=2, cap=3, seed=5):
    return play_random(new_state(players, seed, round_cap=cap), random.Random(seed))


def test_the_round_cap_is_off_unless_asked_for():
    assert new_state(2, 1).options["round_cap"] == 0
    assert pg.get_spec("phoenicia").options[-1].name == "round_cap"


def test_the_round_cap_ends_a_live_game_after_that_round_and_marks_it_truncated():
    state = capped_game(cap=3)
    assert state.is_over and state.round == 3 and state.truncated
    assert max(state.scores) < 32 and anyone_can_reach(state)
    assert state.winners and state.view(None)["ending"] == "the round cap"
    assert state.legal_actions() == [] and state.current_player is None


def test_truncated_survives_a_copy_a_save_a_replay_and_a_perspective_save():
    state = capped_game(cap=4)
    assert state.copy().truncated
    assert pg.load_game(state.to_json()).truncated
    assert pg.replay(json.loads(json.dumps(state.record))).truncated
    twin = state.copy(perspective=1)
    assert twin.truncated and pg.load_game(twin.to_json()).truncated


def test_a_game_the_rules_end_within_the_cap_is_not_truncated():
    state = stalled(round_cap=1)
    end_all_turns(state)
    assert state.is_over and not state.truncated
    state = play_random(new_state(3, 8, round_cap=500), random.Random(8))
    assert state.is_over and not state.truncated and max(state.scores) >= 32


def test_a_negative_round_cap_is_refused():
    with pytest.raises(pg.GameSetupError, match="round_cap"):
        new_state(2, 1, round_cap=-1)
