"""Commands ``list`` (the games, their player counts and options) and ``rules`` (a game's rules)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from ..engine import GameSetupError, GameSpec, get_spec
from ..engine import games as game_names
from ..games import rules_pages
from .app import app
from .arguments import GameArgument, as_typed
from .render import fail, out_console


def options_text(spec: GameSpec[Any]) -> Text:
    """A game's options: name, choices, default and what each means."""
    if not spec.options:
        return Text("none", style="dim")
    text = Text()
    for number, option in enumerate(spec.options):
        if number:
            text.append("\n")
        text.append(option.name, style="bold")
        text.append(f"={as_typed(option.default)}")
        if option.choices is not None:
            text.append(f"\nchoices: {', '.join(as_typed(c) for c in option.choices)}")
        text.append(f"\n{option.help}", style="dim")
    return text


def games_table() -> Table:
    """Every registered game with its title, player counts and options."""
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        show_lines=True,
        expand=True,
        caption="Play one with: phoenixgames play GAME --players N [--option name=value]",
        caption_justify="left",
    )
    table.add_column("Game", style="bold cyan", no_wrap=True)
    table.add_column("Title", ratio=2)
    table.add_column("Players", no_wrap=True, justify="center")
    table.add_column("Options", ratio=3)
    for name in game_names():
        spec = get_spec(name)
        title = Text()
        title.append(spec.title, style="bold")
        title.append(f"\n{spec.summary}", style="dim")
        table.add_row(name, title, f"{spec.min_players}-{spec.max_players}", options_text(spec))
    return table


@app.command("list")
def list_games() -> None:
    """List the games, their player counts and their options."""
    out_console().print(games_table())


@app.command("rules")
def rules(
    game: GameArgument,
) -> None:
    """Show the rules of GAME as implemented, with every interpretation of the rulebook."""
    try:
        spec = get_spec(game)
    except GameSetupError as exc:
        fail(str(exc))
    text = rules_pages.rules_text(spec.name)
    if text is None:
        missing = rules_pages.RULES_PACKAGE
        fail(f"the rules of {spec.title} are not in this install (the package lacks {missing})", code=1)
    out_console().print(Markdown(text))
