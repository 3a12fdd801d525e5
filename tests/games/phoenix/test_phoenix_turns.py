"""A round of Phoenix (rulebook: Rules, On your turn): PHX-10 to PHX-17."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenix.actions import CENTRE, TakeFeather, nest_name
from phoenixgames.games.phoenix.components import HALF_TYPES, KINDS, SLOTS

from .helpers import arrange, new_state, play_random, play_round


def on_nest(state, nest, upper=False):
    """The first legal action that lays the token on ``nest`` (a lower half, or an upper one)."""
    for action in state.legal_actions():
        if action.nest == nest and (action.half.position == 1) == upper:
            return action
    raise AssertionError(f"no legal action on nest {nest}")


def own_nest(state, seat):
    return next(k for k, owner in enumerate(state.owners) if owner == seat)


def other_nest(state, seat):
    return next(k for k, owner in enumerate(state.owners) if owner not in (seat, -1) and state.nest_token[k] == -1)


def token_of(state, seat):
    """The white number of a token ``seat`` holds."""
    return next(t["token"] for t in state.view(None)["tokens"] if t["holder"] == seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_phx10_turns_go_by_the_number_showing_on_each_token_ascending(players):
    state = new_state(players, seed=10 + players)
    rng = random.Random(players)
    for _ in range(3):  # three rounds, with tokens turning black along the way
        order = [item["seat"] for item in state.view(None)["turn_order"]]
        showing = [item["token"] for item in state.view(None)["turn_order"]]
        assert showing == sorted(showing)
        played = []
        start = state.round
        while state.round == start:
            played.append(state.current_player)
            state.apply(rng.choice(state.legal_actions()))
        assert played == order


def test_phx10_a_black_token_plays_after_every_white_one():
    state = new_state(4, seed=3)
    first = state.current_player
    assert token_of(state, first) == 1
    state.apply(on_nest(state, own_nest(state, first)))  # token 1 turns black: 8
    play_round(state, random.Random(1))
    order = state.view(None)["turn_order"]
    holder_of_one = next(t["holder"] for t in state.view(None)["tokens"] if t["token"] == 1)
    assert order[-1] == {"token": 8, "seat": holder_of_one}


def test_phx11_a_token_goes_on_a_nest_without_one_and_only_one_token_per_nest():
    state = new_state(4, seed=11)
    nest = own_nest(state, state.current_player)
    state.apply(on_nest(state, nest))
    assert all(a.nest != nest for a in state.legal_actions())
    before = state.to_json()
    taken = TakeFeather(state.legal_actions()[0].half, nest, 0)
    with pytest.raises(pg.IllegalAction, match=r"already holds ash token 8: there can only be one token on each nest"):
        state.apply(taken)
    assert state.to_json() == before
    assert {a.nest for a in state.legal_actions()} == set(range(5)) - {nest}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_phx12_on_your_own_nest_the_token_turns_to_its_black_side(players):
    state = new_state(players, seed=12)
    seat = state.current_player
    number = token_of(state, seat)
    state.apply(on_nest(state, own_nest(state, seat)))
    token = state.view(None)["tokens"][number - 1]
    assert token["side"] == "black" and token["showing"] == 9 - number


@pytest.mark.parametrize("nest_kind", ["other", "centre"])
def test_phx13_on_another_players_nest_or_the_centre_the_token_shows_white(nest_kind):
    state = new_state(4, seed=13)
    seat = state.current_player
    nest = CENTRE if nest_kind == "centre" else other_nest(state, seat)
    number = token_of(state, seat)
    state.apply(on_nest(state, nest))
    token = state.view(None)["tokens"][number - 1]
    assert token["side"] == "white" and token["nest"] == state.view(None)["nests"][nest]["nest"]


def black_token_turn(token_elsewhere):
    """A 4-player game in round 2 whose first player holds a black token and lays it on another nest."""
    state = new_state(4, seed=14, token_elsewhere=token_elsewhere)
    rng = random.Random(14)
    while state.round == 0:
        seat = state.current_player
        state.apply(
            on_nest(state, own_nest(state, seat))
            if state.nest_token[own_nest(state, seat)] == -1
            else rng.choice(state.legal_actions())
        )
    blacks = [t for t in state.view(None)["tokens"] if t["side"] == "black" and t["holder"] is not None]
    assert blacks
    while state.view(None)["tokens"][blacks[0]["token"] - 1]["holder"] != state.current_player:
        state.apply(rng.choice([a for a in state.legal_actions() if a.nest != CENTRE]))
    seat = state.current_player
    state.apply(on_nest(state, CENTRE))
    return state.view(None)["tokens"][blacks[0]["token"] - 1], seat


def test_phx13_a_black_token_laid_on_another_nest_shows_its_white_side_again():
    token, _ = black_token_turn("white")
    assert token["side"] == "white" and token["showing"] == token["token"]


def test_phx13_with_the_unchanged_option_a_black_token_stays_black_elsewhere():
    token, _ = black_token_turn("unchanged")
    assert token["side"] == "black" and token["showing"] == 9 - token["token"]


def test_phx14_take_one_half_from_that_nest_and_place_it_on_your_board():
    state = arrange(new_state(3, seed=15), {2: ["l:Rf", "l:Y", "u:*", "u:Bm"]})
    seat = state.current_player
    state.apply("take lower Rf nest2 slot3")
    view = state.view(None)
    assert view["nests"][2]["lower"] == ["Y"] and view["nests"][2]["upper"] == ["Bm", "*"]
    assert view["phoenixes"][seat]["lower"][2] == "Rf"
    assert sum(code is not None for code in view["phoenixes"][seat]["lower"] + view["phoenixes"][seat]["upper"]) == 1
    assert state.current_player != seat


def test_phx15_a_lower_half_must_be_placed_before_the_upper_half_of_the_same_feather():
    state = new_state(2, seed=16)
    assert all(a.half.position == 0 for a in state.legal_actions())  # no lower half yet: no upper half
    seat = state.current_player
    state.apply(on_nest(state, CENTRE))
    slot = next(s for s in range(SLOTS) if state.plumage[seat][s] != -1)
    play_random(state, random.Random(2), until=lambda s: s.current_player == seat)
    uppers = [a for a in state.legal_actions() if a.half.position == 1]
    assert uppers and {a.slot for a in uppers} == {slot}
    bad = next(a for a in uppers if a.nest == uppers[0].nest)
    empty_slot = (slot + 1) % SLOTS
    with pytest.raises(pg.IllegalAction, match=f"slot {empty_slot + 1} of your phoenix has no lower half"):
        state.apply(TakeFeather(bad.half, bad.nest, empty_slot))


def test_phx16_placed_halves_never_move():
    state = new_state(4, seed=17)
    rng = random.Random(17)
    boards = [p.copy() for p in state.plumage]
    while not state.is_over:
        seat = state.current_player
        for action in state.legal_actions():
            place = action.slot if action.half.id < KINDS else SLOTS + action.slot
            assert state.plumage[seat][place] == -1  # never onto a half already placed
        state.apply(rng.choice(state.legal_actions()))
        for before, after in zip(boards, state.plumage, strict=True):
            assert all(a == b for a, b in zip(before, after, strict=True) if a != -1)
        boards = [p.copy() for p in state.plumage]


def test_phx16_a_half_cannot_be_placed_over_another():
    state = new_state(4, seed=18)
    rng = random.Random(18)
    seat = state.current_player
    state.apply(next(a for a in state.legal_actions() if a.half.position == 0 and a.slot == 0))
    play_random(state, rng, until=lambda s: s.current_player == seat)
    lower = next(a for a in state.legal_actions() if a.half.position == 0)
    before = state.to_json()
    with pytest.raises(pg.IllegalAction, match="slot 1 of your phoenix already holds a lower half: placed feathers"):
        state.apply(TakeFeather(lower.half, lower.nest, 0))
    assert state.to_json() == before
    state.apply(next(a for a in state.legal_actions() if a.half.position == 1 and a.slot == 0))
    play_random(state, rng, until=lambda s: s.current_player == seat)
    nest = next(k for k in range(5) if state.nest_token[k] == -1)
    upper = HALF_TYPES[state.nests[nest][-1]]  # nests are sorted: the last half is an upper half
    before = state.to_json()
    for action in (TakeFeather(upper, nest, 0), f"take upper {upper.code} {nest_name(nest)} slot1"):
        with pytest.raises(pg.IllegalAction, match="slot 1 of your phoenix already holds a complete feather"):
            state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize(("players", "turns"), [(2, 4), (3, 3), (4, 4)])
def test_phx17_the_round_lasts_until_every_token_has_been_used(players, turns):
    state = new_state(players, seed=19)
    rng = random.Random(19)
    for round_number in range(3):
        assert state.round == round_number
        for turn in range(turns):
            assert state.round == round_number, f"the round ended after {turn} turns"
            state.apply(rng.choice(state.legal_actions()))
        assert state.round == round_number + 1
