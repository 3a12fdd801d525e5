"""Command ``strength``: every agent against every other, written into ``docs/strength.md``."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..agents import split_agent_list
from ..engine import PhoenixGamesError, get_spec
from ..sim.runner import check_agents
from ..sim.strength import DEFAULT_AGENTS, PAIRINGS, strength_markdown, strength_table, write_strength_doc
from .app import app
from .arguments import GameOptions
from .play import parse_options
from .simulate import _progress, _Refused, _whole_number
from .tournament import _fail


@app.command()
def strength(
    game: Annotated[str, typer.Argument(help="The game (phoenixgames list shows them).")],
    games: Annotated[str, typer.Option("--games", "-g", metavar="G", help="Games per pairing (even).")] = "400",
    agents: Annotated[str, typer.Option("--agents", "-a", metavar="A,B,...", help="Agents, weakest first.")] = ",".join(
        DEFAULT_AGENTS
    ),
    seed: Annotated[str, typer.Option("--seed", "-s", metavar="S", help="Seed of every pairing.")] = "1",
    pairings: Annotated[
        str,
        typer.Option(
            "--pairings", metavar="WHICH", help="all, or adjacent: each agent against the one listed before it."
        ),
    ] = "all",
    workers: Annotated[str, typer.Option("--workers", "-w", metavar="K", help="Local processes.")] = "1",
    doc: Annotated[Path, typer.Option("--doc", metavar="FILE", help="The document to update.")] = Path(
        "docs/strength.md"
    ),
    results: Annotated[
        Path | None,
        typer.Option(
            "--results",
            metavar="DIR",
            help="Keep each pairing's games in a results file in DIR; run the same command again to resume.",
        ),
    ] = None,
    option: GameOptions = None,
) -> None:
    """Play every pairing of the agents (two players, seats swapped) and write the table into --doc."""
    try:
        get_spec(game)
        n_games = _whole_number("--games", games, 2)
        if n_games % 2:
            raise _Refused(f"--games must be even, so that each agent starts half the games, not {n_games}")
        run_seed = _whole_number("--seed", seed, 0)
        n_workers = _whole_number("--workers", workers, 1)
        specs = check_agents(split_agent_list(agents))
        if len(specs) < 2:
            raise _Refused("name at least two agents to compare")
        options = parse_options(option or [])
        if pairings not in PAIRINGS:
            raise _Refused(f"--pairings must be one of {', '.join(PAIRINGS)}, not {pairings!r}")
    except (_Refused, PhoenixGamesError) as exc:
        _fail(str(exc))
    command = f"phoenixgames strength {game} --games {n_games} --agents {shlex.quote(','.join(specs))} " + (
        f"--seed {run_seed} --workers {n_workers}"
    )
    if pairings != "all":
        command += f" --pairings {pairings}"
    if results is not None:
        command += f" --results {shlex.quote(str(results))}"
    command += "".join(f" --option {shlex.quote(o)}" for o in option or [])
    err = Console(stderr=True)
    with _progress(err) as bar:
        task = bar.add_task("", total=n_games)

        def next_pairing(first: str, second: str) -> None:
            bar.reset(task, total=n_games, description=f"{first} vs {second}")

        def resumed(count: int) -> None:
            bar.advance(task, min(count, n_games))

        try:
            played = strength_table(
                game,
                specs,
                n_games,
                run_seed,
                n_workers,
                options,
                lambda _line: bar.advance(task),
                next_pairing,
                pairings,
                results,
                resumed,
            )
        except PhoenixGamesError as exc:
            bar.stop()
            _fail(str(exc))
    key = game if pairings == "all" else f"{game}-{pairings}"
    title = game if pairings == "all" else f"{game}: {pairings} pairings"
    section = strength_markdown(game, specs, played, command, title)
    write_strength_doc(doc, key, section)
    typer.echo(section)
    typer.echo(f"written: {doc}")


__all__ = ["strength"]
