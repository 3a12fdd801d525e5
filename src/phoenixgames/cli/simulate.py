"""The ``simulate`` command: many games between agents, and what they say about the agents and seats.

The progress bar goes to standard error, so standard output holds only the summary. ``--json`` prints
the summary as JSON without any timing: the same command prints the same bytes, whatever ``--workers``.
"""

from __future__ import annotations

import json
import time
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ..engine import PhoenixGamesError, get_spec
from ..sim import Summary, check_run, run_games, simulation_agents, summarise
from .app import app
from .arguments import GameOptions
from .play import default_players, parse_options

#: Exit status for arguments that cannot run, as for any other usage error.
USAGE_ERROR = 2

#: The player count used when none is given, if the game allows it.


class _Refused(Exception):
    """An argument that cannot run; its text is the one-line message shown."""


def _whole_number(name: str, text: str, smallest: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise _Refused(f"{name} must be a whole number, not {text!r}") from None
    if value < smallest:
        raise _Refused(f"{name} must be {smallest} or more, not {value}")
    return value


def _run_numbers(game: str, players: str | None, games: str, seed: str, workers: str) -> tuple[int, int, int, int]:
    """(players, games, seed, workers) of a run, checked: the game must exist, each number be in range."""
    get_spec(game)
    n_players = default_players(game) if players is None else _whole_number("--players", players, 1)
    return (
        n_players,
        _whole_number("--games", games, 1),
        _whole_number("--seed", seed, 0),
        _whole_number("--workers", workers, 1),
    )


class _GamesPerSecond(ProgressColumn):
    """Games finished per second, over the last few seconds."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("? games/s" if speed is None else f"{speed:,.0f} games/s", style="progress.data.speed")


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _GamesPerSecond(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _signed_percent(value: float) -> str:
    return f"{100 * value:+.1f}%"


def _interval(bounds: tuple[float, float], signed: bool = False) -> str:
    show = _signed_percent if signed else _percent
    return f"{show(bounds[0])} to {show(bounds[1])}"


def render_summary(summary: Summary, seed: int, rotation: list[str], elapsed: float, console: Console) -> None:
    """Print the summary as tables, with the time the games took."""
    title = get_spec(summary.game).title
    options = ", ".join(f"{k}={v}" for k, v in sorted(summary.options.items()))
    console.print(
        f"[bold]{title}[/bold]: {summary.games:,} games, {summary.players} players, "
        f"agents {','.join(rotation)} in rotation, seed {seed}" + (f", options {options}" if options else "")
    )
    agents = Table(title="Agents", title_justify="left")
    for heading in ("agent", "seated", "wins", "win rate", "95% interval", "mean score", "std"):
        agents.add_column(heading, justify="left" if heading == "agent" else "right")
    for a in summary.agents:
        agents.add_row(
            a.agent,
            f"{a.seated:,}",
            f"{a.wins:,.1f}",
            _percent(a.win_rate),
            _interval(a.win_rate_ci95),
            f"{a.mean_score:.1f}",
            f"{a.score_std:.1f}",
        )
    console.print(agents)
    seats = Table(title="Seats", title_justify="left")
    for heading in ("seat", "win rate", "95% interval", "mean score"):
        seats.add_column(heading, justify="right")
    for s in summary.seats:
        seats.add_row(str(s.seat), _percent(s.win_rate), _interval(s.win_rate_ci95), f"{s.mean_score:.1f}")
    console.print(seats)
    length = summary.length
    console.print(
        f"First player advantage: {_signed_percent(summary.first_player_advantage)} over the fair "
        f"{_percent(1 / summary.players)} (95% interval {_interval(summary.first_player_advantage_ci95, True)})"
    )
    console.print(f"Game length: {length.mean:.1f} ± {length.std:.1f} actions (from {length.min} to {length.max})")
    console.print(f"Shared victories: {summary.shared_victories:,} games ({_percent(summary.shared_victory_share)})")
    rate = summary.games / elapsed if elapsed > 0 else float("inf")
    console.print(f"Time: {elapsed:.2f} s, {rate:,.0f} games/s")


def summary_json(summary: Summary, seed: int, rotation: list[str]) -> str:
    """The summary as JSON text (sorted keys, indented): no timing, so the same games print the same."""
    data: dict[str, Any] = summary.to_dict()
    data["seed"] = seed
    data["rotation"] = rotation
    return json.dumps(data, sort_keys=True, indent=2)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game to simulate (phoenixgames list shows them).")],
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            help="Players per game (default: 4, or the game's minimum if 4 cannot play).",
        ),
    ] = None,
    games: Annotated[str, typer.Option("--games", "-g", metavar="G", help="How many games to play.")] = "1000",
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="A,B,...",
            help="Agents taking the seats in rotation, so each sits in every seat equally often "
            f"(agents: {', '.join(simulation_agents())}).",
        ),
    ] = "greedy,random",
    seed: Annotated[str, typer.Option("--seed", "-s", metavar="S", help="Seed of the whole run.")] = "1",
    workers: Annotated[
        str, typer.Option("--workers", "-w", metavar="K", help="Local processes to play on (same results).")
    ] = "1",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON, without timing.")] = False,
    option: GameOptions = None,
) -> None:
    """Play many games between agents and report win rates, seat advantage and game length."""
    try:
        n_players, n_games, run_seed, n_workers = _run_numbers(game, players, games, seed, workers)
        options = parse_options(option or [])
        rotation = check_run(game, n_players, n_games, agents, run_seed, options, n_workers)
    except (_Refused, PhoenixGamesError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(USAGE_ERROR) from None

    started = time.perf_counter()
    try:
        with _progress(Console(stderr=True)) as bar:
            task = bar.add_task(f"{game} x{n_players}", total=n_games)
            results = run_games(
                game,
                n_players,
                n_games,
                rotation,
                run_seed,
                options,
                workers=n_workers,
                progress=lambda _result: bar.advance(task),
                keep_records=False,
            )
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(130) from None
    elapsed = time.perf_counter() - started
    summary = summarise(results)
    if as_json:
        typer.echo(summary_json(summary, run_seed, rotation))
    else:
        render_summary(summary, run_seed, rotation, elapsed, Console())


__all__ = ["render_summary", "simulate", "summary_json"]
