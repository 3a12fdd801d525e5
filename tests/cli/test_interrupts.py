"""Ctrl-C stops a long run with several workers at the first press: in one line, without a traceback,
and the games already finished stay in the results file (``simulate``: in the summary printed).

How soon it stops is not timed here (a loaded machine would make any bound fail): the pool is ended at
once (``terminate``), which ``sim/backends.py`` does, and a run that did not stop would not end before
the generous limit of ``communicate``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from phoenixgames.sim.tournament import read_results

SLOW = "ismcts:iterations=100,greedy"
RUNS = {
    "simulate": ["simulate", "schatz", "--players", "4", "--agents", "greedy,random", "--games", "400000"],
    "tournament": ["tournament", "schatz", "--players", "4", "--agents", SLOW, "--games", "400", "--out", "r.jsonl"],
    "strength": [
        "strength",
        "schatz",
        "--agents",
        "greedy,ismcts:iterations=100",
        "--games",
        "400",
        "--results",
        "kept",
    ],
}


def _results(folder: Path, command: str) -> list[Path]:
    if command == "tournament":
        return [folder / "r.jsonl"]
    return sorted((folder / "kept").glob("*.jsonl"))


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(RUNS))
def test_ctrl_c_stops_a_run_with_two_workers_at_once(command: str, tmp_path: Path):
    args = [sys.executable, "-c", "from phoenixgames.cli import main; main()", *RUNS[command], "--workers", "2"]
    process = subprocess.Popen(
        [*args, "--seed", "3"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job is
    )
    try:
        deadline = time.monotonic() + 60
        files = _results(tmp_path, command)
        # Wait until the run is well under way: games finished (where kept) or a few seconds in.
        while time.monotonic() < deadline and process.poll() is None:
            if command == "simulate" and time.monotonic() > deadline - 45:  # some chunks of games done
                break
            if command != "simulate" and any(f.exists() and f.stat().st_size for f in _results(tmp_path, command)):
                break
            time.sleep(0.2)
        assert process.poll() is None, "the run ended before it could be interrupted"
        before = sum(len(read_results(f)) for f in _results(tmp_path, command))
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group: workers too
        out, err = process.communicate(timeout=120)  # a hang, not a speed: the run stops at the first press
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert "Traceback" not in err + out
    assert "stopped at Ctrl-C" in err and len([line for line in err.splitlines() if "Error" in line]) == 1
    files = _results(tmp_path, command)
    if command != "simulate":
        kept = sum(len(read_results(f)) for f in files)
        assert kept >= before and kept >= 1, "the finished games were lost"
    else:
        assert "of 400,000 games: the summary is of those" in err and "Agents" in out, err
