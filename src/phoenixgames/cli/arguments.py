"""Arguments that several commands take, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

#: ``--option KEY=VALUE``, repeatable: a game option, checked by the game itself.
GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option (repeat for several)."),
]
