"""The end of a round and of the game (rulebook: At the end of each round, End of the game):
PHX-20 to PHX-24 and PHX-30."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenix.actions import CENTRE

from .helpers import new_state, play_random


def play_round_choosing(state, choose):
    """Play one round, each action chosen by ``choose(state, legal)``. Returns, per token number, the
    seat that laid it and the nest (as the view shows it) it was laid on."""
    start = state.round
    laid_by, laid_on = {}, {}
    while state.round == start:
        token = state.turn_token + 1
        action = choose(state, state.legal_actions())
        laid_by[token], laid_on[token] = state.current_player, state.view(None)["nests"][action.nest]
        state.apply(action)
    return laid_by, laid_on


def holder_of(state, number):
    return state.view(None)["tokens"][number - 1]["holder"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_phx20_phx21_tokens_go_back_to_the_owners_of_their_nests_and_the_centre_token_to_the_empty_nests_owner(
    players, seed
):
    state = new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(4):
        laid_by, lay_on = play_round_choosing(state, lambda s, legal: rng.choice(legal))
        empty = [n["owner"] for n in state.view(None)["nests"] if n["owner"] is not None]
        on_players_nests = {number: nest["owner"] for number, nest in lay_on.items() if nest["owner"] is not None}
        for number, owner in on_players_nests.items():
            assert holder_of(state, number) == owner  # PHX-20
            empty.remove(owner)
        centre = [number for number, nest in lay_on.items() if nest["owner"] is None]
        if centre:
            assert len(empty) == 1  # exactly one player's nest had no token: that player takes the centre's
            assert holder_of(state, centre[0]) == empty[0]  # PHX-21
        else:
            assert empty == []
        per_seat = 2 if players == 2 else 1
        held = [sum(1 for t in state.view(None)["tokens"] if t["holder"] == seat) for seat in range(players)]
        assert held == [per_seat] * players


def test_phx21_with_two_players_the_player_with_an_empty_nest_takes_the_centre_token():
    """Two players, two nests each: three tokens on the players' nests and one in the centre."""
    state = new_state(2, seed=21)
    owners = state.owners

    def choose(s, legal):
        if s.nest_token[CENTRE] == -1:
            return next(a for a in legal if a.nest == CENTRE)
        # the rest go on the nests of seat 1 and one nest of seat 0, leaving nest 2 (seat 0's) empty
        return next(a for a in legal if a.nest in (1, 3, 4))

    laid_by, lay_on = play_round_choosing(state, choose)
    assert owners[2] == 0 and all(n["nest"] != "nest2" for n in lay_on.values())
    assert sorted(n["nest"] for n in lay_on.values()) == ["centre", "nest1", "nest3", "nest4"]
    centre_token = next(number for number, nest in lay_on.items() if nest["nest"] == "centre")
    assert holder_of(state, centre_token) == 0
    tokens = state.view(None)["tokens"]
    assert sorted(t["holder"] for t in tokens) == [0, 0, 1, 1]
    assert {t["token"] for t in tokens if t["holder"] == 1} == {
        number for number, nest in lay_on.items() if nest["owner"] == 1
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_phx22_tokens_keep_their_side_into_the_next_round(players):
    state = new_state(players, seed=22)
    rng = random.Random(22)

    def choose(s, legal):
        own = [a for a in legal if s.owners[a.nest] == s.current_player]
        return own[0] if own and rng.random() < 0.5 else rng.choice(legal)

    blacks = 0
    for _ in range(5):
        laid_by, laid_on = play_round_choosing(state, choose)
        tokens = state.view(None)["tokens"]
        for token in tokens:
            number = token["token"]
            expected = "black" if laid_on[number]["owner"] == laid_by[number] else "white"
            assert token["side"] == expected
            assert token["showing"] == (9 - number if expected == "black" else number)
            blacks += expected == "black"
        order = state.view(None)["turn_order"]
        assert [item["token"] for item in order] == sorted(t["showing"] for t in tokens)
    assert blacks > 3


def test_phx23_every_nest_is_refilled_at_random_to_two_lower_and_two_upper_halves():
    refills = set()
    for seed in range(8):
        state = new_state(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(3):
            start = state.round
            play_random(state, rng, until=lambda s, start=start: s.round != start)
            view = state.view(None)
            for nest in view["nests"]:
                assert len(nest["lower"]) == 2 and len(nest["upper"]) == 2 and nest["token"] is None
            refills.add(str([(n["lower"], n["upper"]) for n in view["nests"]]))
            lower_out = sum(len(n["lower"]) for n in view["nests"]) + sum(
                code is not None for p in view["phoenixes"] for code in p["lower"]
            )
            assert lower_out + sum(view["bags"]["lower"].values()) == 42
    assert len(refills) == 24


def test_phx24_each_round_goes_again_by_ascending_token_number():
    state = new_state(4, seed=24)
    rng = random.Random(24)
    while not state.is_over:
        order = state.view(None)["turn_order"]
        assert len(order) == 4
        assert [item["token"] for item in order] == sorted(item["token"] for item in order)
        for item in order:
            assert state.current_player == item["seat"]
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("players", "rounds"), [(2, 8), (3, 16), (4, 16)])
def test_phx30_the_game_ends_when_every_plumage_is_complete_after_8_or_16_rounds(players, rounds):
    state = new_state(players, seed=30)
    rng = random.Random(30)
    turns = 0
    while not state.is_over:
        assert state.view(0)["round"] == state.round + 1 <= rounds
        state.apply(rng.choice(state.legal_actions()))
        turns += 1
    assert state.round == rounds and turns == 16 * players
    view = state.view(0)
    assert view["phase"] == "over" and view["round"] == rounds and view["current_player"] is None
    assert all(None not in p["lower"] + p["upper"] for p in view["phoenixes"])
    assert state.legal_actions() == []
    with pytest.raises(pg.IllegalAction, match="the game is over"):
        state.apply("take lower R centre slot1")
