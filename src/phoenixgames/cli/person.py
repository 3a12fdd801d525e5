"""A person at the terminal choosing the actions of one seat: the ``human`` seats of ``phoenixgames play``.

It is handed ``state.copy(perspective=seat)`` like every agent, and draws only ``state.view(seat)``,
so the screen shows exactly what that seat may know. The person types the number of an action or its
notation; a refusal is shown with its reason and the question is asked again.

The perspective copy knows neither the seat's past nor how to take an action back: whoever runs the
table (``phoenixgames play``) gives the agent what only the true game knows, before each decision:
:attr:`HumanAgent.news` (what the seat saw happen since its last turn, drawn above the board) and
:attr:`HumanAgent.take_back` (takes back the seat's last action, or raises :class:`IllegalAction`
with the reason).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from rich.console import Console, Group, RenderableType
from rich.text import Text

from ..agents import Agent, hint
from ..engine import Action, GameState, IllegalAction, MalformedNotation, PhoenixGamesError
from .menu import NUMBER_STYLE, action_menu
from .render import for_people, seat_number
from .screen import ACTIONS_HEADING, draw_turn

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "help")
HINT_WORDS = ("h", "hint")
BOARD_WORDS = ("b", "board")
UNDO_WORDS = ("u", "undo")
#: How many of the closest legal notations a typo is answered with.
CLOSEST = 3


class QuitGame(Exception):
    """The person at the terminal asked to stop: the game is to be saved and left."""


class TakenBack(Exception):
    """The person took back their last action (``action``): the table is to be drawn again."""

    def __init__(self, action: Action) -> None:
        super().__init__(str(action))
        self.action = action


def help_text(actions: list[Action]) -> str:
    """What the keys do, with an action of this very game, and of this turn, as the example to type."""
    notations = [str(action) for action in actions]
    example = next((n for n in notations if " " in n), notations[0] if notations else "")
    like = f" (like '{example}')" if example else ""
    return f"Type the number of an action, or its notation as listed{like}.\n" + KEYS_TEXT


KEYS_TEXT = (
    "  ? or help   list the actions again\n"
    "  h or hint   what the hard bot would play here, and why\n"
    "  b or board  show the board again, in full (a small terminal shows it compact)\n"
    "  u or undo   take back your last action, while it is still your turn and nothing was drawn or shown\n"
    "  q or quit   save the game and stop (resume it later with --load)"
)


def closest_notations(text: str, actions: list[Action], count: int = CLOSEST) -> list[tuple[int, str]]:
    """The legal actions whose notation is nearest ``text`` (a typo), with their numbers in the menu."""
    notations = [str(action) for action in actions]
    wanted = " ".join(text.lower().split())[:200]
    close = difflib.get_close_matches(wanted, [n.lower() for n in notations], n=count, cutoff=0.6)
    if not close:  # a word that starts the notation, like 'pick' or 'play g6'
        close = [n.lower() for n in notations if wanted and n.lower().startswith(wanted)][:count]
    lowered = [n.lower() for n in notations]
    return [(lowered.index(n) + 1, notations[lowered.index(n)]) for n in close]


class HumanAgent(Agent):
    """A seat played by a person at the terminal.

    ``console`` is where the board and the questions are written and ``input_fn`` reads one answer
    (it is called with an empty prompt, since the prompt has been written to ``console``); both can
    be replaced, so that a test or another front end can drive the agent.
    """

    name = "human"

    def __init__(
        self,
        seed: int = 0,
        console: Console | None = None,
        input_fn: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__(seed)
        self.console = console if console is not None else Console(highlight=False)
        self.input_fn = input_fn if input_fn is not None else input
        #: What the seat saw happen since its last turn, drawn above the board (set by the table).
        self.news: RenderableType | None = None
        #: Takes back the seat's last action in the true game and returns it, or raises
        #: :class:`IllegalAction` with the reason, its seats counted from 1 (set by the table; ``None``:
        #: nothing can be taken back).
        self.take_back: Callable[[], Action] | None = None

    def choose(self, state: GameState) -> Action:
        """Show the seat's view and the legal actions; return the action the person names.

        Raises :class:`QuitGame` when the person asks to stop or the input ends, and
        :class:`TakenBack` when they took back their last action (the question is then asked anew).
        """
        seat = state.perspective if state.perspective is not None else state.current_player
        actions = state.legal_actions()
        self.show_turn(state, seat, actions)
        while True:
            text = self.ask(f"Seat {seat_number(seat)} ▸ " if seat is not None else "▸ ")
            word = text.strip().lower()
            if not word:
                continue
            if word in QUIT_WORDS:
                raise QuitGame
            if word in HELP_WORDS:
                self.console.print(Text(help_text(actions), style="dim"))
                self.show_actions(actions)  # every action, however small the terminal
                continue
            if word in HINT_WORDS:
                self.show_hint(state, seat)
                continue
            if word in BOARD_WORDS:
                self.show_turn(state, seat, actions, full=True)
                continue
            if word in UNDO_WORDS:
                self.undo()
                continue
            try:
                return self.read_action(state, actions, text)
            except MalformedNotation as exc:
                self.not_understood(str(exc), closest_notations(text, actions))
            except PhoenixGamesError as exc:
                self.refuse(str(exc))

    def show_hint(self, state: GameState, seat: int | None) -> None:
        """Say what the ``hard`` level would play for this seat, and why (from the seat's own view)."""
        if seat is None:
            return
        try:
            said = for_people(str(hint(state, seat)))
        except PhoenixGamesError as exc:
            self.console.print(Text.assemble(("No hint: ", "bold red"), for_people(str(exc))))
            return
        self.console.print(Text.assemble(("Hint: ", "bold green"), said))

    def undo(self) -> None:
        """Take back the last action, or say why it cannot be."""
        try:
            if self.take_back is None:
                raise IllegalAction("nothing can be taken back here")
            action = self.take_back()
        except IllegalAction as exc:
            self.console.print(
                Text.assemble(("Cannot take back: ", "bold red"), str(exc), ("  (? for help)", "dim"))
            )
            return
        raise TakenBack(action)

    def read_action(self, state: GameState, actions: list[Action], text: str) -> Action:
        """The action that ``text`` names: a number from the list, or a notation."""
        word = text.strip()
        if word.isascii() and word.isdigit():  # ASCII only: "²" and "①" are digits to str.isdigit
            number = int(word) if len(word) <= 9 else None
            if number is not None and 1 <= number <= len(actions):
                return actions[number - 1]
            shown_number = number if number is not None else word[:9] + "..."
            raise MalformedNotation(f"there is no action {shown_number}: type a number from 1 to {len(actions)}")
        return state.parse(word)

    def ask(self, prompt: str) -> str:
        """Write ``prompt`` and read one answer; the end of the input counts as quitting."""
        self.console.print(Text(prompt, style="bold"), end="")
        try:
            return self.input_fn("")
        except EOFError:
            self.console.print()
            raise QuitGame from None

    def refuse(self, reason: str) -> None:
        """Say why a well-formed answer was not taken: the rule's reason."""
        self.console.print(Text.assemble(("Not allowed: ", "bold red"), for_people(reason), ("  (? for help)", "dim")))

    def not_understood(self, reason: str, closest: list[tuple[int, str]]) -> None:
        """Say that an answer names no action, and what the person may have meant."""
        line = Text.assemble(("That names no action: ", "bold red"), for_people(reason))
        suggestion = Text("  ")
        if closest:
            suggestion.append("Did you mean ")
            for index, (number, notation) in enumerate(closest):
                if index:
                    suggestion.append(" or " if index == len(closest) - 1 else ", ")
                suggestion.append(f"{number})", style=NUMBER_STYLE)
                suggestion.append(f" {notation}", style="bold")
            suggestion.append("?  ")
        suggestion.append("Type ? for the list of actions.", style="dim")
        self.console.print(line)
        self.console.print(suggestion)

    def show_turn(self, state: GameState, seat: int | None, actions: list[Action], *, full: bool = False) -> bool:
        """Draw what ``seat`` saw happen since its last turn (:attr:`news`), what it may see now and the
        actions: compact in a terminal too small for it all (:mod:`.screen`), in full with ``full``.
        Returns whether it was compact."""
        title = f"Seat {seat_number(seat)}: your turn" if seat is not None else "Your turn"
        return draw_turn(self.console, state.spec, state.view(seat), title, self.news, actions, full=full)

    def show_actions(self, actions: list[Action]) -> None:
        """The numbered list of every legal action."""
        self.console.print(Group(Text(), ACTIONS_HEADING, action_menu(actions, self.console.width)))
