"""Components and setup (rulebook: Components, Setup): PHX-01 to PHX-05."""

from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenix.components import (
    COLOUR_NAMES,
    FULL_LOWER_BAG,
    FULL_UPPER_BAG,
    HALF_TYPES,
    KINDS,
    NEST_BOARDS,
    SLOTS,
)
from phoenixgames.games.phoenix.phases import BLACK, TOKEN_VALUE, WHITE

from .helpers import new_state


def test_phx01_two_to_four_players_and_the_components_of_the_box():
    assert pg.get_spec("phoenix").player_counts == range(2, 5)
    for players in (1, 5):
        with pytest.raises(pg.GameSetupError, match="2 to 4 players"):
            pg.new_game("phoenix", players=players, seed=1)
    assert NEST_BOARDS == 5
    assert len(FULL_LOWER_BAG) == 42 and len(FULL_UPPER_BAG) == 42
    lower = Counter(HALF_TYPES[h].colour for h in FULL_LOWER_BAG)
    assert len(lower) == 5  # 4 colours and rainbow
    assert [COLOUR_NAMES[c] for c in sorted(lower)] == ["red", "yellow", "blue", "black", "rainbow"]
    symbols = Counter(HALF_TYPES[h].symbol for h in FULL_LOWER_BAG)
    assert set(symbols) == {0, 1, 2, 3}  # flame, moon, diamond and halves without a symbol
    assert Counter(h % KINDS for h in FULL_LOWER_BAG) == Counter(h % KINDS for h in FULL_UPPER_BAG)
    state = new_state(4)
    assert len(state.token_holder) == 4  # 4 double-sided ash tokens
    assert sorted(state.phoenix) == [0, 1, 2, 3]  # 4 phoenix boards, one colour each
    assert all(len(p) == 2 * SLOTS for p in state.plumage)


@pytest.mark.parametrize(("players", "nests"), [(2, [None, 0, 0, 1, 1]), (3, [None, 0, 1, 2]), (4, [None, 0, 1, 2, 3])])
def test_phx02_one_nest_above_each_phoenix_two_with_two_players_and_one_in_the_centre(players, nests):
    view = new_state(players).view(0)
    assert [nest["owner"] for nest in view["nests"]] == nests
    assert view["nests"][0]["nest"] == "centre"
    per = 2 if players == 2 else 1
    assert all(len(p["nests"]) == per for p in view["phoenixes"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_phx03_each_nest_starts_with_two_lower_and_two_upper_halves_drawn_at_random(players):
    deals = set()
    for seed in range(12):
        state = new_state(players, seed=seed)
        view = state.view(None)
        for nest in view["nests"]:
            assert len(nest["lower"]) == 2 and len(nest["upper"]) == 2
        on_nests = len(view["nests"])
        assert sum(view["bags"]["lower"].values()) == 42 - 2 * on_nests
        assert sum(view["bags"]["upper"].values()) == 42 - 2 * on_nests
        deals.add(str([(n["lower"], n["upper"]) for n in view["nests"]]))
    assert len(deals) == 12


def holdings(state):
    """{seat: sorted white numbers of the tokens it holds}."""
    held: dict[int, list[int]] = {}
    for token in state.view(None)["tokens"]:
        held.setdefault(token["holder"], []).append(token["token"])
    return {seat: sorted(tokens) for seat, tokens in held.items()}


def test_phx04_four_players_get_one_token_each_at_random():
    seen = set()
    for seed in range(30):
        held = holdings(new_state(4, seed=seed))
        assert sorted(held) == [0, 1, 2, 3] and sorted(t for ts in held.values() for t in ts) == [1, 2, 3, 4]
        seen.add(tuple(held[s][0] for s in range(4)))
    assert len(seen) > 10


def test_phx04_three_players_use_tokens_1_2_and_3():
    seen = set()
    for seed in range(30):
        state = new_state(3, seed=seed)
        held = holdings(state)
        assert sorted(t for ts in held.values() for t in ts) == [1, 2, 3]
        assert all(len(ts) == 1 for ts in held.values())
        assert [t["token"] for t in state.view(0)["tokens"]] == [1, 2, 3]  # token 4/5 stays in the box
        seen.add(tuple(held[s][0] for s in range(3)))
    assert len(seen) == 6


def test_phx04_two_players_one_holds_tokens_1_and_4_the_other_2_and_3():
    firsts: Counter[int] = Counter()
    for seed in range(30):
        held = holdings(new_state(2, seed=seed))
        assert sorted(held.values()) == [[1, 4], [2, 3]]
        firsts[0 if held[0] == [1, 4] else 1] += 1
    assert firsts[0] > 5 and firsts[1] > 5  # who holds 1 and 4 is random


@pytest.mark.parametrize("players", [2, 3, 4])
def test_phx05_all_tokens_are_white_side_up_in_the_first_round(players):
    view = new_state(players, seed=4).view(0)
    assert all(t["side"] == "white" and t["showing"] == t["token"] for t in view["tokens"])


def test_phoenix_boards_are_given_at_random():
    colours = Counter(tuple(new_state(2, seed=seed).phoenix) for seed in range(40))
    assert len(colours) > 6


def test_the_black_side_of_each_token_shows_9_minus_its_white_number():
    """The rulebook calls the 3-player game's unused token "token 4/5"."""
    assert [TOKEN_VALUE[BLACK][t] for t in range(4)] == [8, 7, 6, 5]
    assert [TOKEN_VALUE[WHITE][t] for t in range(4)] == [new_state(4).token_value(t) for t in range(4)] == [1, 2, 3, 4]
