"""``run_games``: seeds, seat rotation, worker processes and the arguments it refuses."""

from __future__ import annotations

from collections import Counter

import pytest

from phoenixgames import GameSetupError
from phoenixgames.agents import BadAgentSpec
from phoenixgames.sim import BadSimulation, MatchResult, game_seed, play_match, run_games, seating


def test_seat_rotation_puts_every_agent_in_every_seat_equally_often():
    agents = ["a", "b", "c"]
    counts = Counter((spec, seat) for i in range(12) for seat, spec in enumerate(seating(agents, 4, i)))
    assert set(counts.values()) == {4}
    assert len(counts) == 3 * 4


def test_seat_s_of_game_i_gets_agent_s_plus_i_modulo_the_number_of_agents():
    assert seating(["greedy", "random"], 3, 0) == ["greedy", "random", "greedy"]
    assert seating(["greedy", "random"], 3, 1) == ["random", "greedy", "random"]
    assert seating(["a", "b", "c"], 2, 2) == ["c", "a"]


def test_each_game_is_the_match_its_index_defines():
    results = run_games("schatz", 3, 4, ["greedy", "random"], seed=5)
    for i, result in enumerate(results):
        assert result.seed == game_seed(5, i)
        assert result.agents == seating(["greedy", "random"], 3, i)
        assert result.to_dict() == play_match("schatz", result.agents, result.seed).to_dict()


def test_rotation_is_balanced_in_a_real_run():
    results = run_games("schatz", 2, 4, "greedy,random", seed=1)
    seats = Counter((spec, seat) for r in results for seat, spec in enumerate(r.agents))
    assert seats == {("greedy", 0): 2, ("greedy", 1): 2, ("random", 0): 2, ("random", 1): 2}


def test_two_workers_give_exactly_the_results_of_one():
    one = run_games("schatz", 4, 20, ["greedy", "random"], seed=3)
    two = run_games("schatz", 4, 20, ["greedy", "random"], seed=3, workers=2)
    assert [r.to_dict() for r in two] == [r.to_dict() for r in one]


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_is_called_once_per_finished_game(workers):
    seen: list[MatchResult] = []
    results = run_games("schatz", 2, 7, ["random"], seed=2, workers=workers, progress=seen.append)
    assert sorted(r.seed for r in seen) == sorted(r.seed for r in results)
    assert len(seen) == 7


def test_agent_names_are_tidied_and_a_string_is_split_on_commas():
    results = run_games("schatz", 2, 1, " Greedy , RANDOM", seed=1)
    assert results[0].agents == ["greedy", "random"]


def test_without_records_the_actions_are_dropped_and_the_rest_kept():
    result = run_games("schatz", 2, 1, ["random"], seed=1, keep_records=False)[0]
    assert "actions" not in result.record
    assert result.record["seed"] == result.seed and result.record["players"] == 2


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"game": "nosuch"}, GameSetupError, "no game called 'nosuch'"),
        ({"players": 7}, GameSetupError, "2 to 6 players"),
        ({"players": 1}, GameSetupError, "2 to 6 players"),
        ({"agents": ["greedy", "clever"]}, BadAgentSpec, "choose from greedy, ismcts, random"),
        ({"agents": ["human"]}, BadAgentSpec, "choose from greedy, ismcts, random"),
        ({"agents": []}, BadAgentSpec, "no agents"),
        ({"agents": "greedy,,random"}, BadAgentSpec, "empty agent name"),
        ({"agents": ["greedy:depth=2"]}, BadAgentSpec, "takes no settings"),
        ({"games": 0}, BadSimulation, "number of games"),
        ({"workers": 0}, BadSimulation, "number of workers"),
        ({"seed": -1}, BadSimulation, "seed"),
        ({"options": {"colour": "red"}}, GameSetupError, "no option 'colour'"),
        ({"options": {"wild_colour": "red"}}, GameSetupError, "'any', 'none'"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_message(kwargs, error, words):
    args = {"game": "schatz", "players": 4, "games": 2, "agents": ["greedy", "random"], "seed": 1} | kwargs
    with pytest.raises(error, match=words):
        run_games(**args)
