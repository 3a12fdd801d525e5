"""The games. Each is a package that depends only on the engine and registers itself on import."""

import importlib

BUILTIN_GAMES = ("phoenicia", "phoenix", "schatz", "syndicate")


def register_builtin_games() -> None:
    for name in BUILTIN_GAMES:
        importlib.import_module(f"{__name__}.{name}")
