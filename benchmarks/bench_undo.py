"""What undo costs, in units of one ``apply``, at 10%, 50% and 90% of a long game of every game, on one core.

For each game: the longest of a few random games (at the player count where games run longest), and
the mean time of one ``apply`` in it (the whole game replayed, set-up aside): the unit. Then the same
game played with undo asked about from the start, as a server asks it in every message to the seat to
act, and at 10%, 50% and 90% of it:

- ``can_undo()`` and ``undo_refusal()``: one question at that position;
- ``undo()``: taking back the last action where the rules allow it (at the first position from there
  on where they do; the action is applied again after each, untimed);
- ``apply`` while undo is kept: what an action costs a game that keeps what undo may take back;
- the replay of the game up to the action before, which is what each question cost when undo
  rebuilt the position before the last action from the seed every time (and what the first question
  of a game still costs, once).

    .venv/bin/python benchmarks/bench_undo.py            # about a minute
    .venv/bin/python benchmarks/bench_undo.py --quick    # a few seconds, rougher figures
    .venv/bin/python benchmarks/bench_undo.py --json     # the figures as JSON
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import phoenixgames as pg
from phoenixgames.engine import derive_seed

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import throughput  # noqa: E402
from throughput import cpu_model, pin_to_one_core  # noqa: E402

#: The player count of each game at which its games run longest.
PLAYERS = {"schatz": 6, "phoenix": 4, "phoenicia": 5, "syndicate": 3}
#: How far into the game each figure is taken.
SHARES = (0.1, 0.5, 0.9)


def longest_game(game: str, players: int, tries: int) -> list[pg.Action]:
    """The actions of the longest of ``tries`` random games."""
    best: list[pg.Action] = []
    for number in range(tries):
        seed = derive_seed("bench-undo", game, players, number)
        state = pg.new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        if len(state.history) > len(best):
            best, best_seed = state.history, seed
    return best, best_seed  # type: ignore[return-value]


def per_call(work: Callable[[], object], seconds: float, repeats: int) -> float:
    """The least mean seconds of one call of ``work`` over ``repeats`` runs of about ``seconds`` each."""
    best = float("inf")
    for _ in range(repeats):
        calls = 0
        start = throughput.CLOCK()
        deadline = start + seconds
        while True:
            for _ in range(20):
                work()
            calls += 20
            now = throughput.CLOCK()
            if now >= deadline:
                break
        best = min(best, (now - start) / calls)
    return best


def undo_time(state: pg.GameState, seconds: float, repeats: int) -> float:
    """The least mean seconds of one ``undo()`` of ``state``'s last action (applied again after each,
    untimed), over ``repeats`` runs of about ``seconds`` each."""
    last = state.history[-1]
    best = float("inf")
    clock = throughput.CLOCK
    for _ in range(repeats):
        spent = 0.0
        calls = 0
        deadline = clock() + seconds
        while clock() < deadline:
            for _ in range(20):
                start = clock()
                state.undo()
                spent += clock() - start
                state.apply(last)
            calls += 20
        best = min(best, spent / calls)
    return best


def apply_time(game: str, players: int, seed: int, actions: list[pg.Action], repeats: int, keep_undo: bool) -> float:
    """The least mean seconds of one ``apply`` over the whole game (set-up not counted); ``keep_undo``:
    in a game asked about undo from the start."""
    best = float("inf")
    for _ in range(repeats):
        state = pg.new_game(game, players=players, seed=seed)
        if keep_undo:
            state.can_undo()
        start = throughput.CLOCK()
        for action in actions:
            state.apply(action)
        best = min(best, (throughput.CLOCK() - start) / len(actions))
    return best


def position(game: str, players: int, seed: int, actions: list[pg.Action], count: int) -> pg.GameState:
    """The game after its first ``count`` actions, asked about undo from the start."""
    state = pg.new_game(game, players=players, seed=seed)
    state.can_undo()
    for action in actions[:count]:
        state.apply(action)
    return state


def measure(game: str, quick: bool) -> dict[str, Any]:
    players = PLAYERS.get(game, pg.get_spec(game).min_players)
    seconds, repeats, tries = (0.05, 1, 2) if quick else (0.3, 3, 6)
    actions, seed = longest_game(game, players, tries)
    apply_time(game, players, seed, actions, 1, keep_undo=True)  # warm up: lazily made tables, caches
    unit = apply_time(game, players, seed, actions, repeats, keep_undo=False)
    kept_apply = apply_time(game, players, seed, actions, repeats, keep_undo=True)
    rows = []
    for share in SHARES:
        count = max(1, int(len(actions) * share))
        state = position(game, players, seed, actions, count)
        row: dict[str, Any] = {"share": share, "action": count}
        row["can_undo"] = per_call(state.can_undo, seconds, repeats) / unit
        row["undo_refusal"] = per_call(state.undo_refusal, seconds, repeats) / unit
        row["undoable_here"] = state.can_undo()
        undoable = count
        while undoable < len(actions) - 1 and not state.can_undo():
            state.apply(actions[undoable])
            undoable += 1
        if state.can_undo():
            row["undo"] = undo_time(state, seconds, repeats) / unit
            row["undo_at"] = undoable
        else:
            row["undo"] = row["undo_at"] = None

        def replay(count: int = count) -> None:
            again = pg.new_game(game, players=players, seed=seed)
            for action in actions[: count - 1]:
                again.apply(action)

        row["replay"] = per_call(replay, seconds, 1) / unit
        rows.append(row)
    return {
        "game": game,
        "players": players,
        "length": len(actions),
        "apply_us": unit * 1e6,
        "apply_keeping_undo": kept_apply / unit,
        "positions": rows,
    }


def print_table(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Undo in units of one apply (one core)", title_justify="left")
    headings = (
        "game", "players", "length", "apply", "at", "can_undo()", "undo_refusal()", "undo()", "apply kept", "replay"
    )
    for heading in headings:
        table.add_column(heading, justify="right")
    for entry in report["results"]:
        for row in entry["positions"]:
            undo = "-" if row["undo"] is None else f"{row['undo']:.1f} (at {row['undo_at']})"
            table.add_row(
                entry["game"],
                str(entry["players"]),
                str(entry["length"]),
                f"{entry['apply_us']:.1f} us",
                f"{row['share']:.0%} ({row['action']})",
                f"{row['can_undo']:.2f}",
                f"{row['undo_refusal']:.2f}",
                undo,
                f"{entry['apply_keeping_undo']:.1f}",
                f"{row['replay']:.0f}",
            )
    console = Console()
    console.print(table)
    console.print(f"{report['cpu']} ({report['core']}; timed by {report['clock']})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    parser.add_argument("--quick", action="store_true", help="short timings: a few seconds in all, rougher figures")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    parser.add_argument(
        "--cpu-time", action="store_true", help="time by this process's processor time (steadier on a loaded machine)"
    )
    args = parser.parse_args(argv)
    clock = throughput.use_cpu_time(args.cpu_time)
    pinned = pin_to_one_core()
    results = [measure(game, args.quick) for game in args.game or pg.games()]
    report = {"cpu": cpu_model(), "core": pinned, "clock": clock, "results": results}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
