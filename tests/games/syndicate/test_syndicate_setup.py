"""Set-up and the initial placement (rulebook, Game Set-up and Initial Placement)."""

from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.components import TILES

from .helpers import legal, new_state, tile


def test_syn03_a_credit_on_each_of_the_nine_colonies():
    """SYN-03: every Colony, and nothing else, starts with a credit."""
    view = new_state(3, 5).view(None)
    with_credit = sorted(cell["tile"] for cell in view["galaxy"] if cell["credit"])
    assert with_credit == sorted(t.code for t in TILES if t.kind == "colony")


def test_syn05_each_player_starts_with_three_of_each_resource_six_cards_and_two_contracts():
    """SYN-05: 3 of each colour, the six action cards face up, two contracts dealt."""
    state = new_state(4, 6)
    view = state.view(None)
    for info in view["seats"]:
        assert info["resources"] == {"R": 3, "Y": 3, "G": 3, "B": 3, "P": 3}
        assert info["cards_up"] == ["loot", "collect", "expand", "gamble", "scheme", "contract"]
        assert info["hand_size"] == 2 and info["credits"] == 0
    assert len(set(c for hand in view["hands"] for c in hand)) == 8
    assert view["deck_size"] == 68 - 8


def test_syn06_a_random_start_player_and_turns_clockwise():
    """SYN-06: the start player is random; placement goes clockwise from it."""
    starts = Counter(new_state(4, seed).start_player for seed in range(40))
    assert set(starts) == {0, 1, 2, 3}
    state = new_state(4, 11)
    order = []
    for _ in range(4):
        order.append(state.current_player)
        state.apply(legal(state)[0])
    first = state.start_player
    assert order == [(first + i) % 4 for i in range(4)]


def test_syn10_the_first_agent_goes_on_any_planet_never_an_asteroid():
    """SYN-10: Primes, Colonies, Outposts, Reega and Sabean Core; no asteroid field."""
    state = new_state(2, 3)
    placeable = {a.split()[1] for a in legal(state)}
    assert placeable == {t.code for t in TILES if t.is_planet}
    with pytest.raises(pg.IllegalAction, match="asteroid"):
        state.apply("place A1")


def test_syn11_the_first_agent_on_a_colony_takes_its_credit_only_the_first():
    """SYN-11: the first to place on a Colony takes its credit; a second player there gets none."""
    state = new_state(2, 3)
    first = state.current_player
    state.apply("place C4")
    assert state.credits[first] == 1
    assert not any(cell["credit"] for cell in state.view(None)["galaxy"] if cell["tile"] == "C4")
    second = state.current_player
    state.apply("place C4")
    assert state.credits[second] == 0
    assert state.pool == 40  # the Colony credits are not the pool's


def test_syn12_the_second_agent_goes_next_to_the_first_across_any_route():
    """SYN-12: a planet adjacent to the first agent's tile; deep space gaps do not matter."""
    state = new_state(2, 3)
    state.apply("place C4")
    state.apply("place P2")
    seat = state.current_player
    neighbours = {TILES[t] for t in state.galaxy.neighbours(tile("C4"))}
    allowed = {a.split()[1] for a in legal(state)}
    assert allowed == {t.code for t in neighbours if t.is_planet}
    far = next(t.code for t in TILES if t.is_planet and t not in neighbours and t.code != "C4")
    with pytest.raises(pg.IllegalAction, match="next to C4"):
        state.apply(f"place {far}")
    assert state.current_player == seat


def test_syn13_players_may_share_a_tile():
    """SYN-13: several players' agents on one tile."""
    state = new_state(3, 4)
    for _ in range(3):
        state.apply("place RE")
    cell = next(c for c in state.view(None)["galaxy"] if c["tile"] == "RE")
    assert cell["agents"] == [0, 1, 2]


def place_all(state):
    while state.view(None)["phase"].startswith("place"):
        state.apply(legal(state)[0])


def test_syn14_each_player_keeps_one_contract_and_discards_the_other_face_down():
    """SYN-14: one of two kept, hidden; the other to the discards, seen only by its owner."""
    state = new_state(3, 8)
    place_all(state)
    assert state.view(None)["phase"] == "keep a contract"
    seat = state.current_player
    hand = state.view(seat)["offer"]  # in the order dealt
    assert sorted(hand) == state.view(seat)["hand"]
    assert legal(state) == ["keep 1", "keep 2"]
    state.apply("keep 2")
    assert state.view(seat)["hand"] == [hand[1]]
    assert state.view(seat)["my_discards"] == [hand[0]]
    for other in range(3):
        if other != seat:
            assert hand[0] not in str(state.view(other))
            assert state.view(other)["discard_size"] == 1


def test_syn15_three_contracts_face_up_once_all_have_kept():
    """SYN-15: after the keeps, three contracts are turned face up: the contract area."""
    state = new_state(2, 9)
    place_all(state)
    state.apply(legal(state)[0])
    assert all(slot["contract"] is None for slot in state.view(None)["slots"])
    state.apply(legal(state)[0])
    view = state.view(None)
    assert all(slot["contract"] for slot in view["slots"])
    assert view["deck_size"] == 68 - 4 - 3 and view["discard_size"] == 2
    assert view["phase"] == "choose an action" and view["current_player"] == state.start_player
