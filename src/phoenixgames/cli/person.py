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
from collections.abc import Callable, Iterable

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from ..agents import Agent, hint
from ..engine import Action, GameState, IllegalAction, MalformedNotation, PhoenixGamesError
from .render import for_people, seat_number, view_renderable

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "help")
HINT_WORDS = ("h", "hint")
BOARD_WORDS = ("b", "board")
UNDO_WORDS = ("u", "undo")
NUMBER_STYLE = "bold cyan"
#: How many of the closest legal notations a typo is answered with.
CLOSEST = 3


class QuitGame(Exception):
    """The person at the terminal asked to stop: the game is to be saved and left."""


class TakenBack(Exception):
    """The person took back their last action (``action``): the table is to be drawn again."""

    def __init__(self, action: Action) -> None:
        super().__init__(str(action))
        self.action = action


#: A family of actions (the same first word) that would take more lines than this is shown as one line,
#: when the whole menu would take more than :data:`MAX_MENU_LINES` lines.
MAX_FAMILY_LINES = 6
MAX_MENU_LINES = 20


def action_menu(actions: Iterable[Action | str], width: int = 80) -> Text:
    """The legal actions, numbered from 1. Actions whose notation differs only in its last word
    (``play R3 nest1``, ``play R3 nest2``) share one line, so a long list stays short; a family of
    actions sharing their first word that would still take more than :data:`MAX_FAMILY_LINES` lines
    (the Syndicate's exchanges) is shown as one line naming its numbers and an example to type, when
    the menu would otherwise take more than :data:`MAX_MENU_LINES` lines (Phoenix, whose every action
    is a "take", shows them all while they fit). A line
    longer than ``width`` goes on below its first item, never breaking an item in two."""
    groups: list[tuple[str, list[tuple[int, str]]]] = []
    for number, action in enumerate(actions, 1):
        prefix, _, last = str(action).rpartition(" ")
        if groups and prefix and groups[-1][0] == prefix:
            groups[-1][1].append((number, last))
        else:
            groups.append((prefix, [(number, last)]))
    lines: list[tuple[str, list[tuple[int, str]] | str]] = list(groups)
    if len(groups) > MAX_MENU_LINES:
        lines = _fold_families(groups)
    column = max((len(prefix) for prefix, items in lines if isinstance(items, list) and len(items) > 1), default=0)
    menu = Text()
    for prefix, items in lines:
        menu.append("  ")
        if isinstance(items, str):  # a folded family
            menu.append(f"{prefix:<{column}}   ")
            menu.append(items, style=NUMBER_STYLE)
            menu.append("\n")
            continue
        if len(items) == 1:
            number, last = items[0]
            menu.append(f"{number:>2})", style=NUMBER_STYLE)
            menu.append(f" {prefix} {last}\n" if prefix else f" {last}\n")
            continue
        menu.append(f"{prefix:<{column}}")
        used = 2 + column
        for number, last in items:
            item = len(f"   {number:>2}) {last}")
            if used + item > width and used > 2 + column:  # go on below, under the first item
                menu.append("\n" + " " * (2 + column))
                used = 2 + column
            menu.append("   ")
            menu.append(f"{number:>2})", style=NUMBER_STYLE)
            menu.append(f" {last}")
            used += item
        menu.append("\n")
    menu.rstrip()
    return menu


def _fold_families(groups: list[tuple[str, list[tuple[int, str]]]]) -> list[tuple[str, list[tuple[int, str]] | str]]:
    """``groups`` with each run of more than :data:`MAX_FAMILY_LINES` lines that share a first word
    replaced by one line: the word, and the numbers of its actions with an example of their notation."""
    folded: list[tuple[str, list[tuple[int, str]] | str]] = []
    start = 0
    while start < len(groups):
        word = groups[start][0].split(" ", 1)[0]
        end = start
        while end < len(groups) and groups[end][0].split(" ", 1)[0] == word and groups[end][0]:
            end += 1
        if end - start > MAX_FAMILY_LINES:
            first, last = groups[start][1][0][0], groups[end - 1][1][-1][0]
            example = f"{groups[start][0]} {groups[start][1][0][1]}"
            folded.append((word, f"{first}) ... {last})  {last - first + 1} choices, typed like '{example}'"))
            start = end
        else:
            folded.extend(groups[start : max(end, start + 1)])
            start = max(end, start + 1)
    return folded


def help_text(actions: list[Action]) -> str:
    """What the keys do, with an action of this very game, and of this turn, as the example to type."""
    notations = [str(action) for action in actions]
    example = next((n for n in notations if " " in n), notations[0] if notations else "")
    like = f" (like '{example}')" if example else ""
    return f"Type the number of an action, or its notation as listed{like}.\n" + KEYS_TEXT


KEYS_TEXT = (
    "  ? or help   list the actions again\n"
    "  h or hint   what the hard bot would play here, and why\n"
    "  b or board  show the board again\n"
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
        self.show_board(state, seat)
        self.show_actions(actions)
        while True:
            text = self.ask(f"Seat {seat_number(seat)} ▸ " if seat is not None else "▸ ")
            word = text.strip().lower()
            if not word:
                continue
            if word in QUIT_WORDS:
                raise QuitGame
            if word in HELP_WORDS:
                self.console.print(Text(help_text(actions), style="dim"))
                self.show_actions(actions)
                continue
            if word in HINT_WORDS:
                self.show_hint(state, seat)
                continue
            if word in BOARD_WORDS:
                self.show_board(state, seat)
                self.show_actions(actions)
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

    def show_board(self, state: GameState, seat: int | None) -> None:
        """Draw what ``seat`` saw happen since its last turn (:attr:`news`), then what it may see now."""
        title = f"Seat {seat_number(seat)}: your turn" if seat is not None else "Your turn"
        self.console.print(Rule(Text(title, style="bold cyan"), style="cyan"))
        if self.news is not None:
            self.console.print(self.news)
        self.console.print(view_renderable(state.spec, state.view(seat)))

    def show_actions(self, actions: list[Action]) -> None:
        """The numbered list of legal actions."""
        self.console.print(
            Group(
                Text(),
                Text.assemble(
                    ("Your actions", "bold"),
                    (" (a number or a notation; ? help, h hint, b board, u undo, q quit):", "dim"),
                ),
                action_menu(actions, self.console.width),
            )
        )
