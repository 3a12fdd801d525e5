"""``phoenixgames simulate``: the summary, JSON that does not change, workers, and refused arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

SMALL = ["simulate", "schatz", "--games", "12", "--seed", "4"]


def test_json_is_the_same_bytes_every_time_and_carries_no_timing(run):
    first = run(*SMALL, "--json")
    second = run(*SMALL, "--json")
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["games"] == 12 and data["players"] == 4 and data["seed"] == 4
    assert data["rotation"] == ["greedy", "random"]
    assert [a["agent"] for a in data["agents"]] == ["greedy", "random"]
    assert len(data["seats"]) == 4
    assert not any(word in first.stdout for word in ("elapsed", "games/s", "seconds"))


def test_two_workers_print_exactly_what_one_worker_prints(run):
    one = run(*SMALL, "--json", "--workers", "1")
    two = run(*SMALL, "--json", "--workers", "2")
    assert two.exit_code == 0, two.output
    assert two.stdout == one.stdout


def test_json_does_not_depend_on_the_process_or_its_hash_seed(run):
    expected = run(*SMALL, "--json").stdout
    command = [sys.executable, "-c", "from phoenixgames.cli import main; main()", *SMALL, "--json"]
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout == expected


def test_the_table_shows_agents_seats_first_player_advantage_length_and_speed(run):
    result = run(*SMALL, "--agents", "random,greedy", "--players", "3")
    assert result.exit_code == 0, result.output
    for words in ("Agents", "95% interval", "Seats", "First player advantage", "Game length", "games/s"):
        assert words in result.stdout
    assert "12/12" in result.stderr  # the progress bar goes to standard error


def test_options_and_the_player_count_reach_the_games(run):
    result = run(*SMALL, "--json", "--players", "2", "--option", "wild_colour=none")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 2 and data["options"] == {"wild_colour": "none"}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nosuch"], "no game called 'nosuch'"),
        (["schatz", "--players", "9"], "2 to 6 players"),
        (["schatz", "--players", "four"], "--players must be a whole number"),
        (["schatz", "--games", "0"], "--games must be 1 or more"),
        (["schatz", "--workers", "0"], "--workers must be 1 or more"),
        (["schatz", "--seed", "-1"], "--seed must be 0 or more"),
        (["schatz", "--agents", "greedy,wizard"], "choose from greedy, ismcts, random"),
        (["schatz", "--agents", "human"], "choose from greedy, ismcts, random"),
        (["schatz", "--option", "wild_colour"], "--option takes name=value"),
        (["schatz", "--option", "colour=red"], "no option 'colour'"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(run, args, words):
    result = run("simulate", *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and words in lines[0]


def test_a_simulation_says_how_many_games_the_safety_cap_ended(run):
    capped = run(
        "simulate", "phoenicia", "-p", "3", "-g", "6", "-a", "random", "--seed", "2", "--option", "round_cap=3"
    )
    assert capped.exit_code == 0, capped.output
    assert "Ended by the safety cap on their length, not by the rules: 6 games (100.0%)" in capped.stdout
    data = json.loads(
        run("simulate", "phoenicia", "-p", "3", "-g", "6", "-a", "random", "--seed", "2", "--json").stdout
    )
    assert data["truncated"] == {"games": 0, "share": 0.0}


def test_a_simulation_without_a_seed_draws_one_and_prints_it(run):
    result = run("simulate", "schatz", "-p", "2", "-g", "2", "--json")
    assert result.exit_code == 0, result.output
    seed = json.loads(result.stdout)["seed"]
    assert seed >= 2**20 and f"seed {seed} (drawn at random" in result.stderr
    again = run("simulate", "schatz", "-p", "2", "-g", "2", "--json", "--seed", str(seed))
    assert again.stdout == result.stdout


def _stopped_after(finished: int):
    """``run_games`` as it goes when Ctrl-C is pressed after ``finished`` games."""
    from phoenixgames.sim import run_games

    def stopped(*args, progress=None, **kwargs):
        for result in run_games(*args, **{**kwargs, "workers": 1})[:finished]:
            progress(result)
        raise KeyboardInterrupt

    return stopped


def test_ctrl_c_keeps_the_finished_games_in_a_summary_and_says_how_many_it_covers(run, monkeypatch):
    monkeypatch.setattr("phoenixgames.cli.simulate.run_games", _stopped_after(5))
    result = run(*SMALL, "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["games"] == 5 and data["stopped"] == {"games_asked": 12, "games_finished": 5}
    assert result.stderr.splitlines()[-1] == (  # below the progress bar, stopped at 5 of 12
        "Error: stopped at Ctrl-C after 5 of 12 games: the summary is of those 5 (the same command plays them all)"
    )
    shown = run(*SMALL)
    assert shown.exit_code == 130 and "5 games, 4 players" in shown.stdout


def test_ctrl_c_before_any_game_finished_says_so(run, monkeypatch):
    monkeypatch.setattr("phoenixgames.cli.simulate.run_games", _stopped_after(0))
    result = run(*SMALL)
    assert result.exit_code == 130 and "before any game was finished" in result.stderr


def test_the_summary_is_of_the_games_in_game_order_whatever_order_they_finish_in(run, monkeypatch):
    from phoenixgames.cli import simulate as simulate_command

    expected = run(*SMALL, "--json").stdout
    play = simulate_command.run_games

    def finishing_last_first(*args, progress=None, **kwargs):  # as several workers may finish them
        results = play(*args, **kwargs)
        for result in reversed(results):
            progress(result)
        return results

    monkeypatch.setattr(simulate_command, "run_games", finishing_last_first)
    assert run(*SMALL, "--json").stdout == expected
