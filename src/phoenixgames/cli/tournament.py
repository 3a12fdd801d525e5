"""Commands ``tournament`` and ``report``: games between agents into a results file, and its report.

``tournament`` appends each finished game to the results file as one JSON line, so a run that is
stopped (Ctrl-C, a crash, a lost machine) continues with ``--resume`` and loses nothing. The
progress bar goes to standard error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..engine import PhoenixGamesError
from ..sim import simulation_agents
from ..sim.analysis import analyse
from ..sim.backends import BACKENDS
from ..sim.tournament import Tournament, check_results_path, read_results, run_tournament
from .app import app
from .arguments import (
    DEFAULT_GAMES,
    GameArgument,
    GameOptions,
    GameParams,
    Refused,
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
from .file_kinds import results_file
from .progress import progress_bar, resumed_fields
from .render import INTERRUPTED, fail, percent


def print_standings(data: dict[str, Any], console: Console) -> None:
    """Win rates and ratings of a tournament's agents, as a table."""
    changed = data.get("params_changed") or {}
    title = f"{data['game']}: {data['games']:,} games, {data['players']} players"
    if changed:
        title += f", parameters changed: {changed_params_text(changed)}"
    table = Table(title=title, title_justify="left")
    for heading in ("agent", "seated", "win rate", "95% interval", "mean score", "rating", "s/decision"):
        table.add_column(heading, justify="left" if heading == "agent" else "right")
    for a in sorted(data["agents"], key=lambda a: -a["rating"]["mu"]):
        low, high = a["win_rate_ci95"]
        table.add_row(
            a["agent"],
            f"{a['seated']:,}",
            percent(a["win_rate"]),
            f"{percent(low)} to {percent(high)}",
            f"{a['mean_score']:.1f}",
            f"{a['rating']['mu']:.1f} ± {1.96 * a['rating']['sigma']:.1f}",
            f"{a['seconds_per_decision']:.4f}",
        )
    console.print(table)


@app.command()
def tournament(
    game: GameArgument,
    out: Annotated[Path, typer.Option("--out", "-O", metavar="FILE", help="Results file (JSON Lines), appended to.")],
    players: Annotated[str | None, players_option()] = None,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="A,B,...",
            help=f"Agent specs, rotated through the seats (agents: {', '.join(simulation_agents())}; "
            "like ismcts:iterations=2000).",
        ),
    ] = "greedy,random",
    games: Annotated[str, games_option()] = str(DEFAULT_GAMES),
    seed: Annotated[str | None, seed_option("the whole tournament; with --resume, the file's")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the games already in --out.")] = False,
    workers: Annotated[str, workers_option("Local processes, or Ray CPUs, to play on (the same results)")] = "1",
    backend: Annotated[
        str, typer.Option("--backend", metavar="NAME", help=f"Where games run: {' or '.join(BACKENDS)}.")
    ] = "local",
    address: Annotated[
        str | None, typer.Option("--address", metavar="ADDR", help="Ray cluster address (default: start one here).")
    ] = None,
    option: GameOptions = None,
    param: GameParams = None,
) -> None:
    """Play a tournament between agents; every finished game is appended to the results file."""
    try:
        n_players, n_games, n_workers = run_numbers(game, players, games, workers)
        if backend not in BACKENDS:
            raise Refused(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")
        if address is not None and backend != "ray":
            raise Refused("--address names a Ray cluster: use it with --backend ray")
        check_results_path(out, resume)
        found = resumed_seed(out) if resume and seed is None else None
        the_seed, drawn = (found, False) if found is not None else run_seed(seed)
        plan = Tournament.checked(
            game, n_players, agents, the_seed, parse_options(option or []), parse_params(param or [])
        )
    except PhoenixGamesError as exc:
        fail(str(exc))
    if drawn:
        say_drawn_seed(the_seed)

    err = Console(stderr=True)
    try:
        with progress_bar(err) as bar:
            task = bar.add_task(f"{game} x{n_players}", total=n_games)

            def on_resume(count: int) -> None:
                if count:
                    bar.update(task, completed=min(count, n_games), **resumed_fields(min(count, n_games)))
                    bar.console.print(f"resuming: {count:,} games already in {out}")

            lines = run_tournament(
                plan,
                n_games,
                out,
                resume=resume,
                workers=n_workers,
                backend=backend,
                address=address,
                progress=lambda _line: bar.advance(task),
                on_resume=on_resume,
            )
    except PhoenixGamesError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail(
            f"stopped at Ctrl-C: the finished games are in {out}; give the same command with --resume to continue",
            code=INTERRUPTED,
        )
    print_standings(analyse(lines), Console())
    typer.echo(f"results: {out}")


def resumed_seed(out: Path) -> int | None:
    """The seed of the tournament whose games are in ``out`` (``None`` if it holds none yet)."""
    if not out.exists() or out.stat().st_size == 0:
        return None
    lines = read_results(out)
    return lines[0]["tournament"]["seed"] if lines else None


@app.command()
def report(
    results: Annotated[Path, typer.Argument(metavar="RESULTS", help="A results file written by 'tournament'.")],
    out: Annotated[
        Path, typer.Option("--out", "-O", metavar="DIR", help="Folder for report.html and its plots.")
    ] = Path("report"),
) -> None:
    """Write an HTML report with plots (and the same numbers as JSON) from a tournament's results."""
    from ..sim.report import write_report

    try:
        lines = read_results(results_file(results))
        paths = write_report(lines, out)
    except PhoenixGamesError as exc:
        fail(str(exc))
    typer.echo(f"report: {paths['html']}")
    typer.echo(f"numbers: {paths['json']}")


__all__ = ["print_standings", "report", "tournament"]
