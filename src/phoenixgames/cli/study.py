"""The ``study`` command: a game played under many settings of its options and parameters, and what each
setting did (a sweep of every combination, a search with Optuna, or the balance of the printed game).

Everything goes into one folder (``--out``, by default ``study-GAME``): ``results.jsonl`` (one line a
game, resumed with ``--resume``), ``study.html`` with its plots, ``study.json``, and the games as
``games.csv``/``games.parquet``. The progress bar goes to standard error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..engine import PhoenixGamesError, get_spec
from ..engine.options import resolve_options
from ..engine.parameters import resolve_params
from ..sim import simulation_agents
from ..sim.backends import BACKENDS, backend_session
from ..sim.search import Objective, Range, run_search
from ..sim.study import Setting, Study, StudyFile, play_settings, run_sweep, typed_text, typed_value
from ..sim.study_report import setting_label, study_data, write_study_report
from ..sim.tournament import Tournament, read_results
from .app import app
from .arguments import (
    DEFAULT_GAMES,
    GameArgument,
    GameOptions,
    GameParams,
    Refused,
    games_option,
    parse_options,
    parse_params,
    players_of,
    players_option,
    run_seed,
    say_drawn_seed,
    seed_option,
    whole_number,
    workers_option,
)
from .progress import progress_bar, resumed_fields
from .render import INTERRUPTED, fail

RESULTS = "results.jsonl"


def parse_vary(game: str, pairs: list[str]) -> list[tuple[str, list[Any]]]:
    """``--vary name=A,B,C`` as (name, typed values), each checked by the game."""
    vary = []
    for pair in pairs:
        name, sep, values = pair.partition("=")
        name = name.strip().lower()
        if not sep or not name or not values.strip():
            raise Refused(f"--vary takes name=A,B,C (like vp_goal=28,32,36), not {pair!r}")
        vary.append((name, [typed_value(game, name, value.strip()) for value in values.split(",")]))
    return vary


def parse_width(text: str | None) -> float | None:
    """``--until-width``: a share (0.05) or points (5%)."""
    if text is None:
        return None
    raw = text.strip()
    try:
        width = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise Refused(f"--until-width is an interval's width, like 0.05 or 5%, not {text!r}") from None
    if not 0 < width < 1:
        raise Refused(f"--until-width must lie between 0 and 1 (or 0% and 100%), not {text!r}")
    return width


def fixed_values(game: str, options: dict[str, Any], params: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The study's own options and parameters, typed (as the results file keeps them)."""
    spec = get_spec(game)
    resolved = resolve_options(spec.options, options, spec.name)
    return {name: resolved[name] for name in options}, resolve_params(spec.parameters, params, spec.name)


def settings_table(data: dict[str, Any]) -> Table:
    names = [v["name"] for v in data["varied"]]
    table = Table(title=f"{data['title']}: {len(data['settings'])} settings", title_justify="left")
    for heading in ["players", *names, "games", "first player wins", "95% interval", "fair", "rounds", "decisions"]:
        table.add_column(heading, justify="left" if heading in names else "right")
    for row in data["settings"]:
        f = row["figures"]
        first = f["turn_positions"][0]
        low, high = first["ci95"]
        rounds = f["figures"].get("rounds", {}).get("mean")
        decisions = f["figures"].get("decisions", {}).get("mean")
        table.add_row(
            str(row["players"]),
            *[typed_text(row["values"][n]) for n in names],
            f"{f['games']:,}" + (" (early)" if row["stopped_early"] else ""),
            f"{100 * first['share']:.1f}%" + (" *" if first["significant"] else ""),
            f"{100 * low:.1f}-{100 * high:.1f}%",
            f"{100 * f['fair_share']:.1f}%",
            "" if rounds is None else f"{rounds:.1f}",
            "" if decisions is None else f"{decisions:.1f}",
        )
    table.caption = "* significant: the interval lies wholly above or below a fair share"
    return table


@app.command()
def study(
    game: GameArgument,
    players: Annotated[str | None, players_option()] = None,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="A,B,...",
            help=f"Agents rotated through the seats (agents: {', '.join(simulation_agents())}).",
        ),
    ] = "greedy",
    games: Annotated[str, games_option("Games a setting (a search: a trial)")] = str(DEFAULT_GAMES),
    seed: Annotated[str | None, seed_option("the study; with --resume, the file's")] = None,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary", metavar="NAME=A,B,C", help="Values of an option or parameter to play (repeat: every combination)."
        ),
    ] = None,
    until_width: Annotated[
        str | None,
        typer.Option(
            "--until-width",
            metavar="W",
            help="Stop a setting early once the 95% interval of the first player's win share is narrower (0.05 or 5%).",
        ),
    ] = None,
    search: Annotated[
        str | None,
        typer.Option(
            "--search",
            metavar="OBJECTIVE",
            help="Search with Optuna: 'minimise seat_advantage', 'target rounds=12', 'maximise win_share:greedy'.",
        ),
    ] = None,
    ranges: Annotated[
        list[str] | None,
        typer.Option("--range", metavar="NAME=LOW..HIGH", help="What a search may vary (or NAME=A,B,C); repeat."),
    ] = None,
    trials: Annotated[str, typer.Option("--trials", metavar="T", help="Trials of a search.")] = "20",
    balance: Annotated[
        bool, typer.Option("--balance", help="The printed game at every player count: seat advantage and more.")
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-O", metavar="DIR", help="Folder for results.jsonl and the report (default: study-GAME)."
        ),
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the games already in DIR/results.jsonl.")] = False,
    workers: Annotated[str, workers_option("Local processes, or Ray CPUs, to play on (the same results)")] = "1",
    backend: Annotated[
        str, typer.Option("--backend", metavar="NAME", help=f"Where games run: {' or '.join(BACKENDS)}.")
    ] = "local",
    address: Annotated[str | None, typer.Option("--address", metavar="ADDR", help="Ray cluster address.")] = None,
    option: GameOptions = None,
    param: GameParams = None,
) -> None:
    """Play GAME under many settings of its options and parameters (--vary, or --search with --range, or
    --balance) and write a report of what each did: seat advantage, length, lead changes and the game's
    own figures, with intervals."""
    try:
        spec = get_spec(game)
        folder = out if out is not None else Path(f"study-{spec.name}")
        results = folder / RESULTS
        n_games = whole_number("--games", games, 1)
        n_workers = whole_number("--workers", workers, 1)
        n_trials = whole_number("--trials", trials, 1)
        if backend not in BACKENDS:
            raise Refused(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")
        if address is not None and backend != "ray":
            raise Refused("--address names a Ray cluster: use it with --backend ray")
        if sum([bool(vary), search is not None, balance]) > 1:
            raise Refused("give one of --vary, --search and --balance")
        if ranges and search is None:
            raise Refused("--range is what a --search varies: give --search too")
        width = parse_width(until_width)
        if width is not None and search is not None:
            raise Refused("--until-width stops the settings of a sweep or of --balance, not a search's trials")
        n_players = players_of(spec.name, players)
        if resume and seed is None and results.exists() and results.stat().st_size:
            lines = read_results(results)
            the_seed, drawn = (lines[0]["tournament"]["seed"], False) if lines else run_seed(None)
        else:
            the_seed, drawn = run_seed(seed)
        options, params = fixed_values(spec.name, parse_options(option or []), parse_params(param or []))
        plan = Tournament.checked(
            spec.name, n_players if not balance else spec.min_players, agents, the_seed, options, params
        )
        the_study = Study(spec.name, n_players, plan.agents, the_seed, options, params)
        varied = parse_vary(spec.name, vary or [])
        objective = Objective.parse(search) if search is not None else None
        searched = [Range.parse(spec.name, text) for text in ranges or []]
        if objective is not None and not searched:
            raise Refused("a --search needs at least one --range NAME=LOW..HIGH to search")
    except PhoenixGamesError as exc:
        fail(str(exc))
    if drawn:
        say_drawn_seed(the_seed)
    err = Console(stderr=True)
    planned = n_games * (
        n_trials + 1 if objective is not None else len(spec.player_counts) if balance else _combinations(varied)
    )
    search_result = None
    try:
        with backend_session(backend, n_workers, address), progress_bar(err) as bar:
            task = bar.add_task(f"{spec.name} study", total=planned)

            def on_resume(count: int) -> None:
                if count:
                    bar.update(task, completed=min(count, planned), **resumed_fields(min(count, planned)))
                    bar.console.print(f"resuming: {count:,} games already in {results}")

            def progress(_setting: Setting, line: dict[str, Any] | None) -> None:
                if line is not None:
                    bar.advance(task)

            if objective is not None:
                file = StudyFile(results, resume)
                try:
                    on_resume(file.resumed)
                    search_result = run_search(
                        the_study,
                        objective,
                        searched,
                        n_trials,
                        n_games,
                        file,
                        workers=n_workers,
                        backend=backend,
                        address=address,
                        progress=progress,
                    )
                finally:
                    file.close()
                settings = [trial[0] for trial in search_result.trials]
                if search_result.confirm is not None:
                    settings.append(search_result.confirm)
                names = [r.name for r in searched]
            elif balance:
                settings = balance_settings(the_study)
                file = StudyFile(results, resume)
                try:
                    on_resume(file.resumed)
                    play_settings(
                        settings,
                        n_games,
                        file,
                        workers=n_workers,
                        backend=backend,
                        address=address,
                        until_width=width,
                        progress=progress,
                    )
                finally:
                    file.close()
                names = []
            else:
                settings = run_sweep(
                    the_study,
                    varied,
                    n_games,
                    results,
                    resume=resume,
                    workers=n_workers,
                    backend=backend,
                    address=address,
                    until_width=width,
                    progress=progress,
                    on_resume=on_resume,
                )
                names = [name for name, _values in varied]
            played = sum(len(setting.lines) for setting in settings)
            if played < planned:  # settings stopped early (--until-width): the bar ends where they did
                bar.update(task, total=played, completed=played)
    except PhoenixGamesError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail(
            f"stopped at Ctrl-C: the finished games are in {results}; give the same command with --resume to continue",
            code=INTERRUPTED,
        )
    try:
        data = study_data(the_study, settings, names, search_result, width)
        if balance:
            data["balance"] = True
        paths = write_study_report(data, settings, folder)
    except PhoenixGamesError as exc:
        fail(str(exc))
    console = Console()
    console.print(settings_table(data))
    for sentence in data["sentences"]:
        console.print(sentence, soft_wrap=True)
    if search_result is not None and "confirmed" in data["search"]:
        best, confirmed = data["search"]["best"], data["search"]["confirmed"]
        shown = Objective.parse(data["search"]["objective"]).shown(confirmed["figure"], confirmed["ci95"])
        console.print(
            f"Best for '{data['search']['objective']}': {setting_label(best['values'])} (trial {best['trial']}); "
            f"played again with fresh seeds: {shown} over {confirmed['games']:,} games",
            soft_wrap=True,
        )
    if balance:
        print_winning(data, console)
    needed = "; ".join(f"{100 * w['width']:g} points: {w['games']:,}" for w in data["games_for_width"])
    console.print(f"Games a setting needs for the first player's 95% interval to be {needed}", soft_wrap=True)
    typer.echo(f"results: {results}")
    typer.echo(f"report: {paths['html']}")
    typer.echo(f"tables: {paths['csv']}, {paths['parquet']}, {paths['settings']}")


def print_winning(data: dict[str, Any], console: Console) -> None:
    """The figures by seat that go with winning most strongly, and the games a safety cap ended."""
    found = []
    for row in data["settings"]:
        for name, figure in row["figures"]["figures"].items():
            r = figure.get("correlation_with_winning")
            if r is not None:
                found.append((abs(r), row["players"], name, figure))
    found.sort(key=lambda item: -item[0])
    if found:
        table = Table(title="What goes with winning (figures by seat)", title_justify="left")
        for heading in ("players", "figure", "correlation", "mean of winners", "mean of the others"):
            table.add_column(heading, justify="left" if heading == "figure" else "right")
        for _r, players, name, figure in found[:10]:
            table.add_row(
                str(players),
                name,
                f"{figure['correlation_with_winning']:+.3f}",
                str(figure["mean_of_winners"]),
                str(figure["mean_of_others"]),
            )
        console.print(table)
    capped = [f"{row['players']} players: {row['figures']['truncated']:,}" for row in data["settings"]]
    console.print("Games ended by a safety cap on their length, not by the rules: " + ", ".join(capped))


def _combinations(varied: list[tuple[str, list[Any]]]) -> int:
    count = 1
    for _name, values in varied:
        count *= len(values)
    return count


def balance_settings(study: Study) -> list[Setting]:
    """One setting at each player count the game allows, the game as the study sets it (as printed)."""
    spec = get_spec(study.game)
    settings = []
    for number, players in enumerate(spec.player_counts):
        plan = Tournament.checked(study.game, players, study.agents, study.seed, study.options, study.params)
        settings.append(Setting(number, {}, plan, note=f"{players} players"))
    return settings


__all__ = ["balance_settings", "parse_vary", "parse_width", "study"]
