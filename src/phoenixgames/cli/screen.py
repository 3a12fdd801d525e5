"""The screen of a person's turn, fitted to the terminal.

In full where it fits, or where the output is no terminal (a pipe, a log, a test): the title, what the
seat saw happen since its last turn, the board as the game draws it (``render_view``) and the numbered
menu of the legal actions. In a terminal too small for that (80x24, say), compact: the same parts in
the terminal's lines, the board as the game draws it in a few lines (its render module's
``render_compact``), the latest news and the menu fitted to what is left; ``b`` draws it in full.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.style import Style
from rich.text import Text

from ..engine import Action, GameSpec
from .menu import action_menu, fitted_menu, line_count
from .render import view_renderable

#: The line above the menu.
ACTIONS_HEADING = Text.assemble(
    ("Your actions", "bold"), (" (a number or a notation; ? help, h hint, b board, u undo, q quit):", "dim")
)
COMPACT_HEADING = Text.assemble(("Your actions", "bold"), (" (? help  h hint  b full board  u undo  q quit):", "dim"))
#: The fewest lines of news a compact screen draws: with fewer left beside the menu, a line says that
#: ``b`` shows what happened.
NEWS_AT_LEAST = 4
NEWS_ON_B = Text("Since your last turn: b shows what happened", style="dim")
#: The line the prompt takes below the screen.
PROMPT_LINES = 1

Lines = list[list[Segment]]


def compact_renderer(spec: GameSpec[Any]) -> Callable[[dict[str, Any]], RenderableType] | None:
    """The game's drawing of a view in a few lines: ``render_compact`` beside its ``render_view``."""
    render = spec.render
    try:
        module: Any = import_module(render.partition(":")[0]) if isinstance(render, str) else inspect.getmodule(render)
    except ImportError:
        return None
    found = getattr(module, "render_compact", None)
    return found if callable(found) else None


def rendered(console: Console, renderable: RenderableType) -> Lines:
    """``renderable`` as the lines it takes on ``console``."""
    return console.render_lines(renderable, console.options.update(height=None), pad=False)


def _print(console: Console, lines: Lines) -> None:
    console.print(Segments([segment for line in lines for segment in (*line, Segment.line())]), end="")


def _title(seat_label: str) -> Rule:
    return Rule(Text(seat_label, style="bold cyan"), style="cyan")


def full_screen(
    seat_label: str, news: RenderableType | None, board: RenderableType, actions: Sequence[Action], width: int
) -> list[RenderableType]:
    parts: list[RenderableType] = [_title(seat_label)]
    if news is not None:
        parts.append(news)
    parts += [board, Group(Text(), ACTIONS_HEADING, action_menu(actions, width))]
    return parts


def _news_in(lines: Lines, budget: int) -> Lines:
    """The news panel's lines in at most ``budget`` lines: its title, a line saying that ``b`` shows
    what is left out, and its latest rows, from the first that names a seat (none at all where fewer
    than four lines are left)."""
    if len(lines) <= budget:
        return lines
    if budget < 4:
        return []
    kept = lines[len(lines) - (budget - 2) :]
    starts = [index for index, line in enumerate(kept[:-1]) if _names_a_seat(line)]
    if starts:
        kept = kept[starts[0] :]
    border = lines[1][0].style if lines[1] else None
    width = Segment.get_line_length(lines[0])
    note = "... earlier news: b shows it all"
    row = [Segment("│ ", border), Segment(note.ljust(width - 4), Style(dim=True)), Segment(" │", border)]
    return [lines[0], row, *kept]


def _names_a_seat(line: list[Segment]) -> bool:
    """Whether a line of the news panel starts a row labelled with a seat (``You``, ``Seat 2 (hard)``)."""
    text = "".join(segment.text for segment in line)
    return len(text) > 2 and not text[2].isspace()


def draw_turn(
    console: Console,
    spec: GameSpec[Any],
    view: dict[str, Any],
    seat_label: str,
    news: RenderableType | None,
    actions: Sequence[Action],
    *,
    full: bool = False,
) -> bool:
    """Draw the screen of a turn on ``console`` (the prompt is left to the caller); return whether it was
    compact. ``full`` draws it in full however small the terminal."""
    board = view_renderable(spec, view)
    parts = full_screen(seat_label, news, board, actions, console.width)
    compact = compact_renderer(spec)
    if full or compact is None or not console.is_terminal:
        for part in parts:
            console.print(part)
        return False
    whole = [line for part in parts for line in rendered(console, part)]
    if len(whole) + PROMPT_LINES <= console.height:
        _print(console, whole)
        return False
    title = rendered(console, _title(seat_label))
    small = rendered(console, compact(view))
    heading = rendered(console, COMPACT_HEADING)
    left = console.height - PROMPT_LINES - len(title) - len(small) - len(heading)
    told = rendered(console, news) if news is not None else []
    natural = line_count(action_menu(actions, console.width))
    if left - natural >= NEWS_AT_LEAST or not told:  # the whole menu, and the latest news in what is left
        menu = fitted_menu(list(actions), console.width, left - min(len(told), NEWS_AT_LEAST))
        shown_news = _news_in(told, left - line_count(menu))
    else:  # the menu first: the news is a line that says where to find it
        shown_news = rendered(console, NEWS_ON_B)
        menu = fitted_menu(list(actions), console.width, left - len(shown_news))
    _print(console, title + shown_news + small + heading + rendered(console, menu))
    return True


__all__ = ["compact_renderer", "draw_turn", "full_screen", "rendered"]
