"""What happens at a table when a person is away or slow, said in the open; and the time a lobby goes by.

The table's creator chooses (``CreateTable``):

* **wait** (the default): nobody ever plays for a person. The table waits for them, however long.
* **a bot after N seconds away** (``absence``): once every connection of a seated person has been gone
  ``absence`` seconds, the stand-in bot plays their seat until they come back.
* **a clock per move** (``clock``): a move not made within ``clock`` seconds is made by the stand-in
  bot, that move alone; the person plays the next one.

A stand-in's move is kept with ``by = "stand-in"``, and the events, the ``moves`` of a state message and
the record say so. The time the lobby goes by is a :class:`SystemClock`; the tests hand it a
:class:`ManualClock`, whose time moves only when told (nothing a client sends can change it).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from . import protocol as p
from .store import PERSON, TableData

WAIT, BOT, CLOCK = "wait", "bot", "clock"


def seconds(value: float) -> str:
    """``value`` seconds in words: "45 seconds", "2 minutes", "2 minutes 30 seconds", "3 hours"."""
    whole = max(0, round(value))
    if whole < 120:
        return "1 second" if whole == 1 else f"{whole} seconds"
    if whole < 7200:
        minutes, rest = divmod(whole, 60)
        return f"{minutes} minutes" + (f" {rest} seconds" if rest else "")
    return f"{whole / 3600:.3g} hours"


def away_policy(data: TableData) -> str:
    """``wait``, ``bot`` or ``clock`` (a clock, with or without a bot for the away too)."""
    if data.clock is not None:
        return CLOCK
    if data.absence is not None:
        return BOT
    return WAIT


def away_text(data: TableData) -> str:
    """The table's choice in words, for everyone at it and in the lobby."""
    if not any(seat.kind == PERSON for seat in data.seats):
        return "Bots only: nobody is waited for."
    if data.stand_in in ("easy", "medium", "hard"):
        bot = f"{'an' if data.stand_in == 'easy' else 'a'} {data.stand_in} bot"
    else:
        bot = f"the bot {data.stand_in}"
    parts = []
    if data.clock is not None:
        parts.append(f"{seconds(data.clock)} a move: when a move's time runs out, {bot} plays that move")
    if data.absence is not None:
        parts.append(f"{bot} plays for a player away {seconds(data.absence)} or more, until they come back")
    if not parts:
        return "The table waits for every player: nobody plays for anyone who is away or slow."
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def away_info(data: TableData) -> p.Away:
    return p.Away(policy=away_policy(data), text=away_text(data))  # type: ignore[arg-type]


class SystemClock:
    """The time of the machine (``time.time``)."""

    def now(self) -> float:
        return time.time()

    def watch(self, wake: Callable[[], None]) -> None:
        """The machine's time moves by itself: nobody needs waking when it does."""


class ManualClock:
    """A clock for the tests: its time moves only by :meth:`advance`, which wakes every lobby that goes
    by it, so that what waits for the time (a clock, an absence) is looked at again."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start
        self._wakes: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def now(self) -> float:
        return self._now

    def watch(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` (safe from any thread) whenever the time moves."""
        with self._lock:
            self._wakes.append(wake)

    def advance(self, by: float) -> None:
        with self._lock:
            self._now += by
            wakes = list(self._wakes)
        for wake in wakes:
            wake()


#: A lobby's clock: :class:`SystemClock` or :class:`ManualClock`.
Clock = SystemClock | ManualClock
