"""The progress bar of long runs (``simulate``, ``tournament``, ``strength``), on standard error.

Its rate and time left are measured over the whole run so far, games played here only (not those a
resumed run found already played): games finish in bursts when workers report several at once, and
a rate over the last few seconds would swing from zero to many times the truth.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn
from rich.text import Text

#: The task field that holds how many of its games were found already played.
RESUMED = "resumed"


def _played_here(task: Task) -> tuple[float, float]:
    """(games played by this run, seconds it has run) for ``task``."""
    return task.completed - task.fields.get(RESUMED, 0), task.elapsed or 0.0


def pace(games: float, seconds: float) -> str:
    """How fast ``games`` took ``seconds``: games per second, or seconds per game when games are slow."""
    if games <= 0 or seconds <= 0:
        return "? games/s"
    rate = games / seconds
    return f"{rate:,.1f} games/s" if rate >= 1 else f"{seconds / games:,.1f} s/game"


class GameRate(ProgressColumn):
    """Games per second over the run so far, or seconds per game when games are slow."""

    def render(self, task: Task) -> Text:
        return Text(pace(*_played_here(task)), style="progress.data.speed")


class TimeLeft(ProgressColumn):
    """The time the games left will take at the rate so far."""

    def render(self, task: Task) -> Text:
        played, seconds = _played_here(task)
        left = (task.total or 0) - task.completed
        if task.finished or left <= 0:
            return Text("done", style="progress.remaining")
        if played <= 0 or seconds <= 0:
            return Text("time left ?", style="progress.remaining")
        remaining = round(left * seconds / played)
        hours, rest = divmod(remaining, 3600)
        return Text(f"time left {hours}:{rest // 60:02d}:{rest % 60:02d}", style="progress.remaining")


def progress_bar(console: Console) -> Progress:
    """A progress bar for a run of games: count, true rate, time left, time spent."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GameRate(),
        TimeLeft(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )


def resumed_fields(count: int) -> dict[str, Any]:
    """The field of a progress task that counts games done before this run (not counted in its pace)."""
    return {RESUMED: count}


__all__ = ["RESUMED", "resumed_fields", "GameRate", "TimeLeft", "progress_bar"]
