"""Command ``replay``: a saved game, state or record shown action by action from the start.

The game is rebuilt from its seed and options and every recorded action is applied again; after each
one the board is drawn as one seat saw it (``--as SEAT``, never another seat's hidden cards) or as the
referee sees it (every card).

A save of ``play`` respects its table: while the game is unfinished it replays only as a person at that
table saw it (the bots' cards and the seed stay sealed); once it is over, everything can be shown.
A bare record or state file holds its seed in the open, so it replays as asked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..agents import HUMAN
from ..engine import GameSetupError, GameState, IllegalAction, PhoenixGamesError, start_game
from ..engine.errors import shown
from .app import app
from .arguments import Refused, changed_params_text, whole_number
from .file_kinds import refuse_results_file
from .files import read_save
from .render import fail, out_console, scores_table, seat_name, seat_number, seats_line, view_renderable, winners_text

STOP_WORDS = ("q", "quit", "exit")


def start_of(record: dict[str, Any]) -> GameState:
    """The game of ``record`` as it stood before its first action."""
    return start_game(
        record["game"], record["players"], record["seed"], record.get("options") or {}, record.get("params") or None
    )


def show(console: Console, state: GameState, seat: int | None) -> None:
    """Draw ``state`` as ``seat`` sees it (``None``: everything)."""
    console.print(view_renderable(state.spec, state.view(seat)))


def wait(console: Console, input_fn: Callable[[str], str]) -> bool:
    """Wait for Enter; ``False`` if the viewer asks to stop (``q``) or the input ends."""
    console.print(Text("Enter: next action · q: stop ", style="dim"), end="")
    try:
        answer = input_fn("")
    except EOFError:
        console.print()
        return False
    return answer.strip().lower() not in STOP_WORDS


def replay_game(
    console: Console,
    record: dict[str, Any],
    seats: list[str] | None,
    viewer: int | None,
    step: bool,
    input_fn: Callable[[str], str] = input,
) -> GameState:
    """Show ``record`` from its start, one action at a time; the state reached is returned."""
    state = start_of(record)
    actions = record["actions"]
    console.print(Rule(Text("The start of the game", style="bold")))
    show(console, state, viewer)
    for number, text in enumerate(actions, 1):
        if step and not wait(console, input_fn):
            break
        seat = state.current_player
        if seat is None:
            break  # the game ended before the record did: apply would refuse
        action = state.apply(text)
        title = Text.assemble(f"{number}/{len(actions)} · ", (seat_name(seat, seats), "bold"), f" plays: {action}")
        console.print(Rule(title))
        show(console, state, viewer)
    return state


def allowed_viewer(file: Path, state: GameState, seats: list[str] | None, asked: int | None) -> int | None:
    """The seat whose view an unfinished save of ``play`` may be replayed as: a seat a person played.

    ``asked`` is ``--as``; ``None`` then means the one person's seat, if the table had one person. A
    finished game, a table of bots only, or a file with no seats (an open record) is shown as asked.
    """
    seats = seats or []
    people = [seat for seat, spec in enumerate(seats) if spec == HUMAN]
    if state.is_over or not people:
        return asked
    listed = ", ".join(str(seat_number(seat)) for seat in people)
    if asked is None:
        if len(people) == 1:
            return people[0]
        fail(f"{file} holds an unfinished game of several people: name one of their seats with --as ({listed})")
    if asked not in people:
        fail(
            f"{file} holds an unfinished game, and seat {seat_number(asked)} is played by {seats[asked]}: it "
            f"replays only as a person at its table saw it (--as {listed}); every card is shown once the game is over"
        )
    return asked


@app.command("replay")
def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A save file of 'play --save', a state file or a record.")
    ],
    as_seat: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="SEAT",
            help="Show only what this seat could see, counting seats from 1 as the game does (default: every card).",
        ),
    ] = None,
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter between actions (q stops).")] = False,
) -> None:
    """Replay the game in FILE from the start, showing the board after every action."""
    console = out_console()
    try:
        refuse_results_file(file, "replay")
        final, seats = read_save(file)
    except PhoenixGamesError as exc:
        fail(str(exc))
    record = final.record
    if record["seed"] is None:
        fail(f"{file} holds one player's perspective copy, which has no seed: it cannot be replayed")
    players = record["players"]
    asked = None
    if as_seat is not None:
        try:
            asked = whole_number("--as", as_seat, 0)
        except Refused as exc:
            fail(str(exc))
        if not 1 <= asked <= players:
            fail(f"there is no seat {shown(asked)} in a {players}-player game (seats are counted from 1 to {players})")
        asked -= 1
    viewer = allowed_viewer(file, final, seats, asked)
    seed = "" if viewer is not None else f" · seed {record['seed']}"  # the seed would reveal every hidden card
    console.print(
        Text(
            f"Replay of {file} · {final.spec.title} · {players} players{seed} · {len(record['actions'])} actions",
            style="bold",
        )
    )
    if final.params:
        console.print(f"Parameters changed from the printed game: {changed_params_text(final.params)}")
    if seats:
        console.print(seats_line(seats))
    if viewer is None:
        console.print("Shown with every card.")
    elif final.is_over:
        console.print(f"Shown as seat {seat_number(viewer)} saw it.")
    else:
        console.print(
            f"Shown as seat {seat_number(viewer)} saw it: the game is not over, so the other seats' cards stay hidden."
        )
    try:
        state = replay_game(console, record, seats, viewer, step)
    except (GameSetupError, IllegalAction) as exc:  # read_save has replayed it once: only a changed rule lands here
        fail(f"{file} cannot be replayed: {exc}")
    except KeyboardInterrupt:
        console.print()
        raise typer.Exit(0) from None
    if state.is_over:
        console.print()
        console.print(scores_table(state, seats))
        console.print(winners_text(state, seats))
