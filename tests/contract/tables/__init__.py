"""What the contract tests need to know of each game that the public API does not tell them.

One module per game fills in a :class:`GameCases`; the test functions in ``tests/contract`` are written
once and read these tables. Everything generic (seeds, saves, copies, perspective copies, refusals,
the end of the game) is found from ``pg.games()`` and the public API alone. The entries here are:

* notation and hand-built ("forged") actions of the game's own action classes that must be refused,
  with the words of the refusal;
* refusals of the game's rules in an arranged position, and spellings that name the same action;
* options that change the game and options that are refused;
* tampered saves, changed in the game's own fields;
* ``worlds``: the game's own "two worlds" constructions, which swap a hidden card between a hand and the
  deck, laid out with ``state.arranged`` (its invariants checked), since no other public call builds a
  second true world with one named card changed (Phoenix's reshuffles its bags and gives the copy a
  generator of its own, which ``arranged`` cannot: those it sets directly);
* ``checks``: the few game-specific facts about hidden information that have no generic form.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import phoenixgames as pg

#: builds a position, returns it
Build = Callable[[], pg.GameState]
#: a notation or an action object, the refusal's words (a regular expression), keyword arguments of apply
Refusal = tuple[Any, str, dict[str, Any]]


@dataclass(frozen=True)
class Refusals:
    """In the position ``build()`` makes, each of ``refusals`` is refused with its words."""

    name: str
    build: Build
    refusals: list[Refusal]


@dataclass(frozen=True)
class Spelling:
    """In the position ``build()`` makes, ``text`` is read as the action written ``canonical``."""

    name: str
    build: Build
    text: str
    canonical: str


@dataclass(frozen=True)
class Tamper:
    """A change to the ``state`` part of a save (of the true game, or of a perspective copy of it) that
    loading refuses with ``message``."""

    name: str
    change: Callable[[dict], Any]
    message: str
    perspective: bool = False


@dataclass(frozen=True)
class World:
    """A second true state, and the seats (``None`` for the referee) that can tell it from the first:
    every other seat must be shown the same view."""

    state: pg.GameState
    knowing: frozenset


@dataclass(frozen=True)
class GameCases:
    game: str
    #: options other than the defaults that change what a random game plays
    variant: dict[str, Any]
    #: options refused at set-up (beyond the generic unknown option and value outside the choices)
    bad_options: list[dict[str, Any]]
    #: (notation, words) refused in a new 3-player game (2 if it takes no 3)
    malformed: list[tuple[str, str]]
    #: (notation, words) refused in each of ``moments()``: other scripts' digits, huge numbers
    odd_notation: list[tuple[str, str]]
    #: positions at different moments of the game (phases, an auction...), for forged actions
    moments: Build | Callable[[], list[pg.GameState]]
    #: (hand-built action, words) refused in each of ``moments()``
    forged: list[tuple[pg.Action, str]]
    refusals: list[Refusals] = field(default_factory=list)
    spellings: list[Spelling] = field(default_factory=list)
    tampered: list[Tamper] = field(default_factory=list)
    #: a perspective copy's legal actions equal the true ones for every seat, not only the seat to act
    every_seat_legal: bool = False
    #: for ``check_perspective_copies_change_nothing``: copies taken every this many actions
    copies_every: int = 1
    #: the game's own two-worlds constructions at a position (internals set, see above)
    worlds: Callable[[pg.GameState, Any], Iterator[World]] | None = None
    #: a seat that cannot tell two worlds apart gets the same perspective copy of both for the same seed
    copies_hold_no_hidden_order: bool = False
    #: game-specific checks, each a function that asserts
    checks: list[Callable[[], None]] = field(default_factory=list)


def cases() -> dict[str, GameCases]:
    from . import phoenicia, phoenix, schatz, syndicate

    return {module.CASES.game: module.CASES for module in (phoenicia, phoenix, schatz, syndicate)}


CASES = cases()


def missing_games() -> set[str]:
    """Registered games the tables do not describe yet."""
    return set(pg.games()) - set(CASES)
