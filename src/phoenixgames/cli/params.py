"""The ``params`` command: the numbers of a game's rules and components a designer may change."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich import box
from rich.table import Table

from ..engine import GameSetupError, get_spec
from .app import app
from .arguments import GameArgument, as_typed
from .render import fail, out_console


def params_table(game: str) -> Table:
    """A game's parameters: name, printed value, range, source and meaning."""
    spec = get_spec(game)
    table = Table(
        title=f"{spec.title}: parameters",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        caption=f"Change one with: phoenixgames simulate {spec.name} --param NAME=VALUE (repeat for several)",
        caption_justify="left",
    )
    table.add_column("name", style="bold cyan", no_wrap=True)
    table.add_column("default", justify="right")
    table.add_column("range", no_wrap=True)
    table.add_column("source")
    table.add_column("meaning", ratio=1)
    for parameter in spec.parameters:
        table.add_row(
            parameter.name, as_typed(parameter.default), parameter.range_text, parameter.source, parameter.help
        )
    return table


@app.command("params")
def params(
    game: GameArgument,
    as_json: Annotated[bool, typer.Option("--json", help="Print the parameters as JSON.")] = False,
) -> None:
    """List the parameters of GAME a designer may change (--param NAME=VALUE), with printed value, range,
    source and meaning."""
    try:
        spec = get_spec(game)
    except GameSetupError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps([p.describe() for p in spec.parameters], indent=2))
        return
    if not spec.parameters:
        typer.echo(f"{spec.title} has no parameters: it is played as printed (its options: 'phoenixgames list').")
        return
    out_console().print(params_table(spec.name))


__all__ = ["params", "params_table"]
