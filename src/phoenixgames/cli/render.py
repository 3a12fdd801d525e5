"""What the commands share for the terminal: consoles, clean errors, the final scores."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine import GameState

#: Exit status of a command given something it cannot use (a bad game, option, seat or file).
USAGE_ERROR = 2
#: Exit status after Ctrl-C, as a shell reports a program ended by SIGINT.
INTERRUPTED = 130


def out_console() -> Console:
    """A console on standard output (made per command, so that it writes wherever stdout is now)."""
    return Console(highlight=False)


def error_line(message: str) -> None:
    """Print ``message`` as one error line on standard error (never wrapped, never framed)."""
    Console(stderr=True, highlight=False).print(Text.assemble(("Error: ", "bold red"), message), soft_wrap=True)


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print ``message`` as one error line on standard error and leave with ``code``."""
    error_line(message)
    raise typer.Exit(code)


def winners_text(state: GameState, seats: list[str] | None = None) -> Text:
    """Who won, in words; a shared victory is said to be shared."""
    winners = state.winners
    if not winners:
        return Text("No winner yet.")
    names = [seat_name(seat, seats) for seat in winners]
    best = state.scores[winners[0]]
    if len(names) == 1:
        return Text(f"{names[0]} wins with {best} points.", style="bold")
    joined = ", ".join(names[:-1]) + " and " + names[-1]
    return Text(f"{joined} share the victory with {best} points each.", style="bold")


def seat_name(seat: int, seats: list[str] | None = None) -> str:
    """``Seat 2 (greedy)``, or ``Seat 2`` when the agents are not known."""
    return f"Seat {seat} ({seats[seat]})" if seats else f"Seat {seat}"


def scores_table(state: GameState, seats: list[str] | None = None) -> Table:
    """Each seat's final score, best first, winners marked."""
    table = Table(title="Final scores", box=box.SIMPLE_HEAD, title_style="bold", title_justify="left")
    table.add_column("Place", justify="right")
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    table.add_column("")
    scores, winners = state.scores, set(state.winners)
    order = sorted(range(state.num_players), key=lambda s: (-scores[s], s))
    for seat in order:
        place = 1 + sum(1 for other in scores if other > scores[seat])
        mark = Text("winner", style="bold yellow") if seat in winners else Text("")
        table.add_row(str(place), seat_name(seat, seats), str(scores[seat]), mark)
    return table
