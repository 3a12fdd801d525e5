"""The progress bar of long runs tells the true rate and time left, measured over the whole run."""

from __future__ import annotations

import io

from rich.console import Console

from phoenixgames.cli.progress import RESUMED, GameRate, TimeLeft, progress_bar


def _task(completed: int, total: int, elapsed: float, resumed: int = 0):
    bar = progress_bar(Console(file=io.StringIO()))
    task_id = bar.add_task("games", total=total, **{RESUMED: resumed})
    bar.update(task_id, completed=completed)
    task = bar.tasks[0]
    task.start_time, task.stop_time = 0.0, elapsed  # elapsed is measured from start to stop
    return task


def test_a_burst_of_games_gives_the_rate_of_the_whole_run_and_the_time_it_leaves():
    task = _task(completed=8, total=24, elapsed=80.0)  # eight games after 80 s, reported at once
    assert GameRate().render(task).plain == "10.0 s/game"
    assert TimeLeft().render(task).plain == "time left 0:02:40"


def test_fast_games_are_counted_per_second():
    task = _task(completed=300, total=1000, elapsed=2.0)
    assert GameRate().render(task).plain == "150.0 games/s"
    assert TimeLeft().render(task).plain == "time left 0:00:05"


def test_games_found_already_played_do_not_count_toward_the_rate():
    task = _task(completed=60, total=100, elapsed=10.0, resumed=50)  # 10 games played here in 10 s
    assert GameRate().render(task).plain == "1.0 games/s"
    assert TimeLeft().render(task).plain == "time left 0:00:40"


def test_before_the_first_game_the_rate_is_unknown():
    task = _task(completed=0, total=10, elapsed=3.0)
    assert GameRate().render(task).plain == "? games/s"
    assert TimeLeft().render(task).plain == "time left ?"


def test_a_run_of_slow_games_ends_with_their_pace_not_zero_games_a_second():
    from phoenixgames.cli.progress import pace

    assert pace(20, 400.6) == "20.0 s/game"
    assert pace(3000, 1.5) == "2,000.0 games/s"
