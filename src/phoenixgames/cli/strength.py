"""Command ``strength``: every agent against every other, printed, or written into a document.

Without ``--out`` the table is printed and nothing is written; ``--out FILE`` puts the table's section
into FILE, leaving its other sections as they are (``make strength`` writes ``docs/strength.md`` so),
and ``--json FILE`` its entry into a JSON document (``docs/strength.json``); with both, a summary of
the difficulty ladder between ``<!-- ladder-summary -->`` markers in the document is made again from
the JSON document (:mod:`phoenixgames.sim.ladder`). ``--players N`` plays
each pairing at N seats: the first agent in one, the second in the rest, the first moving one seat on
every game.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..agents import level_specs, split_agent_list
from ..engine import PhoenixGamesError, get_spec, start_game
from ..sim.ladder import write_ladder_summary
from ..sim.runner import check_agents
from ..sim.strength import (
    DEFAULT_AGENTS,
    PAIRINGS,
    strength_entry,
    strength_markdown,
    strength_table,
    write_strength_doc,
    write_strength_json,
)
from .app import app
from .arguments import (
    GameArgument,
    GameOptions,
    GameParams,
    Refused,
    games_option,
    parse_options,
    parse_params,
    run_seed,
    say_drawn_seed,
    seed_option,
    whole_number,
    workers_option,
)
from .progress import progress_bar, resumed_fields
from .render import INTERRUPTED, fail


@app.command()
def strength(
    game: GameArgument,
    games: Annotated[str, games_option("Games per pairing (a multiple of the players)")] = "400",
    agents: Annotated[str, typer.Option("--agents", "-a", metavar="A,B,...", help="Agents, weakest first.")] = ",".join(
        DEFAULT_AGENTS
    ),
    seed: Annotated[str | None, seed_option("every pairing")] = None,
    pairings: Annotated[
        str,
        typer.Option(
            "--pairings", metavar="WHICH", help="all, or adjacent: each agent against the one listed before it."
        ),
    ] = "all",
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", metavar="N", help="Seats of each game, the first agent in one (default 2)."),
    ] = None,
    workers: Annotated[str, workers_option()] = "1",
    out: Annotated[
        Path | None,
        typer.Option("--out", "-O", metavar="FILE", help="Put the table into this document (default: only print it)."),
    ] = None,
    results: Annotated[
        Path | None,
        typer.Option(
            "--results",
            metavar="DIR",
            help="Keep each pairing's games in a results file in DIR; run the same command again to resume.",
        ),
    ] = None,
    json_out: Annotated[
        Path | None,
        typer.Option("--json", metavar="FILE", help="Put the table's entry into this JSON document too."),
    ] = None,
    option: GameOptions = None,
    param: GameParams = None,
) -> None:
    """Play every pairing of the agents (the first in one seat, seats rotated); print the table, or put it
    into --out."""
    try:
        get_spec(game)
        n_players = 2 if players is None else whole_number("--players", players, 2)
        n_games = whole_number("--games", games, 2)
        if n_players == 2 and n_games % 2:
            raise Refused(f"--games must be even, so that each agent starts half the games, not {n_games}")
        if n_games % n_players:
            raise Refused(
                f"--games must be a multiple of --players ({n_players}), so that the first agent of a pairing "
                f"sits in every seat equally often, not {n_games}"
            )
        the_seed, drawn = run_seed(seed)
        n_workers = whole_number("--workers", workers, 1)
        specs = check_agents(split_agent_list(agents))
        if len(specs) < 2:
            raise Refused("name at least two agents to compare")
        options = parse_options(option or [])
        params = parse_params(param or [])
        start_game(game, n_players, 0, options, params)  # the options and parameters, checked before any game
        if pairings not in PAIRINGS:
            raise Refused(f"--pairings must be one of {', '.join(PAIRINGS)}, not {pairings!r}")
    except PhoenixGamesError as exc:
        fail(str(exc))
    command = f"phoenixgames strength {game} --games {n_games} --agents {shlex.quote(','.join(specs))} " + (
        f"--seed {the_seed} --workers {n_workers}"
    )
    if players is not None:
        command += f" --players {n_players}"
    if pairings != "all":
        command += f" --pairings {pairings}"
    if results is not None:
        command += f" --results {shlex.quote(str(results))}"
    command += "".join(f" --option {shlex.quote(o)}" for o in option or [])
    command += "".join(f" --param {shlex.quote(o)}" for o in param or [])
    if out is not None:
        command += f" --out {shlex.quote(str(out))}"
    if json_out is not None:
        command += f" --json {shlex.quote(str(json_out))}"
    if drawn:
        say_drawn_seed(the_seed)
    try:
        with progress_bar(Console(stderr=True)) as bar:
            task = bar.add_task("", total=n_games)

            def next_pairing(first: str, second: str) -> None:
                bar.reset(task, total=n_games, description=f"{first} vs {second}", **resumed_fields(0))

            def resumed(count: int) -> None:
                bar.update(task, advance=min(count, n_games), **resumed_fields(min(count, n_games)))

            played = strength_table(
                game,
                specs,
                n_games,
                the_seed,
                n_workers,
                options,
                lambda _line: bar.advance(task),
                next_pairing,
                pairings,
                results,
                resumed,
                n_players,
                params=params,
            )
    except PhoenixGamesError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        if results is None:
            fail("stopped at Ctrl-C; nothing was kept (--results DIR keeps the games of a run)", code=INTERRUPTED)
        fail(f"stopped at Ctrl-C: the finished games are in {results}; to resume, run: {command}", code=INTERRUPTED)
    # A table made with --players is kept by its players and agents too, so that a ladder can be played
    # in parts; one without keeps the key of the two-player tables made before the option.
    at = "" if players is None else f"-{n_players}p-" + ",".join(specs)
    key = (game if pairings == "all" else f"{game}-{pairings}") + at
    title = game if pairings == "all" else f"{game}: {pairings} pairings"
    if players is not None:
        title = f"{game}, {n_players} players: {', '.join(specs)}" + ("" if pairings == "all" else f", {pairings}")
    section = strength_markdown(game, specs, played, command, title)
    typer.echo(section)
    for path in (out, json_out):
        if path is None:
            continue
        try:
            if path is out:
                write_strength_doc(path, key, section)
            else:
                entry = strength_entry(game, played, command, level_specs(game))
                write_strength_json(path, f"{game}-{n_players}p", entry)
        except (OSError, ValueError) as exc:
            fail(f"cannot write {path}: {getattr(exc, 'strerror', None) or exc}", code=1)
        typer.echo(f"written: {path}")
    if out is not None and json_out is not None:
        try:
            if write_ladder_summary(out, json_out):
                typer.echo(f"written: the ladder's summary in {out}")
        except (OSError, ValueError) as exc:
            fail(f"cannot write the ladder's summary in {out}: {getattr(exc, 'strerror', None) or exc}", code=1)


__all__ = ["strength"]
