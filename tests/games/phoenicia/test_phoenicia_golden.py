"""Golden playthroughs: recorded games whose every view must stay as it was when they were written.

A failure means the game now deals, plays or shows something differently. If that change is meant,
write the files again with ``python tests/games/phoenicia/make_golden.py``.
"""

import json

import pytest

import phoenixgames as pg

from .make_golden import GAMES, GOLDEN, step_digests


def golden(name):
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_golden_playthrough_replays_with_the_same_views(name):
    data = golden(name)
    record = data["record"]
    players, seed, _, options = GAMES[name]
    assert (record["players"], record["seed"]) == (players, seed)
    state = pg.new_game("phoenicia", players=players, seed=seed, **record["options"])
    assert state.options == {"preset_cards": False, "first_game_auctions": False, **options}
    assert len(data["steps"]) == len(record["actions"]) + 1
    assert step_digests(state) == data["steps"][0], "the deal changed"
    for number, (action, expected) in enumerate(zip(record["actions"], data["steps"][1:], strict=True), 1):
        state.apply(action)
        assert step_digests(state) == expected, f"the views differ after action {number} ({action})"
    assert state.is_over
    assert state.scores == data["scores"] and state.winners == data["winners"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_golden_record_replays_to_the_same_result(name):
    data = golden(name)
    state = pg.replay(data["record"])
    assert state.is_over and state.scores == data["scores"]
    assert state.record == data["record"]
