"""What a state message tells of the moves: those since the seat's own last one, who made each (a person,
a bot or a stand-in), and which of the seat's legal moves cannot be taken back once made.

Everything here is made from the public API: a seat's own moves in notation, everyone else's as
``state.public_record()`` gives them (never a hidden card), and ``final`` from ``can_undo_after``.
"""

from __future__ import annotations

from typing import Any

from ..engine import GameState
from .store import PERSON

#: The most moves a state message lists.
MOVES_KEPT = 50


def recent_moves(
    state: GameState, makers: list[tuple[int, str]], seat: int | None, players: int
) -> list[dict[str, Any]]:
    """The moves ``seat`` should be shown, oldest first: every move since its player's own last move (a
    stand-in's move for the seat is not its player's: a player coming back is shown what was played for
    them), at most :data:`MOVES_KEPT`; for a spectator (``seat`` None) the last ``players`` moves. The
    seat's own moves are given in full, everyone else's as those who did not make them saw them. Each is
    a :class:`~.protocol.MoveInfo` as JSON-able data."""
    if seat is None:
        start = max(0, len(makers) - players)
    else:
        start = 0
        for number in range(len(makers) - 1, -1, -1):
            if makers[number] == (seat, PERSON):
                start = number + 1
                break
    start = max(start, len(makers) - MOVES_KEPT)
    history = state.history
    public = state.public_actions(start)
    return [
        {
            "number": number,
            "seat": makers[number][0],
            "action": str(history[number]) if makers[number][0] == seat else public[number - start],
            "by": makers[number][1],
        }
        for number in range(start, len(makers))
    ]


def final_actions(state: GameState, seat: int) -> list[str]:
    """The notations among ``seat``'s legal actions whose result cannot be taken back (after them another
    seat is to act, the game is over, or undo refuses for another reason: ``can_undo_after``). ``state``
    is left as it was."""
    if state.current_player != seat:
        return []
    return [str(action) for action in state.legal_actions() if not state.can_undo_after(action)]


def with_makers(events: list[dict[str, Any]], makers: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """``events`` each with ``by``: who made the action that caused it."""
    for event in events:
        number = event.get("action")
        if isinstance(number, int) and 0 <= number < len(makers):
            event["by"] = makers[number][1]
    return events


def record_with_makers(record: dict[str, Any], makers: list[tuple[int, str]]) -> dict[str, Any]:
    """The full record, with ``by``: who made each action (``person``, ``bot`` or ``stand-in``), in order.
    ``replay`` reads such a record as any other."""
    return {**record, "by": [by for _, by in makers[: len(record["actions"])]]}
