"""What the commands share for the terminal: consoles, clean errors, the final scores."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NoReturn, cast

import typer
from rich import box
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import GameSpec, GameState

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


def percent(value: float) -> str:
    """A share as a percentage with one decimal: ``52.3%``."""
    return f"{100 * value:.1f}%"


def signed_percent(value: float) -> str:
    """A difference of shares as a signed percentage: ``+2.1%``."""
    return f"{100 * value:+.1f}%"


def interval(bounds: tuple[float, float], signed: bool = False) -> str:
    """A 95% interval of shares: ``48.0% to 56.6%``."""
    show = signed_percent if signed else percent
    return f"{show(bounds[0])} to {show(bounds[1])}"


def plain_view(view: dict[str, Any]) -> RenderableType:
    """A view as a plain listing of its entries, for a game that has no renderer of its own."""
    lines = Text()
    for key, value in view.items():
        if key == "legal_actions":
            continue
        lines.append(f"{key}: ", style="bold")
        lines.append(f"{value}\n")
    return lines


def view_renderable(spec: GameSpec[Any], view: dict[str, Any]) -> RenderableType:
    """A view drawn by its game's renderer, or listed plainly if the game has none."""
    if spec.render is not None:
        # a game's renderer draws with Rich; the engine, which knows no terminal, calls it an object
        return cast(RenderableType, spec.render_view(view))
    return plain_view(view)


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


#: "seat N" in a text of the games or the engine, which count seats from 0.
SEAT_NUMBER = re.compile(r"\b([Ss])eat (\d+)\b")


def seat_number(seat: int) -> int:
    """The number a person reads for ``seat``: seats are counted from 1 at the terminal, as in the
    browser (the first seat, ``0`` to the API, is seat 1)."""
    return seat + 1


def for_people(text: str) -> str:
    """A text of the games or the engine (an event, a refusal, a hint), whose ``seat N`` counts from 0,
    with its seats counted from 1 as a person reads them: ``seat 0 laid R6`` becomes ``seat 1 laid R6``."""
    return SEAT_NUMBER.sub(lambda found: f"{found.group(1)}eat {int(found.group(2)) + 1}", text)


def seat_name(seat: int, seats: list[str] | None = None) -> str:
    """``Seat 3 (greedy)`` for seat 2, or ``Seat 3`` when the agents are not known."""
    label = f"Seat {seat_number(seat)}"
    return f"{label} ({seats[seat]})" if seats else label


def seats_line(seats: list[str]) -> str:
    """Who sits where: ``Seats: 1 human, 2 hard, 3 hard``."""
    return "Seats: " + ", ".join(f"{seat_number(seat)} {spec}" for seat, spec in enumerate(seats))


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


#: Between the events of one action, and between the actions of one seat, in the events panel.
EVENT_SEPARATOR = "; "
ACTION_SEPARATOR = " · "
#: An event that is not about the seat whose action caused it has a line of its own in the events panel
#: (a round's scoring) when it is longer than this or names a seat ("you won the Fort for 7"); a short
#: one ("R5 was turned face up") goes on the seat's line.
OWN_LINE = 30
NAMES_A_SEAT = re.compile(r"(you|seat \d+)\b", flags=re.IGNORECASE)


def short_agent(spec: str) -> str:
    """An agent spec without its settings: ``ismcts`` for ``ismcts:iterations=1000,bias=1``."""
    return spec.split(":", 1)[0]


def events_panel(
    events: Sequence[dict[str, Any]],
    actors: Sequence[int | None],
    seat: int | None,
    seats: list[str] | None = None,
    title: str = "Since your last turn",
) -> Panel | None:
    """What ``seat`` saw happen (``events``, from ``state.events(seat, since)``), in a panel: one line for
    each run of actions taken by the same seat (``actors[i]``: who took action ``i``; ``None`` if not
    known), labelled with that seat, its actions separated by a dot and the events of one action by a
    semicolon; a long event that is not about that seat (a round's scoring) has a line of its own.
    ``None`` when nothing happened."""
    rows: list[tuple[int | None, list[list[str]]]] = []  # (the seat of a line, the texts of each action)
    run: list[list[str]] | None = None  # the actions of the line still open for more of its seat's actions
    run_actor: int | None = None
    last_action: object = None
    for event in events:
        number = event.get("action")
        actor = actors[number] if isinstance(number, int) and 0 <= number < len(actors) else None
        text = str(event.get("text", ""))
        stripped = _without_actor(text, actor, seat)
        first = number != last_action
        last_action = number
        if first:
            if run is not None and actor is not None and actor == run_actor:
                run.append([stripped])
            else:
                run, run_actor = [[stripped]], actor
                rows.append((actor, run))
        elif stripped != text or (len(text) <= OWN_LINE and not NAMES_A_SEAT.match(text)):
            if run is None:
                run, run_actor = [[stripped]], actor
                rows.append((actor, run))
            else:
                run[-1].append(stripped)
        else:
            rows.append((None, [[text]]))
            run = None
    if not rows:
        return None
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for actor, actions in rows:
        if actor is None:
            label = Text("")
        elif actor == seat:
            label = Text("You", style="bold green")
        else:
            label = Text(seat_name(actor, [short_agent(spec) for spec in seats] if seats else None), style="bold")
        line = Text()
        for index, texts in enumerate(actions):
            if index:
                line.append(ACTION_SEPARATOR, style="dim")
            line.append(for_people(EVENT_SEPARATOR.join(t for t in texts if t)))
        grid.add_row(label, line)
    return Panel(grid, title=Text(title, style="bold"), title_align="left", border_style="dim", expand=False)


def _without_actor(text: str, actor: int | None, seat: int | None) -> str:
    """``text`` without a leading ``seat N`` (or ``you``) that names ``actor``, the seat its line is
    labelled with; unchanged if it does not start with that seat."""
    if actor is None:
        return text
    names = [f"seat {actor}"] + (["you"] if actor == seat else [])
    for name in names:
        match = re.match(rf"{name}\s+(?=[a-z])", text, flags=re.IGNORECASE)
        if match:
            return text[match.end() :]
    return text
