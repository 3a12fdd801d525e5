"""The Typer application every command module adds itself to.

Every refusal of the command line is one line on standard error and exit status 2, a usage error
(``--seed abc``, a missing FILE) included: :class:`Commands` prints click's usage errors that way
instead of in a framed box. Ctrl-C never shows a traceback, nor does a fault of phoenixgames itself: it
is one line too, with exit status 1 (``PHOENIXGAMES_TRACEBACK=1`` shows the traceback instead).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup
from typer.exceptions import Abort as TyperAbort
from typer.models import CommandFunctionType

try:  # Typer carries its own copy of click from 0.2x on; older releases use click itself
    from typer import _click as click
except ImportError:  # pragma: no cover
    import click  # type: ignore[no-redef]

from .render import INTERRUPTED, USAGE_ERROR, error_line

#: Set to show the traceback of an internal error, which is otherwise one line like any refusal.
TRACEBACK_VARIABLE = "PHOENIXGAMES_TRACEBACK"

#: The exit status of an internal error.
INTERNAL_ERROR = 1

#: What a person stopping a command raises: Typer's abort, click's where click has its own, Ctrl-C.
STOPPED: tuple[type[BaseException], ...] = (
    TyperAbort,
    getattr(click.exceptions, "Abort", TyperAbort),
    KeyboardInterrupt,
)


class Commands(TyperGroup):
    """The command group, with click's errors printed as one line like every other refusal."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        try:
            result = super().main(*args, **{**kwargs, "standalone_mode": False})
        except click.exceptions.NoArgsIsHelpError as exc:  # a bare command: its help, not an error
            click.echo(exc.format_message())
            return self._leave(standalone_mode, exc, "", 0)
        except click.exceptions.UsageError as exc:
            command = exc.ctx.command_path if exc.ctx is not None else "phoenixgames"
            return self._leave(standalone_mode, exc, f"{exc.format_message()} (see '{command} --help')", USAGE_ERROR)
        except click.exceptions.ClickException as exc:
            return self._leave(standalone_mode, exc, exc.format_message(), exc.exit_code)
        except STOPPED as exc:
            return self._leave(standalone_mode, exc, "stopped", INTERRUPTED)
        except Exception as exc:  # a fault of phoenixgames itself: one line too, unless asked for more
            if os.environ.get(TRACEBACK_VARIABLE):
                raise
            first = (str(exc).strip().splitlines() or [""])[0]
            message = (
                f"internal error ({type(exc).__name__}{': ' + first if first else ''}); please report it with "
                f"the command that caused it ({TRACEBACK_VARIABLE}=1 shows where it happened)"
            )
            return self._leave(standalone_mode, exc, message, INTERNAL_ERROR)
        if standalone_mode:
            sys.exit(result if isinstance(result, int) else 0)
        return result

    @staticmethod
    def _leave(standalone_mode: bool, exc: BaseException, message: str, code: int) -> Any:
        if not standalone_mode:
            raise exc
        if message:
            error_line(message)
        sys.exit(code)


class Command(TyperCommand):
    """A command whose usage line names its arguments one way: ``GAME`` when it must be given, ``[GAME]``
    when it may be left out (Typer's own writes a required one in braces, like a set of choices)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [
            piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece
            for piece in super().collect_usage_pieces(ctx)
        ]


class App(typer.Typer):
    """The application, whose every command is a :class:`Command`."""

    def command(
        self, *args: Any, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Callable[[CommandFunctionType], CommandFunctionType]:
        return super().command(*args, cls=cls or Command, **kwargs)


app = App(
    name="phoenixgames",
    cls=Commands,
    help="Play, simulate and study four phoenix-themed board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def package_version() -> str:
    """The installed version of phoenixgames."""
    try:
        return version("phoenixgames")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"phoenixgames {package_version()}")
        raise typer.Exit()


@app.callback()
def _main(
    _version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Play, simulate and study four phoenix-themed board games."""
