"""The ``phoenixgames`` command line: list, params, play, simulate, tournament, report, strength, study,
replay, rules, serve."""

from . import info, params, play, replay, serve, simulate, strength, study, tournament  # noqa: E402,F401  (each adds commands)
from .app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
