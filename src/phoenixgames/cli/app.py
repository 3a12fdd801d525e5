"""The Typer application every command module adds itself to."""

import typer

app = typer.Typer(
    name="phoenixgames",
    help="Play, simulate and study four phoenix-themed board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _main() -> None:
    """Play, simulate and study four phoenix-themed board games."""
