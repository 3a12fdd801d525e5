"""Ctrl-C stops a long run with several workers at the first press: within seconds, in one line,
without a traceback, and the games already finished stay in the results file."""

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
    "simulate": ["simulate", "schatz", "--players", "4", "--agents", SLOW, "--games", "400"],
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
#: Seconds the command may take to stop after Ctrl-C.
STOPS_WITHIN = 5.0


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
            if command == "simulate" and time.monotonic() > deadline - 52:
                break
            if command != "simulate" and any(f.exists() and f.stat().st_size for f in _results(tmp_path, command)):
                break
            time.sleep(0.2)
        assert process.poll() is None, "the run ended before it could be interrupted"
        before = sum(len(read_results(f)) for f in _results(tmp_path, command))
        pressed = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group: workers too
        out, err = process.communicate(timeout=30)
        took = time.monotonic() - pressed
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert took < STOPS_WITHIN, f"stopping took {took:.1f} s"
    assert "Traceback" not in err + out
    assert "stopped at Ctrl-C" in err and len([line for line in err.splitlines() if "Error" in line]) == 1
    files = _results(tmp_path, command)
    if command != "simulate":
        kept = sum(len(read_results(f)) for f in files)
        assert kept >= before and kept >= 1, "the finished games were lost"
