"""Phoenix's parameters: each changes what it names, everywhere the rules use it."""

import json
import random
from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenix import SPEC
from phoenixgames.games.phoenix.components import (
    DATA,
    DIAMOND,
    FLAME,
    FULL_LOWER_BAG,
    HALF_TYPES,
    KIND_COLOUR,
    KIND_SYMBOL,
    KINDS,
    LOWER,
    MOON,
    NO_SYMBOL,
    RAINBOW,
    SLOTS,
)
from phoenixgames.games.phoenix.heuristic import greedy_action
from phoenixgames.games.phoenix.metrics import metrics
from phoenixgames.games.phoenix.parameters import PARAMETERS
from phoenixgames.games.phoenix.phases import EMPTY
from phoenixgames.games.phoenix.scoring import PRINTED, points, score_plumage

from .helpers import new_state, play_random


def _half(colour: int, symbol: int, position: int = LOWER) -> int:
    return next(h.id for h in HALF_TYPES if h.position == position and h.colour == colour and h.symbol == symbol)


def test_there_are_at_least_ten_parameters_each_with_its_printed_value_from_the_data_file():
    assert len(PARAMETERS) >= 10 and SPEC.parameters is PARAMETERS
    by_name = {p.name: p for p in PARAMETERS}
    assert (by_name["rounds_2p"].default, by_name["rounds_4p"].default) == (8, 16)
    assert by_name["mirror_bonus"].default == DATA["scoring"]["mirror"] == 5
    assert by_name["rainbow_halves"].default == 6 and by_name["rainbow_halves"].source == "assumed"
    assert by_name["flame_points"].source == "rulebook"


@pytest.mark.parametrize(("players", "rounds"), [(2, 3), (3, 5), (4, 1)])
def test_a_game_lasts_the_rounds_of_its_player_count(players, rounds):
    state = new_state(players, 2, params={f"rounds_{players}p": rounds})
    assert state.view(None)["rounds"] == rounds
    play_random(state, random.Random(1))
    assert state.round == rounds
    per_round = len(state.tokens)
    assert len(state.history) == rounds * per_round
    assert metrics(state)["rounds"] == rounds
    halves = sum(half != EMPTY for plumage in state.plumage for half in plumage)
    assert halves == rounds * per_round
    other = 2 if players != 2 else 3
    assert (
        new_state(players, 2, params={f"rounds_{other}p": 1}).rounds
        == DATA["game"]["rounds_two_players" if players == 2 else "rounds"]
    )


def test_the_bags_hold_the_halves_the_parameters_say():
    params = {"flame_halves": 3, "rainbow_halves": 10, "plain_halves": 4}
    state = new_state(4, 1, params=params)
    held = Counter(state.lower_bag) + Counter(h for nest in state.nests for h in nest if h < KINDS)
    for kind in range(KINDS):
        wanted = 10 if KIND_COLOUR[kind] == RAINBOW else {FLAME: 3, MOON: 2, NO_SYMBOL: 4}.get(KIND_SYMBOL[kind], 3)
        assert held[kind] == wanted
    assert sum(held.values()) == len(FULL_LOWER_BAG) + 4 * 2 + 4 + 4 * 1
    state._check()


def test_every_scoring_value_is_read_from_the_parameters():
    params = {
        "own_colour_feather": 9,
        "other_colour_feather": 7,
        "rainbow_feather": 20,
        "mixed_feather": 1,
        "flame_points": 6,
        "moon_points": 5,
        "diamond_points": 4,
        "mirror_bonus": 11,
    }
    state = new_state(2, 1, params=params)
    own = state.phoenix[0]
    other = next(c for c in range(RAINBOW) if c != own)
    plumage = [EMPTY] * (2 * SLOTS)
    # slot 1: own colour, flame below and moon above; slot 8 (facing it): the same colours, a mirror
    plumage[0], plumage[SLOTS + 0] = _half(own, FLAME), _half(own, MOON, 1)
    plumage[7], plumage[SLOTS + 7] = _half(own, NO_SYMBOL), _half(own, NO_SYMBOL, 1)
    plumage[1], plumage[SLOTS + 1] = _half(other, DIAMOND), _half(other, NO_SYMBOL, 1)  # other colour, a diamond
    plumage[2], plumage[SLOTS + 2] = _half(RAINBOW, NO_SYMBOL), _half(RAINBOW, NO_SYMBOL, 1)
    plumage[3], plumage[SLOTS + 3] = _half(own, NO_SYMBOL), _half(other, NO_SYMBOL, 1)  # mixed
    score = score_plumage(plumage, own, points(state.rules))
    assert score.colours == 9 + 9 + 7 + 20 + 1
    assert score.symbols == 6 + 5 + 4
    assert score.mirrors == 11
    shown = state.view(None)["score_values"]
    assert shown["mirror"] == 11 and shown["feathers"]["rainbow"] == 20 and shown["symbols"]["moon"] == 5
    play_random(state, random.Random(2))
    for seat in range(2):
        expected = score_plumage(state.plumage[seat], state.phoenix[seat], points(state.rules)).total
        assert state.scores[seat] == expected == state.view(None)["phoenixes"][seat]["score"]["total"]
    printed = [score_plumage(state.plumage[seat], state.phoenix[seat], PRINTED).total for seat in range(2)]
    assert printed != state.scores


def test_the_greedy_player_reads_the_scoring_values():
    # with rainbow feathers worth nothing and symbols worth much, greedy games take fewer rainbow halves
    def rainbow_taken(params: dict[str, int]) -> int:
        total = 0
        for seed in range(6):
            state = new_state(3, seed, params=params)
            rng = random.Random(seed)
            while not state.is_over:
                state.apply(greedy_action(state, rng))
            total += int(sum(metrics(state)["rainbow_halves_taken"]))
        return total

    assert rainbow_taken({"rainbow_feather": 0, "flame_points": 6}) < rainbow_taken({"rainbow_feather": 24})


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"rounds_2p": 9}, "parameter 'rounds_2p' takes a whole number from 1 to 8, not 9"),
        ({"rainbow_halves": 5}, "parameter 'rainbow_halves' takes a whole number from 6 to 12, not 5"),
        ({"mirror_bonus": -1}, "parameter 'mirror_bonus' takes a whole number from 0 to 12, not -1"),
        ({"rounds": 8}, "phoenix has no parameter 'rounds'"),
    ],
)
def test_a_bad_value_is_refused_with_one_line_naming_the_parameter_and_its_range(params, message):
    with pytest.raises(pg.GameSetupError) as refused:
        pg.new_game("phoenix", 2, seed=1, params=params)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_a_game_with_parameters_saves_loads_and_replays_exactly_and_its_record_carries_them():
    params = {"rounds_3p": 10, "mirror_bonus": 9, "moon_halves": 4}
    state = play_random(new_state(3, 7, params=params), random.Random(7))
    record = state.record
    assert record["params"] == dict(sorted(params.items()))
    replayed = pg.replay(json.loads(json.dumps(record)))
    assert replayed.scores == state.scores and replayed.rules == state.rules
    middle = play_random(new_state(3, 7, params=params), random.Random(7), until=lambda s: len(s.history) >= 13)
    loaded = pg.load_game(middle.to_json())
    assert loaded.rules == middle.rules and loaded.view(0) == middle.view(0)
    copy = pg.load_game(middle.copy(perspective=1).to_json())
    assert copy.rules == middle.rules and copy.view(1) == middle.view(1)
    assert "params" not in new_state(3, 7, params={"mirror_bonus": 5}).record


@pytest.mark.parametrize("bound", ["minimum", "maximum"])
def test_random_and_greedy_games_at_every_parameters_bound_end_and_keep_the_invariants(bound):
    params = {p.name: getattr(p, bound) for p in PARAMETERS}
    for players in (2, 3, 4):
        for chooser in ("random", "greedy"):
            state = new_state(players, 3, params=params)
            rng = random.Random(players)
            while not state.is_over:
                legal = state.legal_actions()
                assert legal
                state.apply(rng.choice(legal) if chooser == "random" else greedy_action(state, rng))
                state._check()
            assert len(state.history) <= SPEC.max_decisions(players, {}, state.rules)
            low, high = SPEC.score_range(players, {}, state.rules)
            assert all(low <= s <= high for s in state.scores)
            copy = pg.load_game(state.copy(perspective=0).to_json())
            assert copy.view(0) == state.view(0)


def test_the_rules_page_lists_every_parameter_as_the_game_declares_it():
    from pathlib import Path

    page = (Path(__file__).parents[3] / "docs" / "rules" / "phoenix.md").read_text(encoding="utf-8")
    assert "## Parameters" in page
    for p in PARAMETERS:
        assert f"| `{p.name}` | {p.default} | {p.range_text} | {p.source} | {p.help} |" in page, p.name
