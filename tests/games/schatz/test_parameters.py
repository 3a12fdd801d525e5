"""Schatz des Phönix's parameters: each changes what it should, bad values and sets the box cannot deal
are refused in one line, games with them save, load and replay exactly, and the metrics add up."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.schatz.components import CARD_TYPES, DATA, LARGE_TEN
from phoenixgames.games.schatz.parameters import PARAMETERS
from phoenixgames.games.schatz.state import SchatzState

BY_NAME = {p.name: p for p in PARAMETERS}


def game(players: int = 3, seed: int = 1, **params: int) -> SchatzState:
    state = pg.new_game("schatz", players, seed=seed, params=params)
    assert isinstance(state, SchatzState)
    return state


def played(players: int = 3, seed: int = 1, **params: int) -> SchatzState:
    state = game(players, seed, **params)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
    return state


def every_card(state: SchatzState) -> Counter[int]:
    places = [*state.hands, state.deck, state.discards, *state.sides, [state.face_up] if state.face_up >= 0 else []]
    return Counter(card for place in places for card in place)


def test_the_parameters_are_declared_from_the_data_file_with_their_sources():
    assert len(PARAMETERS) >= 10
    assert pg.get_spec("schatz").parameters is PARAMETERS
    assert BY_NAME["rounds"].default == DATA["game"]["rounds"] == 3
    assert BY_NAME["hand_size"].default == DATA["game"]["hand_size"] == 5
    assert BY_NAME["large_token_value"].default == DATA["large_treasure"]["value"] == 10
    assert BY_NAME["tokens_7"].default == 4 and BY_NAME["tokens_7"].source == "assumed"
    assert BY_NAME["x2_copies"].default == 2 and BY_NAME["x2_copies"].source == "rulebook"
    assert {p.source for p in PARAMETERS} <= {"rulebook", "reference", "assumed"}


def test_fewer_rounds_end_the_game_sooner():
    state = played(3, 2, rounds=2)
    assert state.round == 2 and state.view(pg.PUBLIC)["rounds"] == 2
    assert sum(len(won) for won in state.won) == 2 * (3 * 2 + 1)  # two rounds of three nests, two tokens each
    assert played(3, 2).round == 3


def test_the_hand_size_deals_and_keeps_that_many_cards():
    state = game(4, 1, hand_size=7)
    assert [len(hand) for hand in state.hands] == [7] * 4
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # laid and drawn: the hand is full again
    assert len(state.hands[0]) == 7


def test_the_deck_make_up_follows_the_copies():
    state = game(3, 1, x2_copies=0, seven_copies=3, wild_copies=1)
    cards = every_card(state)
    kinds: Counter[tuple[str, int]] = Counter()
    for card, count in cards.items():
        kinds[(CARD_TYPES[card].kind, CARD_TYPES[card].value)] += count
    assert kinds[("x2", 0)] == 0 and kinds[("number", 7)] == 5 * 3
    assert kinds[("wild", 2)] == 1 and kinds[("wild", 3)] == 1 and kinds[("number", 4)] == 5 * 2
    assert len(state.deck) + 3 * 5 + 1 == sum(cards.values()) == 69 - 10 + 10 - 2


def test_the_treasure_tokens_follow_their_counts_and_value():
    state = played(3, 3, tokens_10=0, tokens_2=8, large_token_value=4)
    everywhere = Counter(state.supply + [t for won in state.won for t in won])
    assert everywhere[10] == 0 and everywhere[2] == 8 and everywhere[LARGE_TEN] == 3
    large_taker = next(seat for seat, won in enumerate(state.won) if LARGE_TEN in won)
    small = sum(t for t in state.won[large_taker] if t != LARGE_TEN)
    assert state.scores[large_taker] == small + 4 * state.won[large_taker].count(LARGE_TEN)


def test_extra_nest_tokens_put_more_tokens_in_each_nest_up_to_a_seat_less_than_the_players():
    more = {"tokens_5": 8, "tokens_6": 8, "tokens_7": 5}  # 45 small tokens: three rounds of three nests of five
    assert [len(tokens) for tokens in game(6, 1, extra_nest_tokens=1, **more).nest_tokens] == [5, 5, 6]
    with pytest.raises(pg.GameSetupError, match="the nests need 45 small treasure tokens, but .* make 36"):
        game(6, 1, extra_nest_tokens=1)
    assert [len(tokens) for tokens in game(4, 1, extra_nest_tokens=2).nest_tokens] == [3, 3, 4]
    assert [len(tokens) for tokens in game(4, 1, extra_nest_tokens=-1).nest_tokens] == [2, 2, 3]
    played(4, 1, extra_nest_tokens=-1)


@pytest.mark.parametrize(
    ("players", "params", "message"),
    [
        (3, {"rounds": 4}, "parameter 'rounds' takes a whole number from 1 to 3, not 4"),
        (3, {"tokens_10": 5}, "parameter 'tokens_10' takes a whole number from 0 to 4, not 5"),
        (3, {"x2_copies": -1}, "parameter 'x2_copies' takes a whole number from 0 to 4, not -1"),
        (6, {"hand_size": 8}, "hand_size 8 the deck needs at least 85 equipment cards"),
        (6, {"tokens_9": 0}, "the nests need 36 small treasure tokens, but tokens_2 to tokens_10 make 32 (tokens_9 0)"),
    ],
)
def test_a_bad_value_is_refused_in_one_line_naming_the_parameter(players, params, message):
    with pytest.raises(pg.GameSetupError) as refused:
        pg.new_game("schatz", players, seed=1, params=params)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_a_game_with_parameters_saves_loads_and_replays_exactly():
    params = {"hand_size": 4, "tokens_3": 7, "large_token_value": 8, "x2_copies": 1}
    state = played(4, 5, **params)
    assert state.record["params"] == dict(sorted(params.items()))
    assert pg.load_game(state.to_json()).to_json() == state.to_json()
    assert pg.replay(state.record).to_json() == state.to_json()
    middle = game(4, 5, **params)
    for _ in range(20):
        middle.apply(middle.legal_actions()[0])
    seat_copy = middle.copy(perspective=2)
    assert pg.load_game(seat_copy.to_json()).to_json() == seat_copy.to_json()
    assert "params" not in game(4, 5).record


def test_the_metrics_add_up_to_the_scores():
    state = played(4, 6)
    figures = pg.get_spec("schatz").metrics(state)
    assert figures["rounds"] == 3
    for seat, score in enumerate(state.scores):
        assert sum(figures[f"points_nest_{k}"][seat] for k in (1, 2, 3)) == score
        assert sum(figures[f"points_round_{k}"][seat] for k in (1, 2, 3)) == score
    assert sum(figures["nests_won"]) == 9
    assert sum(figures["large_tokens"]) == 3
    assert figures["winning_combo"] > 0
    short = pg.get_spec("schatz").metrics(played(4, 6, rounds=1, large_token_value=3))
    assert short["rounds"] == 1 and short["points_round_2"] == [0.0] * 4
    assert sum(short["large_tokens"]) == 1
