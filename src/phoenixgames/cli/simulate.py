"""The ``simulate`` command: many games between agents, and what they say about the agents and seats.

The progress bar goes to standard error, so standard output holds only the summary. ``--json`` prints
the summary as JSON without any timing: the same command prints the same bytes, whatever ``--workers``.
Ctrl-C keeps the games already finished: their summary is printed, and a line on standard error says
how many of the games asked for it covers (exit status 130).
"""

from __future__ import annotations

import json
import time
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..engine import PhoenixGamesError, get_spec
from ..sim import MatchResult, Summary, check_run, run_games, simulation_agents, summarise
from .app import app
from .arguments import (
    DEFAULT_GAMES,
    GameArgument,
    GameOptions,
    GameParams,
    changed_params_text,
    games_option,
    parse_options,
    parse_params,
    players_option,
    run_numbers,
    run_seed,
    say_drawn_seed,
    seed_option,
    workers_option,
)
from .progress import pace, progress_bar
from .render import INTERRUPTED, fail, interval, percent, seat_number, signed_percent


def render_summary(summary: Summary, seed: int, rotation: list[str], elapsed: float, console: Console) -> None:
    """Print the summary as tables, with the time the games took."""
    title = get_spec(summary.game).title
    options = ", ".join(f"{k}={v}" for k, v in sorted(summary.options.items()))
    console.print(
        f"[bold]{title}[/bold]: {summary.games:,} games, {summary.players} players, "
        f"agents {','.join(rotation)} in rotation, seed {seed}"
        + (f", options {options}" if options else "")
        + (f", parameters changed: {changed_params_text(summary.params)}" if summary.params else "")
    )
    agents = Table(title="Agents", title_justify="left")
    for heading in ("agent", "seated", "wins", "win rate", "95% interval", "mean score", "std"):
        agents.add_column(heading, justify="left" if heading == "agent" else "right")
    for a in summary.agents:
        agents.add_row(
            a.agent,
            f"{a.seated:,}",
            f"{a.wins:,.1f}",
            percent(a.win_rate),
            interval(a.win_rate_ci95),
            f"{a.mean_score:.1f}",
            f"{a.score_std:.1f}",
        )
    console.print(agents)
    seats = Table(title="Seats", title_justify="left")
    for heading in ("seat", "win rate", "95% interval", "mean score"):
        seats.add_column(heading, justify="right")
    for s in summary.seats:
        seats.add_row(str(seat_number(s.seat)), percent(s.win_rate), interval(s.win_rate_ci95), f"{s.mean_score:.1f}")
    console.print(seats)
    length = summary.length
    console.print(
        f"First player advantage: {signed_percent(summary.first_player_advantage)} over the fair "
        f"{percent(1 / summary.players)} (95% interval {interval(summary.first_player_advantage_ci95, True)})"
    )
    console.print(f"Game length: {length.mean:.1f} ± {length.std:.1f} actions (from {length.min} to {length.max})")
    console.print(f"Shared victories: {summary.shared_victories:,} games ({percent(summary.shared_victory_share)})")
    if summary.truncated:
        console.print(
            f"Ended by the safety cap on their length, not by the rules: {summary.truncated:,} games "
            f"({percent(summary.truncated / summary.games)})"
        )
    console.print(f"Time: {elapsed:.2f} s, {pace(summary.games, elapsed)}")


def summary_json(summary: Summary, seed: int, rotation: list[str], asked: int | None = None) -> str:
    """The summary as JSON text (sorted keys, indented): no timing, so the same games print the same.
    ``asked``: the games asked for, of a run stopped before they were all played (``stopped``, then)."""
    data: dict[str, Any] = summary.to_dict()
    data["seed"] = seed
    data["rotation"] = rotation
    if asked is not None:
        data["stopped"] = {"games_asked": asked, "games_finished": summary.games}
    return json.dumps(data, sort_keys=True, indent=2)


@app.command()
def simulate(
    game: GameArgument,
    players: Annotated[str | None, players_option()] = None,
    games: Annotated[str, games_option()] = str(DEFAULT_GAMES),
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
    seed: Annotated[str | None, seed_option("the whole run")] = None,
    workers: Annotated[str, workers_option()] = "1",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON, without timing.")] = False,
    option: GameOptions = None,
    param: GameParams = None,
) -> None:
    """Play many games between agents and report win rates, seat advantage and game length."""
    try:
        n_players, n_games, n_workers = run_numbers(game, players, games, workers)
        the_seed, drawn = run_seed(seed)
        options = parse_options(option or [])
        params = parse_params(param or [])
        rotation = check_run(game, n_players, n_games, agents, the_seed, options, n_workers, params)
    except PhoenixGamesError as exc:
        fail(str(exc))
    if drawn:
        say_drawn_seed(the_seed)
    started = time.perf_counter()
    finished: list[MatchResult] = []
    stopped = False
    try:
        with progress_bar(Console(stderr=True)) as bar:
            task = bar.add_task(f"{game} x{n_players}", total=n_games)

            def done(result: MatchResult) -> None:
                finished.append(result)
                bar.advance(task)

            # The games in game order, once all are played: the order they finish in on several workers
            # varies, and the summary (which agent it lists first, its sums) must not.
            finished = run_games(
                game,
                n_players,
                n_games,
                rotation,
                the_seed,
                options,
                workers=n_workers,
                progress=done,
                keep_records=False,
                params=params,
            )
    except KeyboardInterrupt:
        stopped = True
    elapsed = time.perf_counter() - started
    if not finished:
        fail("stopped at Ctrl-C before any game was finished: there is nothing to summarise", code=INTERRUPTED)
    summary = summarise(finished)
    if as_json:
        typer.echo(summary_json(summary, the_seed, rotation, asked=n_games if stopped else None))
    else:
        render_summary(summary, the_seed, rotation, elapsed, Console())
    if stopped:
        fail(
            f"stopped at Ctrl-C after {len(finished):,} of {n_games:,} games: the summary is of those "
            f"{len(finished):,} (the same command plays them all)",
            code=INTERRUPTED,
        )


__all__ = ["render_summary", "simulate", "summary_json"]
