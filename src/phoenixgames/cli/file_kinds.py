"""Which kind of phoenixgames file a path holds, so that a command handed the wrong kind says what the
file is and which command reads it (``report save.json``, ``play --load results.jsonl``).

The kinds: a tournament's results file (JSON Lines, one game a line, written by ``tournament --out``)
and a game file (one JSON object: a save of ``play --save``, a state or a record).
"""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path

from .arguments import Refused

RESULTS = "results"
GAME = "game"
#: How much of a file is read to tell its kind.
LOOK_AT = 1 << 20


def kind_of_file(path: str | os.PathLike[str]) -> str | None:
    """:data:`RESULTS`, :data:`GAME`, or ``None`` when the file is neither (or cannot be read)."""
    try:
        with open(path, "rb") as file:
            head = file.read(LOOK_AT)
    except OSError:
        return None
    first = head.split(b"\n", 1)[0]
    try:
        line = json.loads(first)
    except (ValueError, RecursionError):
        return None
    if not isinstance(line, dict):
        return None
    if "tournament" in line and "index" in line:
        return RESULTS
    if str(line.get("format", "")).startswith("phoenixgames-") or {"game", "players", "actions"} <= set(line):
        return GAME
    return None


def results_file(path: Path) -> Path:
    """``path``, if it can be a results file; :class:`Refused` saying so for a game file."""
    if kind_of_file(path) == GAME:
        quoted = shlex.quote(str(path))
        raise Refused(
            f"{path} holds one game (a save of 'play', a state or a record), not a tournament's results: "
            f"'phoenixgames replay {quoted}' shows it; 'report' reads the file that 'tournament --out' writes"
        )
    return path


def refuse_results_file(path: Path, command: str) -> None:
    """Raise :class:`Refused` if ``path`` is a tournament's results file, which ``command`` cannot read."""
    if kind_of_file(path) == RESULTS:
        quoted = shlex.quote(str(path))
        raise Refused(
            f"{path} is a tournament's results file (one game a line), not a saved game: "
            f"'phoenixgames report {quoted}' reports on it; '{command}' reads a file of 'play --save'"
        )


__all__ = ["GAME", "RESULTS", "kind_of_file", "refuse_results_file", "results_file"]
