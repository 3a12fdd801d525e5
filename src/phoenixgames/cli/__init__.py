"""The ``phoenixgames`` command line: list, play, simulate, replay, rules, serve."""

from . import info, play, replay, serve, simulate, strength, tournament  # noqa: E402,F401  (each adds commands)
from .app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
