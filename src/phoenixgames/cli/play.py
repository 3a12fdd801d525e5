"""Command ``play``: a game at the terminal, people and bots in any mix of seats.

Each seat's agent is handed ``state.copy(perspective=seat)``, so a person sees only their own view.
At a person's turn the screen shows what that seat saw happen since its last turn (``state.events``:
the bots' moves in the player's terms, its own draws), never the bare notation of others' moves; the
person may take back their own last action (``u``) while the rules allow it. The game can be saved
after every action (``--save``), is saved when the person quits or presses Ctrl-C, and resumes with
``--load``.
"""

from __future__ import annotations

import contextlib
import shlex
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from ..agents import HUMAN, Agent, BadAgentSpec, default_bot, make_agent, split_agent_list, tidy_spec
from ..engine import PUBLIC, Action, GameSetupError, GameState, IllegalAction, PhoenixGamesError, get_spec, start_game
from ..sim import agent_seed, choose_action, simulation_agents
from .app import app
from .arguments import (
    GameOptions,
    GameParams,
    as_typed,
    changed_params_text,
    game_name,
    parse_options,
    parse_params,
    players_of,
    seed_option,
    whole_number,
)
from .file_kinds import refuse_results_file
from .files import SaveFileError, check_resumed_seats, read_save, write_save
from .person import HumanAgent, QuitGame, TakenBack
from .render import (
    INTERRUPTED,
    events_panel,
    fail,
    for_people,
    out_console,
    scores_table,
    seat_name,
    seat_number,
    seats_line,
    short_agent,
    view_renderable,
    winners_text,
)
from .terminal import ctrl_c_for_this_program_alone


def parse_seats(text: str) -> list[str]:
    """The agent specs of ``--seats human,greedy,ismcts:iterations=500``, checked and tidied: each must
    name an agent."""
    seats = []
    for seat, spec in enumerate(split_agent_list(text)):
        if not spec.strip():
            raise BadAgentSpec(f"--agents gives no agent for seat {seat_number(seat)}")
        try:
            seats.append(tidy_spec(spec))
        except BadAgentSpec as exc:
            raise BadAgentSpec(f"seat {seat_number(seat)}: {exc}") from None
    return seats


def default_seats(game: str, players: int) -> list[str]:
    """A person in seat 0 and the game's default bot (its strongest measured setting, answering within
    about a second) in every other seat."""
    return [HUMAN] + [default_bot(game)] * (players - 1)


def make_agents(seats: list[str], seed: int | None, console: Console) -> list[Agent]:
    """One agent per seat, seeded from the game's seed: a person at ``console`` where the seat is
    ``human``, else the bot its spec names."""
    agents: list[Agent] = []
    for seat, spec in enumerate(seats):
        seed_of_seat = agent_seed(seed or 0, seat)
        agents.append(HumanAgent(seed_of_seat, console) if spec == HUMAN else make_agent(spec, seed_of_seat))
    return agents


def check_seat_count(seats: list[str], game: str, players: int) -> None:
    """Refuse a seat list that does not give exactly one agent per player."""
    if len(seats) != players:
        raise BadAgentSpec(
            f"--seats names {len(seats)} seat{'s' if len(seats) != 1 else ''} for a {players}-player game: "
            f"give one agent per seat, {players} in all (like {','.join(default_seats(game, players))})"
        )


def default_save_path(state: GameState, seed_is_secret: bool = False) -> Path:
    """Where a game is saved on quitting when no file was named: ``phoenixgames-<game>-<seed>.json``,
    or with the date and time in place of a seed the person at the table must not learn."""
    if seed_is_secret or state.seed is None:
        return Path(f"phoenixgames-{state.game}-{time.strftime('%Y%m%d-%H%M%S')}.json")
    return Path(f"phoenixgames-{state.game}-{state.seed}.json")


def start_new(
    game: str | None,
    players: int | None,
    seats: str | None,
    seed: int | None,
    options: list[str],
    params: list[str] | None = None,
) -> tuple[GameState, list[str]]:
    """Set up a new game from the command line's arguments."""
    if game is None:
        raise GameSetupError("name a game to play (see 'phoenixgames list'), or resume one with --load FILE")
    spec = get_spec(game)
    seat_specs = parse_seats(seats) if seats is not None else None
    if players is None:
        players = len(seat_specs) if seat_specs else players_of(spec.name, None)
    state = start_game(spec.name, players, seed, parse_options(options), parse_params(params or []))
    if seat_specs is None:
        seat_specs = default_seats(spec.name, players)
    check_seat_count(seat_specs, spec.name, players)
    return state, seat_specs


def resume(
    load: Path,
    game: str | None,
    players: int | None,
    seats: str | None,
    seed: int | None,
    options: list[str],
    params: list[str] | None = None,
) -> tuple[GameState, list[str], list[str] | None]:
    """Read a saved game; ``--seats`` may replace its bots, nothing else may change. Returns the game,
    the agents that play on, and the agents it was saved with (``None`` for a file without seats)."""
    refuse_results_file(load, "play --load")
    state, saved_seats = read_save(load)
    if game is not None and get_spec(game).name != state.game:
        raise GameSetupError(f"{load} holds a game of {state.spec.title}, not of {game}")
    if players is not None and players != state.num_players:
        raise GameSetupError(f"{load} holds a {state.num_players}-player game, not a {players}-player one")
    if seed is not None or options or params:
        raise GameSetupError(
            "a saved game keeps its seed, options and parameters: leave out --seed, --option and --param with --load"
        )
    seat_specs = (
        parse_seats(seats) if seats is not None else saved_seats or default_seats(state.game, state.num_players)
    )
    check_seat_count(seat_specs, state.game, state.num_players)
    check_resumed_seats(load, state, saved_seats, seat_specs)
    return state, seat_specs, saved_seats


def seed_is_secret(seats: list[str], seed_given: int | None, saved_seats: list[str] | None = None) -> bool:
    """Whether the game's seed must not be shown yet: it would reveal every hidden card and draw to a
    person at the table, unless that person chose it. A resumed game keeps it secret while a person sits,
    or sat, at its table; once the game is over the seed is shown to everyone."""
    return HUMAN in seats + (saved_seats or []) and seed_given is None


def introduce(console: Console, state: GameState, seats: list[str], load: Path | None, show_seed: bool) -> None:
    """Name the game, its seed (when it may be shown) and who sits where."""
    line = Text()
    line.append(f"{state.spec.title} · {state.num_players} players", style="bold")
    if show_seed and state.seed is not None:
        line.append(f" · seed {state.seed}", style="bold")
    if state.params:
        line.append(f" · parameters changed: {changed_params_text(state.params)}")
    if load is not None:
        line.append(f" · resumed from {load} after {len(state.history)} actions")
    console.print(line)
    console.print(seats_line(seats))


def final_view_seat(seats: list[str]) -> int | None:
    """Whose view the end of the game is shown from: the one person playing, else the referee's."""
    people = [seat for seat, spec in enumerate(seats) if spec == HUMAN]
    return people[0] if len(people) == 1 else None


@dataclass
class Table:
    """The game at the terminal: the true state, who sits where, and who took each action so far."""

    state: GameState
    seats: list[str]
    agents: list[Agent]
    save: Path | None = None
    #: The seat that took each action of the history (``None`` where it is not known).
    actors: list[int | None] = field(default_factory=list)
    #: Whether each action of the history was a person's decision (only those may be taken back).
    by_person: list[bool] = field(default_factory=list)

    @classmethod
    def seated(
        cls,
        state: GameState,
        seats: list[str],
        agents: list[Agent],
        save: Path | None = None,
        saved_seats: list[str] | None = None,
    ) -> Table:
        """The table for ``state``; a resumed game's past actions are given to the seats that took them,
        and counted as a person's where the game was saved with a person in that seat."""
        actors = actors_of(state)
        saved = saved_seats or []
        by_person = [actor is not None and actor < len(saved) and saved[actor] == HUMAN for actor in actors]
        return cls(state, seats, agents, save, actors, by_person)

    @property
    def people(self) -> list[int]:
        return [seat for seat, spec in enumerate(self.seats) if spec == HUMAN]

    def last_action_of(self, seat: int) -> int:
        """The number of ``seat``'s last action in the history (0 if it has taken none)."""
        for number in range(len(self.actors) - 1, -1, -1):
            if self.actors[number] == seat:
                return number
        return 0

    def news(self, seat: int | str, since: int, title: str = "Since your last turn") -> RenderableType | None:
        """What ``seat`` (or ``PUBLIC``) saw happen from action ``since`` on, as a panel."""
        try:
            events = self.state.events(seat, since)
        except PhoenixGamesError:  # a game whose past is not known (a bare state file without a seed)
            return None
        return events_panel(events, self.actors, seat if isinstance(seat, int) else None, self.seats, title)

    def take_back(self, seat: int) -> Action:
        """Take back ``seat``'s last action if it was a person's and the rules allow it; save the game."""
        state = self.state
        if not self.actors:
            raise IllegalAction("nothing has been played yet: there is nothing to take back")
        last = self.actors[-1]
        if last != seat:
            who = "another seat" if last is None else f"Seat {seat_number(last)} ({short_agent(self.seats[last])})"
            raise IllegalAction(f"{who} has played since: only your own last action, while it is still your turn")
        if not self.by_person[-1]:
            raise IllegalAction("your seat's last action was a bot's: only a person's own action can be taken back")
        try:
            action = state.undo()
        except IllegalAction as exc:
            raise IllegalAction(for_people(str(exc))) from None
        del self.actors[-1], self.by_person[-1]
        if self.save is not None:
            write_save(self.save, state, self.seats)
        return action

    def record(self, seat: int, action: Action) -> None:
        """Note who took the action just applied, and save the game if asked."""
        self.actors.append(seat)
        self.by_person.append(self.seats[seat] == HUMAN)
        if self.save is not None:
            write_save(self.save, self.state, self.seats)


def actors_of(state: GameState) -> list[int | None]:
    """The seat that took each action of ``state``'s history, found by playing its record again."""
    if state.seed is None:
        return [None] * len(state.history)
    try:
        again = start_game(state.game, state.num_players, state.seed, dict(state.options), state.params or None)
        actors: list[int | None] = []
        for action in state.history:
            actors.append(again.current_player)
            again.apply(action)
    except PhoenixGamesError:
        return [None] * len(state.history)
    return actors


def play_to_end(console: Console, table: Table) -> None:
    """Ask each seat's agent in turn until the game is over, saving after every action if asked.

    With a person at the table, the bots' moves are not printed as they are made: each person is shown,
    at their turn, what their seat saw happen since its last turn. Bots alone print every move.
    """
    state, seats, agents = table.state, table.seats, table.agents
    people = table.people
    round_now = round_of(state)
    last_person: int | None = None
    while not state.is_over:
        seat = state.current_player
        if seat is None:  # never: a game that is not over has a seat to act
            break
        agent = agents[seat]
        if isinstance(agent, HumanAgent):
            if len(people) > 1 and last_person is not None and seat != last_person:
                hand_over(console, agent, seat)
            last_person = seat
            since = table.last_action_of(seat)
            first = not any(actor == seat for actor in table.actors)
            agent.news = table.news(seat, since, "Before your first turn" if first else "Since your last turn")
            agent.take_back = lambda seat=seat: table.take_back(seat)
            try:
                action = state.apply(choose_action(agent, state, seat), player=seat)
            except TakenBack as taken:
                console.print(Text.assemble(("Taken back: ", "bold yellow"), str(taken.action)))
                continue
        elif people:
            with thinking(console, seat, seats):
                action = state.apply(choose_action(agent, state, seat), player=seat)
        else:
            action = state.apply(choose_action(agent, state, seat), player=seat)
            console.print(Text.assemble((seat_name(seat, seats), "bold"), f" plays: {action}"))
        table.record(seat, action)
        # Bots alone mark each new round; a person reads it in the board's header and in the news.
        if round_now is not None and round_of(state) != round_now and not state.is_over and not people:
            round_now = round_of(state)
            scores = " · ".join(f"seat {seat_number(number)} {score}" for number, score in enumerate(state.scores))
            console.print(Rule(Text(f"Round {round_now} · scores: {scores}", style="bold")))


def thinking(console: Console, seat: int, seats: list[str]) -> contextlib.AbstractContextManager[Any]:
    """A spinner naming the bot that is thinking, on a terminal; nothing elsewhere."""
    if not console.is_terminal:
        return contextlib.nullcontext()
    return console.status(Text(f"{seat_name(seat, [short_agent(spec) for spec in seats])} is thinking…", style="dim"))


def hand_over(console: Console, agent: HumanAgent, seat: int) -> None:
    """Between two people at one terminal: clear the screen (on a terminal) so that the next one sees
    nothing of the last one's hand, and wait until they are ready."""
    wipe(console)
    console.print(Rule(Text(f"Seat {seat_number(seat)}'s turn", style="bold cyan"), style="cyan"))
    agent.ask(f"Pass the terminal to seat {seat_number(seat)}, then press Enter ▸ ")
    wipe(console)


def wipe(console: Console) -> None:
    """Clear a terminal's screen and what it scrolled back (nothing happens elsewhere)."""
    if console.is_terminal:
        console.clear()
        console.file.write("\x1b[3J")  # the scrollback too, where the terminal keeps one
        console.file.flush()


def round_of(state: GameState) -> object:
    """The round a game is in, for games whose views name one (else ``None``)."""
    return state.view(None).get("round")


def program() -> str:
    """This program as the person can type it from where they are: ``phoenixgames`` when that is on the
    shell's path, else the path it was started by (``.venv/bin/phoenixgames`` under ``make play``)."""
    started = Path(sys.argv[0])
    if started.name != "phoenixgames":
        return "phoenixgames"
    on_path = shutil.which("phoenixgames")
    if on_path is not None and Path(on_path).resolve() == started.resolve():
        return "phoenixgames"
    try:
        return shlex.quote(str(started.resolve().relative_to(Path.cwd().resolve())))
    except ValueError:
        return shlex.quote(str(started.resolve()))


def save_and_leave(console: Console, state: GameState, seats: list[str], path: Path, code: int) -> None:
    """Save the game where the player can find it, say how to resume it (a command that runs as
    printed, on one line however narrow the terminal), and exit."""
    try:
        write_save(path, state, seats)
    except SaveFileError as exc:
        fail(f"the game was stopped but could not be saved: {exc}", code=1)
    console.print(Text(f"Game saved to {path}.", style="bold"), soft_wrap=True)
    console.print(f"Resume it with: {program()} play --load {shlex.quote(str(path))}", soft_wrap=True, markup=False)
    raise typer.Exit(code)


def farewell(console: Console, table: Table) -> None:
    """The end of the game: what happened since the person's last turn, the board as they saw it, the
    scores, and the seed, now public."""
    state, seats = table.state, table.seats
    console.print()
    people = table.people
    if people:
        viewer = final_view_seat(seats)
        since = max(table.last_action_of(seat) for seat in people)
        news = table.news(viewer if viewer is not None else PUBLIC, since, "The end of the game")
        if news is not None:
            console.print(news)
    console.print(view_renderable(state.spec, state.view(final_view_seat(seats))))
    console.print()
    console.print(scores_table(state, seats))
    console.print(winners_text(state, seats))
    if state.seed is not None:
        console.print(
            f"Seed {state.seed}: {program()} play {state.game} --players {state.num_players} --seed {state.seed}"
            + "".join(f" --option {key}={value}" for key, value in sorted(state.options.items()))
            + "".join(f" --param {key}={as_typed(value)}" for key, value in sorted(state.params.items()))
            + " deals this game again.",
            soft_wrap=True,
            markup=False,
            style="dim",
        )


@app.command("play")
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME", help="The game, as 'phoenixgames list' names it (in any case).", callback=game_name
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            help="Players (default: one per agent, or 4, or the nearest the game allows).",
        ),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--agents",
            "--seats",
            "-a",
            metavar="A,B,...",
            help="The agent of each seat in turn, comma-separated: human (you) or a bot "
            f"({', '.join(simulation_agents())}; like ismcts:iterations=2000). Default: you in the first seat, "
            "hard in the others.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[str | None, seed_option("the game; shown once the game is over")] = None,
    save: Annotated[
        Path | None, typer.Option("--save", metavar="FILE", help="Save the game to FILE after every action.")
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", metavar="FILE", help="Resume the game saved in FILE.")] = None,
    option: GameOptions = None,
    param: GameParams = None,
) -> None:
    """Play GAME at the terminal, against bots at the level hard unless --agents says otherwise.

    At your turn type the number of an action or its notation; ? lists the actions and the keys,
    h says what hard would play, b draws the board again (in full, in a small terminal), u takes back
    your last action (while the rules allow), q or Ctrl-C saves and stops; --load FILE resumes. Seats
    are counted from 1, as the browser counts them.
    """
    console = out_console()
    saved_seats: list[str] | None = None
    try:
        n_players = None if players is None else whole_number("--players", players, 1)
        the_seed = None if seed is None else whole_number("--seed", seed, 0)
        if load is not None:
            state, seat_specs, saved_seats = resume(load, game, n_players, seats, the_seed, option or [], param or [])
        else:
            state, seat_specs = start_new(game, n_players, seats, the_seed, option or [], param or [])
        agents = make_agents(seat_specs, state.seed, console)
        if save is not None:
            write_save(save, state, seat_specs)
        table = Table.seated(state, seat_specs, agents, save, saved_seats)
    except PhoenixGamesError as exc:
        fail(str(exc))
    secret = seed_is_secret(seat_specs, the_seed, saved_seats) and not state.is_over
    introduce(console, state, seat_specs, load, show_seed=not secret)
    try:
        with ctrl_c_for_this_program_alone():
            play_to_end(console, table)
    except (QuitGame, KeyboardInterrupt) as exc:
        console.print()
        code = INTERRUPTED if isinstance(exc, KeyboardInterrupt) else 0
        save_and_leave(console, state, seat_specs, save or load or default_save_path(state, secret), code)
    except SaveFileError as exc:
        fail(str(exc), code=1)
    farewell(console, table)
