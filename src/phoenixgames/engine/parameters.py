"""Game parameters: the numbers of a game's rules and components a designer may change.

Each game declares its parameters (:class:`Parameter`) from its data file: name, printed value (the
default), type, allowed range, source and meaning. A game set up with some of them changed reads every
one from its state's :class:`Rules` (``state.rules.vp_goal``), never from a module constant, so a changed
value changes the game everywhere. A game records only the values that differ from the printed ones
(``state.params``), so a record of the printed game is the same as before parameters existed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import GameSetupError, shown
from .options import WHOLE_NUMBER

#: Where a parameter's printed value comes from, as the game's data file says: the rulebook, the public
#: references collected beside it (player aids, summaries), or an assumption the data file marks.
SOURCES = ("rulebook", "reference", "assumed")


@dataclass(frozen=True, slots=True)
class Parameter:
    """One number (or switch) of a game's rules or components that a designer may change."""

    name: str
    #: The printed value: what the game is played with unless a designer changes it.
    default: int | bool
    #: One line of meaning, in the game's terms.
    help: str
    #: The least and greatest values allowed (whole-number parameters; ``None`` for a switch).
    minimum: int | None = None
    maximum: int | None = None
    #: ``rulebook``, ``reference`` or ``assumed`` (as the game's data file says).
    source: str = "rulebook"

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise GameSetupError(f"parameter {self.name!r}: its source must be one of {SOURCES}, not {self.source!r}")
        if isinstance(self.default, bool):
            return
        if self.minimum is None or self.maximum is None or not self.minimum <= self.default <= self.maximum:
            raise GameSetupError(f"parameter {self.name!r}: its printed value must lie in its range")

    @property
    def kind(self) -> str:
        return "switch" if isinstance(self.default, bool) else "whole number"

    @property
    def allowed(self) -> str:
        """The values the parameter takes, in words."""
        if isinstance(self.default, bool):
            return "true or false"
        return f"a whole number from {self.minimum} to {self.maximum}"

    @property
    def range_text(self) -> str:
        """The range written short: ``24..40``, or ``true/false``."""
        if isinstance(self.default, bool):
            return "true/false"
        return f"{self.minimum}..{self.maximum}"

    def check(self, value: Any) -> int | bool:
        """``value`` as this parameter takes it (text such as ``"28"`` or ``"true"`` read), or a
        :class:`GameSetupError` naming the parameter and its range."""
        if isinstance(self.default, bool):
            if isinstance(value, str) and value.strip().lower() in _SWITCH_WORDS:
                return _SWITCH_WORDS[value.strip().lower()]
            if isinstance(value, bool):
                return value
            raise GameSetupError(f"parameter {self.name!r} takes true or false, not {shown(value)}")
        if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()):
            value = int(value)
        if value.__class__ is not int or not self.minimum <= value <= self.maximum:  # type: ignore[operator]
            raise GameSetupError(f"parameter {self.name!r} takes {self.allowed}, not {shown(value)}")
        return int(value)

    def describe(self) -> dict[str, Any]:
        """The parameter as JSON-able data (``phoenixgames params GAME --json``)."""
        return {
            "name": self.name,
            "default": self.default,
            "type": "bool" if isinstance(self.default, bool) else "int",
            "minimum": self.minimum,
            "maximum": self.maximum,
            "source": self.source,
            "help": self.help,
        }


#: What a game works out from its rules (:meth:`Rules.derived`).
T = TypeVar("T")

_SWITCH_WORDS = {"true": True, "false": False, "yes": True, "no": False, "1": True, "0": False}


class Rules:
    """Every parameter's value in one game (the printed value where none was changed), read as
    attributes: ``rules.vp_goal``. Immutable; one object is shared by every copy of a game."""

    def __init__(self, values: dict[str, int | bool], changed: dict[str, int | bool]) -> None:
        object.__setattr__(self, "__dict__", dict(values))
        object.__setattr__(self, "_changed", dict(changed))
        object.__setattr__(self, "_derived", {})

    def derived(self, build: Callable[[Rules], T]) -> T:
        """``build(self)``, worked out once for these rules and kept with them: what a game derives from
        its parameters (its tables of costs, its bags, its points) is shared by every game and copy
        played with the same values, and goes when the rules go."""
        kept: dict[Callable[[Rules], Any], Any] = self.__dict__["_derived"]
        try:
            found: T = kept[build]
        except KeyError:
            found = kept[build] = build(self)
        return found

    @property
    def changed(self) -> dict[str, int | bool]:
        """The values that differ from the printed game (a fresh dict)."""
        return dict(self.__dict__["_changed"])

    def __getitem__(self, name: str) -> int:
        """A value by the parameter's name (``rules["vp_goal"]``), for code that names it in a string
        (a switch reads as a bool, which is an int)."""
        if name.startswith("_") or name not in self.__dict__:
            raise KeyError(f"this game has no parameter {name!r}")
        value: int = self.__dict__[name]
        return value

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a game's rules do not change once it is set up")

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"this game has no parameter {name!r}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and other._values() == self._values()

    def _values(self) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if not name.startswith("_")}

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.__dict__["_changed"].items())))

    def __repr__(self) -> str:
        changed = self.__dict__["_changed"]
        return f"Rules({changed!r})" if changed else "Rules(printed)"


def resolve_params(declared: tuple[Parameter, ...], given: object, game: str) -> dict[str, int | bool]:
    """The values in ``given`` that differ from the printed game, checked: unknown names and values out
    of range refused with one line naming the parameter (and its range)."""
    if given is None:
        return {}
    if not isinstance(given, dict):
        raise GameSetupError(f"the parameters must be a dict of parameter names and values, not {shown(given)}")
    by_name = {p.name: p for p in declared}
    changed: dict[str, int | bool] = {}
    for name, value in given.items():
        parameter = by_name.get(name) if isinstance(name, str) else None
        if parameter is None:
            if not declared:
                raise GameSetupError(f"{game} has no parameters, so not {shown(name)}")
            raise GameSetupError(
                f"{game} has no parameter {shown(name)} (`phoenixgames params {game}` lists its parameters)"
            )
        checked = parameter.check(value)
        if checked != parameter.default:
            changed[name] = checked
    return {name: changed[name] for name in sorted(changed)}


#: The rules of each game and set of changed values, built once: a game's copies share one object.
_RULES: dict[tuple[int, tuple[tuple[str, int | bool], ...]], Rules] = {}
_RULES_KEPT = 256


def rules_for(declared: tuple[Parameter, ...], changed: dict[str, int | bool]) -> Rules:
    """The :class:`Rules` of a game with ``changed`` (already checked by :func:`resolve_params`)."""
    key = (id(declared), tuple(sorted(changed.items())))
    rules = _RULES.get(key)
    if rules is None:
        values = {p.name: changed.get(p.name, p.default) for p in declared}
        rules = Rules(values, changed)
        if len(_RULES) >= _RULES_KEPT:
            _RULES.pop(next(iter(_RULES)))
        _RULES[key] = rules
    return rules
