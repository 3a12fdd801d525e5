"""Game options (variants and house rules), declared by each game and checked in one place."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import GameSetupError, shown

#: An option's whole number as typed: ASCII digits, not too many to read.
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,30}")

#: What an option of each type takes, in words.
TAKES = {bool: "true or false", int: "a whole number", str: "a word", float: "a number"}


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game: its name, default, allowed values and what it means."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    #: The least value a whole-number option takes (None: no bound), and what it takes, in words.
    minimum: int | None = None
    takes: str | None = None
    #: Whether the option changes the game's action table (one table is kept for all its values if not).
    shapes_actions: bool = True

    def check(self, value: Any) -> Any:
        kind = type(self.default)
        if kind is bool and isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
            value = value.lower() in ("true", "yes", "1")
        if kind is int and isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()):
            value = int(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            takes = TAKES.get(kind, f"a {kind.__name__}")
            raise GameSetupError(f"option {self.name!r} takes {takes}, not {shown(value)}")
        if self.minimum is not None and value < self.minimum:
            takes = self.takes or f"{self.minimum} or more"
            raise GameSetupError(f"option {self.name!r} takes {takes}, not {shown(value)}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise GameSetupError(f"option {self.name!r} must be one of {allowed}, not {shown(value)}")
        return value


def resolve_options(declared: tuple[Option, ...], given: dict[str, Any], game: str) -> dict[str, Any]:
    """The full option dict for a new game: defaults filled in, unknown names and bad values refused."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise GameSetupError(f"{game} has no option {shown(unknown[0])} (its options: {known})")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}
