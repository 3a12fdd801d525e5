"""Tournaments: balanced seats, a results file that resumes, and the same games on every backend."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import phoenixgames as pg
from phoenixgames.sim.tournament import (
    TIMING,
    BadResultsFile,
    Tournament,
    comparable,
    play_all,
    read_results,
    run_tournament,
    tournament_seating,
)

AGENTS = ["greedy", "random", "ismcts:iterations=10"]


def comparable_file(path: Path) -> list[dict]:
    return [comparable(line) for line in read_results(path)]


@pytest.mark.parametrize(("agents", "players"), [(3, 4), (2, 2), (3, 2), (5, 3), (4, 4)])
def test_seats_are_balanced_over_a_full_cycle(agents, players):
    names = [f"a{i}" for i in range(agents)]
    cycle = agents if agents <= players else players * math.comb(agents, players)
    counts = Counter(
        (spec, seat) for i in range(cycle) for seat, spec in enumerate(tournament_seating(names, players, i))
    )
    assert len(set(counts.values())) == 1
    assert {spec for spec, _ in counts} == set(names)


def test_with_more_agents_than_seats_nobody_plays_against_itself():
    names = ["a", "b", "c", "d"]
    for index in range(24):
        seats = tournament_seating(names, 2, index)
        assert len(set(seats)) == 2


@pytest.mark.parametrize("game", pg.games())
def test_each_line_holds_the_game_it_played(game, tmp_path):
    players = pg.get_spec(game).min_players
    plan = Tournament.checked(game, players, ["greedy", "random"], seed=4)
    lines = run_tournament(plan, 3, tmp_path / "r.jsonl")
    assert read_results(tmp_path / "r.jsonl") == lines
    for index, line in enumerate(lines):
        assert line["index"] == index
        assert line["seats"] == plan.seating(index)
        state = pg.replay(line["record"])
        assert state.is_over and state.scores == line["scores"] and state.winners == line["winners"]
        assert line["length"] == len(state.history)
        assert sum(line[TIMING]["decisions"]) == line["length"]


def test_a_resumed_run_writes_the_file_of_a_run_straight_through(tmp_path):
    plan = Tournament.checked("schatz", 3, AGENTS, seed=8)
    straight = tmp_path / "straight.jsonl"
    run_tournament(plan, 9, straight)
    stopped = tmp_path / "stopped.jsonl"
    run_tournament(plan, 4, stopped)
    with stopped.open("a") as handle:  # killed while writing the fifth game
        handle.write(json.dumps(comparable(read_results(straight)[4]))[:150])
    seen: list[int] = []
    run_tournament(plan, 9, stopped, resume=True, on_resume=seen.append)
    assert seen == [4]
    assert comparable_file(stopped) == comparable_file(straight)


def test_a_tournament_killed_halfway_resumes_to_the_same_results(tmp_path):
    """A real process killed with SIGKILL in the middle of a run, then resumed from the command line."""
    args = ["tournament", "schatz", "--players", "2", "--agents", "ismcts:iterations=40,greedy", "--games", "16"]
    command = [sys.executable, "-c", "from phoenixgames.cli import main; main()", *args, "--seed", "3"]
    stopped = tmp_path / "stopped.jsonl"
    process = subprocess.Popen([*command, "--out", str(stopped)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not stopped.exists() or stopped.read_text().count("\n") < 3):
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    found = stopped.read_text().count("\n")
    assert 3 <= found < 16, "the run should have been killed halfway"
    subprocess.run([*command, "--out", str(stopped), "--resume"], check=True, capture_output=True)
    straight = tmp_path / "straight.jsonl"
    subprocess.run([*command, "--out", str(straight)], check=True, capture_output=True)
    assert comparable_file(stopped) == comparable_file(straight)
    assert len(read_results(stopped)) == 16


def test_a_file_of_another_tournament_is_not_resumed(tmp_path):
    path = tmp_path / "r.jsonl"
    run_tournament(Tournament.checked("schatz", 2, ["greedy", "random"], seed=1), 2, path)
    with pytest.raises(BadResultsFile, match="another tournament"):
        run_tournament(Tournament.checked("schatz", 2, ["greedy", "random"], seed=2), 4, path, resume=True)
    with pytest.raises(BadResultsFile, match="--resume"):
        run_tournament(Tournament.checked("schatz", 2, ["greedy", "random"], seed=1), 4, path)


def test_a_damaged_line_in_the_middle_is_refused(tmp_path):
    path = tmp_path / "r.jsonl"
    run_tournament(Tournament.checked("schatz", 2, ["greedy", "random"], seed=1), 3, path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(lines[0] + "not json\n" + lines[2])
    with pytest.raises(BadResultsFile, match="line 2"):
        read_results(path)


@pytest.mark.slow
def test_one_worker_two_workers_and_ray_play_the_same_games():
    """Local processes and a local Ray cluster of 2 CPUs give exactly the lines of one process."""
    plan = Tournament.checked("schatz", 3, AGENTS, seed=6)
    one = [comparable(line) for line in play_all(plan, 10)]
    two = [comparable(line) for line in play_all(plan, 10, workers=2)]
    ray = [comparable(line) for line in play_all(plan, 10, workers=2, backend="ray")]
    assert two == one
    assert ray == one


def test_a_game_the_safety_cap_ended_is_marked_and_counted(tmp_path):
    from phoenixgames.sim.analysis import analyse

    plan = Tournament.checked("phoenicia", 3, "random", 4, {"round_cap": 2})
    lines = run_tournament(plan, 3, tmp_path / "r.jsonl")
    assert [line["truncated"] for line in lines] == [True, True, True]
    assert analyse(read_results(tmp_path / "r.jsonl"))["truncated"] == {"games": 3, "share": 1.0}
    uncapped = run_tournament(Tournament.checked("phoenicia", 3, "random", 4), 2, tmp_path / "u.jsonl")
    assert [line["truncated"] for line in uncapped] == [False, False]
