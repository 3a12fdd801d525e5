"""What every game's events share: their type, and how a seat is named to the audience an event is told to."""

from __future__ import annotations

from typing import Any

#: An event: a small JSON-able dict with at least ``action`` (the index in the history of the action
#: that caused it) and ``text`` (what happened, in the player's terms).
Event = dict[str, Any]


def who(seat: int, audience: int | str) -> str:
    """``you`` to the seat itself, ``seat 2`` to everyone else (and to spectators)."""
    return "you" if seat == audience else f"seat {seat}"


def whose(seat: int, audience: int | str) -> str:
    """``your`` to the seat itself, ``seat 2's`` to everyone else."""
    return "your" if seat == audience else f"seat {seat}'s"
